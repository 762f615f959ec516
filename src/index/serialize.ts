import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { invalidIndexData, isObject } from "../internal/guards.js";
import { sha256 } from "./checksum.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { FIELD_COUNT, IndexStore, nameKeys } from "./index-store.js";
import { snapshotDamage } from "./snapshot-check.js";
import { termSetsFromPostings } from "./term-set-bytes.js";
import { compactVocabulary } from "./vocabulary.js";

/**
 * Version of the saved-index format; bumped whenever the layout, the shape of the saved options or
 * the tokenizer's output changes (4: the options are saved with the keys of `ToolSearchIndexOptions`;
 * 5: a SHA-256 checksum, and no terms without tools; 6: no forward lists, rebuilt from the postings
 * on load).
 */
export const INDEX_FORMAT_VERSION = 7;
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
	 * base64 of the typed arrays, in this order: df, namespaceOf, fieldLength, summaryStart,
	 * summaryCount, summary, offsets, docs, meta. (Each tool's distinct terms are not saved: loading
	 * rebuilds them from the postings.)
	 */
	readonly arrays: Readonly<Record<string, string>>;
	/**
	 * `sha256:` and the hex SHA-256 of everything above (the other fields as JSON, then each array's
	 * bytes): a snapshot that does not match it is rejected as damaged.
	 */
	readonly checksum: string;
}

/** The saved arrays, in checksum order, and their element types. */
const ARRAYS = [
	["df", Int32Array],
	["namespaceOf", Int32Array],
	["fieldLength", Uint16Array],
	["summaryStart", Int32Array],
	["summaryCount", Uint8Array],
	["summary", Int32Array],
	["offsets", Int32Array],
	["docs", Int32Array],
	["meta", Uint16Array],
] as const;

type ArrayName = (typeof ARRAYS)[number][0];

/** The checksum of a snapshot's contents: its fields other than the arrays as JSON, then each array's bytes with their length. */
function checksumOf(header: readonly unknown[], arrays: Readonly<Record<ArrayName, Typed>>): string {
	const digest = sha256();
	digest.update(new TextEncoder().encode(JSON.stringify(header)));
	for (const [name] of ARRAYS) {
		const array = arrays[name];
		const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
		digest.update(new Uint8Array(new Uint32Array([bytes.length]).buffer));
		digest.update(bytes);
	}
	return `sha256:${digest.hex()}`;
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

/** Compacts a store for saving: no dead terms, no dead slots, no tail (no observable change). */
export function compactForSave(store: IndexStore): void {
	if (store.deadTerms > 0) compactVocabulary(store);
	else if (store.dead > 0 || store.postings.tailEntries > 0 || store.postings.bulkEntries > 0) store.merge();
}

/** Saves a store (compacted first, so it holds no dead slots and no tail). */
export function serializeStore(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
): SerializedToolSearchIndex {
	if (!LITTLE_ENDIAN)
		throw new ToolSearchError("INVALID_OPTIONS", "saving an index needs a little-endian platform");
	compactForSave(store);
	const slots = store.slots;
	const namespaces = [...store.namespaceIds.keys()];
	const typed: Record<ArrayName, Typed> = {
		df: store.df.subarray(0, store.terms.length),
		namespaceOf: store.namespaceOf.subarray(0, slots),
		fieldLength: store.fieldLength.subarray(0, slots * FIELD_COUNT),
		summaryStart: store.summary.start.subarray(0, slots),
		summaryCount: store.summary.count.subarray(0, slots),
		summary: store.summary.values.subarray(0, store.summary.used),
		offsets: store.postings.offsets,
		docs: store.postings.docs,
		meta: store.postings.meta,
	};
	const arrays: Record<string, string> = {};
	for (const [name] of ARRAYS) arrays[name] = toBase64(typed[name]);
	const fields = [...TOOL_SEARCH_FIELDS];
	const terms = store.terms.slice();
	const names = store.names.slice(0, slots) as string[];
	const totalLength = Array.from(store.totalLength);
	const header = [FORMAT, INDEX_FORMAT_VERSION, options, fields, terms, names, namespaces, totalLength];
	return {
		format: FORMAT,
		version: INDEX_FORMAT_VERSION,
		options,
		fields,
		terms,
		names,
		namespaces,
		totalLength,
		arrays,
		checksum: checksumOf(header, typed),
	};
}

/**
 * The checksum `data` should carry (for tests that edit a snapshot and check the structural checks
 * behind the checksum). Throws `INVALID_INDEX_DATA` when an array is not base64.
 * @internal
 */
export function snapshotChecksum(data: SerializedToolSearchIndex): string {
	const decoded = {} as Record<ArrayName, Typed>;
	const arrays = (isObject(data.arrays) ? data.arrays : {}) as Record<string, unknown>;
	for (const [name, Kind] of ARRAYS)
		decoded[name] = fromBase64(arrays[name], Kind as new (buffer: ArrayBuffer) => Typed, name);
	const { format, version, options, fields, terms, names, namespaces, totalLength } = data;
	return checksumOf([format, version, options, fields, terms, names, namespaces, totalLength], decoded);
}

function stringArray(value: unknown, what: string): string[] {
	if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
		throw invalidIndexData(`${what} must be an array of strings`);
	}
	return value as string[];
}

