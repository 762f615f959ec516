/**
 * A tool's distinct term ids as bytes: sorted ascending, each stored as its difference from the
 * previous one in LEB128 (7 bits a byte, the high bit set on every byte but a number's last).
 * Term ids of one tool are spread over the vocabulary, so most differences take one or two bytes
 * instead of four: the forward lists of 100k generated tools take 4.9 MB instead of 17.8 MB.
 * @internal
 */

/** Most bytes one term id can take. */
export const MAX_BYTES_PER_TERM = 5;

/**
 * Encodes the distinct ids `terms[0, count)` into `out` (room for `count * MAX_BYTES_PER_TERM`
 * bytes) and returns the byte length. `sorted` is scratch of at least `count` elements.
 */
export function encodeTermSet(terms: Int32Array, count: number, sorted: Int32Array, out: Uint8Array): number {
	const ids = sorted.subarray(0, count);
	ids.set(terms.subarray(0, count));
	ids.sort();
	let at = 0;
	let previous = 0;
	for (let i = 0; i < count; i++) {
		const id = ids[i] as number;
		let delta = id - previous;
		previous = id;
		while (delta >= 0x80) {
			out[at++] = (delta & 0x7f) | 0x80;
			delta >>>= 7;
		}
		out[at++] = delta;
	}
	return at;
}

/** Calls `visit` with each term id of the set in `bytes[from, to)`, ascending. */
export function forEachTerm(
	bytes: Uint8Array,
	from: number,
	to: number,
	visit: (term: number) => void,
): void {
	let term = 0;
	for (let i = from; i < to; ) {
		let delta = 0;
		let shift = 0;
		let byte: number;
		do {
			byte = bytes[i++] as number;
			delta += (byte & 0x7f) * 2 ** shift;
			shift += 7;
		} while ((byte & 0x80) !== 0 && i < to);
		term += delta;
		visit(term);
	}
}

/**
 * What is wrong with the set in `bytes[from, to)` for a vocabulary of `terms` terms (a number cut
 * off at the end, an id out of range, an id repeated), or `undefined`.
 */
export function termSetDamage(
	bytes: Uint8Array,
	from: number,
	to: number,
	terms: number,
): string | undefined {
	if (to > from && ((bytes[to - 1] as number) & 0x80) !== 0) return "ends inside a number";
	let problem: string | undefined;
	let first = true;
	let previous = -1;
	forEachTerm(bytes, from, to, (term) => {
		if (problem !== undefined) return;
		if (term >= terms) problem = `term ${term} of ${terms}`;
		else if (!first && term === previous) problem = `term ${term} twice`;
		first = false;
		previous = term;
	});
	return problem;
}
