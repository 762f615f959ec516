import { MIN_DEAD_TERMS_COMPACTED, TOOL_SEARCH_FIELDS } from "../defaults.js";
import { grow, grownCapacity, resize } from "../internal/grow.js";
import type { ToolSearchDocument } from "../types.js";
import { KeyMap } from "./key-map.js";
import { nameKeys } from "./name-keys.js";
import type { NameTable } from "./name-table.js";
import { Postings } from "./postings.js";
import { SlotLists } from "./slot-lists.js";
import { StoreInsert } from "./store-insert.js";
import { mergeStore } from "./store-merge.js";
import { forEachTerm, termSetsFromPostings } from "./term-set-bytes.js";
import { compactVocabulary, vocabularyNeedsCompaction } from "./vocabulary.js";

/** Number of fields; a slot's field lengths sit at `[slot * FIELD_COUNT, slot * FIELD_COUNT + FIELD_COUNT)`. */
export const FIELD_COUNT = TOOL_SEARCH_FIELDS.length;
export { MAX_FIELD_LENGTH, MAX_SUMMARY_TERMS } from "./store-insert.js";
export { nameKeys };

/** Name lookups a loaded store answers from its names' table before it makes its name → slot map. */
const TABLE_LOOKUPS = 1024;
/** Tail entries below which no merge happens. */
const MIN_MERGE_ENTRIES = 65_536;
/** Dead slots below which no compaction happens. */
const MIN_COMPACT_SLOTS = 1024;

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
	/** Terms of document frequency 0 (no live tool has them), and how many trigger a compaction. */
	deadTerms = 0;
	minDeadTerms = MIN_DEAD_TERMS_COMPACTED;
	/** Bumped when a compaction renumbers the terms (derived lookups such as prefix-index.ts rebuild). */
	vocabularyVersion = 0;
	/**
	 * Bumped by every change a query can see: a tool added or removed, slots renumbered by a merge
	 * (with `vocabularyVersion`, it keys caches of per-word query plans, query-plan.ts).
	 */
	revision = 0;
	// Slots.
	slots = 0;
	live = 0;
	dead = 0;
	/** Name → slot of the live tools; `undefined` after a binary load until first needed (see {@link slotOf}). */
	#slotOf: Map<string, number> | undefined = new Map();
	/** After a binary load, the names' table, until the store first changes or is asked much. */
	#nameTable: NameTable | undefined;
	/** Lookups the table answered: past {@link TABLE_LOOKUPS}, the map is made. */
	#tableLookups = 0;
	names: (string | undefined)[] = [];
	alive = new Uint8Array(64);
	fieldLength = new Uint16Array(64 * FIELD_COUNT);
	readonly totalLength = new Float64Array(FIELD_COUNT);
	// Forward index: a slot's distinct terms, to keep df current on removal.
	readonly #forward = new SlotLists(new Int32Array(64), new Uint8Array(1024));
	/**
	 * Set by a binary load or a bulk add into an empty index: the forward lists are the main
	 * segment's transpose, built on first use (every change reads them first).
	 */
	forwardPending = false;
	// Summary sequence: a slot's summary term ids in order (at most MAX_SUMMARY_TERMS), for proximity.
	readonly summary = new SlotLists(new Uint8Array(64), new Int32Array(1024));
	readonly keys = new KeyMap();
	readonly postings = new Postings();

	/**
	 * Name → slot of the live tools, for changes and full listings. After a binary load it is made
	 * here from the loaded table, on first use (lookups alone use {@link slotOfName}).
	 */
	get slotOf(): Map<string, number> {
		if (this.#slotOf === undefined) {
			const map = new Map<string, number>();
			for (let slot = 0; slot < this.slots; slot++)
				if (this.alive[slot] === 1) map.set(this.names[slot] as string, slot);
			this.#slotOf = map;
			this.#nameTable = undefined;
		}
		return this.#slotOf;
	}

	/**
	 * The slot of the live tool named `name`, if one is. After a binary load, the first
	 * {@link TABLE_LOOKUPS} are answered by the names' table without making the map; then the map is
	 * made (a `Map` keeps each name's hash; the table hashes the name in JavaScript every time, which
	 * costs more over a first call that checks 100,000 tools' fingerprints).
	 */
	slotOfName(name: string): number | undefined {
		if (this.#slotOf !== undefined) return this.#slotOf.get(name);
		if (++this.#tableLookups > TABLE_LOOKUPS) return this.slotOf.get(name);
		return this.#nameTable?.find(name);
	}

	/** The names' table a binary load installed, until the store first changes or is asked much. */
	get loadedNames(): NameTable | undefined {
		return this.#nameTable;
	}

	/**
	 * Installs a binary load's names, every slot live, found through `table` until the first change
	 * (which makes {@link slotOf} from them).
	 */
	loadNames(names: string[], table: NameTable): void {
		this.names = names;
		this.alive.fill(1, 0, names.length);
		this.slots = names.length;
		this.live = names.length;
		this.#slotOf = undefined;
		this.#nameTable = table;
		this.#tableLookups = 0;
	}
	/** While true, merges wait (bulk adds). */
	deferMerge = false;
	/**
	 * While true (a bulk add into an empty index), inserts write no forward lists: {@link finishBulk}
	 * derives every tool's from the merged postings in one transpose, cheaper than one sort and
	 * encoding per tool.
	 */
	deferForward = false;
	// Marks: the slots a ranker call may return.
	mark = new Uint32Array(64);
	epoch = 0;
	// Namespaces: id per slot (-1: none), for the namespace rule.
	readonly namespaceIds = new Map<string, number>();
	namespaceOf = new Int32Array(64).fill(-1);
	// Scratch.
	/** Indexes one tool (its reading and posting scratch). */
	readonly #inserter = new StoreInsert();
	score = new Float64Array(64);
	cover = new Uint16Array(64);
	termScore = new Float64Array(64);
	final = new Float64Array(64);
	/** Per slot, `±queryEpoch` once a search's `exclude` has kept (+) or left it out (-). */
	filterMark = new Int32Array(64);
	/** Per slot, `queryEpoch` while it is a MaxScore candidate. */
	candidate = new Int32Array(64);
	queryEpoch = 0;
	/** Merges done (tail folded into the main segment). */
	merges = 0;

	/** Each slot's distinct terms (after a binary load, built from the postings on first use). */
	get forward(): SlotLists<Int32Array, Uint8Array> {
		if (this.forwardPending) {
			this.forwardPending = false;
			const { offsets, docs, mainTerms } = this.postings;
			const lists = termSetsFromPostings(offsets, docs, mainTerms, this.slots);
			this.#forward.load(lists.start, lists.count, lists.values);
		}
		return this.#forward;
	}

	/** The id of `word` when some live tool has it (document frequency above 0), else `undefined`. */
	liveTermId(word: string): number | undefined {
		const id = this.termIds.get(word);
		return id !== undefined && (this.df[id] as number) > 0 ? id : undefined;
	}

	/** Makes room for `terms` terms and `slots` slots (used when loading a saved index). */
	reserve(terms: number, slots: number): void {
		this.df = grow(this.df, terms);
		if (slots > this.alive.length) this.#resizeSlots(slots);
	}

	termId(term: string): number {
		let id = this.termIds.get(term);
		if (id === undefined) {
			id = this.terms.length;
			this.termIds.set(term, id);
			this.terms.push(term);
			if (id >= this.df.length) this.df = grow(this.df, id + 1);
		}
		return id;
	}

	/**
	 * Makes room for `count` more tools at once (a bulk add of a known number): every per-tool array
	 * sized exactly, instead of doubled step by step (at 100k tools, 131,072 slots and ≈ 9 MB of
	 * copies otherwise).
	 */
	reserveMore(count: number): void {
		const size = this.slots + count;
		if (size > this.alive.length) this.#resizeSlots(size);
		this.keys.reserveSlots(size);
	}

	#ensureSlots(size: number): void {
		if (size <= this.alive.length) return;
		this.#resizeSlots(grownCapacity(this.alive.length, size));
	}

	/** Gives every per-tool array room for `capacity` slots. */
	#resizeSlots(capacity: number): void {
		this.alive = resize(this.alive, capacity);
		this.fieldLength = resize(this.fieldLength, capacity * FIELD_COUNT);
		this.#forward.reserveSlots(capacity);
		this.summary.reserveSlots(capacity);
		this.mark = resize(this.mark, capacity);
		const namespaces = this.namespaceOf.length;
		this.namespaceOf = resize(this.namespaceOf, capacity);
		this.namespaceOf.fill(-1, namespaces);
		this.score = resize(this.score, capacity);
		this.cover = resize(this.cover, capacity);
		this.termScore = resize(this.termScore, capacity);
		this.final = resize(this.final, capacity);
		this.filterMark = resize(this.filterMark, capacity);
		this.candidate = resize(this.candidate, capacity);
	}

	/** Indexes `document` under `name` in a new slot. The caller checked the name is free. */
	insert(name: string, document: ToolSearchDocument): void {
		this.revision++;
		const slot = this.slots++;
		this.#ensureSlots(this.slots);
		const namespace = this.#inserter.insert(this, name, document, slot);
		this.namespaceOf[slot] = this.#namespaceId(namespace);
		this.names[slot] = name;
		this.alive[slot] = 1;
		this.slotOf.set(name, slot);
		this.live++;
		if (!this.deferMerge) this.maybeMerge();
	}

	/** The id of a namespace (`-1`: none), numbered now when new. */
	#namespaceId(namespace: string): number {
		const key = namespace.trim().toLowerCase();
		if (key === "") return -1;
		let id = this.namespaceIds.get(key);
		if (id === undefined) {
			id = this.namespaceIds.size;
			this.namespaceIds.set(key, id);
		}
		return id;
	}

	/** Removes the tool in `slot`: its terms' document frequencies and its field lengths drop out. */
	delete(slot: number): void {
		this.revision++;
		const name = this.names[slot] as string;
		this.slotOf.delete(name);
		this.alive[slot] = 0;
		const { start, count, values } = this.forward;
		const from = start[slot] as number;
		const df = this.df;
		let died = 0;
		forEachTerm(values, from, from + (count[slot] as number), (term) => {
			const left = (df[term] as number) - 1;
			df[term] = left;
			if (left === 0) died++;
		});
		this.deadTerms += died;
		for (let f = 0; f < FIELD_COUNT; f++) {
			this.totalLength[f] =
				(this.totalLength[f] as number) - (this.fieldLength[slot * FIELD_COUNT + f] as number);
		}
		this.keys.deleteSlot(slot);
		this.names[slot] = undefined;
		this.live--;
		this.dead++;
		if (this.deferMerge) return;
		if (vocabularyNeedsCompaction(this, this.minDeadTerms)) compactVocabulary(this);
		else if (this.dead > MIN_COMPACT_SLOTS && this.dead > this.live) this.merge();
	}

	/**
	 * Ends a bulk add: merges; forward lists deferred by {@link deferForward} are then the main
	 * segment's transpose, built on first use as after a binary load (an index that is only searched
	 * never builds them; the first change pays ≈ 0.1–0.2 s at 100k tools).
	 */
	finishBulk(): void {
		this.maybeMerge();
		if (!this.deferForward) return;
		// Every posting is in the main segment now: the index was empty when the bulk add began.
		this.forwardPending = true;
		this.deferForward = false;
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

	/** Folds the tail into the main segment and, when slots died, renumbers the live ones in order. */
	merge(): void {
		mergeStore(this, FIELD_COUNT);
	}
}