/** Loads a saved store, checking format, version and shape (the options are checked by `savedOptions`). */
export function deserializeStore(data: unknown): { store: IndexStore; options: unknown } {
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
	const savedArrays = (isObject(saved.arrays) ? saved.arrays : {}) as Record<string, unknown>;
	const decoded = {} as Record<ArrayName, Typed>;
	for (const [name, Kind] of ARRAYS)
		decoded[name] = fromBase64(savedArrays[name], Kind as new (buffer: ArrayBuffer) => Typed, name);
	const header = [
		saved.format,
		saved.version,
		saved.options,
		saved.fields,
		terms,
		names,
		namespaces,
		saved.totalLength,
	];
	if (typeof saved.checksum !== "string" || saved.checksum !== checksumOf(header, decoded)) {
		throw invalidIndexData("saved index does not match its checksum: it was damaged or edited");
	}
	const { df, namespaceOf, offsets, docs, meta } = decoded as Record<ArrayName, Int32Array>;
	const fieldLength = decoded.fieldLength as Uint16Array;
	const summary = {
		start: decoded.summaryStart as Int32Array<ArrayBuffer>,
		count: decoded.summaryCount as Uint8Array<ArrayBuffer>,
		values: decoded.summary as Int32Array<ArrayBuffer>,
	};
	const slots = names.length;
	const consistent =
		df.length === terms.length &&
		namespaceOf.length === slots &&
		fieldLength.length === slots * FIELD_COUNT &&
		summary.start.length === slots &&
		summary.count.length === slots &&
		offsets.length === terms.length + 1 &&
		docs.length <= meta.length &&
		offsets[terms.length] === docs.length &&
		Array.isArray(saved.totalLength) &&
		saved.totalLength.length === FIELD_COUNT;
	if (!consistent)
		throw invalidIndexData(
			"saved index is inconsistent (array sizes do not match); it may be truncated or edited",
		);
	const damaged = snapshotDamage(
		saved.totalLength as unknown[],
		{ terms, names, namespaces },
		{
			df,
			namespaceOf,
			fieldLength,
			offsets,
			docs,
			meta: meta as unknown as Uint16Array,
			summary,
		},
	);
	if (damaged !== undefined) throw invalidIndexData(`saved index is damaged (${damaged}); it may be edited`);

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
	// Each tool's distinct terms, from the postings just checked (slots in range, ascending per term).
	const forward = termSetsFromPostings(offsets, docs, terms.length, slots);
	store.forward.load(forward.start, forward.count, forward.values);
	store.summary.load(summary.start, summary.count, summary.values);
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
	const unpaired = store.postings.load(offsets, docs, meta as unknown as Uint16Array, terms.length);
	if (unpaired !== undefined)
		throw invalidIndexData(`saved index is damaged (${unpaired}); it may be edited`);
	return { store, options: saved.options };
}
