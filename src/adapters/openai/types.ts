/**
 * The wire types of `tool-search/openai`: Responses and Chat Completions tools and items as the
 * adapter emits and reads them (structurally the `openai` SDK's), its options and what it returns.
 * Types only; `src/adapters/openai.ts` re-exports the public ones.
 */
import type { DiscoveryPlan } from "../../integration/index.js";
import type { ToolCallReport } from "../../pipeline/discovery-types.js";
import type { ToolInfo, ToolNamespace } from "../../types.js";
import type { ObjectSchema, ProviderToolSearchOptions } from "../shared/provider-catalog.js";

/**
 * A Responses function tool: the SDK's `FunctionTool`, and `NamespaceTool.Function` in a namespace.
 *
 * @example
 * ```ts
 * const tool: OpenAIFunctionTool = { type: "function", name: "read_file", parameters: { type: "object" }, strict: false };
 * ```
 */
export interface OpenAIFunctionTool {
	type: "function";
	name: string;
	description?: string;
	parameters: ObjectSchema;
	strict: boolean;
	defer_loading?: boolean;
}

/** A Responses namespace tool (the SDK's `NamespaceTool`). */
export interface NamespaceTool {
	type: "namespace";
	name: string;
	description: string;
	tools: OpenAIFunctionTool[];
}

/** The client-executed `tool_search` tool of the Responses API (the SDK's `ToolSearchTool`). */
export interface OpenAISearchTool {
	type: "tool_search";
	execution: "client";
	description: string;
	parameters: ObjectSchema;
}

/**
 * A Responses tool as the adapter emits it: the client `tool_search` (the SDK's `ToolSearchTool`), a
 * function tool, or a namespace of function tools.
 *
 * @example
 * ```ts
 * const tools: OpenAIResponsesTool[] = search.tools(); // assignable to OpenAI.Responses.Tool[]
 * ```
 */
export type OpenAIResponsesTool = OpenAISearchTool | OpenAIFunctionTool | NamespaceTool;

/**
 * The answer to a `tool_search_call` (the SDK's `ResponseToolSearchOutputItemParam`). `status` is
 * `"incomplete"` when the call's arguments were bad (the item has no field for a reason: see
 * {@link OpenAIToolSearch.handleToolSearchCall}).
 *
 * @example
 * ```ts
 * const output: OpenAIToolSearchOutput = { type: "tool_search_output", call_id: "c1", execution: "client", status: "completed", tools: [] };
 * ```
 */
export interface OpenAIToolSearchOutput {
	type: "tool_search_output";
	call_id: string | null;
	execution: "client";
	status: "completed" | "incomplete";
	tools: (OpenAIFunctionTool | NamespaceTool)[];
}

/**
 * A developer message (the SDK's `EasyInputMessage`): how the reason for a bad `tool_search_call`
 * reaches the model, since a `tool_search_output` item carries no text.
 *
 * @example
 * ```ts
 * const note: OpenAIDeveloperMessage = { type: "message", role: "developer", content: "tool_search: query must not be empty ..." };
 * ```
 */
export interface OpenAIDeveloperMessage {
	type: "message";
	role: "developer";
	content: string;
}

/**
 * The input items answering one `tool_search_call`: the output, then, for bad arguments, a developer
 * message with the reason and a corrected call for the model to read (or, for a search with notes,
 * the notes: unknown `select:` names, tools the budget unloaded, servers still connecting).
 *
 * @example
 * ```ts
 * const items: OpenAIToolSearchItems = await search.handleToolSearchCall(item);
 * input.push(item, ...items);
 * ```
 */
export type OpenAIToolSearchItems =
	| [OpenAIToolSearchOutput]
	| [OpenAIToolSearchOutput, OpenAIDeveloperMessage];

/**
 * A Chat Completions function tool (the SDK's `ChatCompletionFunctionTool`).
 *
 * @example
 * ```ts
 * const tool: OpenAIChatTool = { type: "function", function: { name: "read_file", parameters: { type: "object" } } };
 * ```
 */
export interface OpenAIChatTool {
	type: "function";
	function: { name: string; description?: string; parameters: ObjectSchema };
}

/** A `function_call_output` item (the SDK's `ResponseInputItem.FunctionCallOutput`). */
export type FunctionCallOutput = { type: "function_call_output"; call_id: string; output: string };
/** A Chat Completions tool message (the SDK's `ChatCompletionToolMessageParam`). */
export type ChatToolMessage = { role: "tool"; tool_call_id: string; content: string };
/** Per-call options: the caller's cancellation, and the call's context for the rankers and gates. */
export type CallOptions = { signal?: AbortSignal | undefined; ctx?: unknown };

/**
 * The meta-tools mode of Chat Completions ({@link OpenAIToolSearchOptions.metaTools}): how to run a
 * tool `call_tool` accepted.
 *
 * @example
 * ```ts
 * const metaTools: OpenAIMetaToolsOptions = { execute: (name, args) => runMyTool(name, args) };
 * ```
 */
