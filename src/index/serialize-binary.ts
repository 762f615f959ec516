/**
 * The binary snapshot of an index (`ToolSearchIndex.toBinary` / `fromBinary`): the JSON form's
 * content in one buffer (binary-layout.ts), loaded with typed-array views instead of parsing.
 *
 * Sections, in order: counts `[terms, slots, namespaces, most words in a name key]` (Int32); string offsets (Int32) and
 * string bytes (binary-strings.ts) of the options as JSON, the field names, the terms, the names,
 * the namespaces, then each slot's two name keys (the local key empty when it is the name key);
 * namespace of each slot (Int32, -1 for none); field lengths (Uint16, `FIELD_COUNT` per slot);
 * summary term ids (Int32, slot after slot); the postings' main segment as held in memory (term
 * offsets, pair slots, entry offsets, entries: Int32, Int32, Int32, Uint16); the name keys' hash
 * cells (key-table.ts). Everything else is derived on load: document frequencies from the term
 * offsets, field totals from the lengths, the summary lists' bounds from the summary lengths; the
 * forward lists and the impacts on first use.
 * @internal
 */
import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { quote } from "../errors.js";
import { invalidIndexData, isObject } from "../internal/guards.js";
import { emptyFieldDamage, keyCellsDamage, postingsDamage, rangeDamage } from "./binary-check.js";
import { type LayoutSpec, readLayout, type Section, sealLayout, writeLayout } from "./binary-layout.js";
import { decodeStrings, encodeStrings, sliceStrings } from "./binary-strings.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { FIELD_COUNT, IndexStore, MAX_SUMMARY_TERMS, nameKeys } from "./index-store.js";
import { KeyTable, keyCells } from "./key-table.js";
import { NameTable } from "./name-table.js";
import { compactForSave, INDEX_FORMAT_VERSION } from "./serialize.js";

/** Version of the binary container and its sections (the content's version is INDEX_FORMAT_VERSION). */
export const INDEX_BINARY_VERSION = 3;
/** Flag: the strings are UTF-16 code units (some string has a lone surrogate). */
const UTF16 = 1;
const SUMMARY_FIELD = TOOL_SEARCH_FIELDS.indexOf("summary");

const SPEC: LayoutSpec = {
	magic: new Uint8Array([0x89, 0x54, 0x53, 0x49, 0x44, 0x58, 0x0d, 0x0a]), // \x89TSIDX\r\n
	what: "binary index",
	layoutVersion: INDEX_BINARY_VERSION,
	contentVersion: INDEX_FORMAT_VERSION,
	kinds: [
		Int32Array, // counts
		Int32Array, // string offsets
		Uint8Array, // string bytes
		Int32Array, // namespaceOf
		Uint16Array, // fieldLength
		Int32Array, // summary
		Int32Array, // offsets
		Int32Array, // docs
		Int32Array, // metaOffsets
		Uint16Array, // meta
		Int32Array, // key cells
	],
};

/** Saves a store (compacted first) and the options it was built with. */
export function storeToBinary(store: IndexStore, options: ResolvedToolSearchIndexOptions): Uint8Array {
	compactForSave(store);
	const slots = store.slots;
	const names = store.names.slice(0, slots) as string[];
	const keys: string[] = [];
	for (const name of names) {
		const { nameKey, localKey } = nameKeys(name);
		keys.push(nameKey, localKey === nameKey ? "" : localKey);
	}
	const { cells, maxWords, seed } = keyCells(keys);
	const strings = encodeStrings([
		JSON.stringify(options),
		...TOOL_SEARCH_FIELDS,
		...store.terms,
		...names,
		...store.namespaceIds.keys(),
		...keys,
	]);
	const { postings, summary } = store;
	const sections: Section[] = [
		new Int32Array([store.terms.length, slots, store.namespaceIds.size, maxWords, seed | 0]),
		strings.offsets,
		strings.bytes,
		store.namespaceOf.subarray(0, slots),
		store.fieldLength.subarray(0, slots * FIELD_COUNT),
		summary.values.subarray(0, summary.used),
		postings.offsets,
		postings.docs,
		postings.metaOffsets,
		postings.meta,
		cells,
	];
	return writeLayout(SPEC, strings.utf16 ? UTF16 : 0, sections);
}

