import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { invalidIndexData, isObject } from "../internal/guards.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { FIELD_COUNT, IndexStore, nameKeys } from "./index-store.js";
import { metaField } from "./postings.js";
import { termSetDamage } from "./term-set-bytes.js";
import { compactVocabulary } from "./vocabulary.js";

/**
 * Version of the saved-index format; bumped whenever the layout, the shape of the saved options or
 * the tokenizer's output changes (4: the options are saved with the keys of `ToolSearchIndexOptions`).
 */
export const INDEX_FORMAT_VERSION = 4;
const FORMAT = "tool-search-index";

/**
 * A saved index: plain JSON (typed arrays as little-endian base64), for `JSON.stringify`, a file or
 * a cache. Load it with `ToolSearchIndex.fromJSON`.
 *
 * @example
 * ```ts
 * const saved: SerializedToolSearchIndex = index.toJSON();
 * const copy = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(saved)));
 * ```
 */
export interface SerializedToolSearchIndex {
	readonly format: typeof FORMAT;
	readonly version: number;
	readonly options: ResolvedToolSearchIndexOptions;
	readonly fields: readonly string[];
	readonly terms: readonly string[];
	readonly names: readonly string[];
	readonly namespaces: readonly string[];
	readonly totalLength: readonly number[];
	/**
	 * base64 of the typed arrays, in this order: df, namespaceOf, fieldLength, forwardStart,
	 * forwardCount, forward, summaryStart, summaryCount, summary, offsets, docs, meta.
	 */
	readonly arrays: Readonly<Record<string, string>>;
}

type Typed = Int32Array | Uint32Array | Uint16Array | Uint8Array;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function toBase64(array: Typed): string {
	const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
	if (typeof Buffer !== "undefined") return Buffer.from(bytes).toString("base64");
	let binary = "";
	for (let i = 0; i < bytes.length; i += 0x8000)
		binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary);
}

function fromBase64<T extends Typed>(text: unknown, Kind: new (buffer: ArrayBuffer) => T, what: string): T {
	if (typeof text !== "string")
		throw invalidIndexData(`arrays.${what} must be a base64 string, got ${quote(text)}`);
	let bytes: Uint8Array;
	if (typeof Buffer !== "undefined") bytes = Buffer.from(text, "base64");
	else bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
	const copy = new ArrayBuffer(bytes.byteLength);
	new Uint8Array(copy).set(bytes);
	const size = (Kind as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
	if (copy.byteLength % size !== 0)
		throw invalidIndexData(`arrays.${what} has ${copy.byteLength} bytes, not a whole number of elements`);
	return new Kind(copy);
}

/** Saves a store (compacted first, so it holds no dead slots and no tail). */
export function serializeStore(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
): SerializedToolSearchIndex {
	if (!LITTLE_ENDIAN)
		throw new ToolSearchError("INVALID_OPTIONS", "saving an index needs a little-endian platform");
	if (store.deadTerms > 0) compactVocabulary(store);
	else if (store.dead > 0 || store.postings.tailEntries > 0 || store.postings.bulkEntries > 0) store.merge();
	const slots = store.slots;
	const namespaces = [...store.namespaceIds.keys()];
	const arrays: Record<string, string> = {
		df: toBase64(store.df.subarray(0, store.terms.length)),
		namespaceOf: toBase64(store.namespaceOf.subarray(0, slots)),
		fieldLength: toBase64(store.fieldLength.subarray(0, slots * FIELD_COUNT)),
		forwardStart: toBase64(store.forward.start.subarray(0, slots)),
		forwardCount: toBase64(store.forward.count.subarray(0, slots)),
		forward: toBase64(store.forward.values.subarray(0, store.forward.used)),
		summaryStart: toBase64(store.summary.start.subarray(0, slots)),
		summaryCount: toBase64(store.summary.count.subarray(0, slots)),
		summary: toBase64(store.summary.values.subarray(0, store.summary.used)),
		offsets: toBase64(store.postings.offsets),
		docs: toBase64(store.postings.docs),
		meta: toBase64(store.postings.meta),
	};
	return {
		format: FORMAT,
		version: INDEX_FORMAT_VERSION,
		options,
		fields: [...TOOL_SEARCH_FIELDS],
		terms: store.terms.slice(),
		names: store.names.slice(0, slots) as string[],
		namespaces,
		totalLength: Array.from(store.totalLength),
		arrays,
	};
}

function stringArray(value: unknown, what: string): string[] {
	if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
		throw invalidIndexData(`${what} must be an array of strings`);
	}
	return value as string[];
}

