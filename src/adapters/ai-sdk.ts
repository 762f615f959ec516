/**
 * `tool-search/ai-sdk`: `tool_search` for the Vercel AI SDK, ai 6 and 7 (with Anthropic:
 * `@ai-sdk/anthropic` 3.x under ai 6, 4.x under ai 7). Pass every tool in `tools`; the returned
 * `prepareStep` narrows each step's `activeTools` to the pinned tools, `tool_search` and what the
 * searches activated, so the model sees only those schemas.
 *
 * - Guard: the AI SDK parses a step's tool calls against that step's active tools, so a call to an
 *   unloaded tool fails with `NoSuchToolError` and never reaches `execute`. `repairToolCall` (for
 *   `experimental_repairToolCall`) makes the model read the guard's message instead. Catalogue
 *   tools' `execute` is guarded too, for calls that bypass the step's tool set (approved calls
 *   from history, direct calls), and asks `isAvailable` again (a stale call is refused) with the
 *   call's `experimental_context` as `ctx`; each executed call is reported to `onTrace`.
 * - Anthropic: `toolReferences: true` declares every tool from the first request, the searchable
 *   ones `deferLoading`, so `prepareStep` keeps the declared list fixed (the prompt cache holds),
 *   and answers with `tool_reference` blocks (custom content parts `@ai-sdk/anthropic` converts).
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

import { NoSuchToolError, type Tool, type ToolSet } from "ai";
import { DEFAULT_TOOL_SEARCH_LIMIT, TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { uniqueCatalogVersion } from "../host/catalog-version.js";
import { createActiveToolSet } from "../host/create-active-tool-set.js";
import type { ToolHost } from "../host/types.js";
import { planDiscovery, renderToolSearchDescription } from "../integration/index.js";
import { invalidOptions } from "../internal/guards.js";
import { createToolSearchTool } from "../tool/create-tool-search-tool.js";
import type { ToolInfo } from "../types.js";
import { sourcesOf, toolInfo } from "./ai-sdk/catalog.js";
import { createSearchAiTool } from "./ai-sdk/search-tool.js";
import type { AiSdkToolSearch, AiSdkToolSearchOptions, WithToolSearch } from "./ai-sdk/types.js";
import { wrapTools } from "./ai-sdk/wrap-tools.js";
import { isObject } from "./shared/checks.js";
import { guardOptions } from "./shared/guard-options.js";
import { loadedNowMessage } from "./shared/loaded-now-message.js";
import { policyWith } from "./shared/policy-with.js";

export type { AiSdkEmbedderOptions, AiSdkEmbeddingModel } from "./ai-sdk/embedder.js";
export { aiSdkEmbedder } from "./ai-sdk/embedder.js";
export type {
	AiSdkToolSearch,
	AiSdkToolSearchOptions,
	ToolSearchAiTool,
	WithToolSearch,
} from "./ai-sdk/types.js";

/**
 * Creates `tool_search` for the AI SDK over a tool set, with the per-step active set kept in memory.
 * Searchable tools (by default every tool not pinned) start inactive; a search activates its
 * matches, and `prepareStep` declares them from the next step. Neither the tool set nor its tools
 * are mutated: guarded or `deferLoading` tools are copies.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a malformed option, `DUPLICATE_TOOL` when `tools`
 * already has a `tool_search`. A `pinned` name that is not in `tools` is dropped and reported in
 * `plan.unknownPinned`.
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
	if (!isObject(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	const { tools, pinned = [], policy, toolReferences = false, guard, listing, ...searchOptions } = options;
	if (!isObject(tools))
		invalidOptions(`tools must be an object of AI SDK tools keyed by name, got ${quote(tools)}`);
	if (Object.hasOwn(tools, TOOL_SEARCH_TOOL_NAME)) {
		throw new ToolSearchError(
			"DUPLICATE_TOOL",
			`tools already has a tool named ${quote(TOOL_SEARCH_TOOL_NAME)}`,
		);
	}
	if (!Array.isArray(pinned)) invalidOptions(`pinned must be an array of tool names, got ${quote(pinned)}`);
	if (policy !== undefined && (typeof policy !== "object" || policy === null))
		invalidOptions(`policy must be an object, got ${quote(policy)}`);
	if (typeof toolReferences !== "boolean")
		invalidOptions(`toolReferences must be a boolean, got ${quote(toolReferences)}`);
	const guarded = guardOptions(guard);

	const names = Object.keys(tools);
	const infos: ToolInfo[] = [];
	for (const [at, name] of names.entries()) {
		const tool = tools[name];
		if (!isObject(tool))
			throw new ToolSearchError("INVALID_TOOL", `tools.${name} must be a tool, got ${quote(tool)}`);
		infos.push(toolInfo(name, tool as Tool, infos, at));
	}
	const searchInfo: ToolInfo = { name: TOOL_SEARCH_TOOL_NAME };
	const plan = planDiscovery(
		[...infos, searchInfo],
		policyWith(policy, { mode: policy?.mode ?? "all", pinned: [...(policy?.pinned ?? []), ...pinned] }),
	);
	const active = createActiveToolSet({
		tools: [...names, TOOL_SEARCH_TOOL_NAME].map((name) => ({ name })),
		active: plan.loaded,
		pinned: plan.searchEnabled ? [...pinned, TOOL_SEARCH_TOOL_NAME] : pinned,
	});
	const version = uniqueCatalogVersion();
	const host: ToolHost = {
		getAllTools: () => [...infos, searchInfo],
		getCatalogVersion: () => version, // the tools are read once, above
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

	const toolSearch = createSearchAiTool(search, defaultLimit, toolReferences);
	const budgeted =
		searchOptions.maxActiveTools !== undefined || searchOptions.maxActiveSchemaTokens !== undefined;
	const gated = searchOptions.isAvailable !== undefined;
	const wrapped = wrapTools(tools, names, {
		deferred: plan.deferred,
		toolReferences,
		guarded,
		host,
		...(budgeted ? { markUsed: search.markUsed } : {}),
		search,
		gated,
	});
	wrapped[TOOL_SEARCH_TOOL_NAME] = toolSearch;

	const activeTools = () => host.getActiveTools() as (keyof WithToolSearch<TOOLS> & string)[];
	// With tool references every tool is declared from the first request (the searchable ones
	// deferred): the list never changes, so the provider's prompt cache holds across steps.
	const declared = Object.freeze(
		plan.searchEnabled ? [...names, TOOL_SEARCH_TOOL_NAME] : names,
	) as readonly (keyof WithToolSearch<TOOLS> & string)[];
	return {
		tools: wrapped as WithToolSearch<TOOLS>,
		toolSearch,
		prepareStep: () => ({ activeTools: toolReferences ? [...declared] : activeTools() }),
		activeTools,
		repairToolCall: async ({ toolCall, error }) => {
			if (guarded === undefined || !NoSuchToolError.isInstance(error)) return null;
			const check = await search.checkToolCall(toolCall.toolName, {
				...guarded,
				toolCallId: toolCall.toolCallId,
			});
			throw new Error("message" in check ? check.message : loadedNowMessage(toolCall.toolName));
		},
		plan,
		host,
	};
}
