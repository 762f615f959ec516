/**
 * A tool's distinct term ids as bytes: sorted ascending, each stored as its difference from the
 * previous one in LEB128 (7 bits a byte, the high bit set on every byte but a number's last).
 * Term ids of one tool are spread over the vocabulary, so most differences take one or two bytes
 * instead of four: the forward lists of 100k generated tools take 4.9 MB instead of 17.8 MB.
 * @internal
 */

/** Sets up to this size are sorted by insertion (the quadratic cost stays below a native sort's call). */
const INSERTION_SORT_MAX = 64;

/** Most bytes one term id can take. */
export const MAX_BYTES_PER_TERM = 5;

/** The bytes `delta` (≥ 0, < 2^32) takes in LEB128: what {@link writeVarint} writes. */
function varintLength(delta: number): number {
	return delta < 0x80 ? 1 : delta < 0x4000 ? 2 : delta < 0x200000 ? 3 : delta < 0x10000000 ? 4 : 5;
}

/** Writes `delta` (≥ 0, < 2^32) at `out[at]` in LEB128; returns the position after it. */
function writeVarint(out: Uint8Array, at: number, delta: number): number {
	let rest = delta;
	let to = at;
	while (rest >= 0x80) {
		out[to++] = (rest & 0x7f) | 0x80;
		rest >>>= 7;
	}
	out[to++] = rest;
	return to;
}

/**
 * Encodes the distinct ids `terms[0, count)` into `out` (room for `count * MAX_BYTES_PER_TERM`
 * bytes) and returns the byte length. `sorted` is scratch of at least `count` elements.
 */
export function encodeTermSet(terms: Int32Array, count: number, sorted: Int32Array, out: Uint8Array): number {
	if (count <= INSERTION_SORT_MAX) {
		// Insertion sort: for a tool's few dozen terms, cheaper than two views and a native sort.
		for (let i = 0; i < count; i++) {
			const id = terms[i] as number;
			let j = i;
			for (; j > 0 && (sorted[j - 1] as number) > id; j--) sorted[j] = sorted[j - 1] as number;
			sorted[j] = id;
		}
	} else {
		const ids = sorted.subarray(0, count);
		ids.set(terms.subarray(0, count));
		ids.sort();
	}
	let at = 0;
	let previous = 0;
	for (let i = 0; i < count; i++) {
		const id = sorted[i] as number;
		at = writeVarint(out, at, id - previous);
		previous = id;
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
 * Each slot's term set, rebuilt from postings in CSR form (term `t`'s slots are
 * `docs[offsets[t], offsets[t + 1])`, checked: slots in range and ascending within a term): the
 * transpose, walked in term order so each slot's ids come out ascending. Two sequential passes over
 * the postings (byte lengths, then bytes), with each slot's state side by side; the slots' sets lie
 * end to end in slot order, as a compacted index keeps them.
 */
export function termSetsFromPostings(
	offsets: Int32Array,
	docs: Int32Array,
	terms: number,
	slots: number,
): { start: Int32Array<ArrayBuffer>; count: Int32Array<ArrayBuffer>; values: Uint8Array<ArrayBuffer> } {
	// Per slot: the last term id seen (0 before the first: the first difference is from 0), then its
	// byte length in the first pass and its write position in the second.
	const state = new Int32Array(2 * slots);
	for (let t = 0; t < terms; t++) {
		const to = offsets[t + 1] as number;
		for (let p = offsets[t] as number; p < to; p++) {
			const s = 2 * (docs[p] as number);
			const delta = t - (state[s] as number);
			state[s] = t;
			state[s + 1] = (state[s + 1] as number) + varintLength(delta);
		}
	}
	const start = new Int32Array(slots);
	const count = new Int32Array(slots);
	let used = 0;
	for (let slot = 0; slot < slots; slot++) {
		const length = state[2 * slot + 1] as number;
		start[slot] = used;
		count[slot] = length;
		state[2 * slot] = 0;
		state[2 * slot + 1] = used;
		used += length;
	}
	const values = new Uint8Array(used);
	for (let t = 0; t < terms; t++) {
		const to = offsets[t + 1] as number;
		for (let p = offsets[t] as number; p < to; p++) {
			const s = 2 * (docs[p] as number);
			state[s + 1] = writeVarint(values, state[s + 1] as number, t - (state[s] as number));
			state[s] = t;
		}
	}
	return { start, count, values };
}
