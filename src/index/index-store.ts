import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { toolLocalName } from "../document/create-tool-search-document.js";
import { resolveToolSearchFields } from "../document/resolve-fields.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type { ToolSearchDocument } from "../types.js";
import { fieldTokens } from "./field-tokens.js";
import { KeyMap } from "./key-map.js";
import { Postings, packMeta } from "./postings.js";

/** Number of fields; a slot's field lengths sit at `[slot * FIELD_COUNT, slot * FIELD_COUNT + FIELD_COUNT)`. */
export const FIELD_COUNT = TOOL_SEARCH_FIELDS.length;
const NAME_FIELD = TOOL_SEARCH_FIELDS.indexOf("name");
const SUMMARY_FIELD = TOOL_SEARCH_FIELDS.indexOf("summary");
/** Summary words kept in order per tool, for the proximity rule: a first sentence rarely has more. */
export const MAX_SUMMARY_TERMS = 64;
/**
 * Longest field length (in tokens) the index records: longer fields count as this long, for the
 * length normalisation and the averages alike. A field that long already has a length norm near the
 * bound; 16 bits per field and tool keep the per-tool data small.
 */
export const MAX_FIELD_LENGTH = 65_535;
/**
 * The exact-name keys of a tool: its name's tokens and its local name's tokens, space-joined.
 * Derived from the name alone, so removal can recompute them instead of storing them.
 */
export function nameKeys(name: string, tokens?: readonly string[]): { nameKey: string; localKey: string } {
	const local = toolLocalName(name);
	if (local === name) {
		const nameKey = (tokens ?? tokenize(name)).join(" ");
		return { nameKey, localKey: nameKey };
	}
	const localKey = tokenize(local).join(" ");
	if (tokens !== undefined) return { nameKey: tokens.join(" "), localKey };
	// name = <prefix>__<local>, and "__" separates tokens: the local name's tokens end the name's.
	const prefix = tokenize(name.slice(0, name.length - local.length - 2)).join(" ");
	return { nameKey: prefix === "" ? localKey : localKey === "" ? prefix : `${prefix} ${localKey}`, localKey };
}

/** Tail entries below which no merge happens. */
const MIN_MERGE_ENTRIES = 65_536;
/** Dead slots below which no compaction happens. */
const MIN_COMPACT_SLOTS = 1024;

type TypedArray = Int32Array | Uint32Array | Uint16Array | Float64Array | Uint8Array;

function grow<T extends TypedArray>(array: T, size: number): T {
	if (size <= array.length) return array;
	let capacity = Math.max(16, array.length);
	while (capacity < size) capacity *= 2;
	const next = new (array.constructor as new (n: number) => T)(capacity);
	next.set(array);
	return next;
}

/**
 * The data of a {@link ToolSearchIndex}: vocabulary, per-slot document data, postings, and the
 * bookkeeping that keeps document frequencies and field lengths current as tools come and go.
 * A tool occupies a slot; removal frees it (a tombstone) and compaction renumbers slots in order.
 * @internal
 */
export class IndexStore {
	// Vocabulary: term id -> string, document frequency over live slots.
	readonly termIds = new Map<string, number>();
	readonly terms: string[] = [];
	df = new Int32Array(256);
	// Slots.
	slots = 0;
	live = 0;
	dead = 0;
	readonly slotOf = new Map<string, number>();
	names: (string | undefined)[] = [];
	alive = new Uint8Array(64);
	fieldLength = new Uint16Array(64 * FIELD_COUNT);
	readonly totalLength = new Float64Array(FIELD_COUNT);
	// Forward index: a slot's distinct terms, to keep df current on removal.
	forward = new Int32Array(1024);
	forwardUsed = 0;
	forwardStart = new Int32Array(64);
	forwardCount = new Int32Array(64);
	// Summary sequence: a slot's summary term ids in order (at most MAX_SUMMARY_TERMS), for proximity.
	summary = new Int32Array(1024);
	summaryUsed = 0;
	summaryStart = new Int32Array(64);
	summaryCount = new Uint8Array(64);
	readonly keys = new KeyMap();
	readonly postings = new Postings();
	/** While true, merges wait (bulk adds). */
	deferMerge = false;
	// Marks: the slots a ranker call may return.
	mark = new Uint32Array(64);
	epoch = 0;
	// Namespaces: id per slot (-1: none), for the namespace rule.
	readonly namespaceIds = new Map<string, number>();
	namespaceOf = new Int32Array(64).fill(-1);
	// Scratch.
	#stamp = new Int32Array(256);
	#row = new Int32Array(256);
	#docTerms = new Int32Array(256);
	#tf = new Int32Array(256 * FIELD_COUNT);
	score = new Float64Array(64);
	cover = new Uint16Array(64);
	matchedIdf = new Float64Array(64);
	termScore = new Float64Array(64);
	termUnit = new Float64Array(64);
	final = new Float64Array(64);
	/** Per slot, `±queryEpoch` once a search's filter has accepted (+) or rejected (-) it. */
	filterMark = new Int32Array(64);
	/** Per slot, `queryEpoch` while it is a MaxScore candidate. */
	candidate = new Int32Array(64);
	queryEpoch = 0;
	/** Merges done (tail folded into the main segment). */
	merges = 0;

