/**
 * The rerank stage: the host's reranker orders the bounded candidate list (a cross-encoder, an LLM,
 * company logic). A failure, a malformed answer or the deadline keep the order it was given.
 */
import { quote } from "../errors.js";
import { describeError, elapsedMs, withDeadline } from "../internal/deadline.js";
import { isObject } from "../internal/guards.js";
import { type Candidate, candidateViews } from "./candidates.js";
import type { ToolSearchDiscoveryDetails } from "./discovery-types.js";
import type { ResolvedPipeline } from "./pipeline-options.js";
import type { ToolSearchStageContext } from "./pipeline-types.js";
import { traceText } from "./trace-text.js";

/** The reranked candidates, and what the stage records. */
export interface RerankOutcome {
	readonly candidates: Candidate[];
	readonly record: NonNullable<ToolSearchDiscoveryDetails["rerank"]>;
}

/** The reranker's answer as candidates (copies carrying `signals.rerank`), or why it cannot be used. */
function readAnswer(answer: unknown, candidates: readonly Candidate[]): Candidate[] | string {
	if (!Array.isArray(answer)) return `rerank returned ${quote(answer)} instead of an array of names`;
	const byName = new Map(candidates.map((candidate) => [candidate.name, candidate]));
	const seen = new Set<string>();
	const ordered: Candidate[] = [];
	for (const item of answer as unknown[]) {
		const name = typeof item === "string" ? item : isObject(item) ? item.name : undefined;
		const score = isObject(item) ? item.score : undefined;
		if (typeof name !== "string") return `rerank returned an invalid item ${quote(item)}`;
		if (score !== undefined && !(typeof score === "number" && Number.isFinite(score))) {
			return `rerank returned an invalid score ${quote(item)}`;
		}
		const candidate = byName.get(name);
		if (candidate === undefined) return `rerank returned ${quote(name)}, which is not a candidate`;
		if (seen.has(name)) continue;
		seen.add(name);
		ordered.push(
			score === undefined ? candidate : { ...candidate, signals: { ...candidate.signals, rerank: score } },
		);
	}
	return ordered;
}

/** `read()`, or why reading the answer threw (a hostile getter or proxy). */
function safely(read: () => Candidate[] | string): Candidate[] | string {
	try {
		return read();
	} catch (error) {
		return `rerank failed: ${describeError(error)}`;
	}
}

/**
 * Runs the reranker over `candidates` with `rerankTimeoutMs`; the candidates it returns, in its
 * order (those it leaves out are dropped), or `candidates` as they were when it failed.
 */
export async function rerankStage(
	candidates: readonly Candidate[],
	query: string,
	context: Omit<ToolSearchStageContext, "signal"> & { signal: AbortSignal | undefined },
	pipeline: ResolvedPipeline,
): Promise<RerankOutcome> {
	const rerank = pipeline.rerank;
	const start = performance.now();
	if (rerank === undefined) return { candidates: [...candidates], record: { ms: 0 } };
	const views = candidateViews(candidates);
	const { signal, ...rest } = context;
	const settled = await withDeadline(
		(stageSignal) => rerank(query, views, { ...rest, signal: stageSignal }),
		pipeline.rerankTimeoutMs,
		signal,
	);
	const answer = settled.ok
		? safely(() => readAnswer(settled.value, candidates))
		: `rerank failed: ${settled.error}`;
	const ms = elapsedMs(start);
	if (typeof answer === "string")
		return { candidates: [...candidates], record: { ms, error: traceText(answer) } };
	return { candidates: answer, record: { ms } };
}