export interface OpenAIMetaToolsOptions {
	/**
	 * Runs a loaded tool whose arguments fit its schema. A string return is the tool message as it
	 * is; MCP-style text parts are joined; anything else is sent as JSON. What it throws becomes an
	 * error message for the model.
	 */
	execute(
		name: string,
		args: Record<string, unknown>,
		options: { toolCallId: string; signal?: AbortSignal | undefined },
	): unknown;
}

/**
 * Options of {@link createOpenAIToolSearch}.
 *
 * @example
 * ```ts
 * const options: OpenAIToolSearchOptions = { tools, pinned: ["read_file"], namespaceOf: (tool) => serverOf(tool) };
 * ```
 */
export interface OpenAIToolSearchOptions extends ProviderToolSearchOptions {
	/** The whole catalogue. The schema is read from `parameters`, else `inputSchema`, else `input_schema`. */
	tools: readonly (ToolInfo & { input_schema?: unknown })[];
	/** A tool's namespace: searched with the tool, and the `namespace` it is sent in. @defaultValue none */
	namespaceOf?: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	/**
	 * Whether `tools()` declares the deferred tools. With `false`, found tools reach the model through
	 * `tool_search_output` alone (as in Codex), for catalogues too big to declare. @defaultValue `true`
	 */
	declareDeferred?: boolean | undefined;
	/**
	 * Chat Completions in the meta-tools mode: `chatCompletionTools()` is always the same two tools,
	 * `tool_search` and `call_tool`; searches show the loaded tools' arguments, and
	 * `handleChatToolCall` runs `call_tool` through `execute` after checking the arguments against
	 * the tool's schema (it answers every call, so nothing is left for you to run). The Responses
	 * side is unchanged. @defaultValue none: found tools are declared as they load
	 */
	metaTools?: OpenAIMetaToolsOptions | undefined;
}

/**
 * What {@link createOpenAIToolSearch} returns. Inputs are the SDK's items (only the fields named are read).
 *
 * @example
 * ```ts
 * const search: OpenAIToolSearch = createOpenAIToolSearch({ tools });
 * ```
 */
export interface OpenAIToolSearch {
	/** How the catalogue was split, with a one-line `reason`. */
	readonly plan: DiscoveryPlan;
	/** Responses `tools`: `tool_search`, the loaded tools, then the deferred ones. The same every call. */
	tools(): OpenAIResponsesTool[];
	/**
	 * Answers a client-executed `tool_search_call` with the input items for the next request: the
	 * `tool_search_output` with the tools found (deferred function tools in their namespaces, best
	 * first; none when nothing matched). For bad arguments (an empty query, JSON that does not parse),
	 * the output has no tools and `status: "incomplete"`, and a developer message follows with the
	 * reason and a correct call, since the output item has no field the model could read it from.
	 * A search with something to say besides its tools (`select:` names not found, tools unloaded by
	 * the active-set budget, servers still connecting) is followed by a developer message too.
	 * @throws {ToolSearchError} `INVALID_OPTIONS` for a call that is not an object or is server-executed.
	 */
	handleToolSearchCall(
		call: {
			type?: "tool_search_call" | undefined;
			call_id?: string | null | undefined;
			arguments: unknown;
			execution?: "server" | "client" | undefined;
		},
		options?: CallOptions,
	): Promise<OpenAIToolSearchItems>;
	/**
	 * Responses: `undefined` when the called function is loaded (run it), else a
	 * `function_call_output` error: not loaded, unknown (with close names), or not available right
	 * now (the `isAvailable` gate, asked with `ctx`, refuses it: a stale call). Refusals are
	 * reported to `onTrace`.
	 */
	guard(
		call: { type?: "function_call" | undefined; call_id: string; name: string },
		options?: Pick<CallOptions, "ctx">,
	): Promise<FunctionCallOutput | undefined>;
	/** Chat Completions `tools`: `tool_search`, then the active tools. Grows as searches load tools. */
	chatCompletionTools(): OpenAIChatTool[];
	/**
	 * Chat Completions: the tool message answering a `tool_search` call, or refusing a call to a tool
	 * that is not loaded; `undefined` for a loaded tool (run it).
	 */
	handleChatToolCall(
		call: { type?: "function" | undefined; id: string; function: { name: string; arguments: string } },
		options?: CallOptions,
	): Promise<ChatToolMessage | undefined>;
	/**
	 * Reports the outcome of a call you ran (`ok` or `error`), linked in the traces to the
	 * `tool_search` call that loaded the tool; returns its `discovery_id`.
	 */
	reportToolCall(report: ToolCallReport): string | undefined;
	/** Loaded tools: `tool_search`, the pinned ones, then those searches found. */
	activeTools(): string[];
}
