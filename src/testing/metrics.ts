/**
 * Retrieval metrics over one ranked list of tool names and the query's gold groups. Pure functions,
 * shared by `npm run eval`, `evaluateToolSearch` (`tool-search/testing`) and `tool-search eval`.
 *
 * A gold group is a list of acceptable alternatives: the group is found at the rank of its first
 * member in the ranking. Ranks are 1-based positions in the ranking as given: a ranker that returns
 * a name twice wastes a slot (the duplicate is not removed), but a group is only ever found once.
 * A name that belongs to several groups finds each of them at its rank.
 */

/**
 * Retrieval metrics of one request, or their means over requests: recall at 1, 5 and 10, complete
 * at 5, nDCG@10 and MRR, each in [0, 1]. A gold group is a list of acceptable alternatives, found
 * at the rank of its first member.
 *
 * @example
 * ```ts
 * const { metrics }: { metrics: RetrievalMetrics } = await evaluateToolSearch(tools, requests);
 * if (metrics.r5 < 0.9) throw new Error(`R@5 fell to ${metrics.r5}`);
 * ```
 */
export interface RetrievalMetrics {
	/** Fraction of gold groups with a member in the top 1. */
	readonly r1: number;
	/** Fraction of gold groups with a member in the top 5. */
	readonly r5: number;
	/** Fraction of gold groups with a member in the top 10. */
	readonly r10: number;
	/** 1 when every gold group has a member in the top 5, else 0. */
	readonly c5: number;
	/** nDCG@10 with binary gain, one gain per group at its first hit. */
	readonly ndcg10: number;
	/** 1 / rank of the first hit of any group, 0 when none (within the ranking given). */
	readonly mrr: number;
}

export type MetricName = keyof RetrievalMetrics;

/** The metric columns in print order. */
export const METRIC_NAMES: readonly MetricName[] = ["r1", "r5", "r10", "c5", "ndcg10", "mrr"];

export type GoldGroups = readonly (readonly string[])[];

/**
 * For each group, the 1-based rank of its first member in `ranking`, or `null` when no member is
 * ranked.
 *
 * @example
 * groupRanks(["x", "c", "a"], [["a"], ["b", "c"]]); // [3, 2]
 */
export function groupRanks(ranking: readonly string[], groups: GoldGroups): (number | null)[] {
	const firstRank = new Map<string, number>();
	ranking.forEach((name, at) => {
		if (!firstRank.has(name)) firstRank.set(name, at + 1);
	});
	return groups.map((group) => {
		let best: number | null = null;
		for (const name of group) {
			const rank = firstRank.get(name);
			if (rank !== undefined && (best === null || rank < best)) best = rank;
		}
		return best;
	});
}

function checkK(k: number): void {
	if (!(Number.isInteger(k) && k >= 1)) throw new RangeError(`k must be a positive integer, got ${k}`);
}

/** Fraction of gold groups found in the top `k` (0 when there are no groups). */
export function recallAt(ranking: readonly string[], groups: GoldGroups, k: number): number {
	checkK(k);
	if (groups.length === 0) return 0;
	const found = groupRanks(ranking, groups).filter((rank) => rank !== null && rank <= k).length;
	return found / groups.length;
}

/** 1 when every gold group is found in the top `k`, else 0 (also 0 when there are no groups). */
export function completeAt(ranking: readonly string[], groups: GoldGroups, k: number): number {
	checkK(k);
	if (groups.length === 0) return 0;
	return groupRanks(ranking, groups).every((rank) => rank !== null && rank <= k) ? 1 : 0;
}

/** The discount of a hit at 1-based `rank`: `1 / log2(rank + 1)`. */
export function discount(rank: number): number {
	return 1 / Math.log2(rank + 1);
}

/**
 * nDCG@k with binary gain: each group found at rank r <= k adds `1 / log2(r + 1)` (once, at its
 * first member); the ideal is `sum_{i=1..min(groups, k)} 1 / log2(i + 1)`. A name shared by several
 * groups can in principle beat that ideal, so the ratio is capped at 1 (the bundled data has no
 * such name).
 */
export function ndcgAt(ranking: readonly string[], groups: GoldGroups, k: number): number {
	checkK(k);
	if (groups.length === 0) return 0;
	let dcg = 0;
	for (const rank of groupRanks(ranking, groups)) {
		if (rank !== null && rank <= k) dcg += discount(rank);
	}
	let idcg = 0;
	for (let rank = 1; rank <= Math.min(groups.length, k); rank++) idcg += discount(rank);
	return Math.min(1, dcg / idcg);
}

