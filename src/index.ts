/**
 * `tool-search`: one `tool_search` tool that lets an agent carry hundreds to 100,000 tools without
 * their schemas in the prompt. The model searches; the matches are activated for its next call.
 *
 * @example
 * ```ts
 * import { createActiveToolSet, createToolSearchTool } from "tool-search";
 *
 * const host = createActiveToolSet({ tools: allMyTools, pinned: ["read", "bash"] });
 * const toolSearch = createToolSearchTool({ tools: host });
 * const result = await toolSearch.execute("call-1", { query: "create a github issue" });
 * console.log(result.content[0].text, host.getActiveTools());
 * ```
 * @module
 */

export type { Bm25Params, RankingRules, ToolSearchFieldName } from "./defaults.js";
// Defaults and errors.
export {
	DEFAULT_BM25_PARAMS,
	DEFAULT_FIELD_WEIGHTS,
	DEFAULT_INDEX_OPTIONS,
	DEFAULT_RANKING_RULES,
	DEFAULT_TOOL_SEARCH_LIMIT,
	TOOL_SEARCH_FIELDS,
	TOOL_SEARCH_TOOL_NAME,
} from "./defaults.js";
// Documents.
export { createToolSearchDocument } from "./document/create-tool-search-document.js";
export { resolveToolSearchFields } from "./document/resolve-fields.js";
export type { ToolSearchErrorCode } from "./errors.js";
export { ToolSearchError } from "./errors.js";
export type { ActiveToolSetOptions, InMemoryToolHost } from "./host/create-active-tool-set.js";
// Host boundary.
export { createActiveToolSet } from "./host/create-active-tool-set.js";
export type { ActiveToolSet, ToolCatalog, ToolHost } from "./host/types.js";
// Index and scoring.
export type { ExplainedField, ExplainedRule, ExplainedTerm, ToolSearchExplanation } from "./index/explain.js";
export { editDistance } from "./index/fuzzy.js";
export type { ResolvedToolSearchIndexOptions, ToolSearchIndexOptions } from "./index/index-options.js";
export type { IndexSearchResult, QueryTermInfo } from "./index/index-search.js";
export { CANDIDATE_POOL } from "./index/index-search.js";
export { bm25fFieldTf, bm25Idf, bm25PlusTermScore } from "./index/scoring.js";
export type { SerializedToolSearchIndex } from "./index/serialize.js";
export { INDEX_FORMAT_VERSION } from "./index/serialize.js";
export { BUILT_IN_SYNONYMS } from "./index/synonyms.js";
export type { IndexSearchOptions } from "./index/tool-search-index.js";
export { ToolSearchIndex } from "./index/tool-search-index.js";
// Host integration.
export type {
	DiscoveryMode,
	DiscoveryPlan,
	DiscoveryPolicy,
	NamespaceGroup,
	RenderToolSearchDescriptionOptions,
	ToolCallCheck,
	ToolCallCheckOptions,
	ToolSearchSource,
} from "./integration/index.js";
export {
	checkToolCall,
	coalesceByNamespace,
	DEFAULT_DISCOVERY_MAX_TOOLS,
	DEFAULT_MAX_TOOL_SUGGESTIONS,
	DEFAULT_SOURCE_LISTING_BUDGET_BYTES,
	DISCOVERY_MODES,
	estimateToolTokens,
	namespaceFromToolName,
	planDiscovery,
	renderToolSearchDescription,
	SOURCE_LISTING_HEADER,
} from "./integration/index.js";
export type { Bm25RankerStats, Bm25SearchOptions } from "./ranking/bm25-ranker.js";
// Rankers.
export { Bm25Ranker } from "./ranking/bm25-ranker.js";
export type { SerializedBm25Ranker } from "./ranking/bm25-ranker-snapshot.js";
export type { RankOutcome, RankWithFallbackOptions } from "./ranking/rank-with-fallback.js";
export { rankWithFallback } from "./ranking/rank-with-fallback.js";
export { getDefaultToolRanker, getToolRanker, registerToolRanker } from "./ranking/registry.js";
// Tokenizer.
export { tokenize } from "./tokenizer/tokenize.js";
export type { ToolSearchToolDefinition, ToolSearchToolOptions } from "./tool/create-tool-search-tool.js";
// The tool.
export { createToolSearchTool } from "./tool/create-tool-search-tool.js";
export { TOOL_SEARCH_DESCRIPTION } from "./tool/description.js";
export type {
	ToolSearchResultTool,
	ToolSearchTextContent,
	ToolSearchToolDetails,
	ToolSearchToolErrorDetails,
	ToolSearchToolFailure,
	ToolSearchToolResult,
	ToolSearchToolSuccess,
} from "./tool/format-result.js";
export { ABSTAINED_MESSAGE, NO_MATCH_MESSAGE, NO_TOOLS_MESSAGE } from "./tool/format-result.js";
export type { ToolSearchInput } from "./tool/tool-search-schema.js";
export { toolSearchSchema } from "./tool/tool-search-schema.js";
export type { ToolSearchInputValidation } from "./tool/validate-input.js";
export { validateToolSearchInput } from "./tool/validate-input.js";
// Shared types.
export type {
	JsonSchema,
	ToolInfo,
	ToolNamespace,
	ToolRanker,
	ToolRankOptions,
	ToolSearchDocument,
	ToolSearchFields,
	ToolSearchMatch,
} from "./types.js";
