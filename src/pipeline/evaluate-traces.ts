/**
 * `evaluateTraces`: the numbers a team reads off its discovery traces before switching a judge from
 * shadow to on — retrieval quality where labels exist, abstention and failure rates, how often the
 * judge agrees with the ranker, and tools activated but never called. Pure.
 */
import type { ToolSearchDiscoveryTrace, ToolSearchTraceRecord } from "./trace-types.js";

/**
 * Options of {@link evaluateTraces}.
 *
 * @example
 * ```ts
 * const options: TraceEvaluationOptions = { k: [1, 5] };
 * ```
 */
export interface TraceEvaluationOptions {
	/** The cut-offs of `recallAt`. @defaultValue `[1, 3, 5, 10]` */
	k?: readonly number[] | undefined;
}

/**
 * What {@link evaluateTraces} measured. Rates are shares in [0, 1]; a measure without the records
 * it needs is `undefined`.
 *
 * @example
 * ```ts
 * const { recallAt, mrr, judge, activatedNeverCalled }: TraceEvaluation = evaluateTraces(records, labels);
 * ```
 */
export interface TraceEvaluation {
	/** Discovery records read. */
	discoveries: number;
	/** Outcome records read. */
	outcomes: number;
	/** Discoveries with at least one labelled relevant tool. */
	labelled: number;
	/** Mean share of a labelled discovery's relevant tools among its first k candidates, by k. */
	recallAt: Record<number, number> | undefined;
	/** Mean reciprocal rank of the first relevant candidate (0 when none is a candidate). */
	mrr: number | undefined;
	/** Of the tools activated in labelled discoveries: the share that is relevant, and the share of relevant tools activated. */
	activation: { precision: number | undefined; recall: number } | undefined;
	/** Discoveries that activated nothing. */
	emptyRate: number | undefined;
	/** Discoveries in which some ranker failed (whatever answered in the end). */
	fallbackRate: number | undefined;
	/** Discoveries that answered nothing because a ranker failed (`onError` `"empty"` / `"fail"`). */
	failureRate: number | undefined;
	/** Share of the judge's decisions that were abstentions (errors not counted). */
	abstentionRate: number | undefined;
	/** The judge against the ranker, over discoveries it decided in (shadow or on). */
	judge:
		| {
				decisions: number;
				/** Decisions that failed (threw, malformed, timed out). */
				errors: number;
				abstentions: number;
				/**
				 * Mean Jaccard similarity of the judge's selection and the ranker's pick (its first
				 * `activation_limit` candidates); 1 when both are empty.
				 */
				agreement: number | undefined;
				/** With labels: precision and recall of the judge's selection, and of the ranker's pick. */
				precision: number | undefined;
				recall: number | undefined;
				rankerPrecision: number | undefined;
				rankerRecall: number | undefined;
		  }
		| undefined;
	/**
	 * Tools activated by a discovery that no outcome record of that discovery names: activations the
	 * model never used (meaningful when every tool call is reported). `tools`: the most frequent 20.
	 */
	activatedNeverCalled: {
		activated: number;
		neverCalled: number;
		rate: number | undefined;
		tools: { name: string; count: number }[];
	};
	/** Total milliseconds per `tool_search` call. */
	latencyMs: { p50: number; p95: number } | undefined;
}

function mean(values: readonly number[]): number | undefined {
	if (values.length === 0) return undefined;
	let sum = 0;
	for (const value of values) sum += value;
	return sum / values.length;
}