/**
 * `bytes` with their checksum recomputed, for tests that edit a snapshot and check what the
 * structural checks behind the checksum catch. Changes `bytes`.
 * @internal
 */
export function resealBinaryIndex(bytes: Uint8Array): Uint8Array {
	return sealLayout(SPEC, bytes);
}

const damaged = (what: string) => invalidIndexData(`binary index is damaged (${what}); it may be edited`);

/**
 * Whether the saved options may divide a term's frequency by its field's length alone (`bm25.b`
 * not below 1; options that are not resolved ones are rejected after): then a term in a field of
 * length 0, which only an edited file has, would score `NaN`, and the entries are checked for it.
 */
function normalisesByLengthAlone(options: unknown): boolean {
	const b = isObject(options) && isObject(options.bm25) ? options.bm25.b : undefined;
	return !(typeof b === "number" && b < 1);
}

/** A binary snapshot's sections by name, its counts and its decoded strings. */
interface Saved {
	readonly namespaceOf: Int32Array;
	readonly fieldLength: Uint16Array;
	readonly summary: Int32Array;
	readonly offsets: Int32Array;
	readonly docs: Int32Array;
	readonly metaOffsets: Int32Array;
	readonly meta: Uint16Array;
	readonly cells: Int32Array;
	readonly terms: number;
	readonly slots: number;
	readonly namespaces: number;
	readonly maxWords: number;
	readonly keySeed: number;
	readonly text: string;
	readonly stringOffsets: Int32Array;
}

/** Reads the container and names its sections; checks that their sizes agree with the counts. */
function readSaved(bytes: unknown): Saved {
	const { flags, sections } = readLayout(SPEC, bytes);
	const [counts, stringOffsets, stringBytes, namespaceOf, fieldLength, summary, offsets, docs] = sections as [
		Int32Array,
		Int32Array,
		Uint8Array,
		Int32Array,
		Uint16Array,
		Int32Array,
		Int32Array,
		Int32Array,
	];
	const [metaOffsets, meta, cells] = sections.slice(8) as [Int32Array, Uint16Array, Int32Array];
	const [terms = -1, slots = -1, namespaces = -1, maxWords = -1, keySeed = 0] = counts;
	if (
		counts.length !== 5 ||
		Math.min(terms, slots, namespaces, maxWords) < 0 ||
		stringOffsets.length !== 1 + FIELD_COUNT + terms + 3 * slots + namespaces + 1 ||
		namespaceOf.length !== slots ||
		fieldLength.length !== slots * FIELD_COUNT ||
		offsets.length !== terms + 1
	)
		throw invalidIndexData(
			"binary index is inconsistent (section sizes do not match its counts); it is damaged",
		);
	const text = decodeStrings(stringOffsets, stringBytes, (flags & UTF16) !== 0, "binary index");
	const arrays = { namespaceOf, fieldLength, summary, offsets, docs, metaOffsets, meta, cells };
	return { ...arrays, terms, slots, namespaces, maxWords, keySeed, text, stringOffsets };
}

