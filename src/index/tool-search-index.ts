import { quote, ToolSearchError } from "../errors.js";
import type { ToolSearchDocument, ToolSearchMatch } from "../types.js";
import { createExpander } from "./expansion.js";
import { explainSlot, type ToolSearchExplanation } from "./explain.js";
import { computeAllImpacts } from "./impacts.js";
import {
	type ResolvedToolSearchIndexOptions,
	resolveIndexOptions,
	savedOptions,
	type ToolSearchIndexOptions,
} from "./index-options.js";
import { CANDIDATE_POOL, type IndexSearchResult, searchStore } from "./index-search.js";
import { documentName, type IndexSearchOptions, searchLimit } from "./index-search-options.js";
import { IndexStore } from "./index-store.js";
import { MAX_SCORE_FROM_PAIRS } from "./maxscore.js";
import { QueryGuard } from "./query-guard.js";
import { planQuery, QUERY_LIMITS, type TermExpander, TermPlanCache } from "./query-plan.js";
import { scoringContext } from "./scoring-context.js";
import { deserializeStore, type SerializedToolSearchIndex, serializeStore } from "./serialize.js";
import { storeFromBinary, storeToBinary } from "./serialize-binary.js";

export type { IndexSearchOptions } from "./index-search-options.js";

let storeOf: (index: ToolSearchIndex) => IndexStore;

/**
 * A weighted-field BM25+ (BM25F) inverted index over tool documents. Incremental: tools can be
 * added, removed and updated at any time; document frequencies and average field lengths stay
 * current and nothing is rebuilt.
 *
 * Scoring (DESIGN.md, "Scoring"): each distinct query term a tool matches contributes
 * `idf * ((k1 + 1) * tf / (k1 + tf) + delta)`, where `tf` sums the term's frequency in each field
 * times the field's weight divided by `1 - b + b * fieldLength / averageFieldLength`. On top of that,
 * a query equal to a tool's name or local name ranks the tool first; a tool matching more distinct
 * query terms ranks above one matching fewer; a tool whose local name appears in the query gets a
 * bonus, and so does one whose summary has consecutive query words next to each other. Scores are
 * lifted so that they descend in that order; ties break by name (code units).
 *
 * @example
 * ```ts
 * const index = new ToolSearchIndex();
 * index.add(createToolSearchDocument({ name: "github__create_issue", description: "Open a new issue" }));
 * index.search("open an issue", { limit: 5 }); // [{ name: "github__create_issue", score: 9.63… }]
 * ```
 */
export class ToolSearchIndex {
	/** The options in force, defaults filled in. */
	readonly options: ResolvedToolSearchIndexOptions;
	#store = new IndexStore();
	readonly #expand: TermExpander | undefined;
	/** Per-word query plans, reused while the index is unchanged. */
	readonly #plans = new TermPlanCache();
	/** Refuses a call back into this index from a running query's `exclude`. */
	readonly #guard = new QueryGuard();

	/** Throws `ToolSearchError` (`INVALID_OPTIONS`) for a bad option, quoting it. */
	constructor(options?: ToolSearchIndexOptions) {
		this.options = resolveIndexOptions(options);
		this.#expand = createExpander(this.options);
	}

	/** Number of tools in the index. */
	get size(): number {
		return this.#store.live;
	}

	/** Whether a tool of that name is indexed. */
	has(name: string): boolean {
		return this.#store.slotOfName(name) !== undefined;
	}

