/**
 * The public types of a hybrid ranker: the ranker itself, what `rankDetailed` returns, its
 * counters and the options of `prepare`.
 */
import type { ToolRanker, ToolRankOptions, ToolSearchDocument, ToolSearchMatch } from "../../types.js";
import type { Embedder } from "./embedder.js";
import type { EmbeddingProgress } from "./hybrid-options.js";
import type { SerializedHybridRanker } from "./hybrid-snapshot.js";

/**
 * What {@link HybridRanker.rankDetailed} returns: the matches and which ranking they come from.
 *
 * @example
 * ```ts
 * const { matches, rankedBy, fallbackReason }: HybridRankResult = await ranker.rankDetailed("will it rain", documents, 5);
 * if (rankedBy === "bm25") console.warn(`embedder unavailable: ${fallbackReason}`);
 * ```
 */
export interface HybridRankResult {
	matches: ToolSearchMatch[];
	/** `"hybrid"`, or `"bm25"` when the embedder failed and BM25 alone answered. */
	rankedBy: "hybrid" | "bm25";
	/** Why the embedder was not used, when `rankedBy` is `"bm25"`. */
	fallbackReason?: string;
}

/**
 * What a hybrid ranker has done; for tests and monitoring.
 *
 * @example
 * ```ts
 * const { embedCalls, embeddedTools, queryCacheHits }: HybridRankerStats = ranker.stats;
 * ```
 */
export interface HybridRankerStats {
	/** `embed` calls made (tools and queries). */
	embedCalls: number;
	/** Tools embedded (each new or changed tool once). */
	embeddedTools: number;
	/** Queries embedded. */
	embeddedQueries: number;
	/** Queries whose embedding came from the query cache. */
	queryCacheHits: number;
	/** Tool embeddings taken from saved data. */
	loaded: number;
	/** Tool embeddings dropped because the embedder's id or vector length differs from the saved one. */
	discarded: number;
	/** Searches in which the embedder failed, timed out or returned bad vectors. */
	fallbacks: number;
}

/**
 * Options of {@link HybridRanker.prepare}.
 *
 * @example
 * ```ts
 * const options: HybridPrepareOptions = { signal: AbortSignal.timeout(60_000), onProgress: ({ embedded, total }) => log(embedded, total) };
 * await ranker.prepare(documents, options);
 * ```
 */
export interface HybridPrepareOptions {
	signal?: AbortSignal | undefined;
	onProgress?: ((progress: EmbeddingProgress) => void) | undefined;
}

/**
 * A `ToolRanker` fusing BM25 with embeddings; made by {@link createHybridRanker}.
 *
 * @example
 * ```ts
 * const ranker: HybridRanker = createHybridRanker({ embedder });
 * await ranker.prepare(documents); // embed the catalogue ahead of the first search
 * const matches = await ranker.rank("will it rain in Lisbon this weekend", documents, 5);
 * ```
 */
export interface HybridRanker extends ToolRanker {
	/** Reported as `ranked_by` in `tool_search` results. */
	readonly name: "hybrid";
	readonly embedder: Embedder;
	/** Counters of the work done. */
	readonly stats: Readonly<HybridRankerStats>;
	/**
	 * The best `limit` of `documents` for `query`, best first. Embeds the query (unless cached) and
	 * the tools not embedded yet. Rejects with `ABORTED` when `options.signal` fires. When the
	 * embedder fails, times out or returns unusable vectors, rejects with an `Error` saying so:
	 * `tool_search` then answers with BM25 and reports `ranked_by: "fallback"` and the reason in
	 * `fallback_reason`. Use {@link rankDetailed} to get BM25's matches instead of the error.
	 */
	rank(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): Promise<ToolSearchMatch[]>;
	/** {@link rank}, answering with BM25 alone (and saying why) when the embedder fails. */
	rankDetailed(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): Promise<HybridRankResult>;
	/**
	 * Embeds every tool of `documents` not embedded yet (and builds the BM25 index), so the first
	 * search does not wait for a large catalogue. Resolves to how many tools were embedded now and
	 * how many distinct tools there are. Rejects with `ABORTED` when `signal` fires (the batches
	 * finished so far stay cached) and with an `Error` when the embedder fails.
	 */
	prepare(
		documents: readonly ToolSearchDocument[],
		options?: HybridPrepareOptions,
	): Promise<{ embedded: number; total: number }>;
	/**
	 * The ranker as plain JSON: its BM25 ranker and the cached tool embeddings (with the embedder's
	 * id and the vector length). Pass it back as `createHybridRanker({ embedder, saved })`.
	 */
	toJSON(): SerializedHybridRanker;
}
