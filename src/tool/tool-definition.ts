/**
 * What `createToolSearchTool` returns: the `tool_search` tool as plain data plus `execute`, and the
 * call-time side of the pipeline (the guard with the `isAvailable` gate, outcome reports).
 */
import type { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import type { DiscoveryPlan } from "../integration/discovery-policy.js";
import type { ToolCallCheck } from "../integration/unloaded-tool-guard.js";
import type { ToolCallReport } from "../pipeline/discovery-types.js";
import type { ToolSearchToolResult } from "./result-types.js";
import type { toolSearchSchema } from "./tool-search-schema.js";

/**
 * The `tool_search` tool: plain data plus `execute`, for any host to wrap.
 *
 * @example
 * ```ts
 * const { name, description, parameters, execute }: ToolSearchToolDefinition = createToolSearchTool({ tools: pi });
 * ```
 */
export interface ToolSearchToolDefinition {
	readonly name: typeof TOOL_SEARCH_TOOL_NAME;
	readonly label: "Tool search";
	readonly description: string;
	readonly parameters: typeof toolSearchSchema;
	/**
	 * Applies the `policy` to tools the host reports for the first time (deferred ones deactivated,
	 * the others activated) and returns the plan, or `undefined` without a policy. Runs at creation
	 * and at the start of every `execute`; call it yourself before a model call when your catalogue
	 * grew (an MCP server connected), so new tools are hidden or loaded before the model sees them.
	 * `plan.searchEnabled` says whether to offer `tool_search` to the model at all.
	 */
	applyPolicy(): DiscoveryPlan | undefined;
	/**
	 * Records that the model called `name`, for the active-set budget (`maxActiveTools`,
	 * `maxActiveSchemaTokens`): when a search must make room, the tools least recently used (called
	 * or loaded) are unloaded first. Adapters call it for every call they let through; names this
	 * tool did not load are ignored.
	 */
	markUsed(name: string): void;
	/**
	 * Runs one search. Bad arguments resolve to an error result (`isError: true`, text
	 * `Error: <message>` and a correct-call hint; pi adapters may rethrow it as an `Error` so pi
	 * marks the tool result as failed), and so does a search that failed with `onError: "fail"`.
	 * Rejects only with a `ToolSearchError` of code `ABORTED` when `signal` aborts before
	 * activation, with `INVALID_TOOL` when `namespaceOf` returns a namespace without a string
	 * `name`, or with whatever the host's own callbacks throw (but rankers, gates, the reranker, the
	 * judge and `onTrace`, whose failures are handled and recorded). `ctx` (pi's
	 * `ExtensionContext`, 5th argument) is passed on to the rankers and the pipeline's stages.
	 */
	execute(
		toolCallId: string,
		params: unknown,
		signal?: AbortSignal,
		onUpdate?: unknown,
		ctx?: unknown,
	): Promise<ToolSearchToolResult>;
	/**
	 * The guard for a model's call to tool `name`, as `checkToolCall(name, host, { autoActivate })`
	 * does it, plus this tool's `isAvailable` gate (with `gateTimeoutMs`; a late answer refuses):
	 * a call to a tool that is unavailable for this request (from stale history) is `unavailable`.
	 * A refused call (`inactive`, `unknown`, `unavailable`) is reported to `onTrace` as an outcome.
	 * Every adapter's guard runs it. Checks, never authorizes: run your permission checks apart.
	 */
	checkToolCall(
		name: string,
		options?: { ctx?: unknown; autoActivate?: boolean | undefined; toolCallId?: string | undefined },
	): Promise<ToolCallCheck>;
	/**
	 * Reports a tool call's outcome (ran, ran and failed, or refused by a guard of yours), linked to
	 * the `tool_search` call that activated the tool: an outcome record for `onTrace`. Returns that
	 * call's `discovery_id` (`undefined` when none of this tool's searches activated it, or the
	 * pipeline is off).
	 */
	reportToolCall(report: ToolCallReport): string | undefined;
}
