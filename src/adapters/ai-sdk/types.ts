/**
 * Types of `tool-search/ai-sdk`: `tool_search` as an AI SDK tool, the tool set with it added, the
 * options and what `createAiSdkToolSearch` returns. Types only; the entry `src/adapters/ai-sdk.ts`
 * re-exports them.
 */
import type { Tool, ToolCallRepairFunction, ToolSet } from "ai";
import type { TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import type { ToolHost } from "../../host/types.js";
import type { DiscoveryPlan, DiscoveryPolicy, ToolCallCheckOptions } from "../../integration/index.js";
import type { ToolSearchToolOptions } from "../../tool/create-tool-search-tool.js";
import type { ToolSearchToolResult } from "../../tool/format-result.js";
import type { ToolSearchInput } from "../../tool/tool-search-schema.js";

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
	/** Which tools are searchable; `pinned` are added to its `pinned`. @defaultValue `{ mode: "all" }` */
	policy?: DiscoveryPolicy | undefined;
	/**
	 * Anthropic tool search (generally available; no beta header): mark searchable tools
	 * `deferLoading`, declare every tool from the first request (so the declared list never changes
	 * and the prompt cache holds), and answer `tool_search` with `tool_reference` blocks, which load
	 * the found tools' schemas. @defaultValue `false`
	 */
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
	/**
	 * For `prepareStep`: `{ activeTools: [...pinned, "tool_search", ...activated] }`, so each step
	 * declares only what searches loaded. With `toolReferences`, the same full list every step (every
	 * tool declared from the first request, the searchable ones `deferLoading`): the declared tools
	 * never change, so Anthropic's prompt cache holds, and a search loads a tool by reference.
	 */
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
