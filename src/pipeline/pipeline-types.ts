/**
 * The public types of the discovery pipeline (`tool-search/pipeline`): its options and what its
 * stages receive and return. Types only. What a call records is in `discovery-types.ts`, trace
 * records in `trace-types.ts`.
 */
import type { ToolInfo, ToolNamespace, ToolRanker } from "../types.js";
import type { ToolSearchSignals } from "./discovery-types.js";
import type { ToolSearchTraceRecord } from "./trace-types.js";

/**
 * A tool as the rerank and judge stages see it: its name, its score (the ranker's, times the
 * affinity factor), its component scores, and its fields as read from the host (frozen; no
 * `execute` or anything else the host's tool object holds: the stages can read a tool, never run it).
 *
 * @example
 * ```ts
 * const rerank: ToolSearchRerank = (query, candidates: readonly ToolSearchCandidate[]) =>
 *   [...candidates].sort((a, b) => (b.signals.dense ?? 0) - (a.signals.dense ?? 0)).map((c) => c.name);
 * ```
 */
export interface ToolSearchCandidate {
	readonly name: string;
	readonly score: number;
	readonly signals: ToolSearchSignals;
	/** `name`, `title`, `label`, `description`, `parameters`, `inputSchema` as the host gave them. */
	readonly tool: ToolInfo;
	/** The tool's namespace (MCP server), when `namespaceOf` gives one. */
	readonly namespace?: ToolNamespace | undefined;
}

/**
 * What the rerank and judge stages get besides the query and the candidates.
 *
 * @example
 * ```ts
 * const judge: ToolSearchJudge = { mode: "shadow", decide: (query, candidates, { signal, ctx }: ToolSearchStageContext) => ({ abstain: true }) };
 * ```
 */
export interface ToolSearchStageContext {
	/**
	 * For the reranker: how many tools the call returns (its `limit`). For the judge: how many it
	 * may activate (`activationLimit`).
	 */
	readonly limit: number;
	/** Fires when the call is aborted or the stage's deadline passes: stop work then. */
	readonly signal: AbortSignal;
	/** The call's context (what `execute` got as its 5th argument; pi's `ExtensionContext`). */
	readonly ctx: unknown;
	/** Every phrasing of the call (`query` first); one element for a lone `query`. */
	readonly queries: readonly string[];
}

/**
 * The rerank stage: the candidates (at most `candidateLimit`, after the gates) in a new order, as
 * names or `{ name, score }`; candidates left out are dropped. A cross-encoder, an LLM, or your
 * own logic. A throw, a rejection, an unknown name or the deadline (`rerankTimeoutMs`) keep the
 * order it was given (recorded in `details.discovery.rerank.error`).
 *
 * @example
 * ```ts
 * const rerank: ToolSearchRerank = async (query, candidates, { signal }) =>
 *   (await crossEncoder.score(query, candidates.map((c) => c.tool.description), { signal }))
 *     .map((score, at) => ({ name: candidates[at]!.name, score }))
 *     .sort((a, b) => b.score - a.score);
 * ```
 */
export type ToolSearchRerank = (
	query: string,
	candidates: readonly ToolSearchCandidate[],
	options: ToolSearchStageContext,
) =>
	| readonly (string | { readonly name: string; readonly score?: number | undefined })[]
	| Promise<readonly (string | { readonly name: string; readonly score?: number | undefined })[]>;

/**
 * A judge's decision: the names it selects (best first), or an abstention (none of the candidates
 * fits). `reason` is recorded and, when the judge is `on` and abstains, shown to the model (first
 * 200 characters).
 *
 * @example
 * ```ts
 * const yes: ToolSearchJudgement = { selected: ["github__create_issue"], reason: "the only issue tracker" };
 * const no: ToolSearchJudgement = { abstain: true, reason: "no calendar tool among the matches" };
 * ```
 */
export type ToolSearchJudgement =
	| { readonly selected: readonly string[]; readonly reason?: string | undefined }
	| { readonly abstain: true; readonly reason?: string | undefined };

/**
 * The judge stage, over the final candidate list:
 * - `"off"`: not asked;
 * - `"shadow"`: asked, its decision recorded (`details.discovery.judge`, traces), nothing changed;
 * - `"on"`: only what it selected is returned and activated (at most `activationLimit`); an
 *   abstention activates nothing and the model is told so.
 * A throw, a rejection, a malformed decision or the deadline (`judgeTimeoutMs`) fall back to the
 * ranked order, recorded. Names it selects that are not candidates are ignored (and recorded).
 *
 * @example
 * ```ts
 * const judge: ToolSearchJudge = {
 *   mode: "shadow",
 *   decide: async (query, candidates, { signal }) => askModel(query, candidates.map((c) => c.name), signal),
 * };
 * ```
 */
export interface ToolSearchJudge {
	readonly mode: "off" | "shadow" | "on";
	decide(
		query: string,
		candidates: readonly ToolSearchCandidate[],
		options: ToolSearchStageContext,
	): ToolSearchJudgement | Promise<ToolSearchJudgement>;
}

