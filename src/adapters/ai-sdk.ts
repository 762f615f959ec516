/**
 * `tool-search/ai-sdk`: `tool_search` for the Vercel AI SDK (v6). Pass every tool in `tools`; the
 * returned `prepareStep` narrows each step's `activeTools` to the pinned tools, `tool_search` and
 * what the searches activated, so the model sees only those schemas.
 *
 * - Guard: the AI SDK parses a step's tool calls against that step's active tools, so a call to an
 *   unloaded tool fails with `NoSuchToolError` and never reaches `execute`. `repairToolCall` (for
 *   `experimental_repairToolCall`) makes the model read the guard's message instead. Catalogue
 *   tools' `execute` is guarded too, for calls that bypass the step's tool set (approved calls
 *   from history, direct calls).
 * - Anthropic: `toolReferences: true` answers with `tool_reference` blocks (custom content parts
 *   `@ai-sdk/anthropic` converts) and marks searchable tools `deferLoading`.
 *
 * @example
 * ```ts
 * import { createAiSdkToolSearch } from "tool-search/ai-sdk";
 * const search = createAiSdkToolSearch({ tools: allTools, pinned: ["read_file"] });
 * await generateText({ model, prompt, tools: search.tools, prepareStep: search.prepareStep,
 *   experimental_repairToolCall: search.repairToolCall, stopWhen: stepCountIs(8) });
 * ```
 * @module
 */