	/** Makes room for `terms` terms and `slots` slots (used when loading a saved index). */
	reserve(terms: number, slots: number): void {
		this.df = grow(this.df, terms);
		this.#stamp = grow(this.#stamp, this.df.length);
		this.#row = grow(this.#row, this.df.length);
		this.#ensureSlots(slots);
	}

	termId(term: string): number {
		let id = this.termIds.get(term);
		if (id === undefined) {
			id = this.terms.length;
			this.termIds.set(term, id);
			this.terms.push(term);
			if (id >= this.df.length) {
				this.df = grow(this.df, id + 1);
				this.#stamp = grow(this.#stamp, id + 1);
				this.#row = grow(this.#row, id + 1);
			}
		}
		return id;
	}

	#ensureSlots(size: number): void {
		if (size <= this.alive.length) return;
		this.alive = grow(this.alive, size);
		const capacity = this.alive.length;
		this.fieldLength = grow(this.fieldLength, capacity * FIELD_COUNT);
		this.forwardStart = grow(this.forwardStart, capacity);
		this.forwardCount = grow(this.forwardCount, capacity);
		this.summaryStart = grow(this.summaryStart, capacity);
		this.summaryCount = grow(this.summaryCount, capacity);
		this.mark = grow(this.mark, capacity);
		const namespaces = this.namespaceOf.length;
		this.namespaceOf = grow(this.namespaceOf, capacity);
		this.namespaceOf.fill(-1, namespaces);
		this.score = grow(this.score, capacity);
		this.cover = grow(this.cover, capacity);
		this.matchedIdf = grow(this.matchedIdf, capacity);
		this.termScore = grow(this.termScore, capacity);
		this.termUnit = grow(this.termUnit, capacity);
		this.final = grow(this.final, capacity);
		this.filterMark = grow(this.filterMark, capacity);
		this.candidate = grow(this.candidate, capacity);
	}

	/** Indexes `document` under `name` in a new slot. The caller checked the name is free. */
	insert(name: string, document: ToolSearchDocument): void {
		const fields = resolveToolSearchFields(document);
		const slot = this.slots++;
		this.#ensureSlots(this.slots);
		const namespace = fields.namespace.trim().toLowerCase();
		if (namespace === "") this.namespaceOf[slot] = -1;
		else {
			let id = this.namespaceIds.get(namespace);
			if (id === undefined) {
				id = this.namespaceIds.size;
				this.namespaceIds.set(namespace, id);
			}
			this.namespaceOf[slot] = id;
		}
		const stampValue = slot + 1;
		let termCount = 0;
		let nameTokens: string[] | undefined;
		const allTokens = fieldTokens(fields);
		for (let f = 0; f < FIELD_COUNT; f++) {
			const tokens = allTokens[f] as string[];
			if (f === NAME_FIELD && fields.name === name) nameTokens = tokens;
			const length = Math.min(tokens.length, MAX_FIELD_LENGTH);
			this.fieldLength[slot * FIELD_COUNT + f] = length;
			this.totalLength[f] = (this.totalLength[f] as number) + length;
			for (const token of tokens) {
				const term = this.termId(token);
				let row: number;
				if (this.#stamp[term] !== stampValue) {
					this.#stamp[term] = stampValue;
					row = termCount++;
					this.#row[term] = row;
					if (termCount > this.#docTerms.length) {
						this.#docTerms = grow(this.#docTerms, termCount);
						this.#tf = grow(this.#tf, this.#docTerms.length * FIELD_COUNT);
					}
					this.#docTerms[row] = term;
					this.#tf.fill(0, row * FIELD_COUNT, row * FIELD_COUNT + FIELD_COUNT);
				} else {
					row = this.#row[term] as number;
				}
				const at = row * FIELD_COUNT + f;
				this.#tf[at] = (this.#tf[at] as number) + 1;
			}
		}
		this.forward = grow(this.forward, this.forwardUsed + termCount);
		this.forwardStart[slot] = this.forwardUsed;
		this.forwardCount[slot] = termCount;
		const bulk = this.deferMerge;
		for (let i = 0; i < termCount; i++) {
			const term = this.#docTerms[i] as number;
			this.forward[this.forwardUsed++] = term;
			this.df[term] = (this.df[term] as number) + 1;
			for (let f = 0; f < FIELD_COUNT; f++) {
				const count = this.#tf[i * FIELD_COUNT + f] as number;
				if (count === 0) continue;
				if (bulk) this.postings.appendBulk(term, slot, packMeta(f, count));
				else this.postings.append(term, slot, packMeta(f, count));
			}
		}
		const summary = (allTokens[SUMMARY_FIELD] as string[]).slice(0, MAX_SUMMARY_TERMS);
		this.summary = grow(this.summary, this.summaryUsed + summary.length);
		this.summaryStart[slot] = this.summaryUsed;
		this.summaryCount[slot] = summary.length;
		for (const token of summary) this.summary[this.summaryUsed++] = this.termId(token);
		const { nameKey, localKey } = nameKeys(name, nameTokens);
		this.keys.add(nameKey, slot);
		if (localKey !== nameKey) this.keys.add(localKey, slot);
		this.names[slot] = name;
		this.alive[slot] = 1;
		this.slotOf.set(name, slot);
		this.live++;
		if (!this.deferMerge) this.maybeMerge();
	}

	/** Removes the tool in `slot`: its terms' document frequencies and its field lengths drop out. */
	delete(slot: number): void {
		const name = this.names[slot] as string;
		this.slotOf.delete(name);
		this.alive[slot] = 0;
		const start = this.forwardStart[slot] as number;
		const end = start + (this.forwardCount[slot] as number);
		for (let i = start; i < end; i++) {
			const term = this.forward[i] as number;
			this.df[term] = (this.df[term] as number) - 1;
		}
		for (let f = 0; f < FIELD_COUNT; f++) {
			this.totalLength[f] =
				(this.totalLength[f] as number) - (this.fieldLength[slot * FIELD_COUNT + f] as number);
		}
		const { nameKey, localKey } = nameKeys(name);
		this.keys.delete(nameKey, slot);
		if (localKey !== nameKey) this.keys.delete(localKey, slot);
		this.names[slot] = undefined;
		this.live--;
		this.dead++;
		if (!this.deferMerge && this.dead > MIN_COMPACT_SLOTS && this.dead > this.live) this.merge();
	}

	/** Merges the tail when it has grown past a quarter of the main segment (amortised O(1) per entry). */
	maybeMerge(): void {
		const { tailEntries, mainEntries, bulkEntries } = this.postings;
		if (bulkEntries > 0) {
			this.merge();
			return;
		}
		if (tailEntries > MIN_MERGE_ENTRIES && tailEntries > mainEntries / 4) this.merge();
		else if (this.dead > MIN_COMPACT_SLOTS && this.dead > this.live) this.merge();
	}

	/** Gives back the forward list's and summary sequence's growth slack after a merge. */
	#trimForward(): void {
		if (this.forward.length > this.forwardUsed + (this.forwardUsed >> 3) + 1024) {
			this.forward = this.forward.slice(0, this.forwardUsed + (this.forwardUsed >> 4) + 1024);
		}
		if (this.summary.length > this.summaryUsed + (this.summaryUsed >> 3) + 1024) {
			this.summary = this.summary.slice(0, this.summaryUsed + (this.summaryUsed >> 4) + 1024);
		}
	}

	/** Folds the tail into the main segment and, when slots died, renumbers the live ones in order. */
	merge(): void {
		this.merges++;
		if (this.dead === 0) {
			this.postings.merge(this.terms.length, undefined);
			this.#trimForward();
			return;
		}
		const remap = new Int32Array(this.slots);
		let next = 0;
		for (let slot = 0; slot < this.slots; slot++) remap[slot] = this.alive[slot] === 1 ? next++ : -1;
		this.postings.merge(this.terms.length, remap);
		this.keys.remap(remap);
		const forward = new Int32Array(Math.max(1024, this.forwardUsed));
		const summary = new Int32Array(Math.max(1024, this.summaryUsed));
		let used = 0;
		let summaryUsed = 0;
		for (let slot = 0; slot < this.slots; slot++) {
			const to = remap[slot] as number;
			if (to < 0) continue;
			const start = this.forwardStart[slot] as number;
			const count = this.forwardCount[slot] as number;
			forward.set(this.forward.subarray(start, start + count), used);
			this.forwardStart[to] = used;
			this.forwardCount[to] = count;
			used += count;
			const summaryStart = this.summaryStart[slot] as number;
			const summaryCount = this.summaryCount[slot] as number;
			summary.set(this.summary.subarray(summaryStart, summaryStart + summaryCount), summaryUsed);
			this.summaryStart[to] = summaryUsed;
			this.summaryCount[to] = summaryCount;
			summaryUsed += summaryCount;
			this.names[to] = this.names[slot];
			this.alive[to] = 1;
			this.mark[to] = this.mark[slot] as number;
			this.namespaceOf[to] = this.namespaceOf[slot] as number;
			this.fieldLength.copyWithin(to * FIELD_COUNT, slot * FIELD_COUNT, slot * FIELD_COUNT + FIELD_COUNT);
			this.slotOf.set(this.names[to] as string, to);
		}
		this.forward = forward;
		this.forwardUsed = used;
		this.summary = summary;
		this.summaryUsed = summaryUsed;
		this.#trimForward();
		this.alive.fill(0, next);
		this.mark.fill(0, next);
		this.names.length = next;
		this.slots = next;
		this.dead = 0;
	}
}
