/**
 * `tool-search`: one `tool_search` tool that lets an agent carry hundreds to 100,000 tools without
 * their schemas in the prompt. The model searches; the matches are activated for its next call.
 *
 * This entry holds what a host needs: the tool, the host boundary, the discovery policy, the guard
 * for calls to unloaded tools, search documents and the ranker registry. The ranking engine
 * (`Bm25Ranker`, `ToolSearchIndex`, the tokenizer, tuning options) is in `tool-search/ranking`; the
 * discovery pipeline's types, trace writer and `evaluateTraces` in `tool-search/pipeline`; each host
 * adapter has its own entry (`tool-search/pi`, `/ai-sdk`, `/mcp`, `/anthropic`, `/openai`).
 *
 * @example
 * ```ts
 * import { checkToolCall, createActiveToolSet, createToolSearchTool } from "tool-search";
 *
 * const host = createActiveToolSet({ tools: allMyTools });
 * const toolSearch = createToolSearchTool({ tools: host, policy: { mode: "all", pinned: ["read_file"] } });
 * const result = await toolSearch.execute("call-1", { query: "create a github issue" });
 * console.log(result.content[0].text, host.getActiveTools());
 * checkToolCall("github__create_issue", host).status; // "active": the search loaded it
 * ```
 * @module
 */

export { TOOL_SEARCH_TOOL_NAME } from "./defaults.js";
// Search documents: what a ranker reads.
export { createToolSearchDocument } from "./document/create-tool-search-document.js";
export type { ToolSearchErrorCode } from "./errors.js";
export { ToolSearchError } from "./errors.js";
// The host boundary.
export type { ActiveToolSetOptions, InMemoryToolHost } from "./host/create-active-tool-set.js";
export { createActiveToolSet } from "./host/create-active-tool-set.js";
export type { ActiveToolSet, ToolCatalog, ToolHost } from "./host/types.js";
// Discovery: which tools wait behind tool_search, what the model is told, calls to unloaded tools.
export type { DiscoveryMode, DiscoveryPlan, DiscoveryPolicy } from "./integration/discovery-policy.js";
export { namespaceFromToolName, planDiscovery } from "./integration/discovery-policy.js";
export type { RenderToolSearchDescriptionOptions, ToolSearchSource } from "./integration/source-listing.js";
export { renderToolSearchDescription } from "./integration/source-listing.js";
export type { ToolCallCheck, ToolCallCheckOptions } from "./integration/unloaded-tool-guard.js";
export { checkToolCall } from "./integration/unloaded-tool-guard.js";
// Swapping the ranker; hybrid ranking with any embedder (options and adapters in `tool-search/ranking`).
export type { Embedder } from "./ranking/hybrid/embedder.js";
export { createHybridRanker } from "./ranking/hybrid/hybrid-ranker.js";
export { getToolRanker, registerToolRanker } from "./ranking/registry.js";
// The tool.
export type { ToolSearchToolDefinition, ToolSearchToolOptions } from "./tool/create-tool-search-tool.js";
export { createToolSearchTool } from "./tool/create-tool-search-tool.js";
export { TOOL_SEARCH_DESCRIPTION } from "./tool/description.js";
export type {
	ToolSearchResultTool,
	ToolSearchToolDetails,
	ToolSearchToolResult,
} from "./tool/format-result.js";
export type { ToolSearchInput } from "./tool/tool-search-schema.js";
// Shared types.
export type {
	ToolInfo,
	ToolNamespace,
	ToolRanker,
	ToolRankOptions,
	ToolSearchDocument,
	ToolSearchFields,
	ToolSearchMatch,
} from "./types.js";
