import { bestSet } from "./best-set.js";
import { abstainsBeforeScoring } from "./early-abstain.js";
import type { ToolExclusion } from "./exclusion.js";
import { exhaustiveSearch, type ScoredRun } from "./exhaustive-scan.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import type { IndexStore } from "./index-store.js";
import { MAX_SCORE_FROM_PAIRS, maxScoreSearch, type PoolGate, queryPairs } from "./maxscore.js";
import { type NamedTools, nameRules } from "./name-rules.js";
import { namespaceBoosts } from "./namespace-boost.js";
import { poolGate } from "./pool-gate.js";
import { preparedTerms } from "./prepared-terms.js";
import { proximityPairs } from "./proximity.js";
import type { QueryPlan } from "./query-plan.js";
import { PoolRun, type QueryRun } from "./query-run.js";
import {
	liftByTiers,
	localNameBonus as localNameBonusOf,
	tierStep as tierStepOf,
	tierOf as tiersOf,
} from "./scoring.js";
import { type ScoringContext, scoringContext } from "./scoring-context.js";
import {
	type IndexSearchResult,
	matchesOf,
	NO_TERM_INFOS,
	nothingSearched,
	someMeaningful,
	termInfos,
} from "./search-result.js";

export type { IndexSearchResult, QueryTermInfo } from "./search-result.js";

import { matchedUnits } from "./term-lookup.js";
import type { PreparedTerm } from "./term-scan.js";
import { kthBest, topK } from "./top-k.js";

/**
 * How many tools the final ordering considers, at least: the best by BM25 (plus bonus), among which
 * the namespace boost is computed. Independent of `limit` up to this size, so a search for 8 tools
 * returns the first 8 of a search for 20.
 */
export const CANDIDATE_POOL = 100;

/** Keeps every tool (the floor of the final cut asks about none). */
const keepAll = (_slot: number): boolean => true;

/**
 * Scores a query: by MaxScore (`maxscore.ts`: the terms in decreasing order of their score bound,
 * skipping the tools that can no longer reach the `poolSize`-th best score) when its terms hold at
 * least `pruneFrom` pairs (`MAX_SCORE_FROM_PAIRS`; 0 always, `Infinity` never), or
 * exhaustively (also when the coverage rule needs every tool's matched-term count). Then the
 * local-name bonus, the pool (best `poolSize` not `exclude`d, exact names first), and the namespace
 * boost and proximity bonus within the pool. Results equal an exhaustive scan's.
 */
