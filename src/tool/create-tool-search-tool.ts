/**
 * `createToolSearchTool`: the framework-neutral `tool_search` tool. It searches the host's tools
 * that are not active, activates the best matches, and tells the model they are callable.
 */
import {
	DEFAULT_MAX_TOOL_SEARCH_LIMIT,
	DEFAULT_RANKER_TIMEOUT_MS,
	DEFAULT_TOOL_SEARCH_LIMIT,
	QUERIES_RANK_DEPTH,
	TOOL_SEARCH_TOOL_NAME,
} from "../defaults.js";
import { activeNames, hostList } from "../host/host-answer.js";
import type { DiscoveryPlan } from "../integration/discovery-policy.js";
import { createDiscoverySync, type DiscoverySyncOptions } from "../integration/discovery-sync.js";
import { isObjectLike } from "../internal/guards.js";
import { Bm25Ranker } from "../ranking/bm25-ranker.js";
import { type RankOutcome, rankWithFallback, throwIfAborted } from "../ranking/rank-with-fallback.js";
import { rankerName } from "../ranking/ranker-brand.js";
import { getDefaultToolRanker, getToolRanker } from "../ranking/registry.js";
import type { ToolInfo, ToolRanker } from "../types.js";
import { activateWithinBudget, createSearchBudget } from "./active-budget.js";
import { TOOL_SEARCH_DESCRIPTION } from "./description.js";
import { queryDetails } from "./format-notes.js";
import {
	describeFoundTool,
	formatToolSearchError,
	formatToolSearchResult,
	type ToolSearchNamespaceSummary,
	type ToolSearchResultTool,
	type ToolSearchToolDetails,
	type ToolSearchToolResult,
} from "./format-result.js";
import { combineOutcomes } from "./fuse-rankings.js";
import { interpretQuery, type PhrasingRun, type QueryNotes } from "./interpret-query.js";
import { summarizeNamespaces } from "./namespace-listing.js";
import { type ParsedPhrasing, parseQuerySyntax } from "./query-syntax.js";
import { echoedQuery, fitResultBudget } from "./result-budget.js";
import { SearchableCatalog } from "./searchable-catalog.js";
import { readSourceStatus, type ToolSearchSourceStatus } from "./source-status.js";
import { checkOptions, type ToolSearchToolOptions } from "./tool-options.js";
import { toolSearchSchema } from "./tool-search-schema.js";
import { validateToolSearchInput } from "./validate-input.js";

