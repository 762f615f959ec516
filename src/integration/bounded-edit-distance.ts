/**
 * A banded (Ukkonen) edit distance for nearest-name suggestions: only the cells within `max` of the
 * diagonal are computed, so one comparison costs O(length · max) instead of O(length²).
 */

/** Counts the cells computed, for tests that check the work done rather than the time taken. */
export interface EditDistanceWork {
	cells: number;
}

/**
 * The optimal-string-alignment distance between `a` and `b` (insertions, deletions, substitutions
 * and transpositions of adjacent code units, each 1) when it is at most `max`, else `max + 1`.
 * Equal to `editDistance(a, b, max)` of the fuzzy index, within the band. `work.cells` (when given)
 * grows by the number of cells computed: at most `a.length · (2·max + 1)`.
 *
 * @example
 * ```ts
 * boundedEditDistance("github__create_isue", "github__create_issue", 3); // 1
 * boundedEditDistance("a".repeat(10_000), "b".repeat(10_000), 2); // 3, after 3 rows
 * ```
 */
export function boundedEditDistance(a: string, b: string, max: number, work?: EditDistanceWork): number {
	const over = max + 1;
	if (Math.abs(a.length - b.length) > max) return over;
	if (a === b) return 0;
	const n = b.length;
	let previous2 = new Array<number>(n + 2).fill(over);
	let previous = new Array<number>(n + 2).fill(over);
	let current = new Array<number>(n + 2).fill(over);
	for (let j = 0; j <= Math.min(n, max); j++) previous[j] = j;
	let cells = 0;
	for (let i = 1; i <= a.length; i++) {
		const low = Math.max(1, i - max);
		const high = Math.min(n, i + max);
		current[low - 1] = low === 1 ? i : over;
		let rowMin = current[low - 1] as number;
		const ai = a.charCodeAt(i - 1);
		for (let j = low; j <= high; j++) {
			const bj = b.charCodeAt(j - 1);
			let value = Math.min(
				(previous[j] as number) + 1,
				(current[j - 1] as number) + 1,
				(previous[j - 1] as number) + (ai === bj ? 0 : 1),
			);
			if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
				value = Math.min(value, (previous2[j - 2] as number) + 1);
			}
			if (value > over) value = over;
			current[j] = value;
			if (value < rowMin) rowMin = value;
		}
		cells += high - low + 1;
		current[high + 1] = over; // the next row reads one cell past this band
		if (rowMin > max) {
			if (work !== undefined) work.cells += cells;
			return over;
		}
		[previous2, previous, current] = [previous, current, previous2];
	}
	if (work !== undefined) work.cells += cells;
	return Math.min(previous[n] as number, over);
}
