/**
 * Structural checks of a loaded index: everything a search, `explain`, `remove`, `update` or
 * `toJSON` later reads is in bounds and consistent, so that a snapshot that passes them cannot
 * throw later or make one tool's removal touch another's terms. The checksum rejects accidental
 * damage first; these checks hold against a snapshot edited with a valid checksum too.
 * @internal
 */
import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { quote } from "../errors.js";
import { FIELD_COUNT, MAX_SUMMARY_TERMS } from "./index-store.js";
import { MAX_POSTING_TF, PAIR_START } from "./postings.js";

const SUMMARY_FIELD = TOOL_SEARCH_FIELDS.indexOf("summary");

/** Per-slot lists as saved: slot `s`'s list is `values[start[s], start[s] + count[s])`. */
export interface SavedLists {
	readonly start: Int32Array;
	readonly count: Uint8Array;
	readonly values: Int32Array;
}

/** The arrays of a saved index, decoded. */
export interface SavedArrays {
	readonly df: Int32Array;
	readonly namespaceOf: Int32Array;
	readonly fieldLength: Uint16Array;
	readonly offsets: Int32Array;
	readonly docs: Int32Array;
	readonly meta: Uint16Array;
	readonly summary: SavedLists;
}

/**
 * What is wrong with slot lists (of `what`): they must lie end to end in slot order from 0 and fill
 * `values` exactly (as a compacted index saves them), so no two tools share values; values must be
 * terms.
 */
function listDamage(what: string, lists: SavedLists, terms: number): string | undefined {
	const { start, count, values } = lists;
	let next = 0;
	for (let slot = 0; slot < start.length; slot++) {
		if (start[slot] !== next) return `${what} list of slot ${slot}`;
		next += count[slot] as number;
	}
	if (next !== values.length) return `${what} lists cover ${next} of ${values.length} values`;
	for (const term of values) if (term < 0 || term >= terms) return `${what} term ${term} of ${terms}`;
	return undefined;
}

/** Field totals are finite and are the sums of the tools' lengths (every saved slot is live). */
function totalsDamage(
	totalLength: readonly unknown[],
	fieldLength: Uint16Array,
	slots: number,
): string | undefined {
	for (const total of totalLength) {
		if (typeof total !== "number" || !Number.isFinite(total) || total < 0)
			return `totalLength ${quote(total)}`;
	}
	for (let f = 0; f < FIELD_COUNT; f++) {
		let sum = 0;
		for (let slot = 0; slot < slots; slot++) sum += fieldLength[slot * FIELD_COUNT + f] as number;
		if (sum !== totalLength[f])
			return `totalLength[${f}] is ${quote(totalLength[f])}, the tools' lengths add up to ${sum}`;
	}
	return undefined;
}

/**
 * Postings against the rest: offsets start at 0 and never decrease; each term has tools (no dead
 * terms are saved), as many as its document frequency, in ascending slot order; and each pair's
 * field entries name fields in ascending order with a frequency from 1 to the field's length. (Each
 * tool's forward list is not saved but rebuilt from these postings, so it cannot disagree with them.)
 */
function postingsDamage(terms: number, slots: number, arrays: SavedArrays): string | undefined {
	const { df, fieldLength, offsets, docs, meta } = arrays;
	if (offsets[0] !== 0) return "offsets do not start at 0";
	const metaLength = meta.length;
	let e = 0;
	for (let t = 0; t < terms; t++) {
		const from = offsets[t] as number;
		const to = offsets[t + 1] as number;
		if (to < from) return `offsets decrease at term ${t}`;
		if (df[t] !== to - from || to === from)
			return `term ${t} has document frequency ${df[t]} but ${to - from} tools`;
		let previous = -1;
		for (let p = from; p < to; p++) {
			const slot = docs[p] as number;
			if (slot < 0 || slot >= slots) return `posting ${p} names slot ${slot} of ${slots}`;
			if (slot <= previous) return `term ${t} lists slot ${slot} out of order`;
			previous = slot;
			// The pair's field entries: the first flagged, fields ascending, frequency within the field.
			if (e >= metaLength || ((meta[e] as number) & PAIR_START) === 0) return `field entry ${e} is misplaced`;
			const base = slot * FIELD_COUNT;
			let field = -1;
			do {
				const entry = (meta[e] as number) & ~PAIR_START;
				const f = entry >>> 11;
				const tf = entry & MAX_POSTING_TF;
				if (f >= FIELD_COUNT || f <= field) return `posting ${e} names field ${f}`;
				if (tf < 1 || tf > (fieldLength[base + f] as number))
					return `posting ${e} has frequency ${tf} in a field of ${fieldLength[base + f]}`;
				field = f;
				e++;
			} while (e < metaLength && ((meta[e] as number) & PAIR_START) === 0);
		}
	}
	if (e !== metaLength) return `${metaLength - e} field entries belong to no tool`;
	return undefined;
}

/**
 * The first value of a loaded index that would make searching, explaining, removing or saving go
 * wrong or rank differently from the index that was saved, or `undefined`.
 */
export function snapshotDamage(
	totalLength: readonly unknown[],
	lists: { terms: readonly string[]; names: readonly string[]; namespaces: readonly string[] },
	arrays: SavedArrays,
): string | undefined {
	const terms = lists.terms.length;
	const slots = lists.names.length;
	if (new Set(lists.terms).size !== terms) return "a term is listed twice";
	if (new Set(lists.namespaces).size !== lists.namespaces.length) return "a namespace is listed twice";
	if (lists.names.includes("")) return "a tool has an empty name";
	for (const [slot, ns] of arrays.namespaceOf.entries()) {
		if (ns < -1 || ns >= lists.namespaces.length) return `slot ${slot} names namespace ${ns}`;
	}
	for (let slot = 0; slot < slots; slot++) {
		const summary = Math.min(
			arrays.fieldLength[slot * FIELD_COUNT + SUMMARY_FIELD] as number,
			MAX_SUMMARY_TERMS,
		);
		if (arrays.summary.count[slot] !== summary) return `summary list of slot ${slot} has the wrong length`;
	}
	return (
		totalsDamage(totalLength, arrays.fieldLength, slots) ??
		listDamage("summary", arrays.summary, terms) ??
		postingsDamage(terms, slots, arrays)
	);
}
