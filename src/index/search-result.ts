/**
 * A search's result apart from its scoring: its shape (`IndexSearchResult`, `QueryTermInfo`,
 * re-exported by `index-search.ts`), how the query terms fared, the matches of ranked slots, the
 * result of a search with nothing to score, and the final cut over the whole pool that
 * `searchStore`'s final cut must equal.
 */
import type { ToolSearchMatch } from "../types.js";
import type { IndexStore } from "./index-store.js";
import type { QueryPlan } from "./query-plan.js";
import type { QueryRun } from "./query-run.js";
import { finalScore } from "./scoring.js";
import type { PreparedTerm } from "./term-scan.js";
import { topK } from "./top-k.js";

/**
 * How a query term fared: whether any indexed tool has it, and whether it is too common to count.
 *
 * @example
 * ```ts
 * const unmatched = index.searchDetailed("weather in lisbon").terms.filter((term: QueryTermInfo) => !term.matched);
 * ```
 */
export interface QueryTermInfo {
	/** The query term (after tokenizing: lowercase, stemmed). */
	readonly term: string;
	/** Some indexed tool has it (itself or an expansion). */
	readonly matched: boolean;
	/**
	 * It says little on its own: it occurs in more than half of the tools (and in more than 8), or
	 * it is filler (a conversational word such as "tell" or "need", or a bare number).
	 */
	readonly generic: boolean;
}

/**
 * A search's matches and how each query term fared.
 *
 * @example
 * ```ts
 * const { matches, terms, abstained }: IndexSearchResult = index.searchDetailed("weather in lisbon");
 * terms.filter((term) => !term.matched); // [{ term: "lisbon", matched: false, ... }]
 * ```
 */
export interface IndexSearchResult {
	/** Best first. */
	readonly matches: ToolSearchMatch[];
	/** Each distinct query term, in query order. */
	readonly terms: readonly QueryTermInfo[];
	/** True when tools matched only generic terms and none was returned (see `rules.abstain`). */
	readonly abstained: boolean;
	/**
	 * Distinct query terms after the searched ones that were not searched, because the query passed
	 * `MAX_QUERY_TERMS` distinct terms or `MAX_QUERY_POSTINGS` postings (0 for any ordinary query):
	 * the caller can say that only the first `terms.length` words counted.
	 */
	readonly ignoredTerms: number;
}

/** The result of a query with no term, or of an empty index: nothing scored. */
export function nothingSearched(plan: QueryPlan): IndexSearchResult {
	const terms: QueryTermInfo[] = [];
	for (let i = 0; i < plan.terms.length; i++)
		terms.push({ term: (plan.terms[i] as QueryPlan["terms"][number]).term, matched: false, generic: false });
	return { matches: [], terms, abstained: false, ignoredTerms: plan.ignoredTerms };
}

/** Term details left out (`searchStore`'s `details` false): shared, never written to. */
export const NO_TERM_INFOS: readonly QueryTermInfo[] = Object.freeze([]);

/** How each query term fared. */
export function termInfos(prepared: readonly PreparedTerm[]): QueryTermInfo[] {
	const terms: QueryTermInfo[] = [];
	for (let i = 0; i < prepared.length; i++) {
		const { term, matched, generic } = prepared[i] as PreparedTerm;
		terms.push({ term, matched, generic });
	}
	return terms;
}

/** Whether some query term matched and is not generic (the abstain rule's test). */
export function someMeaningful(prepared: readonly PreparedTerm[]): boolean {
	for (let i = 0; i < prepared.length; i++) {
		const { matched, generic } = prepared[i] as PreparedTerm;
		if (matched && !generic) return true;
	}
	return false;
}

/**
 * The final cut computed for every pool tool: {@link finalScore} of each, ordered by final score
 * then name, cut to `limit`: the reference the final cut of `searchStore` must equal (a property test).
 * @internal
 */
export function finalCutOfWholePool(store: IndexStore, run: QueryRun, limit: number): ToolSearchMatch[] {
	const { final, names } = store;
	const { pool } = run;
	for (let i = 0; i < pool.length; i++) {
		const slot = pool[i] as number;
		final[slot] = finalScore(final[slot] as number, run.boostOf(slot), run.proximityOf(slot));
	}
	return matchesOf(store, topK(final, names, pool, Math.min(limit, pool.length)));
}

/** The matches of the ranked slots `best`, with their final scores. */
export function matchesOf(store: IndexStore, best: readonly number[]): ToolSearchMatch[] {
	const { final, names } = store;
	const matches: ToolSearchMatch[] = [];
	for (let i = 0; i < best.length; i++) {
		const slot = best[i] as number;
		matches.push({ name: names[slot] as string, score: final[slot] as number });
	}
	return matches;
}