/**
 * The discovery pipeline's options, part of `createToolSearchTool`'s options (and of every
 * adapter's): search → gates → rerank → judge → activate. With none of them set, `tool_search`
 * behaves as without a pipeline (the ranker is asked for `limit` tools, `details` has no
 * `discovery`). None of the stages executes a tool or grants a permission: activation only makes a
 * tool's schema visible; run your permission checks when a tool is called.
 *
 * @example
 * ```ts
 * const pipeline: ToolSearchPipelineOptions = {
 *   isAvailable: (name) => !name.startsWith("snowflake__") || pool.healthy,
 *   affinity: (name, ctx) => memoryOf(ctx).affinity(name),
 *   rankers: [hybrid, new Bm25Ranker()],
 *   judge: { mode: "shadow", decide: myJudge },
 *   onTrace: createTraceWriter({ path: ".traces/tool-search.jsonl" }).write,
 * };
 * ```
 */
export interface ToolSearchPipelineOptions {
	/**
	 * How many ranked tools go through the gates, the reranker and the judge. Integer ≥ 1, at
	 * least the call's `limit`. @defaultValue `limit × 2` (seed: search fetches twice the limit
	 * before filtering)
	 */
	candidateLimit?: number | undefined;
	/**
	 * How many of the returned tools are activated; the others are listed to the model as matching
	 * but not loaded. Integer ≥ 1. @defaultValue the call's `limit`
	 */
	activationLimit?: number | undefined;
	/**
	 * Per-request availability of a tool (a disabled handler, a pool that is down, a user without
	 * the feature). Candidates for which it is not exactly `true` (or that throw, reject or pass
	 * `gateTimeoutMs`) are dropped before ranking is cut (`details.discovery.unavailable`); and every
	 * adapter's guard asks it again when the model calls a tool, refusing a stale call with an
	 * error result. Never changes the index. May be async. @defaultValue every tool is available
	 */
	isAvailable?: ((name: string, ctx: unknown) => boolean | Promise<boolean>) | undefined;
	/**
	 * Per-request affinity of a tool: positive prefers it, negative avoids it (e.g. memory of past
	 * sessions). A candidate's score becomes `score × max(0.01, 1 + affinity × 0.1)` and the
	 * candidates are re-sorted (ties keep their order); a throw, a rejection, a value that is not a
	 * finite number or `gateTimeoutMs` count as 0. May be async. @defaultValue no affinity
	 */
	affinity?: ((name: string, ctx: unknown) => number | Promise<number>) | undefined;
	/**
	 * The rankers, primary first then fallbacks. Each gets `rankerTimeoutMs`; see `onError`. Not
	 * with `ranker`. @defaultValue `[ranker]`
	 */
	rankers?: readonly ToolRanker[] | undefined;
	/**
	 * What a failing ranker (a throw, a rejection, an unusable answer, `rankerTimeoutMs`) leads to:
	 * - `"fallback"`: the next ranker of `rankers`; after the last, the built-in BM25 ranker
	 *   (`ranked_by: "fallback"`);
	 * - `"empty"`: no tools, and the model is told the search failed;
	 * - `"fail"`: an error result (`isError: true`) saying the search failed.
	 * Every attempt is in `details.discovery.attempts`. @defaultValue `"fallback"`
	 */
	onError?: "fallback" | "empty" | "fail" | undefined;
	/**
	 * How long each ranker may take, in milliseconds, before it counts as failed; `Infinity` waits
	 * for ever. The built-in `Bm25Ranker` answers synchronously and has no deadline. @defaultValue 5000
	 */
	rankerTimeoutMs?: number | undefined;
	/** The rerank stage; see {@link ToolSearchRerank}. @defaultValue none */
	rerank?: ToolSearchRerank | undefined;
	/** How long the reranker may take, in ms (> 0, or `Infinity`). @defaultValue 5000 */
	rerankTimeoutMs?: number | undefined;
	/** The judge; see {@link ToolSearchJudge}. @defaultValue none (as `mode: "off"`) */
	judge?: ToolSearchJudge | undefined;
	/** How long the judge may take, in ms (> 0, or `Infinity`). @defaultValue 10000 */
	judgeTimeoutMs?: number | undefined;
	/** How long `isAvailable` and `affinity` may take for one call's candidates, in ms (> 0, or `Infinity`). @defaultValue 1000 */
	gateTimeoutMs?: number | undefined;
	/**
	 * Receives a trace record per `tool_search` call (`type: "discovery"`) and per reported tool
	 * call (`type: "outcome"`); see `ToolSearchTraceRecord`. Records hold names, scores, timings and
	 * errors, never tool arguments, tool outputs or the call's `ctx`. A throw or a rejection is
	 * ignored. `createTraceWriter(...).write` appends them to a JSONL file. @defaultValue none
	 */
	onTrace?: ((record: ToolSearchTraceRecord) => void | Promise<void>) | undefined;
}
