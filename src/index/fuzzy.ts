/**
 * Bounded edit distance (Damerau: insertions, deletions, substitutions and adjacent swaps) for
 * typo tolerance. Returns `max + 1` as soon as the distance must exceed `max`.
 *
 * @example
 * ```ts
 * editDistance("wether", "weather", 2); // 1
 * ```
 */
export function editDistance(a: string, b: string, max: number): number {
	if (Math.abs(a.length - b.length) > max) return max + 1;
	if (a === b) return 0;
	const n = b.length;
	let previous2 = new Array<number>(n + 1).fill(0);
	let previous = Array.from({ length: n + 1 }, (_, j) => j);
	let current = new Array<number>(n + 1).fill(0);
	for (let i = 1; i <= a.length; i++) {
		current[0] = i;
		let rowMin = i;
		for (let j = 1; j <= n; j++) {
			const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
			let value = Math.min(
				(previous[j] as number) + 1,
				(current[j - 1] as number) + 1,
				(previous[j - 1] as number) + cost,
			);
			if (
				i > 1 &&
				j > 1 &&
				a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
				a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
			) {
				value = Math.min(value, (previous2[j - 2] as number) + 1);
			}
			current[j] = value;
			if (value < rowMin) rowMin = value;
		}
		if (rowMin > max) return max + 1;
		[previous2, previous, current] = [previous, current, previous2];
	}
	return Math.min(previous[n] as number, max + 1);
}

/** The largest edit distance tolerated for a term of this length: 0 below 4 letters, 1 below 8, else 2. */
export function maxTypos(length: number): number {
	if (length < 4) return 0;
	return length < 8 ? 1 : 2;
}
