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
	// Three rows in one reused array (no allocation per call: typo lookup compares a word with
	// thousands of vocabulary terms).
	if (rows.length < 3 * (n + 1)) rows = new Int32Array(3 * (n + 1) * 2);
	let previous2 = 0;
	let previous = n + 1;
	let current = 2 * (n + 1);
	for (let j = 0; j <= n; j++) {
		rows[previous2 + j] = 0;
		rows[previous + j] = j;
	}
	for (let i = 1; i <= a.length; i++) {
		rows[current] = i;
		let rowMin = i;
		const ai = a.charCodeAt(i - 1);
		for (let j = 1; j <= n; j++) {
			const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
			let value = Math.min(
				(rows[previous + j] as number) + 1,
				(rows[current + j - 1] as number) + 1,
				(rows[previous + j - 1] as number) + cost,
			);
			if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
				value = Math.min(value, (rows[previous2 + j - 2] as number) + 1);
			}
			rows[current + j] = value;
			if (value < rowMin) rowMin = value;
		}
		if (rowMin > max) return max + 1;
		const spare = previous2;
		previous2 = previous;
		previous = current;
		current = spare;
	}
	return Math.min(rows[previous + n] as number, max + 1);
}

/** Scratch rows of {@link editDistance}. */
let rows = new Int32Array(96);

/** The largest edit distance tolerated for a term of this length: 0 below 4 letters, 1 below 8, else 2. */
export function maxTypos(length: number): number {
	if (length < 4) return 0;
	return length < 8 ? 1 : 2;
}