function percentile(sorted: readonly number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

function share(part: number, whole: number): number | undefined {
	return whole === 0 ? undefined : part / whole;
}

function overlap(a: readonly string[], b: ReadonlySet<string>): number {
	let count = 0;
	for (const name of new Set(a)) if (b.has(name)) count++;
	return count;
}

function jaccard(a: readonly string[], b: readonly string[]): number {
	const left = new Set(a);
	const right = new Set(b);
	if (left.size === 0 && right.size === 0) return 1;
	const both = overlap([...left], right);
	return both / (left.size + right.size - both);
}

/** Judge measures over the discoveries it decided in. */
function judgeMeasures(
	discoveries: readonly ToolSearchDiscoveryTrace[],
	relevantOf: (record: ToolSearchDiscoveryTrace) => ReadonlySet<string> | undefined,
): TraceEvaluation["judge"] {
	const decided = discoveries.filter((record) => record.judge !== undefined);
	if (decided.length === 0) return undefined;
	const agreement: number[] = [];
	const precision: number[] = [];
	const recall: number[] = [];
	const rankerPrecision: number[] = [];
	const rankerRecall: number[] = [];
	let errors = 0;
	let abstentions = 0;
	for (const record of decided) {
		const judge = record.judge as NonNullable<ToolSearchDiscoveryTrace["judge"]>;
		if (judge.error !== undefined) {
			errors++;
			continue;
		}
		if (judge.abstained === true) abstentions++;
		const selected = judge.selected ?? [];
		const pick = record.candidates.slice(0, record.activation_limit).map((candidate) => candidate.name);
		agreement.push(jaccard(selected, pick));
		const relevant = relevantOf(record);
		if (relevant === undefined) continue;
		if (selected.length > 0) precision.push(overlap(selected, relevant) / new Set(selected).size);
		if (pick.length > 0) rankerPrecision.push(overlap(pick, relevant) / new Set(pick).size);
		recall.push(overlap(selected, relevant) / relevant.size);
		rankerRecall.push(overlap(pick, relevant) / relevant.size);
	}
	return {
		decisions: decided.length,
		errors,
		abstentions,
		agreement: mean(agreement),
		precision: mean(precision),
		recall: mean(recall),
		rankerPrecision: mean(rankerPrecision),
		rankerRecall: mean(rankerRecall),
	};
}

/** Activated (discovery, tool) pairs that no outcome record names. */
function neverCalled(
	discoveries: readonly ToolSearchDiscoveryTrace[],
	records: readonly ToolSearchTraceRecord[],
): TraceEvaluation["activatedNeverCalled"] {
	const called = new Set<string>();
	for (const record of records) {
		if (record.type === "outcome" && record.discovery_id !== null)
			called.add(`${record.discovery_id}\n${record.tool}`);
	}
	let activated = 0;
	const counts = new Map<string, number>();
	for (const record of discoveries) {
		for (const name of new Set(record.activated)) {
			activated++;
			if (called.has(`${record.discovery_id}\n${name}`)) continue;
			counts.set(name, (counts.get(name) ?? 0) + 1);
		}
	}
	let total = 0;
	for (const count of counts.values()) total += count;
	const tools = [...counts]
		.map(([name, count]) => ({ name, count }))
		.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
		.slice(0, 20);
	return { activated, neverCalled: total, rate: share(total, activated), tools };
}

/**
 * Evaluates trace records (as `onTrace` received them, or read back from a `createTraceWriter`
 * file, one `JSON.parse` per line). `labels` gives the relevant tool names of a discovery, keyed
 * by its `discovery_id` or, failing that, by its `query`; labels with no names are ignored. Where
 * labels exist: recall at each k and MRR over the candidate list (the ranked order after the gates
 * and the reranker), precision and recall of what was activated, and of the judge's selection
 * against the ranker's pick. Without: abstention, empty, fallback and failure rates, judge/ranker
 * agreement, tools activated but never called, latency. Records of another `type` or `version`
 * are skipped.
 *
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { evaluateTraces } from "tool-search/pipeline";
 *
 * const records = readFileSync(".traces/tool-search.jsonl", "utf8").trim().split("\n").map((line) => JSON.parse(line));
 * const report = evaluateTraces(records, { "create a github issue": ["github__create_issue"] });
 * console.log(report.recallAt?.[5], report.judge?.agreement, report.activatedNeverCalled.rate);
 * ```
 */
export function evaluateTraces(
	records: Iterable<ToolSearchTraceRecord>,
	labels: Readonly<Record<string, readonly string[]>> = {},
	options: TraceEvaluationOptions = {},
): TraceEvaluation {
	const all = [...records].filter(
		(record) => record !== null && typeof record === "object" && record.version === 1,
	);
	const discoveries = all.filter(
		(record): record is ToolSearchDiscoveryTrace =>
			record.type === "discovery" && Array.isArray(record.candidates),
	);
	const relevantOf = (record: ToolSearchDiscoveryTrace): ReadonlySet<string> | undefined => {
		const names = Object.hasOwn(labels, record.discovery_id)
			? labels[record.discovery_id]
			: Object.hasOwn(labels, record.query)
				? labels[record.query]
				: undefined;
		return names === undefined || names.length === 0 ? undefined : new Set(names);
	};
	const ks = options.k ?? [1, 3, 5, 10];
	const recalls = new Map<number, number[]>(ks.map((k) => [k, []]));
	const reciprocal: number[] = [];
	const activatedPrecision: number[] = [];
	const activatedRecall: number[] = [];
	for (const record of discoveries) {
		const relevant = relevantOf(record);
		if (relevant === undefined) continue;
		const ranked = record.candidates.map((candidate) => candidate.name);
		for (const k of ks) recalls.get(k)?.push(overlap(ranked.slice(0, k), relevant) / relevant.size);
		const first = ranked.findIndex((name) => relevant.has(name));
		reciprocal.push(first < 0 ? 0 : 1 / (first + 1));
		if (record.activated.length > 0)
			activatedPrecision.push(overlap(record.activated, relevant) / new Set(record.activated).size);
		activatedRecall.push(overlap(record.activated, relevant) / relevant.size);
	}
	const count = discoveries.length;
	const judge = judgeMeasures(discoveries, relevantOf);
	const totals = discoveries
		.map((record) => record.timings_ms?.total)
		.filter((ms): ms is number => typeof ms === "number");
	totals.sort((a, b) => a - b);
	return {
		discoveries: count,
		outcomes: all.filter((record) => record.type === "outcome").length,
		labelled: reciprocal.length,
		recallAt:
			reciprocal.length === 0
				? undefined
				: Object.fromEntries(ks.map((k) => [k, mean(recalls.get(k) ?? []) ?? 0])),
		mrr: mean(reciprocal),
		activation:
			activatedRecall.length === 0
				? undefined
				: { precision: mean(activatedPrecision), recall: mean(activatedRecall) ?? 0 },
		emptyRate: share(discoveries.filter((record) => record.activated.length === 0).length, count),
		fallbackRate: share(
			discoveries.filter((record) => record.attempts?.some((a) => a.error !== undefined)).length,
			count,
		),
		failureRate: share(
			discoveries.filter((record) => record.outcome === "empty" || record.outcome === "failed").length,
			count,
		),
		abstentionRate:
			judge === undefined ? undefined : share(judge.abstentions, judge.decisions - judge.errors),
		judge,
		activatedNeverCalled: neverCalled(discoveries, all),
		latencyMs:
			totals.length === 0 ? undefined : { p50: percentile(totals, 0.5), p95: percentile(totals, 0.95) },
	};
}
