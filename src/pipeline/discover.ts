/**
 * One call's discovery, stage by stage: rank (the chain of rankers, each phrasing, fused) → the
 * candidates → gates (`isAvailable`, `affinity`) → rerank → cut to `limit` → judge → what to
 * activate. Nothing here touches the host: the caller activates. With the pipeline off the
 * stages are skipped and the result is the ranker's top `limit`, as `tool_search` always did.
 */
import { QUERIES_RANK_DEPTH } from "../defaults.js";
import { elapsedMs } from "../internal/deadline.js";
import { type RankOutcome, rankWithFallback } from "../ranking/rank-with-fallback.js";
import { rankerName } from "../ranking/ranker-brand.js";
import { combineOutcomes } from "../tool/fuse-rankings.js";
import type { PhrasingRun } from "../tool/interpret-query.js";
import type { SearchableTools } from "../tool/searchable-catalog.js";
import type { ToolRanker } from "../types.js";
import { type Candidate, candidateRecords, toCandidates } from "./candidates.js";
import type { ToolSearchDiscoveryDetails } from "./discovery-types.js";
import { applyGates } from "./gates.js";
import { judgeStage } from "./judge-stage.js";
import { callLimits, type ResolvedPipeline } from "./pipeline-options.js";
import { rerankStage } from "./rerank-stage.js";
import { traceText } from "./trace-text.js";

/** What one call's discovery works on. */
export interface DiscoverInput {
	/** The phrasings as the model sent them (for the stages and the trace). */
	readonly phrasings: readonly string[];
	/** How each phrasing runs (query syntax: ranked text with a filter, or answered directly). */
	readonly runs: readonly PhrasingRun[];
	readonly limit: number;
	/** The searchable tools of this call; `hidden` are the active ones among them. */
	readonly view: SearchableTools;
	readonly hidden: ReadonlySet<string>;
	readonly signal: AbortSignal | undefined;
	readonly ctx: unknown;
	/** The chain: `rankers`, or `[ranker]`. */
	readonly rankers: readonly ToolRanker[];
	/** The built-in BM25 the chain falls back to. */
	readonly fallback: ToolRanker;
	readonly pipeline: ResolvedPipeline;
	/** The host's catalogue version `view` was collected at, when it says one. */
	readonly catalogVersion?: string | number | undefined;
}

/** `details.discovery` without what the caller adds (the id, and the collect/activate/total timings). */
export type DiscoveryRecord = Omit<ToolSearchDiscoveryDetails, "discovery_id" | "timings_ms"> & {
	timings: { rank: number; gate: number; rerank: number; judge: number };
};

/** What one call's discovery found. */
export interface Discovery {
	/** The ranking (fused over phrasings): who answered, term reports, abstention. */
	readonly outcome: RankOutcome;
	/** The tools the call returns, best first, at most `limit`. */
	readonly returned: readonly Candidate[];
	/** Which of `returned` to activate (at most `activationLimit`). */
	readonly activate: ReadonlySet<string>;
	readonly record: DiscoveryRecord;
}

/** Ranks every phrasing through the chain; the fused outcome and each phrasing's own. */
async function rank(
	input: DiscoverInput,
	candidateLimit: number,
): Promise<{ outcome: RankOutcome; perPhrasing: RankOutcome[] }> {
	const { runs, limit, view, hidden, signal, ctx, rankers, fallback, pipeline, catalogVersion } = input;
	const rankOne = async (run: PhrasingRun, depth: number): Promise<RankOutcome> =>
		run.kind === "answer"
			? run.answer(depth)
			: // The view itself: its documents are built only if a ranker reads them.
				rankWithFallback(rankers, run.text, view, depth, {
					signal,
					catalogVersion,
					...(ctx === undefined ? {} : { ctx }),
					...(pipeline.on ? { signals: true } : {}),
					// The active set itself when nothing else filters: the index marks it up front.
					exclude: run.keep === undefined ? hidden : (name) => hidden.has(name) || run.keep?.(name) === false,
					fallback,
					timeoutMs: pipeline.rankerTimeoutMs,
					onError: pipeline.onError,
				});
	if (runs.length === 1) {
		const outcome = await rankOne(runs[0] as PhrasingRun, candidateLimit);
		return { outcome, perPhrasing: [outcome] };
	}
	// Several phrasings are ranked at once, each at least twice as deep as the limit, so a tool that
	// several of them find just below the cut can still make it after the fusion.
	const depth = Math.max(candidateLimit, limit * QUERIES_RANK_DEPTH);
	const perPhrasing = await Promise.all(runs.map((run) => rankOne(run, depth)));
	return { outcome: combineOutcomes(perPhrasing, candidateLimit), perPhrasing };
}