/** Per-slot lists as saved: slot `s`'s list is `values[start[s], start[s] + count[s])`. */
interface SavedLists {
	readonly start: Int32Array;
	readonly count: Int32Array | Uint8Array;
	readonly values: Int32Array | Uint8Array;
}

/** The first slot list (of `what`) that leaves `values`, or the first value that is not a term. */
function listDamage(what: string, lists: SavedLists, terms: number): string | undefined {
	const { start, count, values } = lists;
	for (let slot = 0; slot < start.length; slot++) {
		const from = start[slot] as number;
		const length = count[slot] as number;
		if (from < 0 || length < 0 || from + length > values.length) return `${what} list of slot ${slot}`;
	}
	if (values instanceof Uint8Array) {
		// Varint term sets (the forward lists).
		for (let slot = 0; slot < start.length; slot++) {
			const from = start[slot] as number;
			const damage = termSetDamage(values, from, from + (count[slot] as number), terms);
			if (damage !== undefined) return `${what} list of slot ${slot}: ${damage}`;
		}
		return undefined;
	}
	for (const term of values) if (term < 0 || term >= terms) return `${what} term ${term} of ${terms}`;
	return undefined;
}

/**
 * The first value of a loaded index that would make searching, explaining or removing go wrong (a
 * scan past an array, a search that never ends, a field that does not exist), or `undefined`.
 * Checked once per load: offsets start at 0 and never decrease, every posting names a slot and a
 * field, every forward list and summary sequence lies within its array and names terms, field
 * totals are finite and equal the sums of the tools' lengths, and each term's document frequency
 * is its number of tools.
 */
function firstDamage(
	totalLength: readonly unknown[],
	terms: number,
	slots: number,
	arrays: {
		df: Int32Array;
		fieldLength: Uint16Array;
		offsets: Int32Array;
		docs: Int32Array;
		meta: Uint16Array;
		forward: SavedLists;
		summary: SavedLists;
	},
): string | undefined {
	const { df, fieldLength, offsets, docs, meta, forward, summary } = arrays;
	for (const total of totalLength) {
		if (typeof total !== "number" || !Number.isFinite(total) || total < 0)
			return `totalLength ${quote(total)}`;
	}
	// A saved index is compacted: every slot is live, so the field totals are the sums of the
	// tools' lengths and a term's document frequency is its number of tools. Scores read both.
	for (let f = 0; f < FIELD_COUNT; f++) {
		let sum = 0;
		for (let slot = 0; slot < slots; slot++) sum += fieldLength[slot * FIELD_COUNT + f] as number;
		if (sum !== totalLength[f])
			return `totalLength[${f}] is ${quote(totalLength[f])}, the tools' lengths add up to ${sum}`;
	}
	if (offsets[0] !== 0) return "offsets do not start at 0";
	for (let t = 0; t < terms; t++) {
		if ((offsets[t + 1] as number) < (offsets[t] as number)) return `offsets decrease at term ${t}`;
		const tools = (offsets[t + 1] as number) - (offsets[t] as number);
		if (df[t] !== tools) return `term ${t} has document frequency ${df[t]} but ${tools} tools`;
	}
	for (let t = 0; t < terms; t++) {
		const end = offsets[t + 1] as number;
		for (let p = offsets[t] as number; p < end; p++) {
			const slot = docs[p] as number;
			if (slot < 0 || slot >= slots) return `posting ${p} names slot ${slot} of ${slots}`;
			// Scans and intersections rely on each term's tools being in ascending slot order.
			if (p > (offsets[t] as number) && slot <= (docs[p - 1] as number))
				return `term ${t} lists slot ${slot} out of order`;
		}
	}
	for (let e = 0; e < meta.length; e++) {
		if (metaField(meta[e] as number) >= FIELD_COUNT)
			return `posting ${e} names field ${metaField(meta[e] as number)}`;
	}
	return listDamage("forward", forward, terms) ?? listDamage("summary", summary, terms);
}

