/**
 * Structural checks of a binary snapshot, after its checksum has passed: the checksum rejects
 * accidental damage, these hold against a file edited and checksummed again, so that what loads
 * cannot read out of bounds, throw later, or make one tool's removal touch another's terms. Each
 * is one sequential pass over a typed array, without the per-pair field-length lookups of the JSON
 * form's checks (snapshot-check.ts): a frequency beyond its field's length can only change scores,
 * which an edited file can do anyway — but for a field of length 0 when `bm25.b` is 1, which
 * divides by it ({@link emptyFieldDamage}, checked then only).
 * @internal
 */
import { FIELD_COUNT } from "./index-store.js";
import { MAX_POSTING_TF, PAIR_START } from "./postings.js";

/** The field bits of a packed entry (postings.ts: `field << 11`). */
const FIELD_BITS = 0x7800;

/** The first value of `values` outside `[min, max)`, as a message, or `undefined`. */
export function rangeDamage(what: string, values: Int32Array, min: number, max: number): string | undefined {
	for (let i = 0; i < values.length; i++) {
		const value = values[i] as number;
		if (value < min || value >= max) return `${what} ${i} is ${value}, not in [${min}, ${max})`;
	}
	return undefined;
}

/**
 * What is wrong with the main segment of the postings, if anything. Term offsets start at 0,
 * rise strictly (every term has tools) and end at the pairs' count; each term's slots are in
 * range and ascending. Entry offsets start at 0, rise strictly and end at the entries' count;
 * each term's entries open with a pair's first entry ({@link PAIR_START}) and hold as many of them
 * as the term has pairs; every entry names a field and a frequency of at least 1. (Fields are not
 * checked to ascend within a pair: a repeated field only changes that pair's score.)
 */
export function postingsDamage(
	offsets: Int32Array,
	docs: Int32Array,
	metaOffsets: Int32Array,
	meta: Uint16Array,
	slots: number,
): string | undefined {
	const terms = offsets.length - 1;
	if (offsets[0] !== 0 || offsets[terms] !== docs.length) return "term offsets do not cover the postings";
	if (metaOffsets.length !== terms + 1 || metaOffsets[0] !== 0 || metaOffsets[terms] !== meta.length)
		return "entry offsets do not cover the entries";
	for (let t = 0; t < terms; t++) {
		const from = offsets[t] as number;
		const to = offsets[t + 1] as number;
		if (to <= from || to > docs.length) return `term offsets decrease or overrun at term ${t}`;
		let previous = -1;
		for (let p = from; p < to; p++) {
			const slot = docs[p] as number;
			if (slot <= previous) return `term ${t} lists slot ${slot} out of order`;
			previous = slot;
		}
		if (previous >= slots) return `term ${t} lists slot ${previous} of ${slots}`;
	}
	// Branch-free over the entries (a branch per entry costs 3-4 times as much: pair starts are
	// ~70% of entries, unpredictable): count pair starts, flag a field past the last or a zero tf.
	const fieldLimit = (1 << 15) - (FIELD_COUNT << 11);
	let bad = 0;
	for (let t = 0; t < terms; t++) {
		const from = metaOffsets[t] as number;
		const to = metaOffsets[t + 1] as number;
		if (to <= from || to > meta.length) return `entry offsets decrease or overrun at term ${t}`;
		if ((meta[from] as number) < PAIR_START) return `entries of term ${t} do not open a pair`;
		let starts = 0;
		for (let e = from; e < to; e++) {
			const entry = meta[e] as number;
			starts += entry >>> 15;
			bad |= (((entry & FIELD_BITS) + fieldLimit) >>> 15) | (((entry & MAX_POSTING_TF) - 1) >>> 31);
		}
		if (starts !== (offsets[t + 1] as number) - (offsets[t] as number))
			return `term ${t} has ${starts} pairs of entries for ${(offsets[t + 1] as number) - (offsets[t] as number)} tools`;
	}
	return bad === 0 ? undefined : "an entry names no field or a frequency of 0";
}

/**
 * The first pair whose field entry names a field of length 0 in its tool, as a message, or
 * `undefined`: with `bm25.b` 1, BM25's length normalisation divides by that length, and the pair's
 * score would be `NaN`. One pass over the entries after {@link postingsDamage} passed (so every
 * slot and field is in range), without a branch per entry.
 */
export function emptyFieldDamage(
	docs: Int32Array,
	meta: Uint16Array,
	fieldLength: Uint16Array,
): string | undefined {
	let bad = 0;
	let p = -1;
	for (let e = 0; e < meta.length; e++) {
		const entry = meta[e] as number;
		p += entry >>> 15;
		const length = fieldLength[(docs[p] as number) * FIELD_COUNT + ((entry & FIELD_BITS) >>> 11)] as number;
		bad |= (length - 1) >>> 31;
	}
	return bad === 0 ? undefined : "a tool has a term in a field of length 0";
}

/** What is wrong with a key table's cells (key-table.ts), if anything: probes must end. */
export function keyCellsDamage(cells: Int32Array, keys: number): string | undefined {
	const size = cells.length;
	if (size < 16 || (size & (size - 1)) !== 0 || !cells.includes(-1)) return `key table of ${size} cells`;
	return rangeDamage("key cell", cells, -1, keys);
}
