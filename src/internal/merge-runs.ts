/**
 * Sorts `values` ascending, given that it is a concatenation of ascending runs ending at `runEnds`
 * (increasing, the last equal to `values.length`): runs are merged pairwise, O(n log runs), with
 * no comparator calls. Returns a sorted copy (as an `Int32Array`); `values` is not changed.
 * @internal
 * @example
 * mergeRuns([1, 4, 9, 2, 3], [3, 5]); // Int32Array [1, 2, 3, 4, 9]
 */
export function mergeRuns(values: readonly number[], runEnds: readonly number[]): Int32Array {
	let from = Int32Array.from(values);
	let ends = runEnds.slice();
	if (ends.length <= 1) return from;
	let to = new Int32Array(values.length);
	while (ends.length > 1) {
		const merged: number[] = [];
		let start = 0;
		for (let r = 0; r < ends.length; r += 2) {
			const middle = ends[r] as number;
			const end = r + 1 < ends.length ? (ends[r + 1] as number) : middle;
			let i = start;
			let j = middle;
			let w = start;
			while (i < middle && j < end) {
				const a = from[i] as number;
				const b = from[j] as number;
				if (a <= b) {
					to[w++] = a;
					i++;
				} else {
					to[w++] = b;
					j++;
				}
			}
			while (i < middle) to[w++] = from[i++] as number;
			while (j < end) to[w++] = from[j++] as number;
			merged.push(end);
			start = end;
		}
		[from, to] = [to, from];
		ends = merged;
	}
	return from;
}
