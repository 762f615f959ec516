/**
 * `tool-search/ranking`: the ranking engine under `tool_search`, for hosts that tune, save or
 * explain rankings, or use the index without the tool.
 *
 * - {@link Bm25Ranker}: the default ranker (a {@link ToolSearchIndex} behind the `ToolRanker` call),
 *   kept current across calls, with `explain`, `toJSON` / `fromJSON` and `toBinary` / `fromBinary`
 *   for a warm start.
 * - {@link ToolSearchIndex}: the incremental BM25F+ index itself (add / update / remove one tool).
 * - {@link tokenize}: the tokenizer both use.
 * - The hybrid ranker's types (`createHybridRanker` itself is in `tool-search`) and
 *   {@link openAiCompatibleEmbedder}, an embedder for any OpenAI-compatible `/v1/embeddings` server.
 * - The options (`ToolSearchIndexOptions`) and their defaults, in one object.
 *
 * @example
 * ```ts
 * import { createToolSearchDocument, createToolSearchTool, createActiveToolSet } from "tool-search";
 * import { Bm25Ranker } from "tool-search/ranking";
 *
 * const ranker = new Bm25Ranker({ fieldWeights: { description: 2 }, glossary: { ticket: ["jira__create_issue"] } });
 * const toolSearch = createToolSearchTool({ tools: createActiveToolSet({ tools: allMyTools }), ranker });
 * ```
 * @module
 */

export type { Bm25Params, RankingRules, ToolSearchFieldName } from "./defaults.js";
export { DEFAULT_INDEX_OPTIONS, TOOL_SEARCH_FIELDS } from "./defaults.js";
export { BUILT_IN_CONCEPTS, type BuiltInConceptDomain } from "./index/concepts.js";
export type { ExplainedField, ExplainedRule, ExplainedTerm, ToolSearchExplanation } from "./index/explain.js";
export type { ResolvedToolSearchIndexOptions, ToolSearchIndexOptions } from "./index/index-options.js";
export type { IndexSearchResult, QueryTermInfo } from "./index/index-search.js";
export type { SerializedToolSearchIndex } from "./index/serialize.js";
export { BUILT_IN_SYNONYMS } from "./index/synonyms.js";
export type { IndexSearchOptions } from "./index/tool-search-index.js";
export { ToolSearchIndex } from "./index/tool-search-index.js";
export type { Bm25RankerStats, Bm25SearchOptions } from "./ranking/bm25-ranker.js";
export { Bm25Ranker } from "./ranking/bm25-ranker.js";
export type { SerializedBm25Ranker } from "./ranking/bm25-ranker-snapshot.js";
export type {
	EmbeddingProgress,
	HybridFusion,
	HybridRankerOptions,
} from "./ranking/hybrid/hybrid-options.js";
export type { SerializedHybridRanker } from "./ranking/hybrid/hybrid-snapshot.js";
export type {
	HybridPrepareOptions,
	HybridRanker,
	HybridRankerStats,
	HybridRankResult,
} from "./ranking/hybrid/hybrid-types.js";
export type { OpenAiCompatibleEmbedderOptions } from "./ranking/hybrid/openai-compatible-embedder.js";
export { openAiCompatibleEmbedder } from "./ranking/hybrid/openai-compatible-embedder.js";
export { loadRanker, saveRanker } from "./ranking/ranker-file.js";
export { tokenize } from "./tokenizer/tokenize.js";
