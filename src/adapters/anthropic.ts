/**
 * `tool-search/anthropic`: client-side `tool_search` for the Anthropic Messages API. The catalogue
 * goes out as custom tools with `defer_loading: true` (essential tools and `tool_search` are not
 * deferred); a `tool_search` call is answered with a `tool_result` whose `tool_reference` blocks make
 * the API load the tools found. Types only: the adapter never imports `@anthropic-ai/sdk` at run
 * time, and its shapes are checked against the SDK's `Tool`, `ToolResultBlockParam` and
 * `ToolUseBlock` in the tests.
 *
 * Activation needs no change to `tools`: send `tools()` unchanged on every request (it stays byte
 * for byte the same, so the prompt cache holds) and keep each `tool_result` in `messages`; the API
 * loads a deferred tool once a `tool_reference` to it is in the conversation. The adapter still
 * tracks the active set, for {@link AnthropicToolSearch.guard} and for hosts that build their own
 * tool list.
 *
 * @example
 * ```ts
 * import { createAnthropicToolSearch } from "tool-search/anthropic";
 *
 * const search = createAnthropicToolSearch({ tools: myTools, essential: ["read_file"] });
 * const reply = await client.messages.create({ model, max_tokens: 1024, tools: search.tools(), messages });
 * for (const block of reply.content) {
 *   if (block.type !== "tool_use") continue;
 *   results.push(block.name === "tool_search" ? await search.handleToolUse(block) : (search.guard(block) ?? (await run(block))));
 * }
 * ```
 * @module
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { createActiveToolSet } from "../host/create-active-tool-set.js";
import {
	checkToolCall,
	type DiscoveryPlan,
	type DiscoveryPolicy,
	planDiscovery,
} from "../integration/index.js";
import { createToolSearchTool } from "../tool/create-tool-search-tool.js";
import { toolSearchSchema } from "../tool/tool-search-schema.js";
import type { ToolInfo, ToolNamespace, ToolRanker } from "../types.js";

/**
 * A catalogue tool: a {@link ToolInfo} (pi, MCP, OpenAI style) or an Anthropic tool with `input_schema`.
 * The schema is read from `input_schema`, else `parameters`, else `inputSchema`.
 *
 * @example
 * ```ts
 * const tool: AnthropicCatalogTool = { name: "read_file", description: "Read a file.", input_schema: { type: "object" } };
 * ```
 */
export interface AnthropicCatalogTool extends ToolInfo {
	/** JSON Schema of the arguments (Anthropic). */
	input_schema?: unknown;
}

/** Anthropic's `Tool.InputSchema`: a JSON Schema of `type: "object"`. */
interface AnthropicInputSchema {
	type: "object";
	properties?: unknown;
	required?: string[] | null;
	[key: string]: unknown;
}

/**
 * A custom tool as the Messages API takes it (structurally the SDK's `Tool`).
 *
 * @example
 * ```ts
 * const tool: AnthropicTool = { name: "github__create_issue", input_schema: { type: "object" }, defer_loading: true };
 * ```
 */
export interface AnthropicTool {
	name: string;
	description?: string;
	input_schema: AnthropicInputSchema;
	/** Left out of the prompt until a `tool_reference` loads it. */
	defer_loading?: boolean;
}

/** A `tool_reference` block (the SDK's `ToolReferenceBlockParam`). */
interface AnthropicToolReferenceBlock {
	type: "tool_reference";
	tool_name: string;
}

/** A text block (the SDK's `TextBlockParam`). */
interface AnthropicTextBlock {
	type: "text";
	text: string;
}

/**
 * A `tool_result` block (structurally the SDK's `ToolResultBlockParam`).
 *
 * @example
 * ```ts
 * const result: AnthropicToolResultBlock = { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "ok" }] };
 * ```
 */
export interface AnthropicToolResultBlock {
	type: "tool_result";
	tool_use_id: string;
	content: (AnthropicToolReferenceBlock | AnthropicTextBlock)[];
	is_error?: boolean;
}

/**
 * The fields of a `tool_use` block the adapter reads; the SDK's `ToolUseBlock` fits as it is.
 *
 * @example
 * ```ts
 * const block: AnthropicToolUse = { type: "tool_use", id: "toolu_1", name: "tool_search", input: { query: "send email" } };
 * ```
 */
export interface AnthropicToolUse {
	type?: "tool_use" | undefined;
	id: string;
	name: string;
	input: unknown;
}

/**
 * Options of {@link createAnthropicToolSearch}.
 *
 * @example
 * ```ts
 * const options: AnthropicToolSearchOptions = { tools, essential: ["read_file"], policy: { mode: "mcp-only" } };
 * ```
 */
