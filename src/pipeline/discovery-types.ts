/**
 * What the discovery pipeline records of a call (`details.discovery`, the trace records' fields)
 * and what a host reports of a tool call. Types only.
 */

/**
 * A candidate's component scores, by name (snake_case, like `details`): `ranker` (the answering
 * ranker's score), `bm25` (when BM25 answered, or the hybrid ranker reports it), `dense` (the
 * hybrid ranker's cosine similarity), `fused` (reciprocal-rank fusion over several `queries`),
 * `affinity` (the `affinity` gate's value, when not 0), `exact_name` (1: the query is the tool's
 * name or local name), `name_in_query` (1: the tool's local name is in the query), `rerank` (the
 * reranker's score, when it gave one). Finite numbers only.
 *
 * @example
 * ```ts
 * const signals: ToolSearchSignals = { ranker: 7.1, bm25: 7.1, affinity: 2, exact_name: 1 };
 * ```
 */
export type ToolSearchSignals = Readonly<Record<string, number>>;

/**
 * One ranker tried for a call: its name, how long it took, why it failed (absent when it answered),
 * and, for a call with several `queries`, which phrasing (0-based).
 *
 * @example
 * ```ts
 * const attempt: ToolSearchRankAttempt = { ranker: "hybrid", ms: 5000.4, error: "ranker failed: timed out after 5000 ms" };
 * ```
 */
export interface ToolSearchRankAttempt {
	ranker: string;
	ms: number;
	error?: string;
	phrasing?: number;
}

/**
 * What the judge decided for a call, as `details.discovery.judge` and traces record it.
 *
 * @example
 * ```ts
 * const decision: ToolSearchJudgeDecision = { mode: "shadow", ms: 812.5, selected: ["github__create_issue"] };
 * ```
 */
export interface ToolSearchJudgeDecision {
	mode: "shadow" | "on";
	ms: number;
	/** The names it selected that are candidates, in its order. */
	selected?: string[];
	abstained?: true;
	/** Its reason, first 200 characters. */
	reason?: string;
	/** Names it selected that are not candidates (ignored). */
	ignored?: string[];
	/** Why its decision was not used (a throw, a malformed decision, the deadline): the ranked order stood. */
	error?: string;
}

/**
 * What the pipeline did in one `tool_search` call: `details.discovery`, present when a pipeline
 * option is set. The trace record of the call holds the same fields.
 *
 * @example
 * ```ts
 * const { discovery_id, attempts, candidates, judge }: ToolSearchDiscoveryDetails = result.details.discovery!;
 * ```
 */
export interface ToolSearchDiscoveryDetails {
	/** Identifies the call; outcome records of the tools it activated carry it. */
	discovery_id: string;
	candidate_limit: number;
	activation_limit: number;
	/** Every ranker tried, in order (per phrasing for several `queries`). */
	attempts: ToolSearchRankAttempt[];
	/**
	 * With `onError` `"empty"` or `"fail"`: why the search answered with nothing (the first failing
	 * ranker's error).
	 */
	search_error?: string;
	/** The candidates after the gates and the reranker, in order: name, score and component scores. */
	candidates: { name: string; score: number; signals: ToolSearchSignals }[];
	/** Candidates `isAvailable` dropped, in ranked order. */
	unavailable?: string[];
	/** Gates that failed for a candidate (at most 10 listed): which gate, which tool, why. */
	gate_errors?: { gate: "isAvailable" | "affinity"; tool: string; error: string }[];
	/** The rerank stage: how long it took, and why its order was not used when it failed. */
	rerank?: { ms: number; error?: string };
	judge?: ToolSearchJudgeDecision;
	/** Milliseconds per stage (0.01 ms steps): reading the catalogue, ranking, gates, rerank, judge, activation, all. */
	timings_ms: {
		collect: number;
		rank: number;
		gate: number;
		rerank: number;
		judge: number;
		activate: number;
		total: number;
	};
}

/**
 * A tool call's outcome, reported to the `tool_search` that activated the tool, so traces link
 * execution to discovery. Adapters report it themselves where they run tools (pi, the AI SDK, the
 * MCP proxy) and refusals everywhere; with the Anthropic and OpenAI adapters, report the calls you
 * run.
 *
 * @example
 * ```ts
 * const report: ToolCallReport = { name: "github__create_issue", status: "ok", toolCallId: "toolu_1", ms: 412 };
 * toolSearch.reportToolCall(report);
 * ```
 */
export interface ToolCallReport {
	name: string;
	/** `"ok"`: it ran; `"error"`: it ran and failed (or threw); `"refused"`: a guard did not let it run. */
	status: "ok" | "error" | "refused";
	/** Why it was refused (with `"refused"`): the statuses of `checkToolCall`. */
	reason?: "unavailable" | "inactive" | "unknown" | undefined;
	toolCallId?: string | undefined;
	/** How long it ran, in ms. */
	ms?: number | undefined;
}