/** Loads a binary snapshot: checks header, checksum and structure, then assembles the store. */
export function storeFromBinary(bytes: unknown): { store: IndexStore; options: unknown } {
	const saved = readSaved(bytes);
	const { text, stringOffsets, terms, slots, namespaces } = saved;
	const firstTerm = 1 + FIELD_COUNT;
	const firstName = firstTerm + terms;
	const firstNamespace = firstName + slots;
	const fields = sliceStrings(text, stringOffsets, 1, firstTerm);
	if (fields.join("\n") !== TOOL_SEARCH_FIELDS.join("\n"))
		throw invalidIndexData(`binary index has fields ${quote(fields)}, expected ${quote(TOOL_SEARCH_FIELDS)}`);
	let options: unknown;
	try {
		options = JSON.parse(text.slice(0, stringOffsets[1]));
	} catch {
		throw damaged("options are not JSON");
	}
	const problem =
		postingsDamage(saved.offsets, saved.docs, saved.metaOffsets, saved.meta, slots) ??
		rangeDamage("namespace of slot", saved.namespaceOf, -1, namespaces) ??
		rangeDamage("summary term", saved.summary, 0, terms) ??
		keyCellsDamage(saved.cells, 2 * slots) ??
		(normalisesByLengthAlone(options)
			? emptyFieldDamage(saved.docs, saved.meta, saved.fieldLength)
			: undefined);
	if (problem !== undefined) throw damaged(problem);
	for (let i = firstName; i < firstNamespace; i++)
		if (stringOffsets[i] === stringOffsets[i + 1]) throw damaged(`slot ${i - firstName} has an empty name`);
	const store = new IndexStore();
	store.reserve(terms, slots);
	fillStrings(store, saved, { firstTerm, firstName, firstNamespace });
	for (const [id, namespace] of sliceStrings(
		text,
		stringOffsets,
		firstNamespace,
		firstNamespace + namespaces,
	).entries())
		store.namespaceIds.set(namespace, id);
	if (store.namespaceIds.size !== namespaces) throw damaged("a namespace is listed twice");
	store.namespaceOf.set(saved.namespaceOf);
	store.fieldLength.set(saved.fieldLength);
	fillDerived(store, saved.offsets, saved.summary);
	const keys = new KeyTable(
		text,
		stringOffsets,
		firstNamespace + namespaces,
		slots,
		saved.cells,
		saved.maxWords,
		saved.keySeed >>> 0,
	);
	store.keys.load(keys);
	store.postings.install(saved.offsets, saved.docs, saved.metaOffsets, saved.meta, terms);
	store.forwardPending = true;
	return { store, options };
}

/**
 * The vocabulary (with its map) and the names, each once: the names found through a table over
 * the decoded text (name-table.ts), not a map of 100,000 strings, until the store first changes.
 */
function fillStrings(
	store: IndexStore,
	saved: { text: string; stringOffsets: Int32Array },
	at: StringsAt,
): void {
	const { termIds } = store;
	const terms = sliceStrings(saved.text, saved.stringOffsets, at.firstTerm, at.firstName);
	for (let id = 0; id < terms.length; id++) termIds.set(terms[id] as string, id);
	if (termIds.size !== terms.length) throw damaged("a term is listed twice");
	for (const term of terms) store.terms.push(term);
	const names = sliceStrings(saved.text, saved.stringOffsets, at.firstName, at.firstNamespace);
	const table = NameTable.build(saved.text, saved.stringOffsets, at.firstName, names);
	if (typeof table === "number") throw damaged(`slot ${table}'s name is listed twice`);
	store.loadNames(names.slice(), table); // the table keeps `names`; the store changes its own
}

/** Where the vocabulary, the names and the namespaces begin among a snapshot's strings. */
interface StringsAt {
	readonly firstTerm: number;
	readonly firstName: number;
	readonly firstNamespace: number;
}

/** Document frequencies, field totals and the summary lists' bounds, from what was saved. */
function fillDerived(store: IndexStore, offsets: Int32Array, summary: Int32Array): void {
	const terms = offsets.length - 1;
	for (let t = 0; t < terms; t++) store.df[t] = (offsets[t + 1] as number) - (offsets[t] as number);
	const { fieldLength, totalLength, slots } = store;
	const start = new Int32Array(slots);
	const count = new Uint8Array(slots);
	let used = 0;
	for (let slot = 0; slot < slots; slot++) {
		const base = slot * FIELD_COUNT;
		for (let f = 0; f < FIELD_COUNT; f++)
			totalLength[f] = (totalLength[f] as number) + (fieldLength[base + f] as number);
		const length = Math.min(fieldLength[base + SUMMARY_FIELD] as number, MAX_SUMMARY_TERMS);
		start[slot] = used;
		count[slot] = length;
		used += length;
	}
	if (used !== summary.length) throw damaged(`summary lists cover ${used} of ${summary.length} terms`);
	// A copy: vocabulary compaction renumbers the summary in place, and the input is not ours to change.
	store.summary.load(start, count, summary.slice());
}