import {
	asSchema,
	type JSONSchema7,
	jsonSchema,
	NoSuchToolError,
	type Tool,
	type ToolCallRepairFunction,
	type ToolSet,
} from "ai";
import { DEFAULT_TOOL_SEARCH_LIMIT, TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { createActiveToolSet } from "../host/create-active-tool-set.js";
import type { ToolHost } from "../host/types.js";
import {
	checkToolCall,
	type DiscoveryPlan,
	type DiscoveryPolicy,
	namespaceFromToolName,
	planDiscovery,
	renderToolSearchDescription,
	type ToolCallCheckOptions,
	type ToolSearchSource,
} from "../integration/index.js";
import { createToolSearchTool, type ToolSearchToolOptions } from "../tool/create-tool-search-tool.js";
import { formatToolSearchError, type ToolSearchToolResult } from "../tool/format-result.js";
import { type ToolSearchInput, toolSearchSchema } from "../tool/tool-search-schema.js";
import { validateToolSearchInput } from "../tool/validate-input.js";
import type { ToolInfo } from "../types.js";

/**
 * `tool_search` as an AI SDK tool: input `{ query, limit? }`, output the framework-neutral result.
 *
 * @example
 * ```ts
 * const toolSearch: ToolSearchAiTool = createAiSdkToolSearch({ tools }).toolSearch;
 * ```
 */
export type ToolSearchAiTool = Tool<ToolSearchInput, ToolSearchToolResult>;

/**
 * A tool set with `tool_search` added.
 *
 * @example
 * ```ts
 * const tools: WithToolSearch<typeof myTools> = createAiSdkToolSearch({ tools: myTools }).tools;
 * ```
 */
export type WithToolSearch<TOOLS extends ToolSet> = TOOLS & { [TOOL_SEARCH_TOOL_NAME]: ToolSearchAiTool };

/**
 * Options of {@link createAiSdkToolSearch}: those of `createToolSearchTool` but `tools` (here the
 * AI SDK tool set), plus pinning, the policy, Anthropic tool references, the guard and the listing.
 *
 * @example
 * ```ts
 * const options: AiSdkToolSearchOptions<typeof tools> = { tools, pinned: ["read_file"], toolReferences: true };
 * ```
 */
export interface AiSdkToolSearchOptions<TOOLS extends ToolSet> extends Omit<ToolSearchToolOptions, "tools"> {
	/** Every tool, keyed by name. Must not contain `tool_search`. */
	tools: TOOLS;
	/** Tools active in every step. @defaultValue `[]` */
	pinned?: readonly (keyof TOOLS & string)[] | undefined;
	/** Which tools are searchable; `pinned` are added to its `essential`. @defaultValue `{ mode: "all" }` */
	policy?: DiscoveryPolicy | undefined;
	/** Answer `tool_search` with Anthropic `tool_reference` blocks and mark searchable tools `deferLoading`. @defaultValue `false` */
	toolReferences?: boolean | undefined;
	/** Guard calls to unloaded tools; `{ autoActivate: true }` loads a known tool on such a call. @defaultValue `true` */
	guard?: boolean | Pick<ToolCallCheckOptions, "autoActivate"> | undefined;
	/** `"include"` lists the searchable tools' namespaces in the description (see `renderToolSearchDescription`). @defaultValue `"omit"` */
	listing?: "omit" | "include" | undefined;
}

/**
 * What {@link createAiSdkToolSearch} returns.
 *
 * @example
 * ```ts
 * const { tools, prepareStep, repairToolCall, activeTools }: AiSdkToolSearch<typeof myTools> = createAiSdkToolSearch({ tools: myTools });
 * ```
 */
export interface AiSdkToolSearch<TOOLS extends ToolSet> {
	/** Every tool plus `tool_search`, for `generateText` / `streamText` / `ToolLoopAgent`'s `tools`. */
	readonly tools: WithToolSearch<TOOLS>;
	/** The `tool_search` tool alone. */
	readonly toolSearch: ToolSearchAiTool;
	/** For `prepareStep`: `{ activeTools: [...pinned, "tool_search", ...activated] }`. */
	prepareStep(): { activeTools: (keyof WithToolSearch<TOOLS> & string)[] };
	/** The active tool names now. */
	activeTools(): (keyof WithToolSearch<TOOLS> & string)[];
	/** For `experimental_repairToolCall`: turns a call to an unloaded tool into the guard's message. */
	readonly repairToolCall: ToolCallRepairFunction<ToolSet>;
	/** The discovery plan in force. */
	readonly plan: DiscoveryPlan;
	/** The host `tool_search` reads and activates through. */
	readonly host: ToolHost;
}

type ModelOutput = Awaited<ReturnType<NonNullable<ToolSearchAiTool["toModelOutput"]>>>;
type AnyExecute = (input: unknown, options: unknown) => unknown;

function invalid(message: string): never {
	throw new ToolSearchError("INVALID_OPTIONS", message);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function loadedNowMessage(name: string): string {
	return `Tool ${JSON.stringify(name)} was not loaded, so the call did not run. It is loaded now: call it again.`;
}

/** A tool as `tool_search` reads it; a schema the SDK resolves asynchronously is filled in when ready. */
function toolInfo(name: string, tool: Tool, infos: ToolInfo[], at: number): ToolInfo {
	const info: ToolInfo = {
		name,
		description: tool.description,
		...(tool.title ? { title: tool.title } : {}),
	};
	let schema: unknown;
	try {
		schema = asSchema(tool.inputSchema).jsonSchema;
	} catch {
		return info;
	}
	if (!isObject(schema) || typeof schema.then !== "function") return { ...info, parameters: schema };
	Promise.resolve(schema).then(
		(parameters) => {
			infos[at] = { ...info, parameters };
		},
		() => {},
	);
	return info;
}

function guardOf(guard: unknown): Pick<ToolCallCheckOptions, "autoActivate"> | undefined {
	if (guard === undefined || guard === true) return {};
	if (guard === false) return undefined;
	if (!isObject(guard)) invalid(`guard must be a boolean or an object, got ${quote(guard)}`);
	const { autoActivate } = guard;
	if (autoActivate !== undefined && typeof autoActivate !== "boolean") {
		invalid(`autoActivate must be a boolean, got ${quote(autoActivate)}`);
	}
	return autoActivate === undefined ? {} : { autoActivate };
}

/** The namespaces of the deferred tools, one entry per tool, for the description's source listing. */
function sourcesOf(
	infos: readonly ToolInfo[],
	plan: DiscoveryPlan,
	namespaceOf: ToolSearchToolOptions["namespaceOf"],
	policyNamespaceOf: DiscoveryPolicy["namespaceOf"],
): ToolSearchSource[] {
	const deferred = new Set(plan.deferred);
	return infos.flatMap((info): ToolSearchSource[] => {
		if (!deferred.has(info.name)) return [];
		const namespace = namespaceOf?.(info);
		const name = namespace?.name ?? policyNamespaceOf?.(info) ?? namespaceFromToolName(info.name);
		return name === undefined ? [] : [{ name, description: namespace?.description, toolCount: 1 }];
	});
}

/**
 * Creates `tool_search` for the AI SDK over a tool set, with the per-step active set kept in memory.
 * Searchable tools (by default every tool not pinned) start inactive; a search activates its
 * matches, and `prepareStep` declares them from the next step. Neither the tool set nor its tools
 * are mutated: guarded or `deferLoading` tools are copies.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a malformed option, `DUPLICATE_TOOL` when `tools`
 * already has a `tool_search`, `UNKNOWN_TOOL` when `pinned` names a tool not in `tools`.
 *
 * @example
 * ```ts
 * const search = createAiSdkToolSearch({ tools: { read_file, ...githubTools }, pinned: ["read_file"] });
 * search.prepareStep(); // { activeTools: ["read_file", "tool_search"] }
 * await generateText({ model, prompt, tools: search.tools, prepareStep: search.prepareStep,
 *   experimental_repairToolCall: search.repairToolCall, stopWhen: stepCountIs(8) });
 * ```
 */
export function createAiSdkToolSearch<TOOLS extends ToolSet>(
	options: AiSdkToolSearchOptions<TOOLS>,
): AiSdkToolSearch<TOOLS> {
	if (!isObject(options)) invalid(`options must be an object, got ${quote(options)}`);
	const { tools, pinned = [], policy, toolReferences = false, guard, listing, ...searchOptions } = options;
	if (!isObject(tools)) invalid(`tools must be an object of AI SDK tools keyed by name, got ${quote(tools)}`);
	if (Object.hasOwn(tools, TOOL_SEARCH_TOOL_NAME)) {
		throw new ToolSearchError(
			"DUPLICATE_TOOL",
			`tools already has a tool named ${quote(TOOL_SEARCH_TOOL_NAME)}`,
		);
	}
	if (!Array.isArray(pinned)) invalid(`pinned must be an array of tool names, got ${quote(pinned)}`);
	if (policy !== undefined && (typeof policy !== "object" || policy === null))
		invalid(`policy must be an object, got ${quote(policy)}`);
	if (typeof toolReferences !== "boolean")
		invalid(`toolReferences must be a boolean, got ${quote(toolReferences)}`);
	const guarded = guardOf(guard);

	const names = Object.keys(tools);
	const infos: ToolInfo[] = [];
	for (const [at, name] of names.entries()) {
		const tool = tools[name];
		if (!isObject(tool))
			throw new ToolSearchError("INVALID_TOOL", `tools.${name} must be a tool, got ${quote(tool)}`);
		infos.push(toolInfo(name, tool as Tool, infos, at));
	}
	const searchInfo: ToolInfo = { name: TOOL_SEARCH_TOOL_NAME };
	const plan = planDiscovery([...infos, searchInfo], {
		...policy,
		mode: policy?.mode ?? "all",
		essential: [...(policy?.essential ?? []), ...pinned],
	});
	const active = createActiveToolSet({
		tools: [...names, TOOL_SEARCH_TOOL_NAME].map((name) => ({ name })),
		active: plan.loaded,
		pinned: plan.searchEnabled ? [...pinned, TOOL_SEARCH_TOOL_NAME] : pinned,
	});
	const host: ToolHost = {
		getAllTools: () => [...infos, searchInfo],
		getActiveTools: () => active.getActiveTools(),
		setActiveTools: (next) => active.setActiveTools(next),
	};
	const description =
		searchOptions.description ??
		renderToolSearchDescription({
			listing,
			sources:
				listing === "include" ? sourcesOf(infos, plan, searchOptions.namespaceOf, policy?.namespaceOf) : [],
		});
	const search = createToolSearchTool({
		...searchOptions,
		description,
		tools: host,
		exclude: (tool) => searchOptions.exclude?.(tool) === true || plan.exclude(tool),
	});
	searchInfo.description = search.description;
	const defaultLimit = searchOptions.defaultLimit ?? DEFAULT_TOOL_SEARCH_LIMIT;

	const toolSearch: ToolSearchAiTool = {
		description: search.description,
		inputSchema: jsonSchema<ToolSearchInput>(toolSearchSchema as JSONSchema7, {
			validate: (value) => {
				const checked = validateToolSearchInput(value, defaultLimit);
				if (checked.ok) return { success: true, value: value as ToolSearchInput };
				const query = isObject(value) && typeof value.query === "string" ? value.query : undefined;
				const text = formatToolSearchError(checked.error, { query, defaultLimit }).content[0].text;
				return { success: false, error: new Error(text) };
			},
		}),
		execute: async (input, { toolCallId, abortSignal }) => {
			const result = await search.execute(toolCallId, input, abortSignal);
			if (result.isError === true) throw new Error(result.content[0].text);
			return result;
		},
		toModelOutput: ({ output }): ModelOutput => {
			const found = output.isError === true ? [] : output.details.activated_tools;
			if (!toolReferences || found.length === 0) return { type: "text", value: output.content[0].text };
			return {
				type: "content",
				value: found.map((toolName) => ({
					type: "custom",
					providerOptions: { anthropic: { type: "tool-reference", toolName } },
				})),
			};
		},
	};

	const searchable = new Set(plan.deferred);
	const wrapped: Record<string, unknown> = {};
	for (const name of names) {
		const tool = tools[name] as Tool & Record<string, unknown>;
		const execute = typeof tool.execute === "function" ? (tool.execute as AnyExecute) : undefined;
		const defer = toolReferences && searchable.has(name);
		if (!defer && (guarded === undefined || execute === undefined)) {
			wrapped[name] = tool;
			continue;
		}
		const copy: Record<string, unknown> = { ...tool };
		if (defer) {
			const anthropic = isObject(tool.providerOptions?.anthropic) ? tool.providerOptions.anthropic : {};
			copy.providerOptions = { ...tool.providerOptions, anthropic: { ...anthropic, deferLoading: true } };
		}
		if (guarded !== undefined && execute !== undefined) {
			copy.execute = (input: unknown, executeOptions: unknown) => {
				const check = checkToolCall(name, host, guarded);
				if (check.status === "inactive" || check.status === "unknown") {
					return Promise.reject(new Error(check.message));
				}
				return execute.call(tool, input, executeOptions);
			};
		}
		wrapped[name] = copy;
	}
	wrapped[TOOL_SEARCH_TOOL_NAME] = toolSearch;

	const activeTools = () => host.getActiveTools() as (keyof WithToolSearch<TOOLS> & string)[];
	return {
		tools: wrapped as WithToolSearch<TOOLS>,
		toolSearch,
		prepareStep: () => ({ activeTools: activeTools() }),
		activeTools,
		repairToolCall: async ({ toolCall, error }) => {
			if (guarded === undefined || !NoSuchToolError.isInstance(error)) return null;
			const check = checkToolCall(toolCall.toolName, host, guarded);
			const loaded = check.status === "active" || check.status === "activated";
			throw new Error(loaded ? loadedNowMessage(toolCall.toolName) : check.message);
		},
		plan,
		host,
	};
}
