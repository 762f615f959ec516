/** Runs one ranker over one dataset: build, rank every query, score, time. */
import type { EvalDataset } from "./datasets.js";
import { averageMetrics, type Metrics, queryMetrics } from "./metrics.js";
import type { EvalRanker } from "./rankers/types.js";

/** How many results each query is scored on (the metrics go to @10). */
export const EVAL_DEPTH = 10;

export interface RankerResult {
	readonly ranker: string;
	/** Means over the dataset's queries. */
	readonly metrics: Metrics;
	/** Means per query `subset` (source category), for break-downs. */
	readonly bySubset: Readonly<Record<string, Metrics & { readonly queries: number }>>;
	/** Total search time of the timed pass divided by the number of queries. */
	readonly msPerQuery: number;
	readonly buildMs: number;
	/** The top {@link EVAL_DEPTH} of each query, in dataset order. */
	readonly rankings: readonly (readonly string[])[];
}

/**
 * Builds `ranker` on the dataset's catalogue, runs every query once (the warm-up pass, whose
 * rankings are scored), then once more timed. Rankers are deterministic, so both passes agree.
 */
export function evaluateRanker(ranker: EvalRanker, dataset: EvalDataset): RankerResult {
	const buildStart = performance.now();
	ranker.build(dataset.tools);
	const buildMs = performance.now() - buildStart;

	const rankings = dataset.queries.map((query) => ranker.search(query.query, EVAL_DEPTH));

	let returned = 0;
	const searchStart = performance.now();
	for (const query of dataset.queries) returned += ranker.search(query.query, EVAL_DEPTH).length;
	const searchMs = performance.now() - searchStart;
	const expected = rankings.reduce((sum, ranking) => sum + ranking.length, 0);
	if (returned !== expected) {
		throw new Error(
			`${ranker.name} is not deterministic on ${dataset.id}: ${returned} vs ${expected} results`,
		);
	}

	const perQuery = dataset.queries.map((query, at) => queryMetrics(rankings[at] ?? [], query.groups));
	const subsets = new Map<string, Metrics[]>();
	dataset.queries.forEach((query, at) => {
		if (query.subset === undefined) return;
		const list = subsets.get(query.subset) ?? [];
		list.push(perQuery[at] as Metrics);
		subsets.set(query.subset, list);
	});
	const bySubset: Record<string, Metrics & { queries: number }> = {};
	for (const [subset, list] of subsets) bySubset[subset] = { ...averageMetrics(list), queries: list.length };

	return {
		ranker: ranker.name,
		metrics: averageMetrics(perQuery),
		bySubset,
		msPerQuery: searchMs / dataset.queries.length,
		buildMs,
		rankings,
	};
}
