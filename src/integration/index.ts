/**
 * Host integration: the pieces every adapter shares (source listing in the description, namespace
 * coalescing, discovery policy, the guard for calls to unloaded tools). Not a public entry by
 * itself: `src/index.ts` re-exports it.
 */

export type { NamespaceGroup } from "./coalesce.js";
export { coalesceByNamespace } from "./coalesce.js";
export type { DiscoveryMode, DiscoveryPlan, DiscoveryPolicy } from "./discovery-policy.js";
export {
	DEFAULT_DISCOVERY_MAX_TOOLS,
	DISCOVERY_MODES,
	estimateToolTokens,
	namespaceFromToolName,
	planDiscovery,
} from "./discovery-policy.js";
export type { RenderToolSearchDescriptionOptions, ToolSearchSource } from "./source-listing.js";
export {
	DEFAULT_SOURCE_LISTING_BUDGET_BYTES,
	renderToolSearchDescription,
	SOURCE_LISTING_HEADER,
} from "./source-listing.js";
export type { ToolCallCheck, ToolCallCheckOptions } from "./unloaded-tool-guard.js";
export { checkToolCall, DEFAULT_MAX_TOOL_SUGGESTIONS } from "./unloaded-tool-guard.js";