export type { ToolSearchToolOptions } from "./tool-options.js";

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
	 * marks the tool result as failed). Rejects only with a `ToolSearchError` of code `ABORTED` when
	 * `signal` aborts before activation, with `INVALID_TOOL` when `namespaceOf` returns a namespace
	 * without a string `name`, or with whatever the host's own callbacks throw.
	 * `ctx` (pi's `ExtensionContext`, 5th argument) is passed on to the ranker.
	 */
	execute(
		toolCallId: string,
		params: unknown,
		signal?: AbortSignal,
		onUpdate?: unknown,
		ctx?: unknown,
	): Promise<ToolSearchToolResult>;
}

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
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `tools` lacks a method, `ranker` has no `rank`,
 * `exclude` or `namespaceOf` is not a function, `defaultLimit` is not a positive integer,
 * `description` is not a non-empty string, `policy` is malformed (as `planDiscovery` checks it), or
 * `maxActiveTools` / `maxActiveSchemaTokens` is not a positive number (an integer for the count).
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
	const rankerTimeoutMs = options.rankerTimeoutMs ?? DEFAULT_RANKER_TIMEOUT_MS;
	const description = options.description ?? TOOL_SEARCH_DESCRIPTION;

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
	const selected = new Set<string>();
	const budget = createSearchBudget(options);

	/** The ranker for this call: the injected or registered one; the shared default becomes our own. */
	function rankerForCall(): ToolRanker {
		const chosen = ranker ?? getToolRanker();
		// The shared default would be re-synchronised by every tool_search instance in the process;
		// each instance keeps its own index instead, so its rankings depend on its catalogue alone.
		if (chosen === getDefaultToolRanker()) return ownRanker();
		return chosen;
	}

	let own: Bm25Ranker | undefined;
	function ownRanker(): Bm25Ranker {
		own ??= new Bm25Ranker();
		return own;
	}

	/**
	 * Ranks the searchable tools that are not active for each phrasing (each with the ranker's
	 * deadline and fallback), fusing the rankings when there are several; the matches, described,
	 * best first, and the namespaces of the searchable tools, for a result without matches.
	 */
	async function search(
		phrasings: readonly ParsedPhrasing[],
		limit: number,
		signal: AbortSignal | undefined,
		ctx: unknown,
	): Promise<
		| {
				outcome: RankOutcome;
				found: ToolSearchResultTool[];
				candidateCount: number;
				namespaces: () => ToolSearchNamespaceSummary[];
				notes: QueryNotes;
				sources: ToolSearchSourceStatus[];
		  }
		| { error: string }
	> {
		const searchable = catalog.collect(hostList(tools.getAllTools(), "getAllTools"));
		const hidden = new Set(activeNames(tools.getActiveTools()));
		let activeSearchable = 0;
		for (const name of hidden) if (searchable.get(name) !== undefined) activeSearchable++;
		const candidateCount = searchable.tools.length - activeSearchable;
		// Query syntax (issue 15): scopes, +/- words, regex: and select: against this call's view.
		const sources = readSourceStatus(tools);
		const interpreted = interpretQuery(phrasings, { searchable, active: hidden, sources });
		if (!interpreted.ok) return { error: interpreted.error };
		const { runs, notes } = interpreted;
		let outcome: RankOutcome = { matches: [], rankedBy: rankerName(rankerForCall()) };
		if (candidateCount > 0) {
			const rankOne = async (run: PhrasingRun, depth: number): Promise<RankOutcome> =>
				run.kind === "answer"
					? run.answer(depth)
					: rankWithFallback(rankerForCall(), run.text, searchable.documents, depth, {
							signal,
							...(ctx === undefined ? {} : { ctx }),
							exclude: (name) => hidden.has(name) || run.keep?.(name) === false,
							fallback: ownRanker(),
							timeoutMs: rankerTimeoutMs,
						});
			// Several phrasings are ranked at once, each twice as deep as the limit, so a tool that
			// several of them find just below the cut can still make it after the fusion.
			outcome =
				runs.length === 1
					? await rankOne(runs[0] as PhrasingRun, limit)
					: combineOutcomes(
							await Promise.all(runs.map((run) => rankOne(run, limit * QUERIES_RANK_DEPTH))),
							limit,
						);
		}
		throwIfAborted(signal);
		const found = outcome.matches.flatMap((match) => {
			const candidate = hidden.has(match.name) ? undefined : searchable.get(match.name);
			return candidate === undefined
				? []
				: [describeFoundTool(candidate.info, match.score, candidate.namespace)];
		});
		const namespaces = () =>
			summarizeNamespaces(searchable.tools.filter((tool) => !hidden.has(tool.info.name)));
		return { outcome, found, candidateCount, namespaces, notes, sources };
	}

	async function execute(
		_toolCallId: string,
		params: unknown,
		signal?: AbortSignal,
		_onUpdate?: unknown,
		ctx?: unknown,
	): Promise<ToolSearchToolResult> {
		throwIfAborted(signal);
		const input = validateToolSearchInput(params, defaultLimit);
		if (!input.ok) return formatToolSearchError(input.error, { query: rawQuery(params), defaultLimit });
		const { query, queries } = input;
		const limit = Math.min(input.limit, maxLimit);
		// Query syntax (issue 15): parsed before anything is searched; bad syntax is an error result.
		const parsed = parseQuerySyntax(queries ?? [query], maxLimit);
		if (!parsed.ok) return formatToolSearchError(parsed.error, { query: rawQuery(params), defaultLimit });
		applyPolicy();

		const searched = await search(parsed.phrasings, limit, signal, ctx);
		if ("error" in searched)
			return formatToolSearchError(searched.error, { query: rawQuery(params), defaultLimit });
		const { outcome, found: matches, candidateCount } = searched;
		// Matches whose names and lines would not fit the result's budget are not loaded either.
		const fitted = fitResultBudget(matches);
		const omitted = matches.length - fitted.length;
		// Activation within the active-set budget (issue 15): least recently used tools make room.
		const activation = activateWithinBudget(tools, budget, fitted);
		const { found } = activation;
		for (const tool of found) selected.add(tool.name);
		for (const name of searched.notes.alreadyActive ?? []) budget.markUsed(name);
		const stillActive = new Set(activation.active);

		const namespaces = found.length === 0 && candidateCount > 0 ? searched.namespaces() : [];
		const details: ToolSearchToolDetails = {
			query,
			...(queries === undefined ? {} : { queries }),
			limit,
			...(limit < input.limit ? { requested_limit: input.limit } : {}),
			total_tools: candidateCount,
			activated_tools: found.map((tool) => tool.name),
			active_selected_tools: [...selected].filter((name) => stillActive.has(name)),
			ranked_by: outcome.rankedBy,
			...(outcome.fallbackReason === undefined ? {} : { fallback_reason: outcome.fallbackReason }),
			tools: found,
			...(omitted > 0 ? { omitted_tools: omitted } : {}),
			...(outcome.terms === undefined
				? {}
				: { unmatched_terms: outcome.terms.filter((term) => !term.matched).map((term) => term.term) }),
			...(outcome.abstained === true ? { abstained: true } : {}),
			...(outcome.ignoredTerms === undefined ? {} : { ignored_terms: outcome.ignoredTerms }),
			...(namespaces.length === 0 ? {} : { namespaces }),
			...queryDetails(searched.notes, searched.sources, activation),
		};
		return formatToolSearchResult(details);
	}

	return {
		name: TOOL_SEARCH_TOOL_NAME,
		label: "Tool search",
		description,
		parameters: toolSearchSchema,
		applyPolicy,
		markUsed: (name) => budget.markUsed(name),
		execute,
	};
}
