/**
 * The per-request gates, applied to a call's candidates after ranking (the shared index is never
 * changed): `isAvailable` drops candidates, `affinity` rescales their scores (seed 001:
 * `score × max(0.01, 1 + affinity × 0.1)`) and re-sorts them. Both may be async; together they get
 * one deadline per call.
 */
import { AFFINITY_WEIGHT, MAX_GATE_ERRORS, MIN_AFFINITY_FACTOR } from "../defaults.js";
import { describeError, withDeadline } from "../internal/deadline.js";
import type { Candidate } from "./candidates.js";
import type { ToolSearchDiscoveryDetails } from "./discovery-types.js";
import type { ResolvedPipeline } from "./pipeline-options.js";
import { traceText } from "./trace-text.js";

type GateError = NonNullable<ToolSearchDiscoveryDetails["gate_errors"]>[number];
type Gate = "isAvailable" | "affinity";

/** What the gates did to a call's candidates. */
export interface GateOutcome {
	readonly candidates: Candidate[];
	/** Names `isAvailable` dropped, in ranked order. */
	readonly unavailable: string[];
	readonly errors: GateError[];
}

/** One gate's answers for the candidates: a value, or the error, or nothing (still pending at the deadline). */
type Answers = ({ ok: true; value: unknown } | { ok: false; error: string } | undefined)[];

/** Asks `gate` about every candidate at once; the answers array fills in as they settle. */
function ask(
	gate: (name: string, ctx: unknown) => unknown,
	candidates: readonly Candidate[],
	ctx: unknown,
): { answers: Answers; settled: Promise<unknown> } {
	const answers: Answers = candidates.map(() => undefined);
	const settled = Promise.all(
		candidates.map((candidate, at) =>
			Promise.resolve()
				.then(() => gate(candidate.name, ctx))
				.then(
					(value) => {
						answers[at] = { ok: true, value };
					},
					(error: unknown) => {
						answers[at] = { ok: false, error: describeError(error) };
					},
				),
		),
	);
	return { answers, settled };
}

/** The score factor of an affinity (non-finite counts as 0). */
export function affinityFactor(affinity: number): number {
	return Math.max(MIN_AFFINITY_FACTOR, 1 + affinity * AFFINITY_WEIGHT);
}

/**
 * Applies `isAvailable` and `affinity` to `candidates` (not mutated: changed ones are copies).
 * A candidate is kept when `isAvailable` resolved to exactly `true`; one it threw or rejected for,
 * or that was still pending at `gateTimeoutMs`, is dropped (fail closed) and the error recorded.
 * An affinity that is not a finite number, threw, rejected or was late counts as 0.
 */
export async function applyGates(
	candidates: readonly Candidate[],
	pipeline: ResolvedPipeline,
	ctx: unknown,
	signal: AbortSignal | undefined,
): Promise<GateOutcome> {
	const { isAvailable, affinity, gateTimeoutMs } = pipeline;
	if (candidates.length === 0 || (isAvailable === undefined && affinity === undefined)) {
		return { candidates: [...candidates], unavailable: [], errors: [] };
	}
	const available = isAvailable === undefined ? undefined : ask(isAvailable, candidates, ctx);
	const affinities = affinity === undefined ? undefined : ask(affinity, candidates, ctx);
	const waited = await withDeadline(
		() => Promise.all([available?.settled, affinities?.settled]),
		gateTimeoutMs,
		signal,
	);
	const late = waited.ok ? "pending" : waited.error;
	const errors: GateError[] = [];
	const fail = (gate: Gate, tool: string, error: string) => {
		if (errors.length < MAX_GATE_ERRORS) errors.push({ gate, tool, error: traceText(error) });
	};

	const unavailable: string[] = [];
	const kept: { candidate: Candidate; at: number }[] = [];
	candidates.forEach((candidate, at) => {
		const answer = available?.answers[at];
		if (available !== undefined && !(answer?.ok === true && answer.value === true)) {
			unavailable.push(candidate.name);
			if (answer === undefined) fail("isAvailable", candidate.name, late);
			else if (!answer.ok) fail("isAvailable", candidate.name, answer.error);
			return;
		}
		const score = affinities === undefined ? null : affinities.answers[at];
		kept.push({ candidate: rescored(candidate, score, late, fail), at });
	});
	if (affinities !== undefined) {
		kept.sort((a, b) => b.candidate.score - a.candidate.score || a.at - b.at);
	}
	return { candidates: kept.map((item) => item.candidate), unavailable, errors };
}

/** `candidate` with its score times the affinity factor (a copy), or itself when there is no affinity. */
function rescored(
	candidate: Candidate,
	answer: Answers[number] | null,
	late: string,
	fail: (gate: Gate, tool: string, error: string) => void,
): Candidate {
	if (answer === null) return candidate;
	let value = 0;
	if (answer === undefined) fail("affinity", candidate.name, late);
	else if (!answer.ok) fail("affinity", candidate.name, answer.error);
	else if (typeof answer.value === "number" && Number.isFinite(answer.value)) value = answer.value;
	else fail("affinity", candidate.name, `not a finite number: ${String(answer.value)}`);
	if (value === 0) return candidate;
	return {
		...candidate,
		score: candidate.score * affinityFactor(value),
		signals: { ...candidate.signals, affinity: value },
	};
}
