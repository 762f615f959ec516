/**
 * `tool-search/meta-tools`: a fixed surface of two tools, `tool_search` and `call_tool`, for hosts
 * and models that must declare the same tools on every turn (a prompt cache that must hold, Chat
 * Completions, gateways). Searches load tools into your active set and show their arguments;
 * `call_tool({ name, arguments })` checks the arguments against the tool's JSON Schema and runs your
 * executor. The OpenAI adapter (`metaTools`) and the MCP proxy (`mode: "meta-tools"`) use it.
 *
 * @example
 * ```ts
 * import { createActiveToolSet } from "tool-search";
 * import { createMetaTools } from "tool-search/meta-tools";
 *
 * const meta = createMetaTools({ tools: createActiveToolSet({ tools: catalog }), execute: runMyTool });
 * // declare meta.tools on every turn; route each call by name to meta.toolSearch or meta.callTool
 * ```
 * @module
 */

export { CALL_TOOL_NAME } from "./defaults.js";
export type { CallToolDetails, CallToolResult } from "./meta/call-tool.js";
export { CALL_TOOL_DESCRIPTION, type CallToolInput } from "./meta/call-tool-schema.js";
export {
	type CallToolDefinition,
	createMetaTools,
	type MetaTools,
	type MetaToolsOptions,
} from "./meta/create-meta-tools.js";
export { META_TOOL_SEARCH_DESCRIPTION } from "./meta/meta-search-result.js";