export function runQuery(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	poolSize: number,
	exclude: ToolExclusion | undefined,
	pruneFrom = MAX_SCORE_FROM_PAIRS,
	abstainEarly = false,
): QueryRun {
	const ctx = scoringContext(store, options);
	const terms = preparedTerms(ctx, plan);
	const names = nameRules(store, options, plan);
	const gate = poolGate(store, exclude);
	// An abstaining query scans no term and goes the common way with nothing scored: a path of its
	// own (a call made only there) changed this function's type feedback at the first abstaining
	// query, which put off V8's optimising it by hundreds of queries.
	const abstained = abstainEarly && abstainsBeforeScoring(ctx, terms, names.exact, gate);
	const { written, scored, pruned, counted } = scanQuery(
		ctx,
		options,
		plan,
		terms,
		names,
		gate,
		poolSize,
		pruneFrom,
		abstained,
	);
	addLocalNameBonus(ctx, terms, names.named, options.rules.localNameBonus);
	// The rule reads the summary: with the summary field weighted 0, it is off too.
	const proximity = options.fieldWeights.summary > 0 ? options.rules.proximity : 0;
	const pairs = proximityPairs(store, plan, terms, proximity, options.bm25);
	const idfs: number[] = [];
	for (let i = 0; i < terms.length; i++) idfs.push((terms[i] as PreparedTerm).idf);
	const tierStep = tierStepOf(options.rules, options.bm25, idfs, pairs.bound);
	// The pool: the best `poolSize` scored tools that are not excluded, by score lifted by whole
	// tiers (exact name, coverage), then name, in no particular order; each one's lifted score left
	// in `store.final`. Here, not in a function of its own: its loops over the scored tools make V8
	// optimise this once-a-query glue after tens of queries (marked at ~50 of the bench's timed
	// pass) rather than hundreds (~850 when it had none).
	const { score, cover, final } = store;
	const { coverage } = options.rules;
	// Without tiers, the pool is the best by score: no pass to fill `final` for every scored slot.
	const tiered = coverage || names.exact.size > 0;
	for (let i = 0; tiered && i < scored.length; i++) {
		const slot = scored[i] as number;
		const tier = tiersOf(coverage, cover[slot] as number, names.exact.has(slot), terms.length);
		final[slot] = liftByTiers(score[slot] as number, tier, tierStep);
	}
	let pool: number[];
	try {
		// Its members only: the order is never read (the final cut sorts).
		pool = bestSet(tiered ? final : score, store.names, scored, Math.min(poolSize, scored.length), gate.keep);
	} catch (error) {
		// `exclude` threw: leave no total behind for the next query.
		clearRun(store, { written });
		throw error;
	}
	// No tiers: liftByTiers(score, 0, tierStep) is the score itself.
	for (let i = 0; !tiered && i < pool.length; i++)
		final[pool[i] as number] = score[pool[i] as number] as number;
	const boosts = namespaceBoosts(store, pool, options.rules.namespaceBoost);
	// A pair standing together in a tool's summary is two query terms the tool matches: a tool
	// matching fewer (most of a pool) has no pair to look for — when `cover` counts them (an
	// exhaustive scan; MaxScore leaves 1 for any match, and every pool tool is then looked at).
	const fewest = counted ? 2 : 1;
	const scores = { written, scored, pool, tierStep, pruned };
	return new PoolRun(store, terms, names, scores, boosts, pairs, fewest, abstained);
}

/**
 * Scans the query's terms (none when it abstained before scoring): by MaxScore when they hold at
 * least `pruneFrom` pairs and the coverage rule does not need every tool's matched-term count,
 * else exhaustively.
 */
function scanQuery(
	ctx: ScoringContext,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	terms: readonly PreparedTerm[],
	names: NamedTools,
	gate: PoolGate,
	poolSize: number,
	pruneFrom: number,
	abstained: boolean,
): ScoredRun {
	// Nothing scanned, in an object of the scans' shape (an empty array of terms instead was an array
	// of another kind in `scanOrder`, whose reads of it then went polymorphic).
	if (abstained) return { written: [], scored: [], pruned: false, counted: true };
	// `plan.postings` bounds the pairs: a query planned below the threshold is not summed again.
	const canPrune =
		!options.rules.coverage &&
		Number.isFinite(poolSize) &&
		plan.postings >= pruneFrom &&
		queryPairs(terms) >= pruneFrom;
	return canPrune ? maxScoreSearch(ctx, terms, names, poolSize, gate) : exhaustiveSearch(ctx, terms, names);
}

/** Adds the local-name bonus to the named tools that match some query term. */
function addLocalNameBonus(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	named: ReadonlySet<number>,
	weight: number,
): void {
	const { score, cover } = ctx.store;
	for (const slot of named) {
		if ((cover[slot] as number) > 0)
			score[slot] = (score[slot] as number) + localNameBonusOf(weight, matchedUnits(ctx, terms, slot));
	}
}

/** Resets the scratch arrays a {@link runQuery} wrote. */
export function clearRun(store: IndexStore, run: Pick<QueryRun, "written">): void {
	const { score, cover, final } = store;
	const { written } = run;
	for (let i = 0; i < written.length; i++) {
		const slot = written[i] as number;
		score[slot] = 0;
		cover[slot] = 0;
		final[slot] = 0;
	}
}

/**
 * Runs a query end to end: score (with pruning), apply the abstain rule, pool, namespace boost and
 * proximity bonus, order by final score then name, cut to `limit`. The abstain rule is decided
 * before scoring when it can be (`early`; off only to test that both ways agree). Without
 * `details` (`search`, which returns the matches alone), `terms` is empty.
 */
