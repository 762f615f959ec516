/** Runs one ranker over one dataset: build, rank every query, score, time. */

import {
	type AbstentionScores,
	abstentionScores,
	averageMetrics,
	type NaturalMetrics,
	naturalMetrics,
	queryMetrics,
	type RetrievalMetrics,
} from "../src/testing/metrics.js";
import { catalogueParts, type EvalDataset } from "./datasets.js";
import type { EvalRanker } from "./rankers/types.js";

/** How many results each query is scored on (the metrics go to @10). */
export const EVAL_DEPTH = 10;

/** The `natural` scores of a set of queries: ranking metrics over those with gold, abstention over all. */
export interface NaturalScores extends NaturalMetrics {
	/** Queries with gold (the ranking metrics' denominator). */
	readonly queries: number;
	readonly abstention: AbstentionScores;
}

export interface RankerResult {
	readonly ranker: string;
	/** Means over the dataset's queries that have gold (every query, except in `natural`). */
	readonly metrics: RetrievalMetrics;
	/** Means per query `subset` (source category), for break-downs; queries with gold only. */
	readonly bySubset: Readonly<Record<string, RetrievalMetrics & { readonly queries: number }>>;
	/** Total search time of the timed pass divided by the number of queries. */
	readonly msPerQuery: number;
	readonly buildMs: number;
	/** The top {@link EVAL_DEPTH} of each query, in dataset order. */
	readonly rankings: readonly (readonly string[])[];
	/**
	 * For a dataset over several catalogues (`natural`): R@1/3/5 and nDCG@10 over the queries with
	 * gold and abstention over all, overall and per catalogue.
	 */
	readonly natural?: NaturalScores & { readonly byCatalogue: Readonly<Record<string, NaturalScores>> };
}

function naturalScores(
	dataset: EvalDataset,
	rankings: readonly (readonly string[])[],
	at: readonly number[],
): NaturalScores {
	const queries = at.map((index) => dataset.queries[index] as EvalDataset["queries"][number]);
	const ranked = at.map((index) => rankings[index] ?? []);
	return {
		...naturalMetrics(
			ranked,
			queries.map((query) => query.groups),
		),
		abstention: abstentionScores(
			queries.map((query, position) => ({
				abstained: (ranked[position] ?? []).length === 0,
				goldNone: query.groups.length === 0,
			})),
		),
	};
}

/**
 * Builds `ranker` on the dataset's catalogue, runs every query once (the warm-up pass, whose
 * rankings are scored), then once more timed. Rankers are deterministic, so both passes agree.
 * A dataset over several catalogues (`natural`) does this per catalogue, in order of first use.
 */
export function evaluateRanker(ranker: EvalRanker, dataset: EvalDataset): RankerResult {
	const rankings: (readonly string[])[] = new Array(dataset.queries.length);
	let buildMs = 0;
	let searchMs = 0;
	let returned = 0;
	let expected = 0;
	for (const part of catalogueParts(dataset)) {
		const buildStart = performance.now();
		ranker.build(part.tools);
		buildMs += performance.now() - buildStart;

		for (const at of part.at) {
			const ranking = ranker.search(
				(dataset.queries[at] as EvalDataset["queries"][number]).query,
				EVAL_DEPTH,
			);
			rankings[at] = ranking;
			expected += ranking.length;
		}

		const searchStart = performance.now();
		for (const at of part.at) {
			returned += ranker.search(
				(dataset.queries[at] as EvalDataset["queries"][number]).query,
				EVAL_DEPTH,
			).length;
		}
		searchMs += performance.now() - searchStart;
	}
	if (returned !== expected) {
		throw new Error(
			`${ranker.name} is not deterministic on ${dataset.id}: ${returned} vs ${expected} results`,
		);
	}

	const perQuery = dataset.queries.map((query, at) => queryMetrics(rankings[at] ?? [], query.groups));
	const withGold = dataset.queries.flatMap((query, at) => (query.groups.length > 0 ? [at] : []));
	const subsets = new Map<string, RetrievalMetrics[]>();
	for (const at of withGold) {
		const query = dataset.queries[at] as EvalDataset["queries"][number];
		if (query.subset === undefined) continue;
		const list = subsets.get(query.subset) ?? [];
		list.push(perQuery[at] as RetrievalMetrics);
		subsets.set(query.subset, list);
	}
	const bySubset: Record<string, RetrievalMetrics & { queries: number }> = {};
	for (const [subset, list] of subsets) bySubset[subset] = { ...averageMetrics(list), queries: list.length };

	let natural: RankerResult["natural"];
	if (dataset.catalogues !== undefined) {
		const byCatalogue: Record<string, NaturalScores> = {};
		for (const part of catalogueParts(dataset)) {
			byCatalogue[part.catalogue] = naturalScores(dataset, rankings, part.at);
		}
		natural = {
			...naturalScores(
				dataset,
				rankings,
				dataset.queries.map((_, at) => at),
			),
			byCatalogue,
		};
	}

	return {
		ranker: ranker.name,
		metrics: averageMetrics(withGold.map((at) => perQuery[at] as RetrievalMetrics)),
		bySubset,
		msPerQuery: searchMs / dataset.queries.length,
		buildMs,
		rankings,
		...(natural === undefined ? {} : { natural }),
	};
}
