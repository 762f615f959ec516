/**
 * Several phrasings of one `tool_search` call, ranked each on its own, made one outcome:
 * reciprocal-rank fusion of the rankings, and the term reports merged. Pure functions.
 */
import { QUERIES_RRF_K } from "../defaults.js";
import type { QueryTermInfo } from "../index/index-search.js";
import type { RankOutcome } from "../ranking/rank-with-fallback.js";
import type { ToolSearchMatch } from "../types.js";

/**
 * The rankings fused by reciprocal rank: a tool scores `1 / (k + rank)` in each ranking that has
 * it (rank 1 is its best), summed smallest rank first, so equal ranks give bit-equal sums whatever
 * the order of the rankings. Best first; ties by first appearance (ranking by ranking, each best
 * first). At most `limit`. A name repeated within one ranking counts at its first place only.
 */
export function fuseRankings(
	rankings: readonly (readonly ToolSearchMatch[])[],
	limit: number,
	k: number = QUERIES_RRF_K,
): ToolSearchMatch[] {
	const byName = new Map<string, { ranks: number[]; order: number }>();
	for (const ranking of rankings) {
		const seen = new Set<string>();
		ranking.forEach((match, at) => {
			if (seen.has(match.name)) return;
			seen.add(match.name);
			let entry = byName.get(match.name);
			if (entry === undefined) {
				entry = { ranks: [], order: byName.size };
				byName.set(match.name, entry);
			}
			entry.ranks.push(at + 1);
		});
	}
	const fused = [...byName].map(([name, { ranks, order }]) => {
		let score = 0;
		for (const rank of ranks.sort((a, b) => a - b)) score += 1 / (k + rank);
		return { name, score, order };
	});
	fused.sort((a, b) => (a.score !== b.score ? b.score - a.score : a.order - b.order));
	return fused.slice(0, limit).map(({ name, score }) => ({ name, score }));
}

/** Each distinct term once, in first-seen order; matched when any phrasing matched it. */
function mergeTerms(outcomes: readonly RankOutcome[]): QueryTermInfo[] | undefined {
	let terms: QueryTermInfo[] | undefined;
	const at = new Map<string, number>();
	for (const outcome of outcomes) {
		if (outcome.terms === undefined) continue;
		terms ??= [];
		for (const term of outcome.terms) {
			const index = at.get(term.term);
			if (index === undefined) {
				at.set(term.term, terms.length);
				terms.push(term);
			} else if (term.matched && !(terms[index] as QueryTermInfo).matched) terms[index] = term;
		}
	}
	return terms;
}

/**
 * The outcomes of a call's phrasings (in phrasing order) as one: the matches fused
 * ({@link fuseRankings}); the first phrasing that fell back gives `rankedBy` and its reason, else
 * the first phrasing's ranker; the first failure (`onError` `"empty"` / `"fail"`) fails them all;
 * the attempts concatenated, each with its phrasing; the terms merged; abstained when nothing was
 * found and a phrasing abstained; the ignored terms summed.
 */
export function combineOutcomes(outcomes: readonly RankOutcome[], limit: number): RankOutcome {
	const matches = fuseRankings(
		outcomes.map((outcome) => outcome.matches),
		limit,
	);
	const failed = outcomes.find((outcome) => outcome.fallbackReason !== undefined);
	const failure = outcomes.find((outcome) => outcome.failure !== undefined)?.failure;
	const terms = mergeTerms(outcomes);
	let ignoredTerms = 0;
	for (const outcome of outcomes) ignoredTerms += outcome.ignoredTerms ?? 0;
	const attempts = outcomes.flatMap((outcome, phrasing) =>
		(outcome.attempts ?? []).map((attempt) => ({ ...attempt, phrasing })),
	);
	return {
		matches: failure === undefined ? matches : [],
		rankedBy: failed?.rankedBy ?? outcomes[0]?.rankedBy ?? "custom",
		...(failed?.fallbackReason === undefined ? {} : { fallbackReason: failed.fallbackReason }),
		...(terms === undefined ? {} : { terms }),
		...(matches.length === 0 && outcomes.some((outcome) => outcome.abstained === true)
			? { abstained: true }
			: {}),
		...(ignoredTerms > 0 ? { ignoredTerms } : {}),
		...(attempts.length === 0 ? {} : { attempts }),
		...(failure === undefined ? {} : { failure }),
	};
}
