/**
 * `tool-search/openai`: client-side `tool_search` for OpenAI. Responses API: a `tool_search` tool with
 * `execution: "client"` plus the catalogue as function tools with `defer_loading: true` (essential
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
 * const search = createOpenAIToolSearch({ tools: myTools, essential: ["read_file"] });
 * const response = await client.responses.create({ model, tools: search.tools(), input });
 * for (const item of response.output) {
 *   if (item.type === "tool_search_call") next.push(await search.handleToolSearchCall(item));
 *   if (item.type === "function_call") next.push(search.guard(item) ?? (await run(item)));
 * }
 * ```
 * @module
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { createActiveToolSet } from "../host/create-active-tool-set.js";
import {
	checkToolCall,
	coalesceByNamespace,
	type DiscoveryPlan,
	type DiscoveryPolicy,
	planDiscovery,
} from "../integration/index.js";
import { createToolSearchTool } from "../tool/create-tool-search-tool.js";
import { toolSearchSchema } from "../tool/tool-search-schema.js";
import type { ToolInfo, ToolNamespace, ToolRanker } from "../types.js";

/** A JSON Schema of `type: "object"`. */
interface ObjectSchema {
	type: "object";
	[key: string]: unknown;
}

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
interface NamespaceTool {
	type: "namespace";
	name: string;
	description: string;
	tools: OpenAIFunctionTool[];
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
export type OpenAIResponsesTool =
	| { type: "tool_search"; execution: "client"; description: string; parameters: ObjectSchema }
	| OpenAIFunctionTool
	| NamespaceTool;

/**
 * The answer to a `tool_search_call` (the SDK's `ResponseToolSearchOutputItemParam`).
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
	status: "completed";
	tools: (OpenAIFunctionTool | NamespaceTool)[];
}

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
type FunctionCallOutput = { type: "function_call_output"; call_id: string; output: string };
/** A Chat Completions tool message (the SDK's `ChatCompletionToolMessageParam`). */
type ChatToolMessage = { role: "tool"; tool_call_id: string; content: string };
/** Per-call options: the caller's cancellation. */
type CallOptions = { signal?: AbortSignal | undefined };

/**
 * Options of {@link createOpenAIToolSearch}.
 *
 * @example
 * ```ts
 * const options: OpenAIToolSearchOptions = { tools, essential: ["read_file"], namespaceOf: (tool) => serverOf(tool) };
 * ```
 */
export interface OpenAIToolSearchOptions {
	/** The whole catalogue. The schema is read from `parameters`, else `inputSchema`, else `input_schema`. */
	tools: readonly (ToolInfo & { input_schema?: unknown })[];
	/** Names of tools never deferred (added to `policy.essential`). @defaultValue `[]` */
	essential?: readonly string[] | undefined;
	/** Which tools to defer. @defaultValue `{ mode: "all" }`: every tool but the essential ones */
	policy?: DiscoveryPolicy | undefined;
	/** A tool's namespace: searched with the tool, and the `namespace` it is sent in. @defaultValue none */
	namespaceOf?: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	/** The ranker. @defaultValue the ranker in force at each call */
	ranker?: ToolRanker | undefined;
	/** Tools a search finds when the model gives no `limit`. @defaultValue 8 */
	defaultLimit?: number | undefined;
	/** The `tool_search` description, e.g. from `renderToolSearchDescription`. @defaultValue `TOOL_SEARCH_DESCRIPTION` */
	description?: string | undefined;
	/** Let a call to a tool no search loaded run (and load it) instead of failing. @defaultValue `false` */
	autoActivate?: boolean | undefined;
	/**
	 * Whether `tools()` declares the deferred tools. With `false`, found tools reach the model through
	 * `tool_search_output` alone (as in Codex), for catalogues too big to declare. @defaultValue `true`
	 */
	declareDeferred?: boolean | undefined;
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
	 * Answers a client-executed `tool_search_call` with the tools found, as deferred function tools in
	 * their namespaces, best first. Bad arguments and no match give an output without tools.
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
	): Promise<OpenAIToolSearchOutput>;
	/** Responses: `undefined` when the called function is loaded (run it), else a `function_call_output` error. */
	guard(call: {
		type?: "function_call" | undefined;
		call_id: string;
		name: string;
	}): FunctionCallOutput | undefined;
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
	/** Loaded tools: `tool_search`, the essential ones, then those searches found. */
	activeTools(): string[];
}