/** Loads a saved store, checking format, version and shape. */
export function deserializeStore(data: unknown): {
	store: IndexStore;
	options: ResolvedToolSearchIndexOptions;
} {
	if (typeof data !== "object" || data === null)
		throw invalidIndexData(`saved index must be an object, got ${quote(data)}`);
	const saved = data as Partial<Record<keyof SerializedToolSearchIndex, unknown>>;
	if (saved.format !== FORMAT)
		throw invalidIndexData(`not a saved tool-search index (format ${quote(saved.format)})`);
	if (saved.version !== INDEX_FORMAT_VERSION) {
		throw invalidIndexData(
			`saved index has format version ${quote(saved.version)}; this version of tool-search reads version ${INDEX_FORMAT_VERSION}: rebuild it`,
		);
	}
	if (JSON.stringify(saved.fields) !== JSON.stringify(TOOL_SEARCH_FIELDS)) {
		throw invalidIndexData(
			`saved index has fields ${quote(saved.fields)}, expected ${quote(TOOL_SEARCH_FIELDS)}`,
		);
	}
	const terms = stringArray(saved.terms, "terms");
	const names = stringArray(saved.names, "names");
	const namespaces = stringArray(saved.namespaces, "namespaces");
	const arrays = (saved.arrays ?? {}) as Record<string, unknown>;
	const df = fromBase64(arrays.df, Int32Array, "df");
	const namespaceOf = fromBase64(arrays.namespaceOf, Int32Array, "namespaceOf");
	const fieldLength = fromBase64(arrays.fieldLength, Uint16Array, "fieldLength");
	const forwardStart = fromBase64(arrays.forwardStart, Int32Array, "forwardStart");
	const forwardCount = fromBase64(arrays.forwardCount, Int32Array, "forwardCount");
	const forward = fromBase64(arrays.forward, Uint8Array, "forward");
	const summaryStart = fromBase64(arrays.summaryStart, Int32Array, "summaryStart");
	const summaryCount = fromBase64(arrays.summaryCount, Uint8Array, "summaryCount");
	const summary = fromBase64(arrays.summary, Int32Array, "summary");
	const offsets = fromBase64(arrays.offsets, Int32Array, "offsets");
	const docs = fromBase64(arrays.docs, Int32Array, "docs");
	const meta = fromBase64(arrays.meta, Uint16Array, "meta");
	const slots = names.length;
	const consistent =
		df.length === terms.length &&
		namespaceOf.length === slots &&
		fieldLength.length === slots * FIELD_COUNT &&
		forwardStart.length === slots &&
		forwardCount.length === slots &&
		summaryStart.length === slots &&
		summaryCount.length === slots &&
		offsets.length === terms.length + 1 &&
		docs.length <= meta.length &&
		offsets[terms.length] === docs.length &&
		Array.isArray(saved.totalLength) &&
		saved.totalLength.length === FIELD_COUNT;
	if (!consistent)
		throw invalidIndexData(
			"saved index is inconsistent (array sizes do not match); it may be truncated or edited",
		);
	const damaged = firstDamage(saved.totalLength as unknown[], terms.length, slots, {
		df,
		fieldLength,
		offsets,
		docs,
		meta,
		forward: { start: forwardStart, count: forwardCount, values: forward },
		summary: { start: summaryStart, count: summaryCount, values: summary },
	});
	if (damaged !== undefined) throw invalidIndexData(`saved index is damaged (${damaged}); it may be edited`);
	const options = saved.options;
	if (
		!isObject(options) ||
		!["bm25", "fieldWeights", "rules", "synonyms", "glossary", "fuzzy"].every((key) => isObject(options[key]))
	) {
		throw invalidIndexData(
			`saved index options must be an object of resolved options, got ${quote(options)}`,
		);
	}

	const store = new IndexStore();
	store.reserve(terms.length, slots);
	for (const [id, term] of terms.entries()) {
		store.termIds.set(term, id);
		store.terms.push(term);
	}
	store.df.set(df);
	for (const [id, namespace] of namespaces.entries()) store.namespaceIds.set(namespace, id);
	store.namespaceOf.set(namespaceOf);
	store.fieldLength.set(fieldLength);
	store.forward.load(forwardStart, forwardCount, forward);
	store.summary.load(summaryStart, summaryCount, summary);
	for (const [f, total] of (saved.totalLength as number[]).entries()) store.totalLength[f] = total;
	for (const [slot, name] of names.entries()) {
		if (store.slotOf.has(name)) throw invalidIndexData(`saved index names ${quote(name)} twice`);
		store.slotOf.set(name, slot);
		store.names[slot] = name;
		store.alive[slot] = 1;
		const { nameKey, localKey } = nameKeys(name);
		store.keys.add(nameKey, slot);
		if (localKey !== nameKey) store.keys.add(localKey, slot);
	}
	store.slots = slots;
	store.live = slots;
	const unpaired = store.postings.load(offsets, docs, meta, terms.length);
	if (unpaired !== undefined)
		throw invalidIndexData(`saved index is damaged (${unpaired}); it may be edited`);
	return { store, options: options as unknown as ResolvedToolSearchIndexOptions };
}
