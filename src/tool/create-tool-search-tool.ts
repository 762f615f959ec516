/**
 * `createToolSearchTool`: the framework-neutral `tool_search` tool. It searches the host's tools
 * that are not active, runs the discovery pipeline when one is configured, activates the best
 * matches, and tells the model they are callable.
 */
import {
	DEFAULT_MAX_TOOL_SEARCH_LIMIT,
	DEFAULT_TOOL_SEARCH_LIMIT,
	TOOL_SEARCH_TOOL_NAME,
} from "../defaults.js";
import type { DiscoveryPlan } from "../integration/discovery-policy.js";
import { createDiscoverySync, type DiscoverySyncOptions } from "../integration/discovery-sync.js";
import { checkToolCall } from "../integration/unloaded-tool-guard.js";
import { elapsedMs, withDeadline } from "../internal/deadline.js";
import { invalidOptions, isObjectLike } from "../internal/guards.js";
import type { ToolSearchDiscoveryDetails } from "../pipeline/discovery-types.js";
import { resolvePipeline } from "../pipeline/pipeline-options.js";
import { DiscoveryLedger, discoveryTrace, emitTrace, newDiscoveryId } from "../pipeline/trace.js";
import { Bm25Ranker } from "../ranking/bm25-ranker.js";
import { throwIfAborted } from "../ranking/rank-with-fallback.js";
import { getDefaultToolRanker, getToolRanker } from "../ranking/registry.js";
import type { ToolInfo, ToolRanker } from "../types.js";
import { activateFound } from "./activate-found.js";
import { createSearchBudget } from "./active-budget.js";
import { discoveryDetails, successDetails } from "./call-details.js";
import { searchCall } from "./call-search.js";
import { TOOL_SEARCH_DESCRIPTION } from "./description.js";
import { queryDetails } from "./format-notes.js";
import {
	formatToolSearchError,
	formatToolSearchResult,
	type ToolSearchToolDetails,
	type ToolSearchToolResult,
} from "./format-result.js";
import { formatSearchFailure } from "./pipeline-notes.js";
import { parseQuerySyntax } from "./query-syntax.js";
import { echoedQuery } from "./result-budget.js";
import { SearchableCatalog } from "./searchable-catalog.js";
import type { ToolSearchToolDefinition } from "./tool-definition.js";
import { checkOptions, type ToolSearchToolOptions } from "./tool-options.js";
import { toolSearchSchema } from "./tool-search-schema.js";
import { validateToolSearchInput } from "./validate-input.js";

export type { ToolSearchToolDefinition } from "./tool-definition.js";
export type { ToolSearchToolOptions } from "./tool-options.js";