export function searchStore(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	limit: number,
	exclude: ToolExclusion | undefined,
	pruneFrom = MAX_SCORE_FROM_PAIRS,
	poolSize = CANDIDATE_POOL,
	early = true,
	details = true,
): IndexSearchResult {
	// Apart, so that the rare call below is not in the optimised code of the query's glue: a call
	// that never ran has no type feedback, and that code deoptimised on the first empty query.
	if (plan.terms.length === 0 || store.live === 0) return nothingSearched(plan);
	return searchTerms(store, options, plan, limit, exclude, pruneFrom, poolSize, early, details);
}

/**
 * Headroom on the proximity bound when ruling tools out of the final cut: a tool's bonus is a sum
 * of some of the pairs' bonuses in its summary's order, the bound the sum of all of them in query
 * order, and rounding may put the former an ulp or so above the latter (a relative error far
 * below this for any number of pairs a query can have).
 */
const PROXIMITY_SLACK = 1 + 1e-9;

/**
 * {@link searchStore} of a query with terms, on a store with tools. The final cut is computed
 * here, not in a function of its own: its loops over the pool make V8 optimise this glue after
 * tens of queries, where a once-a-query function without loops stays unoptimised for about 450
 * calls (67,584 bytecode bytes per interrupt budget, 3 + length / 150 budgets).
 *
 * The final cut equals `finalCutOfWholePool` (`search-result.ts`; a property test): the proximity bonus reads a
 * tool's summary, the costliest step per pool tool, so it is computed only for the tools that can
 * still reach the cut with every pair's bonus. The `k`-th best boosted score is a floor of the
 * `k`-th best final score (a bonus is never negative), and a tool below it by more than the bound
 * of the bonus (0 for a tool that cannot hold a pair) can neither reach nor tie it.
 */
function searchTerms(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	limit: number,
	exclude: ToolExclusion | undefined,
	pruneFrom: number,
	poolSize: number,
	early: boolean,
	details: boolean,
): IndexSearchResult {
	const { abstain } = options.rules;
	const run = runQuery(store, options, plan, Math.max(limit, poolSize), exclude, pruneFrom, abstain && early);
	try {
		const terms = details ? termInfos(run.terms) : NO_TERM_INFOS;
		const meaningful = someMeaningful(run.terms);
		const { pool } = run;
		// One result literal for every outcome: a path whose code never ran (the first abstaining
		// query) has no type feedback, and the optimised code of this function deoptimised there.
		const abstained = run.abstained || (abstain && run.exact.size === 0 && pool.length > 0 && !meaningful);
		const k = abstained ? 0 : Math.min(limit, pool.length);
		const { final, names } = store;
		// finalScore(lifted, boost, proximity) is (lifted + boost) + proximity: added in two steps.
		for (let i = 0; i < pool.length && k > 0; i++) {
			const slot = pool[i] as number;
			final[slot] = (final[slot] as number) + run.boostOf(slot);
		}
		let reaching = pool;
		const reach = run.proximityBound * PROXIMITY_SLACK;
		if (reach > 0 && k > 0) {
			const floor = k < pool.length ? kthBest(final, pool, k, keepAll) : 0;
			reaching = [];
			for (let i = 0; i < pool.length; i++) {
				const slot = pool[i] as number;
				// A tool matching too few query terms to hold a pair gets no bonus (`mayPair`).
				if ((final[slot] as number) + (run.mayPair(slot) ? reach : 0) >= floor) reaching.push(slot);
			}
			// Only the summaries of the tools that can reach the cut are read.
			run.touchSummaries(reaching);
			for (let i = 0; i < reaching.length; i++) {
				const slot = reaching[i] as number;
				final[slot] = (final[slot] as number) + run.proximityOf(slot);
			}
		}
		const matches = matchesOf(store, topK(final, names, reaching, k));
		return { matches, terms, abstained, ignoredTerms: plan.ignoredTerms };
	} finally {
		clearRun(store, run);
	}
}
