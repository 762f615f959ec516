/**
 * The judge stage: the host's judge decides over the final candidate list which tools fit, or
 * abstains. In `shadow` mode its decision is only recorded; `on`, it decides what is activated. A
 * failure, a malformed decision or the deadline leave the ranked order in force, recorded.
 */
import { quote } from "../errors.js";
import { describeError, elapsedMs, withDeadline } from "../internal/deadline.js";
import { isObject } from "../internal/guards.js";
import { type Candidate, candidateViews } from "./candidates.js";
import type { ToolSearchJudgeDecision } from "./discovery-types.js";
import type { ResolvedPipeline } from "./pipeline-options.js";
import type { ToolSearchJudge, ToolSearchStageContext } from "./pipeline-types.js";
import { traceText } from "./trace-text.js";

/** The judge's decision as recorded, and, when it is `on` and decided, the candidates it selected. */
export interface JudgeOutcome {
	readonly decision: ToolSearchJudgeDecision;
	/** `on` and a usable decision: the selected candidates in its order (empty for an abstention). */
	readonly selected: Candidate[] | undefined;
}

type Read =
	| { ok: true; selected: Candidate[]; abstained: boolean; reason?: string; ignored: string[] }
	| { ok: false; error: string };

/** Reads a decision: `{ selected: string[] }` or `{ abstain: true }`, with an optional string reason. */
function readDecision(value: unknown, candidates: readonly Candidate[]): Read {
	if (!isObject(value)) return { ok: false, error: `judge returned ${quote(value)} instead of a decision` };
	const reason = typeof value.reason === "string" ? { reason: traceText(value.reason) } : {};
	if (value.abstain === true) return { ok: true, selected: [], abstained: true, ignored: [], ...reason };
	const names = value.selected;
	if (!Array.isArray(names) || !names.every((name) => typeof name === "string")) {
		return {
			ok: false,
			error: `judge returned ${quote(value)}: expected { selected: string[] } or { abstain: true }`,
		};
	}
	const byName = new Map(candidates.map((candidate) => [candidate.name, candidate]));
	const selected: Candidate[] = [];
	const ignored: string[] = [];
	for (const name of new Set(names as string[])) {
		const candidate = byName.get(name);
		if (candidate === undefined) ignored.push(traceText(name));
		else selected.push(candidate);
	}
	return { ok: true, selected, abstained: false, ignored, ...reason };
}

/** Asks `judge` about `candidates` within `judgeTimeoutMs` and records what it decided. */
export async function judgeStage(
	judge: ToolSearchJudge,
	candidates: readonly Candidate[],
	query: string,
	context: Omit<ToolSearchStageContext, "signal"> & { signal: AbortSignal | undefined },
	pipeline: ResolvedPipeline,
): Promise<JudgeOutcome> {
	const mode = judge.mode === "on" ? "on" : "shadow";
	const start = performance.now();
	const views = candidateViews(candidates);
	const { signal, ...rest } = context;
	const settled = await withDeadline(
		(stageSignal) => judge.decide(query, views, { ...rest, signal: stageSignal }),
		pipeline.judgeTimeoutMs,
		signal,
	);
	let read: Read = { ok: false, error: `judge failed: ${settled.ok ? "" : settled.error}` };
	if (settled.ok) {
		try {
			read = readDecision(settled.value, candidates);
		} catch (error) {
			read = { ok: false, error: `judge failed: ${describeError(error)}` }; // a hostile getter or proxy
		}
	}
	const ms = elapsedMs(start);
	if (!read.ok) return { decision: { mode, ms, error: traceText(read.error) }, selected: undefined };
	const decision: ToolSearchJudgeDecision = {
		mode,
		ms,
		...(read.abstained
			? { abstained: true }
			: { selected: read.selected.map((candidate) => candidate.name) }),
		...(read.reason === undefined ? {} : { reason: read.reason }),
		...(read.ignored.length === 0 ? {} : { ignored: read.ignored }),
	};
	return { decision, selected: mode === "on" ? read.selected : undefined };
}
