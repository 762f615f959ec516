/**
 * `tool-search/anthropic`: client-side `tool_search` for the Anthropic Messages API. The catalogue
 * goes out as custom tools with `defer_loading: true` (pinned tools and `tool_search` are not
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
 * const search = createAnthropicToolSearch({ tools: myTools, pinned: ["read_file"] });
 * const reply = await client.messages.create({ model, max_tokens: 1024, tools: search.tools(), messages });
 * for (const block of reply.content) {
 *   if (block.type !== "tool_use") continue;
 *   results.push(block.name === "tool_search" ? await search.handleToolUse(block) : ((await search.guard(block)) ?? (await run(block))));
 * }
 * ```
 * @module
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { quote } from "../errors.js";
import type { DiscoveryPlan } from "../integration/index.js";
import type { ToolCallReport } from "../pipeline/discovery-types.js";
import { toolSearchSchema } from "../tool/tool-search-schema.js";
import type { ToolInfo } from "../types.js";
import { fail, isObject } from "./shared/checks.js";
import { createProviderCatalog, type ProviderToolSearchOptions } from "./shared/provider-catalog.js";

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
 * const options: AnthropicToolSearchOptions = { tools, pinned: ["read_file"], policy: { mode: "mcp-only" } };
 * ```
 */
export interface AnthropicToolSearchOptions extends ProviderToolSearchOptions {
	/** The whole catalogue. Names must be unique, non-empty and not `tool_search`. */
	tools: readonly AnthropicCatalogTool[];
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
	 * block with the model-visible summary; bad arguments (or a failed search with `onError: "fail"`)
	 * give `is_error: true` and the error text. `ctx` reaches the rankers and the pipeline's stages.
	 * @throws {ToolSearchError} `INVALID_OPTIONS` for a block that is not a `tool_search` `tool_use`.
	 */
	handleToolUse(
		block: AnthropicToolUse,
		options?: { signal?: AbortSignal | undefined; ctx?: unknown },
	): Promise<AnthropicToolResultBlock>;
	/**
	 * Checks a call to any other tool: `undefined` when it is loaded (run it), else an `is_error`
	 * `tool_result` telling the model to use `tool_search` (not loaded), naming close names
	 * (unknown), or saying the tool is not available right now (the `isAvailable` gate, asked with
	 * `ctx`, refuses it: a stale call). Refusals are reported to `onTrace`.
	 */
	guard(block: AnthropicToolUse, options?: { ctx?: unknown }): Promise<AnthropicToolResultBlock | undefined>;
	/**
	 * Reports the outcome of a call you ran (`ok` or `error`), linked in the traces to the
	 * `tool_search` call that loaded the tool; returns its `discovery_id`.
	 */
	reportToolCall(report: ToolCallReport): string | undefined;
	/** Loaded tools: `tool_search`, the pinned ones, then those searches found. */
	activeTools(): string[];
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
 * `planDiscovery` splits the catalogue (default mode `"all"`); `tools()` sends the deferred
 * tools with `defer_loading: true`. Tool schemas are passed on as given (a schema without `type`
 * gets `type: "object"`), never copied deeply nor mutated.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for malformed options (also from `planDiscovery` and
 * `createToolSearchTool`); `INVALID_TOOL` for a tool without a non-empty string name, named
 * `tool_search`, or whose schema is not an object schema; `DUPLICATE_TOOL` for two tools of one name.
 *
 * @example
 * ```ts
 * const search = createAnthropicToolSearch({ tools: catalog, pinned: ["read_file"] });
 * search.tools(); // [{ name: "tool_search", ... }, { name: "read_file", ... }, { name: "github__create_issue", ..., defer_loading: true }]
 * const result = await search.handleToolUse({ id: "toolu_1", name: "tool_search", input: { query: "create issue" } });
 * // { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "tool_reference", tool_name: "github__create_issue" }, { type: "text", text: "..." }] }
 * ```
 */
export function createAnthropicToolSearch(options: AnthropicToolSearchOptions): AnthropicToolSearch {
	const wire = new Map<string, AnthropicTool>();
	const { plan, enabled, search, active, refusal } = createProviderCatalog(options, {
		schemaOf: (tool) => tool.input_schema ?? tool.parameters ?? tool.inputSchema,
		add: ({ name, schema, description }) => {
			wire.set(name, { name, ...description, input_schema: schema as AnthropicInputSchema });
		},
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

	async function guard(
		block: AnthropicToolUse,
		options: { ctx?: unknown } = {},
	): Promise<AnthropicToolResultBlock | undefined> {
		checkBlock(block, "guard");
		const message = await refusal(block.name, { ...options, toolCallId: block.id });
		return message === undefined ? undefined : errorResult(block.id, message);
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
			const blocked = await guard(block, callOptions);
			if (blocked !== undefined) return blocked;
			const result = await search.execute(
				block.id,
				block.input,
				callOptions?.signal,
				undefined,
				callOptions?.ctx,
			);
			const text: AnthropicTextBlock = { type: "text", text: result.content[0].text };
			if (result.isError) return errorResult(block.id, text.text);
			const references = result.details.activated_tools.map(
				(name): AnthropicToolReferenceBlock => ({ type: "tool_reference", tool_name: name }),
			);
			return { type: "tool_result", tool_use_id: block.id, content: [...references, text] };
		},
		guard,
		reportToolCall: (report) => search.reportToolCall(report),
		activeTools: active,
	};
}
