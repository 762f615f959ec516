/**
 * The options of `createToolSearchTool` and their checks.
 */
import { DEFAULT_MAX_TOOL_SEARCH_LIMIT, DEFAULT_TOOL_SEARCH_LIMIT } from "../defaults.js";
import { quote } from "../errors.js";
import { type ActiveSetBudgetOptions, resolveActiveSetBudget } from "../host/active-set-budget.js";
import { isToolHost } from "../host/is-tool-host.js";
import type { ActiveToolSet, ToolCatalog } from "../host/types.js";
import type { DiscoveryPolicy } from "../integration/discovery-policy.js";
import { planDiscovery } from "../integration/discovery-policy.js";
import { invalidOptions, isObjectLike } from "../internal/guards.js";
import { checkPipelineOptions } from "../pipeline/pipeline-options.js";
import type { ToolSearchPipelineOptions } from "../pipeline/pipeline-types.js";
import { assertToolRanker } from "../ranking/registry.js";
import type { ToolInfo, ToolNamespace, ToolRanker } from "../types.js";

/**
 * Options of `createToolSearchTool`: the host, the search, and the discovery pipeline's options
 * ({@link ToolSearchPipelineOptions}: `rankers`, `onError`, `candidateLimit`, `activationLimit`,
 * `isAvailable`, `affinity`, `rerank`, `judge`, `onTrace` and the stage timeouts; the types are in
 * `tool-search/pipeline`). Every adapter passes them on.
 *
 * @example
 * ```ts
 * const options: ToolSearchToolOptions = { tools: pi, defaultLimit: 5, namespaceOf: (tool) => serverOf(tool) };
 * ```
 */
export interface ToolSearchToolOptions extends ActiveSetBudgetOptions, ToolSearchPipelineOptions {
	/**
	 * The host's tools and active set. pi's `ExtensionAPI` fits as it is: `createToolSearchTool({ tools: pi })`.
	 * The tool searches `getAllTools()` minus `getActiveTools()` and activates matches with `setActiveTools`.
	 */
	tools: ToolCatalog & ActiveToolSet;
	/**
	 * The ranker (for a chain of fallbacks, `rankers` instead). @defaultValue the ranker in force at
	 * each call, `getToolRanker()`, so a `registerToolRanker` takes effect from the next call.
	 */
	ranker?: ToolRanker | undefined;
	/** Tools for which this returns `true` are never searched nor activated. @defaultValue none excluded */
	exclude?: ((tool: ToolInfo) => boolean) | undefined;
	/**
	 * Which tools wait behind `tool_search` ({@link DiscoveryPolicy}: modes `off` / `auto` /
	 * `mcp-only` / `all`, pinned tools and namespaces). With a policy, the tool applies it to the
	 * host at creation and at every call: deferred tools are deactivated and only they are searched,
	 * the others (pinned ones included) are activated, each the first time the host reports it; see
	 * `ToolSearchToolDefinition.applyPolicy`. @defaultValue none: the host's active set is left
	 * as it is and every inactive tool is searched
	 */
	policy?: DiscoveryPolicy | undefined;
	/** The namespace of a tool, e.g. its MCP server; searched and shown as `server_name`. @defaultValue none */
	namespaceOf?: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	/** How many tools a call finds and activates when the model gives no `limit`. @defaultValue 8 */
	defaultLimit?: number | undefined;
	/** Replaces the model-facing description. @defaultValue `TOOL_SEARCH_DESCRIPTION` */
	description?: string | undefined;
	/**
	 * The most tools one call finds and activates: a model's larger `limit` is lowered to it (the
	 * result says so). Must be at least `defaultLimit`. @defaultValue 50
	 */
	maxLimit?: number | undefined;
}

export function checkOptions(options: unknown): asserts options is ToolSearchToolOptions {
	if (!isObjectLike(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	const { tools, ranker, exclude, namespaceOf, defaultLimit, description, policy, maxLimit } = options;
	if (policy !== undefined) planDiscovery([], policy as DiscoveryPolicy);
	resolveActiveSetBudget(options as ActiveSetBudgetOptions); // issue 15: maxActiveTools, maxActiveSchemaTokens
	if (!isToolHost(tools)) {
		invalidOptions(
			`tools must have getAllTools, getActiveTools and setActiveTools methods, got ${quote(tools)}`,
		);
	}
	if (ranker !== undefined) assertToolRanker(ranker, "ranker");
	if (exclude !== undefined && typeof exclude !== "function") {
		invalidOptions(`exclude must be a function, got ${quote(exclude)}`);
	}
	if (namespaceOf !== undefined && typeof namespaceOf !== "function") {
		invalidOptions(`namespaceOf must be a function, got ${quote(namespaceOf)}`);
	}
	if (defaultLimit !== undefined && !isPositiveInteger(defaultLimit)) {
		invalidOptions(`defaultLimit must be a positive integer, got ${quote(defaultLimit)}`);
	}
	if (description !== undefined && (typeof description !== "string" || description.trim() === "")) {
		invalidOptions(`description must be a non-empty string, got ${quote(description)}`);
	}
	if (maxLimit !== undefined && !isPositiveInteger(maxLimit)) {
		invalidOptions(`maxLimit must be a positive integer, got ${quote(maxLimit)}`);
	}
	const max = maxLimit ?? DEFAULT_MAX_TOOL_SEARCH_LIMIT;
	if (((defaultLimit as number | undefined) ?? DEFAULT_TOOL_SEARCH_LIMIT) > max) {
		invalidOptions(
			`defaultLimit must not exceed maxLimit (${max}), got ${quote(defaultLimit ?? DEFAULT_TOOL_SEARCH_LIMIT)}`,
		);
	}
	checkPipelineOptions(options);
}

function isPositiveInteger(value: unknown): value is number {
	return typeof value === "number" && Number.isInteger(value) && value >= 1;
}