export interface AnthropicToolSearchOptions {
	/** The whole catalogue. Names must be unique, non-empty and not `tool_search`. */
	tools: readonly AnthropicCatalogTool[];
	/** Names of tools never deferred (added to `policy.essential`). @defaultValue `[]` */
	essential?: readonly string[] | undefined;
	/** Which tools to defer. @defaultValue `{ mode: "all" }`: every tool but the essential ones */
	policy?: DiscoveryPolicy | undefined;
	/** A tool's namespace (MCP server), searched with the tool. @defaultValue none */
	namespaceOf?: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	/** The ranker. @defaultValue the ranker in force at each call */
	ranker?: ToolRanker | undefined;
	/** Tools a search finds when the model gives no `limit`. @defaultValue 8 */
	defaultLimit?: number | undefined;
	/** The `tool_search` description, e.g. from `renderToolSearchDescription`. @defaultValue `TOOL_SEARCH_DESCRIPTION` */
	description?: string | undefined;
	/** Let a call to a deferred tool that no search loaded run (and load it) instead of failing. @defaultValue `false` */
	autoActivate?: boolean | undefined;
}

/**
 * What {@link createAnthropicToolSearch} returns.
 *
 * @example
 * ```ts
 * const search: AnthropicToolSearch = createAnthropicToolSearch({ tools });
 * search.activeTools(); // ["tool_search"]
 * ```
 */
export interface AnthropicToolSearch {
	/** How the catalogue was split, with a one-line `reason`. */
	readonly plan: DiscoveryPlan;
	/** The request's `tools`: `tool_search`, the loaded tools, then the deferred ones. The same every call. */
	tools(): AnthropicTool[];
	/**
	 * Runs a `tool_search` call: a `tool_result` with one `tool_reference` per tool found, then a text
	 * block with the model-visible summary; bad arguments give `is_error: true` and the error text.
	 * @throws {ToolSearchError} `INVALID_OPTIONS` for a block that is not a `tool_search` `tool_use`.
	 */
	handleToolUse(
		block: AnthropicToolUse,
		options?: { signal?: AbortSignal | undefined },
	): Promise<AnthropicToolResultBlock>;
	/**
	 * Checks a call to any other tool: `undefined` when it is loaded (run it), else an `is_error`
	 * `tool_result` telling the model to use `tool_search` (not loaded) or naming close names (unknown).
	 */
	guard(block: AnthropicToolUse): AnthropicToolResultBlock | undefined;
	/** Loaded tools: `tool_search`, the essential ones, then those searches found. */
	activeTools(): string[];
}