/**
 * Runs the stages for one call. Rejects with `ABORTED` when `signal` fires; every other failure
 * of a host callback is recorded and handled as its option says.
 */
export async function discover(input: DiscoverInput): Promise<Discovery> {
	const { phrasings, limit, view, hidden, signal, ctx, pipeline } = input;
	const { candidateLimit, activationLimit } = callLimits(pipeline, limit);
	const timings = { rank: 0, gate: 0, rerank: 0, judge: 0 };
	const searchable = view.size - countHidden(view, hidden);

	let start = performance.now();
	const { outcome, perPhrasing } =
		searchable > 0
			? await rank(input, candidateLimit)
			: {
					outcome: { matches: [], rankedBy: rankerName(input.rankers[0] ?? input.fallback) },
					perPhrasing: [],
				};
	timings.rank = elapsedMs(start);
	const base = {
		candidate_limit: candidateLimit,
		activation_limit: activationLimit,
		attempts: (outcome.attempts ?? []).map((attempt) =>
			attempt.error === undefined ? attempt : { ...attempt, error: traceText(attempt.error) },
		),
	};
	if (outcome.failure !== undefined) {
		const record = { ...base, search_error: traceText(outcome.failure), candidates: [], timings };
		return { outcome, returned: [], activate: new Set(), record };
	}
	let candidates = toCandidates(outcome, perPhrasing, { view, hidden, phrasings, signals: pipeline.on });

	start = performance.now();
	const gated = await applyGates(candidates, pipeline, ctx, signal);
	candidates = gated.candidates;
	timings.gate = elapsedMs(start);

	const query = phrasings[0] as string;
	const stage = { ctx, queries: phrasings, signal };
	let rerank: DiscoveryRecord["rerank"];
	if (pipeline.rerank !== undefined && candidates.length > 0) {
		const reranked = await rerankStage(candidates, query, { ...stage, limit }, pipeline);
		candidates = reranked.candidates;
		rerank = reranked.record;
		timings.rerank = reranked.record.ms;
	}

	let returned = candidates.slice(0, limit);
	let judge: DiscoveryRecord["judge"];
	if (pipeline.judge !== undefined && candidates.length > 0) {
		const judged = await judgeStage(
			pipeline.judge,
			candidates,
			query,
			{ ...stage, limit: activationLimit },
			pipeline,
		);
		judge = judged.decision;
		timings.judge = judged.decision.ms;
		if (judged.selected !== undefined) returned = judged.selected.slice(0, limit);
	}
	const record: DiscoveryRecord = {
		...base,
		candidates: pipeline.on ? candidateRecords(candidates) : [],
		...(gated.unavailable.length === 0 ? {} : { unavailable: gated.unavailable }),
		...(gated.errors.length === 0 ? {} : { gate_errors: gated.errors }),
		...(rerank === undefined ? {} : { rerank }),
		...(judge === undefined ? {} : { judge }),
		timings,
	};
	const activate = new Set(returned.slice(0, activationLimit).map((candidate) => candidate.name));
	return { outcome, returned, activate, record };
}

function countHidden(view: SearchableTools, hidden: ReadonlySet<string>): number {
	let count = 0;
	for (const name of hidden) if (view.get(name) !== undefined) count++;
	return count;
}
