import { TOOL_SEARCH_FIELDS, type ToolSearchFieldName } from "../defaults.js";
import { resolveToolSearchFields } from "../document/resolve-fields.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type { ToolSearchDocument } from "../types.js";
import { KeyMap } from "./key-map.js";
import { Postings, packMeta } from "./postings.js";

/** Number of fields; a slot's field lengths sit at `[slot * FIELD_COUNT, slot * FIELD_COUNT + FIELD_COUNT)`. */
export const FIELD_COUNT = TOOL_SEARCH_FIELDS.length;
const NAME_FIELD = TOOL_SEARCH_FIELDS.indexOf("name");
const LOCAL_NAME_FIELD = TOOL_SEARCH_FIELDS.indexOf("localName");
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
	documents: (ToolSearchDocument | undefined)[] = [];
	nameKeys: (string | undefined)[] = [];
	localKeys: (string | undefined)[] = [];
	alive = new Uint8Array(64);
	fieldLength = new Uint32Array(64 * FIELD_COUNT);
	readonly totalLength = new Float64Array(FIELD_COUNT);
	// Forward index: a slot's distinct terms, to keep df current on removal.
	forward = new Int32Array(1024);
	forwardUsed = 0;
	forwardStart = new Int32Array(64);
	forwardCount = new Int32Array(64);
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
	score = new Float64Array(64);
	cover = new Uint16Array(64);
	matchedIdf = new Float64Array(64);
	termScore = new Float64Array(64);
	termUnit = new Float64Array(64);
	/** Merges done (tail folded into the main segment). */
	merges = 0;

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
		this.mark = grow(this.mark, capacity);
		const namespaces = this.namespaceOf.length;
		this.namespaceOf = grow(this.namespaceOf, capacity);
		this.namespaceOf.fill(-1, namespaces);
		this.score = grow(this.score, capacity);
		this.cover = grow(this.cover, capacity);
		this.matchedIdf = grow(this.matchedIdf, capacity);
		this.termScore = grow(this.termScore, capacity);
		this.termUnit = grow(this.termUnit, capacity);
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
		const docTerms: number[] = [];
		const tf: number[] = [];
		let nameKey = "";
		let localKey = "";
		for (let f = 0; f < FIELD_COUNT; f++) {
			const tokens = tokenize(fields[TOOL_SEARCH_FIELDS[f] as ToolSearchFieldName]);
			if (f === NAME_FIELD) nameKey = tokens.join(" ");
			else if (f === LOCAL_NAME_FIELD) localKey = tokens.join(" ");
			this.fieldLength[slot * FIELD_COUNT + f] = tokens.length;
			this.totalLength[f] = (this.totalLength[f] as number) + tokens.length;
			for (const token of tokens) {
				const term = this.termId(token);
				if (this.#stamp[term] !== stampValue) {
					this.#stamp[term] = stampValue;
					this.#row[term] = docTerms.length;
					docTerms.push(term);
					for (let g = 0; g < FIELD_COUNT; g++) tf.push(0);
				}
				const at = (this.#row[term] as number) * FIELD_COUNT + f;
				tf[at] = (tf[at] as number) + 1;
			}
		}
		this.forward = grow(this.forward, this.forwardUsed + docTerms.length);
		this.forwardStart[slot] = this.forwardUsed;
		this.forwardCount[slot] = docTerms.length;
		for (let i = 0; i < docTerms.length; i++) {
			const term = docTerms[i] as number;
			this.forward[this.forwardUsed++] = term;
			this.df[term] = (this.df[term] as number) + 1;
			for (let f = 0; f < FIELD_COUNT; f++) {
				const count = tf[i * FIELD_COUNT + f] as number;
				if (count > 0) this.postings.append(term, slot, packMeta(f, count));
			}
		}
		this.keys.add(nameKey, slot);
		if (localKey !== nameKey) this.keys.add(localKey, slot);
		this.names[slot] = name;
		this.documents[slot] = document;
		this.nameKeys[slot] = nameKey;
		this.localKeys[slot] = localKey;
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
		const nameKey = this.nameKeys[slot] as string;
		const localKey = this.localKeys[slot] as string;
		this.keys.delete(nameKey, slot);
		if (localKey !== nameKey) this.keys.delete(localKey, slot);
		this.names[slot] = undefined;
		this.documents[slot] = undefined;
		this.nameKeys[slot] = undefined;
		this.localKeys[slot] = undefined;
		this.live--;
		this.dead++;
		if (!this.deferMerge && this.dead > MIN_COMPACT_SLOTS && this.dead > this.live) this.merge();
	}

	/** Merges the tail when it has grown past a quarter of the main segment (amortised O(1) per entry). */
	maybeMerge(): void {
		const { tailEntries, mainEntries } = this.postings;
		if (tailEntries > MIN_MERGE_ENTRIES && tailEntries > mainEntries / 4) this.merge();
		else if (this.dead > MIN_COMPACT_SLOTS && this.dead > this.live) this.merge();
	}

	/** Folds the tail into the main segment and, when slots died, renumbers the live ones in order. */
	merge(): void {
		this.merges++;
		if (this.dead === 0) {
			this.postings.merge(this.terms.length, undefined);
			return;
		}
		const remap = new Int32Array(this.slots);
		let next = 0;
		for (let slot = 0; slot < this.slots; slot++) remap[slot] = this.alive[slot] === 1 ? next++ : -1;
		this.postings.merge(this.terms.length, remap);
		this.keys.remap(remap);
		const forward = new Int32Array(Math.max(1024, this.forwardUsed));
		let used = 0;
		for (let slot = 0; slot < this.slots; slot++) {
			const to = remap[slot] as number;
			if (to < 0) continue;
			const start = this.forwardStart[slot] as number;
			const count = this.forwardCount[slot] as number;
			forward.set(this.forward.subarray(start, start + count), used);
			this.forwardStart[to] = used;
			this.forwardCount[to] = count;
			used += count;
			this.names[to] = this.names[slot];
			this.documents[to] = this.documents[slot];
			this.nameKeys[to] = this.nameKeys[slot];
			this.localKeys[to] = this.localKeys[slot];
			this.alive[to] = 1;
			this.mark[to] = this.mark[slot] as number;
			this.namespaceOf[to] = this.namespaceOf[slot] as number;
			this.fieldLength.copyWithin(to * FIELD_COUNT, slot * FIELD_COUNT, slot * FIELD_COUNT + FIELD_COUNT);
			this.slotOf.set(this.names[to] as string, to);
		}
		this.forward = forward;
		this.forwardUsed = used;
		this.alive.fill(0, next);
		this.mark.fill(0, next);
		this.names.length = next;
		this.documents.length = next;
		this.nameKeys.length = next;
		this.localKeys.length = next;
		this.slots = next;
		this.dead = 0;
	}
}