function rawQuery(params: unknown): string | undefined {
	try {
		const query = isObjectLike(params) ? params.query : undefined;
		return typeof query === "string" ? echoedQuery(query) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Creates the `tool_search` tool. Each call searches the host's tools that are not active
 * (`getAllTools()` minus `getActiveTools()`, minus `tool_search` itself and `exclude`d tools), ranks
 * them, and activates the matches by calling `setActiveTools([...active, ...matches])`, so they are
 * callable from the model's next call. Selections accumulate across calls.
 *
 * Search documents are cached per tool name and rebuilt only when the tool's `description`,
 * `parameters`, `inputSchema`, `title` or `label` changes (by identity) or its namespace changes
 * (by content); when the host returns the same tool objects as last time, a call costs a few
 * property reads per tool and the ranker sees the same documents array (no re-indexing, no lookups).
 * Nothing the host returns is mutated. Malformed host tools (not objects, no string name) are
 * skipped; of two tools with one name, the first wins.
 *
 * With a `policy`, the host's active set is set up at creation (deferred tools hidden, the others
 * loaded) and kept so as tools appear; `exclude` then also leaves out every tool the policy loads.
 *
 * With pipeline options (`tool-search/pipeline`: `rankers`, `isAvailable`, `affinity`, `rerank`,
 * `judge`, `onTrace`, ...), each call runs search → gates → rerank → judge → activate and records
 * what each stage did in `details.discovery`; see `ToolSearchPipelineOptions`.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `tools` lacks a method, `ranker` has no `rank`,
 * `exclude` or `namespaceOf` is not a function, `defaultLimit` is not a positive integer,
 * `description` is not a non-empty string, `policy` is malformed (as `planDiscovery` checks it),
 * `maxActiveTools` / `maxActiveSchemaTokens` is not a positive number (an integer for the count),
 * or a pipeline option is malformed.
 *
 * @example
 * ```ts
 * // pi extension
 * export default function (pi: ExtensionAPI) {
 *   pi.registerTool(createToolSearchTool({ tools: pi, exclude: (tool) => tool.name === "bash" }));
 * }
 * // anywhere else
 * const tool = createToolSearchTool({ tools: createActiveToolSet({ tools: catalog }) });
 * const result = await tool.execute("call-1", { query: "create github issue", limit: 3 });
 * await tool.execute("call-2", { queries: ["send email", "compose gmail message"] }); // fused
 * ```
 */
export function createToolSearchTool(options: ToolSearchToolOptions): ToolSearchToolDefinition {
	const tool = buildToolSearchTool(options, { activateLoaded: true });
	tool.applyPolicy();
	return tool;
}

/**
 * {@link createToolSearchTool} without applying the policy at creation, for adapters whose host
 * is not ready yet (pi's tools are registered after the extension loads) or whose tools are
 * active from registration (`activateLoaded: false`).
 */
export function buildToolSearchTool(
	options: ToolSearchToolOptions,
	sync: DiscoverySyncOptions,
): ToolSearchToolDefinition {
	checkOptions(options);
	const { tools, ranker, namespaceOf, policy } = options;
	const defaultLimit = options.defaultLimit ?? DEFAULT_TOOL_SEARCH_LIMIT;
	const maxLimit = options.maxLimit ?? DEFAULT_MAX_TOOL_SEARCH_LIMIT;
	const description = options.description ?? TOOL_SEARCH_DESCRIPTION;
	const pipeline = resolvePipeline(options);
	const ledger = new DiscoveryLedger(pipeline.onTrace);

	let plan: DiscoveryPlan | undefined;
	const applyDiscovery = policy === undefined ? undefined : createDiscoverySync(tools, policy, sync);
	function applyPolicy(): DiscoveryPlan | undefined {
		if (applyDiscovery !== undefined) plan = applyDiscovery();
		return plan;
	}
	const given = options.exclude;
	const exclude =
		policy === undefined ? given : (tool: ToolInfo) => given?.(tool) === true || plan?.exclude(tool) === true;
	const catalog = new SearchableCatalog({ exclude, namespaceOf });
	/** Every tool this instance activated, with its place in the order of first activation. */
	const selected = new Map<string, number>();
	const budget = createSearchBudget(options);

	/**
	 * The chain for this call: `rankers`, or the injected or registered ranker; the shared default
	 * becomes our own. (The shared default would be re-synchronised by every tool_search instance in
	 * the process; each instance keeps its own index instead, so its rankings depend on its
	 * catalogue alone.)
	 */
	function rankersForCall(): ToolRanker[] {
		const chain = pipeline.rankers ?? [ranker ?? getToolRanker()];
		return chain.map((each) => (each === getDefaultToolRanker() ? ownRanker() : each));
	}

	let own: Bm25Ranker | undefined;
	function ownRanker(): Bm25Ranker {
		own ??= new Bm25Ranker();
		return own;
	}

	const callContext = { tools, catalog, pipeline, rankers: rankersForCall, fallback: ownRanker };

	/** Hands the call's record to `onTrace`. */
	function trace(
		called: Partial<ToolSearchToolDetails> & { query: string },
		discovery: ToolSearchDiscoveryDetails,
		context: { toolCallId: string; catalogueSize: number; failed: boolean },
	): void {
		const returned = (called.tools ?? []).map((tool) => tool.name);
		emitTrace(pipeline.onTrace, discoveryTrace(called, discovery, { ...context, returned }));
	}

	async function execute(
		toolCallId: string,
		params: unknown,
		signal?: AbortSignal,
		_onUpdate?: unknown,
		ctx?: unknown,
	): Promise<ToolSearchToolResult> {
		const started = performance.now();
		throwIfAborted(signal);
		const input = validateToolSearchInput(params, defaultLimit);
		if (!input.ok) return formatToolSearchError(input.error, { query: rawQuery(params), defaultLimit });
		const { query, queries } = input;
		const limit = Math.min(input.limit, maxLimit);
		// Query syntax (issue 15): parsed before anything is searched; bad syntax is an error result.
		const parsed = parseQuerySyntax(queries ?? [query], maxLimit);
		if (!parsed.ok) return formatToolSearchError(parsed.error, { query: rawQuery(params), defaultLimit });
		applyPolicy();

		// `select:` loads every name it lists (at most maxLimit, checked by the parser), whatever `limit` says.
		const only = parsed.phrasings.length === 1 ? parsed.phrasings[0] : undefined;
		const searchLimit = only?.kind === "select" ? Math.max(limit, only.names.length) : limit;
		const searched = await searchCall(
			callContext,
			parsed.phrasings,
			queries ?? [query],
			searchLimit,
			signal,
			ctx,
		);
		if ("error" in searched)
			return formatToolSearchError(searched.error, { query: rawQuery(params), defaultLimit });
		const { view, hidden, found, collectMs, totalTools } = searched;
		const { outcome } = found;
		const id = pipeline.on ? newDiscoveryId() : undefined;
		const discoveryOf = (activateMs: number): ToolSearchDiscoveryDetails | undefined =>
			id === undefined ? undefined : discoveryDetails(id, found, collectMs, activateMs, started);
		const traceContext = { toolCallId, catalogueSize: view.size };

		if (outcome.failure !== undefined && pipeline.onError === "fail") {
			const discovery = discoveryOf(0) as ToolSearchDiscoveryDetails;
			const called = { query, ...(queries === undefined ? {} : { queries }), limit, total_tools: totalTools };
			trace({ ...called, ranked_by: outcome.rankedBy }, discovery, { ...traceContext, failed: true });
			return formatSearchFailure(discovery, query);
		}

		const mark = performance.now();
		// Activation within the active-set budget (issue 15): least recently used tools make room.
		const activation = activateFound(tools, found, selected, budget);
		for (const name of searched.notes.alreadyActive ?? []) budget.markUsed(name);
		const activateMs = elapsedMs(mark);
		if (id !== undefined) ledger.activated(id, activation.activated);
		const namespaces =
			activation.activated.length === 0 && totalTools > 0 ? view.namespaceSummary(hidden) : [];
		const discovery = discoveryOf(activateMs);
		const details: ToolSearchToolDetails = {
			...successDetails({
				input: { query, queries, limit, requested: input.limit },
				totalTools,
				activation,
				selected,
				outcome,
				namespaces,
				discovery,
			}),
			...queryDetails(searched.notes, searched.sources, activation),
		};
		if (discovery !== undefined) trace(details, discovery, { ...traceContext, failed: false });
		return formatToolSearchResult(details);
	}

	/** `isAvailable` bounded by `gateTimeoutMs`: a late or failed answer refuses. */
	const isAvailable =
		pipeline.isAvailable === undefined
			? undefined
			: async (name: string, ctx: unknown): Promise<boolean> => {
					const gate = pipeline.isAvailable as NonNullable<typeof pipeline.isAvailable>;
					const settled = await withDeadline(() => gate(name, ctx), pipeline.gateTimeoutMs, undefined);
					return settled.ok && settled.value === true;
				};

	return {
		name: TOOL_SEARCH_TOOL_NAME,
		label: "Tool search",
		description,
		parameters: toolSearchSchema,
		applyPolicy,
		markUsed: (name) => budget.markUsed(name),
		execute,
		async checkToolCall(name, callOptions = {}) {
			const { ctx, autoActivate, toolCallId } = callOptions;
			const check =
				isAvailable === undefined
					? checkToolCall(name, tools, { autoActivate })
					: await checkToolCall(name, tools, { autoActivate, isAvailable, ctx });
			if ("message" in check) ledger.report({ name, status: "refused", reason: check.status, toolCallId });
			return check;
		},
		reportToolCall(report) {
			if (!isObjectLike(report) || typeof report.name !== "string") {
				invalidOptions("reportToolCall takes { name, status }, with a string name");
			}
			if (!["ok", "error", "refused"].includes(report.status)) {
				invalidOptions(`status must be "ok", "error" or "refused", got ${JSON.stringify(report.status)}`);
			}
			return ledger.report(report);
		},
	};
}
