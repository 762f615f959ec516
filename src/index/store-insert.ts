/**
 * Indexing one tool into the store: its fields read into term ids, its field lengths and summary
 * terms recorded, its distinct terms' document frequencies raised and postings appended (to the
 * bulk buffer in a bulk add, else to the tail), its forward list and name keys written. The
 * scratch lives here, reused from tool to tool.
 * @internal
 */
import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { resolveToolSearchFields } from "../document/resolve-fields.js";
import { grow } from "../internal/grow.js";
import type { ToolSearchDocument } from "../types.js";
import { DocumentTerms } from "./document-terms.js";
import { FieldTerms, type TermVocabulary } from "./field-tokens.js";
import type { KeyMap, KeyVocabulary } from "./key-map.js";
import { addNameKeys } from "./name-keys.js";
import { type Postings, packMeta } from "./postings.js";
import type { SlotLists } from "./slot-lists.js";
import { encodeTermSet, MAX_BYTES_PER_TERM } from "./term-set-bytes.js";

const FIELD_COUNT = TOOL_SEARCH_FIELDS.length;
const SUMMARY_FIELD = TOOL_SEARCH_FIELDS.indexOf("summary");

/** What an insert writes of the index store (a structural type: no import cycle). */
export interface InsertStore extends TermVocabulary, KeyVocabulary {
	readonly terms: readonly string[];
	df: Int32Array;
	deadTerms: number;
	readonly fieldLength: Uint16Array;
	readonly totalLength: Float64Array;
	readonly summary: SlotLists<Uint8Array, Int32Array>;
	readonly forward: SlotLists<Int32Array, Uint8Array>;
	readonly postings: Postings;
	readonly keys: KeyMap;
	readonly deferMerge: boolean;
	readonly deferForward: boolean;
}

export class StoreInsert {
	/** Reads a tool's fields into term ids (and learns the words of this index). */
	readonly #fieldTerms = new FieldTerms();
	/** The distinct terms of the tool being inserted, with their frequencies per field. */
	readonly #documentTerms = new DocumentTerms();
	/** Scratch for the forward list: the tool's term ids sorted, and their bytes. */
	#sortedTerms = new Int32Array(256);
	#termBytes = new Uint8Array(1024);

	/**
	 * Indexes `document` under `name` into `slot` (room made, namespace set by the caller); returns
	 * its resolved fields. The caller then marks the slot live.
	 */
	insert(store: InsertStore, name: string, document: ToolSearchDocument, slot: number): string {
		const fields = resolveToolSearchFields(document);
		const known = store.terms.length;
		const reader = this.#fieldTerms;
		reader.read(fields, store);
		this.#recordLengths(store, reader, slot);
		const found = this.#documentTerms;
		found.collect(reader.ids.values, reader.from, reader.to, store.terms.length);
		if (!store.deferForward) {
			this.#sortedTerms = grow(this.#sortedTerms, found.count);
			this.#termBytes = grow(this.#termBytes, found.count * MAX_BYTES_PER_TERM);
			const byteCount = encodeTermSet(found.terms, found.count, this.#sortedTerms, this.#termBytes);
			store.forward.append(slot, this.#termBytes, 0, byteCount);
		}
		this.#post(store, slot, known);
		addNameKeys(store.keys, name, fields, reader, slot, store);
		return fields.namespace;
	}

	/** Records the field lengths of the tool `reader` read into `slot`, and its summary's first terms. */
	#recordLengths(store: InsertStore, reader: FieldTerms, slot: number): void {
		for (let f = 0; f < FIELD_COUNT; f++) {
			const length = Math.min((reader.to[f] as number) - (reader.from[f] as number), MAX_FIELD_LENGTH);
			store.fieldLength[slot * FIELD_COUNT + f] = length;
			store.totalLength[f] = (store.totalLength[f] as number) + length;
		}
		const from = reader.from[SUMMARY_FIELD] as number;
		const to = Math.min(reader.to[SUMMARY_FIELD] as number, from + MAX_SUMMARY_TERMS);
		store.summary.append(slot, reader.ids.values, from, to);
	}

	/**
	 * Raises the document frequencies of the tool's terms (`#documentTerms`; `known`: the
	 * vocabulary's size before the tool was read) and appends its postings: to the bulk buffer in a
	 * bulk add, else to the tail.
	 */
	#post(store: InsertStore, slot: number, known: number): void {
		const { terms, count, first, next, field, frequency } = this.#documentTerms;
		const bulk = store.deferMerge;
		const df = store.df;
		const postings = store.postings;
		if (bulk) postings.startBulkDocument(slot);
		for (let i = 0; i < count; i++) {
			const term = terms[i] as number;
			// A dead term revived (a new term's id is past the known ones and was never dead).
			if (df[term] === 0 && term < known) store.deadTerms--;
			df[term] = (df[term] as number) + 1;
			for (let e = first[i] as number; e !== -1; e = next[e] as number) {
				const meta = packMeta(field[e] as number, frequency[e] as number);
				if (bulk) postings.appendBulk(term, meta);
				else postings.append(term, slot, meta);
			}
		}
	}
}

/** Summary words kept in order per tool, for the proximity rule: a first sentence rarely has more. */
export const MAX_SUMMARY_TERMS = 64;
/**
 * Longest field length (in tokens) the index records: longer fields count as this long, for the
 * length normalisation and the averages alike. A field that long already has a length norm near the
 * bound; 16 bits per field and tool keep the per-tool data small.
 */
export const MAX_FIELD_LENGTH = 65_535;