	/** Names of the indexed tools. */
	names(): string[] {
		return [...this.#store.slotOf.keys()];
	}

	/**
	 * Adds a tool. Throws `DUPLICATE_TOOL` when its name is indexed already (use {@link update}) and
	 * `INVALID_TOOL` when the document has no name. The document is read, never changed, and not
	 * kept: the index holds only what ranking needs (terms, lengths, the name).
	 */
	add(document: ToolSearchDocument): void {
		this.#guard.check("add");
		const name = documentName(document);
		if (this.#store.slotOfName(name) !== undefined) {
			throw new ToolSearchError(
				"DUPLICATE_TOOL",
				`tool ${quote(name)} is already indexed; use update() to replace it`,
			);
		}
		this.#store.insert(name, document);
	}

	/** Adds many tools, merging postings once at the end. Same errors as {@link add}; tools before a bad one stay. */
	addAll(documents: Iterable<ToolSearchDocument>): void {
		this.#guard.check("addAll");
		const store = this.#store;
		const deferred = store.deferMerge;
		store.deferMerge = true;
		if (!deferred && store.slots === 0) store.deferForward = true;
		if (Array.isArray(documents)) store.reserveMore(documents.length);
		try {
			for (const document of documents) this.add(document);
		} finally {
			store.deferMerge = deferred;
			if (!deferred) {
				store.finishBulk();
				computeAllImpacts(scoringContext(store, this.options));
			}
		}
	}

	/** Removes a tool; returns whether it was indexed. */
	remove(name: string): boolean {
		this.#guard.check("remove");
		const slot = this.#store.slotOfName(name);
		if (slot === undefined) return false;
		this.#store.delete(slot);
		return true;
	}

	/** Replaces the tool of the same name (adds it when absent). Costs that one tool. */
	update(document: ToolSearchDocument): void {
		this.#guard.check("update");
		const name = documentName(document);
		const slot = this.#store.slotOfName(name);
		if (slot !== undefined) this.#store.delete(slot);
		this.#store.insert(name, document);
	}

	/**
	 * Ranks the indexed tools for `query`: best first, at most `limit`, leaving out the tools `exclude` names.
	 * A query without any indexed term returns `[]`, and so does one whose only matching terms are
	 * generic (see `rules.abstain`). Throws `INVALID_OPTIONS` for a bad limit or `exclude`.
	 */
	search(query: string, options: IndexSearchOptions = {}): ToolSearchMatch[] {
		return this.#search(query, options, false).matches;
	}

	/**
	 * Like {@link search}, also saying how each query term fared (matched by some tool or not,
	 * generic or not) and whether the search abstained.
	 *
	 * @example
	 * ```ts
	 * const { matches, terms, abstained } = index.searchDetailed("book a flight");
	 * terms.filter((t) => !t.matched).map((t) => t.term); // ["book", "flight"] when no tool has them
	 * ```
	 */
	searchDetailed(query: string, options: IndexSearchOptions = {}): IndexSearchResult {
		return this.#search(query, options, true);
	}

	/** {@link searchDetailed}; without `details`, the result's `terms` is empty (`search` reads only the matches). */
	#search(query: string, options: IndexSearchOptions, details: boolean): IndexSearchResult {
		this.#guard.check("search");
		const limit = searchLimit(options);
		const plan = planQuery(
			this.#store,
			typeof query === "string" ? query : "",
			this.#expand,
			QUERY_LIMITS,
			this.options.rules.fillerWeight,
			this.#plans,
		);
		const { exclude } = options;
		// Without `exclude` nothing can call back mid-query: no guard, and no closure per query.
		const store = this.#store;
		const { options: resolved } = this;
		if (exclude === undefined)
			return searchStore(
				store,
				resolved,
				plan,
				limit,
				undefined,
				MAX_SCORE_FROM_PAIRS,
				CANDIDATE_POOL,
				true,
				details,
			);
		return this.#guard.run(exclude, () =>
			searchStore(store, resolved, plan, limit, exclude, MAX_SCORE_FROM_PAIRS, CANDIDATE_POOL, true, details),
		);
	}

	/**
	 * Why `name` scores what it scores for `query`: each query term's idf and weighted frequency
	 * per field, its contribution, and every rule applied (exact name, coverage, local-name bonus,
	 * synonym, typo correction). Its score is the one {@link search} gives the tool with the same
	 * `options` (the namespace boost is computed within the candidate pool, which grows with a
	 * `limit` past 100 and leaves out what `exclude` names). Throws `UNKNOWN_TOOL` when `name` is not
	 * indexed, `INVALID_OPTIONS` for a bad limit or `exclude`.
	 *
	 * @example
	 * ```ts
	 * const why = index.explain("open an issue", "github__create_issue");
	 * why.terms.map((t) => [t.term, t.score]); // [["open", 2.1], ["issue", 3.4]]
	 * index.explain("open an issue", "github__create_issue", { limit: 500 }).score; // as search(…, { limit: 500 })
	 * ```
	 */
	explain(query: string, name: string, options: IndexSearchOptions = {}): ToolSearchExplanation {
		this.#guard.check("explain");
		const limit = searchLimit(options);
		const slot = this.#store.slotOfName(name);
		if (slot === undefined) throw new ToolSearchError("UNKNOWN_TOOL", `tool ${quote(name)} is not indexed`);
		const text = typeof query === "string" ? query : "";
		const plan = planQuery(
			this.#store,
			text,
			this.#expand,
			QUERY_LIMITS,
			this.options.rules.fillerWeight,
			this.#plans,
		);
		const { exclude } = options;
		return this.#guard.run(exclude, () =>
			explainSlot(this.#store, this.options, plan, text, slot, limit, exclude),
		);
	}

	/**
	 * The index as plain JSON (typed arrays as base64) with a format version and the options it was
	 * built with; load it with {@link ToolSearchIndex.fromJSON}, much faster than re-indexing.
	 * Compacts the index first (no observable change).
	 *
	 * @example
	 * ```ts
	 * writeFileSync("index.json", JSON.stringify(index));
	 * const again = ToolSearchIndex.fromJSON(JSON.parse(readFileSync("index.json", "utf8")));
	 * ```
	 */
	toJSON(): SerializedToolSearchIndex {
		this.#guard.check("toJSON");
		return serializeStore(this.#store, this.options);
	}

	/**
	 * Loads an index saved with {@link toJSON}. Throws `INVALID_INDEX_DATA` for another format
	 * version, a damaged file, or — when `options` are given — options that differ from the saved
	 * ones (an index is only valid with the options it was built with).
	 */
	static fromJSON(data: unknown, options?: ToolSearchIndexOptions): ToolSearchIndex {
		const { store, options: saved } = deserializeStore(data);
		const restored = new ToolSearchIndex(savedOptions(saved, options));
		restored.#store = store;
		computeAllImpacts(scoringContext(store, restored.options));
		return restored;
	}

	/**
	 * The index as one compact binary snapshot (typed arrays in one buffer, little-endian, with a
	 * format version and a CRC-32 checksum against damage; DESIGN.md, "Index"): the same content as
	 * {@link toJSON}, smaller, and loaded by {@link ToolSearchIndex.fromBinary} without parsing.
	 * Compacts the index first (no observable change). Throws `INVALID_OPTIONS` on a big-endian
	 * platform.
	 *
	 * @example
	 * ```ts
	 * writeFileSync("index.bin", index.toBinary());
	 * const again = ToolSearchIndex.fromBinary(readFileSync("index.bin"));
	 * ```
	 */
	toBinary(): Uint8Array {
		this.#guard.check("toBinary");
		return storeToBinary(this.#store, this.options);
	}

	/**
	 * Loads an index saved with {@link toBinary}; as {@link ToolSearchIndex.fromJSON}, throws
	 * `INVALID_INDEX_DATA` for other data, another format version, damaged or truncated bytes, or —
	 * when `options` are given — options that differ from the saved ones. The loaded index may keep
	 * views of `bytes` instead of copies (never writing to them): do not change `bytes` afterwards.
	 * Each tool's term list and the cached impacts are computed on first use, not here. Throws
	 * `INVALID_OPTIONS` on a big-endian platform.
	 *
	 * @example
	 * ```ts
	 * const index = ToolSearchIndex.fromBinary(readFileSync("index.bin"), { bm25: { k1: 1.2 } });
	 * index.search("open an issue");
	 * ```
	 */
	static fromBinary(bytes: Uint8Array, options?: ToolSearchIndexOptions): ToolSearchIndex {
		const { store, options: saved } = storeFromBinary(bytes);
		const restored = new ToolSearchIndex(savedOptions(saved, options));
		restored.#store = store;
		return restored;
	}

	static {
		storeOf = (index) => index.#store;
	}
}

/**
 * The store behind `index`, for the engine's own modules (marks, tests of the internals). Not on
 * the class, so no internal type is reachable from `ToolSearchIndex`'s public members, and not
 * exported from the package entry.
 * @internal
 */
export function indexStore(index: ToolSearchIndex): IndexStore {
	return storeOf(index);
}