function fail(code: "INVALID_OPTIONS" | "INVALID_TOOL", message: string): never {
	throw new ToolSearchError(code, message);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Model arguments: JSON text is parsed; text that is not JSON is passed on, for the error message. */
function parseArguments(value: unknown): unknown {
	if (typeof value !== "string") return value;
	try {
		return JSON.parse(value);
	} catch {
		return value;
	}
}

/**
 * Creates client-side tool search for the OpenAI Responses and Chat Completions APIs over a fixed
 * catalogue. {@link planDiscovery} splits the catalogue (default mode `"all"`). Function tools go
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
 * // { type: "tool_search_output", call_id: "call_1", execution: "client", status: "completed",
 * //   tools: [{ type: "namespace", name: "github", description: "...", tools: [{ type: "function", name: "github__create_issue", ... }] }] }
 * ```
 */
export function createOpenAIToolSearch(options: OpenAIToolSearchOptions): OpenAIToolSearch {
	if (!isObject(options as unknown))
		fail("INVALID_OPTIONS", `options must be an object, got ${quote(options)}`);
	const { tools, essential, policy, namespaceOf, autoActivate, declareDeferred } = options;
	if (!Array.isArray(tools)) fail("INVALID_OPTIONS", `tools must be an array of tools, got ${quote(tools)}`);
	if (essential !== undefined && !Array.isArray(essential)) {
		fail("INVALID_OPTIONS", `essential must be an array of tool names, got ${quote(essential)}`);
	}
	if (policy !== undefined && !isObject(policy as unknown)) {
		fail("INVALID_OPTIONS", `policy must be an object, got ${quote(policy)}`);
	}
	for (const [key, value] of Object.entries({ autoActivate, declareDeferred })) {
		if (value !== undefined && typeof value !== "boolean") {
			fail("INVALID_OPTIONS", `${key} must be a boolean, got ${quote(value)}`);
		}
	}
	if (namespaceOf !== undefined && typeof namespaceOf !== "function") {
		fail("INVALID_OPTIONS", `namespaceOf must be a function, got ${quote(namespaceOf)}`);
	}

	const infos: ToolInfo[] = [];
	const functions = new Map<string, OpenAIFunctionTool>();
	const namespaces = new Map<string, ToolNamespace>();
	(tools as readonly unknown[]).forEach((item, at) => {
		const name = isObject(item) ? item.name : undefined;
		if (typeof name !== "string" || name === "") {
			fail("INVALID_TOOL", `tools[${at}] must have a non-empty string name, got ${quote(name)}`);
		}
		if (name === TOOL_SEARCH_TOOL_NAME)
			fail("INVALID_TOOL", `tools[${at}] is named ${quote(name)}, a reserved name`);
		const tool = item as ToolInfo & { input_schema?: unknown };
		const schema = tool.parameters ?? tool.inputSchema ?? tool.input_schema ?? { properties: {} };
		if (!isObject(schema) || (schema.type !== undefined && schema.type !== "object")) {
			fail("INVALID_TOOL", `tools[${at}] must have an object JSON Schema, got ${quote(schema)}`);
		}
		const parameters =
			schema.type === "object" ? (schema as ObjectSchema) : { ...schema, type: "object" as const };
		infos.push({ ...tool, parameters });
		const description = typeof tool.description === "string" ? { description: tool.description } : {};
		functions.set(name, { type: "function", name, ...description, parameters, strict: false });
		const namespace = namespaceOf?.(tool);
		if (isObject(namespace) && typeof namespace.name === "string" && namespace.name !== "") {
			namespaces.set(name, namespace);
		}
	});

	const fromPolicy = policy?.essential;
	const plan = planDiscovery(infos, {
		...policy,
		mode: policy?.mode ?? "all",
		essential: Array.isArray(fromPolicy) ? [...fromPolicy, ...(essential ?? [])] : (fromPolicy ?? essential),
		namespaceOf: policy?.namespaceOf ?? (namespaceOf && ((tool: ToolInfo) => namespaceOf(tool)?.name)),
	});
	const enabled = plan.searchEnabled;
	const host = createActiveToolSet({ tools: infos, pinned: plan.loaded });
	const { ranker, defaultLimit, description } = options;
	const search = createToolSearchTool({
		tools: host,
		exclude: plan.exclude,
		namespaceOf,
		ranker,
		defaultLimit,
		description,
	});
	const parameters = toolSearchSchema as unknown as ObjectSchema;
	const searchTool = {
		type: "tool_search",
		execution: "client",
		description: search.description,
		parameters,
	} as const;
	const { description: searchText } = searchTool;
	functions.set(TOOL_SEARCH_TOOL_NAME, {
		type: "function",
		name: TOOL_SEARCH_TOOL_NAME,
		description: searchText,
		parameters,
		strict: false,
	});
	const deferred = new Set(plan.deferred);

	/** Function tools of `names` (fresh objects), in namespaces placed where their first tool is. */
	function grouped(names: readonly string[]): (OpenAIFunctionTool | NamespaceTool)[] {
		return coalesceByNamespace(names, (name) => namespaces.get(name)?.name).map((group) => {
			const members = group.items.map((name): OpenAIFunctionTool => {
				const tool = functions.get(name) as OpenAIFunctionTool;
				return deferred.has(name) ? { ...tool, defer_loading: true } : { ...tool };
			});
			const namespace = namespaces.get(group.items[0] as string);
			if (namespace === undefined) return members[0] as OpenAIFunctionTool;
			const text = namespace.description?.trim() || namespace.name;
			return { type: "namespace", name: namespace.name, description: text, tools: members };
		});
	}
	const declared = [...plan.loaded, ...(declareDeferred === false ? [] : plan.deferred)];
	const active = (): string[] =>
		enabled ? [TOOL_SEARCH_TOOL_NAME, ...host.getActiveTools()] : host.getActiveTools();
	/** The guard: `undefined` for a loaded tool, else the message for the model. */
	function refusal(name: string): string | undefined {
		if (enabled && name === TOOL_SEARCH_TOOL_NAME) return undefined;
		const check = checkToolCall(name, host, { autoActivate: autoActivate ?? false });
		return check.status === "active" || check.status === "activated" ? undefined : check.message;
	}

	return {
		plan,
		tools: () => [...(enabled ? [{ ...searchTool }] : []), ...grouped(declared)],
		async handleToolSearchCall(call, callOptions) {
			if (!isObject(call as unknown))
				fail("INVALID_OPTIONS", `expected a tool_search_call item, got ${quote(call)}`);
			if (call.execution === "server") {
				fail("INVALID_OPTIONS", 'handleToolSearchCall answers client-executed calls, got execution "server"');
			}
			const callId = call.call_id ?? null;
			const output = {
				type: "tool_search_output",
				call_id: callId,
				execution: "client",
				status: "completed",
			} as const;
			if (!enabled) return { ...output, tools: [] };
			const result = await search.execute(callId ?? "", parseArguments(call.arguments), callOptions?.signal);
			return { ...output, tools: result.isError ? [] : grouped(result.details.activated_tools) };
		},
		guard(call) {
			if (!isObject(call as unknown) || typeof call.call_id !== "string" || typeof call.name !== "string") {
				fail(
					"INVALID_OPTIONS",
					`expected a function_call item with string call_id and name, got ${quote(call)}`,
				);
			}
			const output = refusal(call.name);
			return output === undefined
				? undefined
				: { type: "function_call_output", call_id: call.call_id, output };
		},
		chatCompletionTools: () =>
			active().map((name): OpenAIChatTool => {
				const tool = functions.get(name) as OpenAIFunctionTool;
				const text = tool.description === undefined ? {} : { description: tool.description };
				return { type: "function", function: { name, ...text, parameters: tool.parameters } };
			}),
		async handleChatToolCall(call, callOptions) {
			const fn: unknown = isObject(call as unknown) ? call.function : undefined;
			if (typeof call?.id !== "string" || !isObject(fn) || typeof fn.name !== "string") {
				fail(
					"INVALID_OPTIONS",
					`expected a function tool call with string id and function.name, got ${quote(call)}`,
				);
			}
			const content = refusal(fn.name);
			if (content !== undefined) return { role: "tool", tool_call_id: call.id, content };
			if (fn.name !== TOOL_SEARCH_TOOL_NAME) return undefined;
			const result = await search.execute(call.id, parseArguments(fn.arguments), callOptions?.signal);
			return { role: "tool", tool_call_id: call.id, content: result.content[0].text };
		},
		activeTools: active,
	};
}