/** 1 / rank of the first member of any group in `ranking`, 0 when none is there. */
export function reciprocalRank(ranking: readonly string[], groups: GoldGroups): number {
	let first = Number.POSITIVE_INFINITY;
	for (const rank of groupRanks(ranking, groups)) if (rank !== null && rank < first) first = rank;
	return first === Number.POSITIVE_INFINITY ? 0 : 1 / first;
}

/** Every metric of one query. MRR reads the whole `ranking` (the eval passes the top 10). */
export function queryMetrics(ranking: readonly string[], groups: GoldGroups): RetrievalMetrics {
	return {
		r1: recallAt(ranking, groups, 1),
		r5: recallAt(ranking, groups, 5),
		r10: recallAt(ranking, groups, 10),
		c5: completeAt(ranking, groups, 5),
		ndcg10: ndcgAt(ranking, groups, 10),
		mrr: reciprocalRank(ranking, groups),
	};
}

/** The mean of each metric over queries; all zeros for an empty list. */
export function averageMetrics(perQuery: readonly RetrievalMetrics[]): RetrievalMetrics {
	const sums: Record<MetricName, number> = { r1: 0, r5: 0, r10: 0, c5: 0, ndcg10: 0, mrr: 0 };
	for (const metrics of perQuery) for (const name of METRIC_NAMES) sums[name] += metrics[name];
	const count = Math.max(1, perQuery.length);
	const mean = {} as Record<MetricName, number>;
	for (const name of METRIC_NAMES) mean[name] = sums[name] / count;
	return mean;
}

/** Whether a ranker abstained (returned no tools) on a query, and whether the query has no gold. */
export interface AbstentionOutcome {
	readonly abstained: boolean;
	readonly goldNone: boolean;
}

/**
 * Abstention over a set of requests: a search abstains when it returns no tools, which is right
 * for a request no tool fits (labelled with no relevant tools).
 *
 * @example
 * ```ts
 * const { abstention }: { abstention: AbstentionScores } = await evaluateToolSearch(tools, requests);
 * console.log(`${abstention.correct} of ${abstention.goldNone} requests no tool fits found nothing`);
 * ```
 */
export interface AbstentionScores {
	/** Queries the ranker abstained on. */
	readonly abstentions: number;
	/** Queries without gold (no tool fits). */
	readonly goldNone: number;
	/** Abstentions on queries without gold. */
	readonly correct: number;
	/** `correct / abstentions`: how often an abstention was right; 0 when it never abstains. */
	readonly precision: number;
	/** `correct / goldNone`: how many no-tool queries it abstained on; 0 when there are none. */
	readonly recall: number;
}

/**
 * Abstention precision and recall: a ranker abstains when it returns no tools. Precision is the share
 * of its abstentions that were on gold-none queries, recall the share of gold-none queries it abstained
 * on. A ranker that never abstains scores 0 on both.
 */
export function abstentionScores(outcomes: readonly AbstentionOutcome[]): AbstentionScores {
	let abstentions = 0;
	let goldNone = 0;
	let correct = 0;
	for (const { abstained, goldNone: none } of outcomes) {
		if (abstained) abstentions++;
		if (none) goldNone++;
		if (abstained && none) correct++;
	}
	return {
		abstentions,
		goldNone,
		correct,
		precision: abstentions === 0 ? 0 : correct / abstentions,
		recall: goldNone === 0 ? 0 : correct / goldNone,
	};
}

/** The `natural` dataset's ranking metrics (means over queries with gold). */
export interface NaturalMetrics {
	readonly r1: number;
	readonly r3: number;
	readonly r5: number;
	readonly ndcg10: number;
}

/**
 * Means of R@1, R@3, R@5 and nDCG@10 over the queries that have gold groups (queries without gold are
 * left out, not scored 0); all zeros when none has gold. `rankings[i]` is the ranking of `groups[i]`.
 */
export function naturalMetrics(
	rankings: readonly (readonly string[])[],
	groups: readonly GoldGroups[],
): NaturalMetrics & { readonly queries: number } {
	const sums = { r1: 0, r3: 0, r5: 0, ndcg10: 0 };
	let queries = 0;
	groups.forEach((gold, at) => {
		if (gold.length === 0) return;
		const ranking = rankings[at] ?? [];
		queries++;
		sums.r1 += recallAt(ranking, gold, 1);
		sums.r3 += recallAt(ranking, gold, 3);
		sums.r5 += recallAt(ranking, gold, 5);
		sums.ndcg10 += ndcgAt(ranking, gold, 10);
	});
	const count = Math.max(1, queries);
	return {
		r1: sums.r1 / count,
		r3: sums.r3 / count,
		r5: sums.r5 / count,
		ndcg10: sums.ndcg10 / count,
		queries,
	};
}