function fail(code: "INVALID_OPTIONS" | "INVALID_TOOL", message: string): never {
	throw new ToolSearchError(code, message);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The tool's schema as an `input_schema`; no schema means no arguments. */
function inputSchemaOf(tool: AnthropicCatalogTool, at: number): AnthropicInputSchema {
	const schema = tool.input_schema ?? tool.parameters ?? tool.inputSchema;
	if (schema === undefined || schema === null) return { type: "object", properties: {} };
	if (!isObject(schema) || (schema.type !== undefined && schema.type !== "object")) {
		fail("INVALID_TOOL", `tools[${at}] must have an object JSON Schema, got ${quote(schema)}`);
	}
	return schema.type === "object" ? (schema as AnthropicInputSchema) : { ...schema, type: "object" };
}

function checkBlock(block: unknown, method: string): asserts block is AnthropicToolUse {
	if (!isObject(block) || typeof block.id !== "string" || typeof block.name !== "string") {
		fail(
			"INVALID_OPTIONS",
			`${method} expects a tool_use block with string id and name, got ${quote(block)}`,
		);
	}
}

/**
 * Creates client-side tool search for the Anthropic Messages API over a fixed catalogue.
 * {@link planDiscovery} splits the catalogue (default mode `"all"`); `tools()` sends the deferred
 * tools with `defer_loading: true`. Tool schemas are passed on as given (a schema without `type`
 * gets `type: "object"`), never copied deeply nor mutated.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for malformed options (also from `planDiscovery` and
 * `createToolSearchTool`); `INVALID_TOOL` for a tool without a non-empty string name, named
 * `tool_search`, or whose schema is not an object schema; `DUPLICATE_TOOL` for two tools of one name.
 *
 * @example
 * ```ts
 * const search = createAnthropicToolSearch({ tools: catalog, essential: ["read_file"] });
 * search.tools(); // [{ name: "tool_search", ... }, { name: "read_file", ... }, { name: "github__create_issue", ..., defer_loading: true }]
 * const result = await search.handleToolUse({ id: "toolu_1", name: "tool_search", input: { query: "create issue" } });
 * // { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "tool_reference", tool_name: "github__create_issue" }, { type: "text", text: "..." }] }
 * ```
 */
export function createAnthropicToolSearch(options: AnthropicToolSearchOptions): AnthropicToolSearch {
	if (!isObject(options as unknown))
		fail("INVALID_OPTIONS", `options must be an object, got ${quote(options)}`);
	const { tools, essential, policy, autoActivate } = options;
	if (!Array.isArray(tools)) fail("INVALID_OPTIONS", `tools must be an array of tools, got ${quote(tools)}`);
	if (essential !== undefined && !Array.isArray(essential)) {
		fail("INVALID_OPTIONS", `essential must be an array of tool names, got ${quote(essential)}`);
	}
	if (policy !== undefined && !isObject(policy as unknown)) {
		fail("INVALID_OPTIONS", `policy must be an object, got ${quote(policy)}`);
	}
	if (autoActivate !== undefined && typeof autoActivate !== "boolean") {
		fail("INVALID_OPTIONS", `autoActivate must be a boolean, got ${quote(autoActivate)}`);
	}
	const { namespaceOf } = options;
	if (namespaceOf !== undefined && typeof namespaceOf !== "function") {
		fail("INVALID_OPTIONS", `namespaceOf must be a function, got ${quote(namespaceOf)}`);
	}

	const infos: ToolInfo[] = [];
	const wire = new Map<string, AnthropicTool>();
	(tools as readonly unknown[]).forEach((item, at) => {
		const name = isObject(item) ? item.name : undefined;
		if (typeof name !== "string" || name === "") {
			fail("INVALID_TOOL", `tools[${at}] must have a non-empty string name, got ${quote(name)}`);
		}
		if (name === TOOL_SEARCH_TOOL_NAME)
			fail("INVALID_TOOL", `tools[${at}] is named ${quote(name)}, a reserved name`);
		const tool = item as AnthropicCatalogTool;
		const schema = inputSchemaOf(tool, at);
		infos.push({ ...tool, parameters: schema });
		const description = typeof tool.description === "string" ? { description: tool.description } : {};
		wire.set(name, { name, ...description, input_schema: schema });
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
	const search = createToolSearchTool({
		tools: host,
		exclude: plan.exclude,
		namespaceOf,
		ranker: options.ranker,
		defaultLimit: options.defaultLimit,
		description: options.description,
	});
	const searchTool: AnthropicTool = {
		name: TOOL_SEARCH_TOOL_NAME,
		description: search.description,
		input_schema: toolSearchSchema as unknown as AnthropicInputSchema,
	};
	const declared: readonly AnthropicTool[] = [
		...(enabled ? [searchTool] : []),
		...plan.loaded.map((name) => wire.get(name) as AnthropicTool),
		...plan.deferred.map(
			(name): AnthropicTool => ({ ...(wire.get(name) as AnthropicTool), defer_loading: true }),
		),
	];

	const errorResult = (id: string, text: string): AnthropicToolResultBlock => ({
		type: "tool_result",
		tool_use_id: id,
		content: [{ type: "text", text }],
		is_error: true,
	});

	function guard(block: AnthropicToolUse): AnthropicToolResultBlock | undefined {
		checkBlock(block, "guard");
		if (enabled && block.name === TOOL_SEARCH_TOOL_NAME) return undefined;
		const check = checkToolCall(block.name, host, { autoActivate: autoActivate ?? false });
		return check.status === "active" || check.status === "activated"
			? undefined
			: errorResult(block.id, check.message);
	}

	return {
		plan,
		tools: () => declared.map((tool) => ({ ...tool })),
		async handleToolUse(block, callOptions) {
			checkBlock(block, "handleToolUse");
			if (block.name !== TOOL_SEARCH_TOOL_NAME) {
				fail(
					"INVALID_OPTIONS",
					`handleToolUse takes tool_search calls, got ${quote(block.name)}: use guard(block)`,
				);
			}
			const blocked = guard(block);
			if (blocked !== undefined) return blocked;
			const result = await search.execute(block.id, block.input, callOptions?.signal);
			const text: AnthropicTextBlock = { type: "text", text: result.content[0].text };
			if (result.isError) return errorResult(block.id, text.text);
			const references = result.details.activated_tools.map(
				(name): AnthropicToolReferenceBlock => ({ type: "tool_reference", tool_name: name }),
			);
			return { type: "tool_result", tool_use_id: block.id, content: [...references, text] };
		},
		guard,
		activeTools: () => (enabled ? [TOOL_SEARCH_TOOL_NAME, ...host.getActiveTools()] : host.getActiveTools()),
	};
}
