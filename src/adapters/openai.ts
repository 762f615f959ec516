/**
 * `tool-search/openai`: client-side `tool_search` for OpenAI. Responses API: a `tool_search` tool with
 * `execution: "client"` plus the catalogue as function tools with `defer_loading: true` (pinned
 * ones loaded), in `namespace` tools when `namespaceOf` gives namespaces; a `tool_search_call` is
 * answered with a `tool_search_output` of the tools found. Chat Completions has no deferral:
 * `chatCompletionTools()` is `tool_search` plus the active tools, sent anew each turn. Both share one
 * active set. Types only: nothing from `openai` is imported at run time; the shapes are checked
 * against the SDK's in the tests. A namespaced function keeps its catalogue name (the model calls
 * `{ namespace: "github", name: "github__create_issue" }`), so `name` alone identifies the tool.
 *
 * @example
 * ```ts
 * import { createOpenAIToolSearch } from "tool-search/openai";
 *
 * const search = createOpenAIToolSearch({ tools: myTools, pinned: ["read_file"] });
 * const response = await client.responses.create({ model, tools: search.tools(), input });
 * for (const item of response.output) {
 *   if (item.type === "tool_search_call") next.push(item, ...(await search.handleToolSearchCall(item)));
 *   if (item.type === "function_call") next.push((await search.guard(item)) ?? (await run(item)));
 * }
 * ```
 * @module
 */

import { createOpenAICatalog } from "./openai/catalog.js";
import { createChatCompletionsApi } from "./openai/chat.js";
import { createChatMetaApi } from "./openai/chat-meta.js";
import { createResponsesApi } from "./openai/responses.js";
import type { OpenAIToolSearch, OpenAIToolSearchOptions } from "./openai/types.js";

export type {
	OpenAIChatTool,
	OpenAIDeveloperMessage,
	OpenAIFunctionTool,
	OpenAIMetaToolsOptions,
	OpenAIResponsesTool,
	OpenAIToolSearch,
	OpenAIToolSearchItems,
	OpenAIToolSearchOptions,
	OpenAIToolSearchOutput,
} from "./openai/types.js";

/**
 * Creates client-side tool search for the OpenAI Responses and Chat Completions APIs over a fixed
 * catalogue. `planDiscovery` splits the catalogue (default mode `"all"`). Function tools go
 * out with `strict: false` (catalogue schemas are rarely strict-mode schemas); schemas are passed on
 * as given (one without `type` gets `type: "object"`), never mutated.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for malformed options (also from `planDiscovery` and
 * `createToolSearchTool`); `INVALID_TOOL` for a tool without a non-empty string name, named
 * `tool_search`, or whose schema is not an object schema; `DUPLICATE_TOOL` for two tools of one name.
 *
 * @example
 * ```ts
 * const search = createOpenAIToolSearch({ tools: catalog, namespaceOf: (tool) => serverOf(tool) });
 * await search.handleToolSearchCall({ call_id: "call_1", arguments: { query: "create issue" } });
 * // [{ type: "tool_search_output", call_id: "call_1", execution: "client", status: "completed",
 * //    tools: [{ type: "namespace", name: "github", description: "...", tools: [{ type: "function", name: "github__create_issue", ... }] }] }]
 * ```
 */
export function createOpenAIToolSearch(options: OpenAIToolSearchOptions): OpenAIToolSearch {
	const catalog = createOpenAICatalog(options);
	return {
		plan: catalog.plan,
		...createResponsesApi(catalog, options.declareDeferred),
		...(options.metaTools === undefined
			? createChatCompletionsApi(catalog)
			: createChatMetaApi(catalog, options.metaTools)),
		reportToolCall: (report) => catalog.search.reportToolCall(report),
		activeTools: catalog.active,
	};
}
