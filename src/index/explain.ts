import { TOOL_SEARCH_FIELDS, type ToolSearchFieldName } from "../defaults.js";
import type { ToolExclusion } from "./exclusion.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { CANDIDATE_POOL, clearRun, runQuery } from "./index-search.js";
import { FIELD_COUNT, type IndexStore } from "./index-store.js";
import { metaField, metaTf } from "./postings.js";
import type { QueryPlan, TermVariant } from "./query-plan.js";
import {
	bm25PlusTermScore,
	finalScore,
	liftByTiers,
	localNameBonus,
	localNameUnit,
	pairTf,
	tierOf,
} from "./scoring.js";
import { scoringContext } from "./scoring-context.js";
import { postingsIn } from "./term-lookup.js";
import { isGeneric, postingShare, prepareTerms } from "./term-scan.js";

/**
 * One field's share of a term's weighted frequency.
 *
 * @example
 * ```ts
 * const fields: ExplainedField[] = ranker.explain("create issue", "github__create_issue").terms[0]?.fields ?? [];
 * ```
 */
export interface ExplainedField {
	readonly field: ToolSearchFieldName;
	/** Occurrences of the term in the field. */
	readonly tf: number;
	readonly weight: number;
	/** The field's length in tokens for this tool. */
	readonly length: number;
	/** `weight * tf / (1 - b + b * length / averageLength)`. */
	readonly weightedTf: number;
}

/**
 * One query term's contribution to a tool's score.
 *
 * @example
 * ```ts
 * const terms: ExplainedTerm[] = ranker.explain("create issue", "github__create_issue").terms;
 * ```
 */
export interface ExplainedTerm {
	/** The query term. */
	readonly term: string;
	/** The indexed term that matched, when it differs (synonym or typo correction). */
	readonly matchedAs?: string;
	/** How it matched: the term itself, a synonym, a typo correction, the glossary; absent when it did not. */
	readonly via?: TermVariant["via"];
	/** Tools containing the matched term, and its idf (times the variant's weight). */
	readonly documentFrequency: number;
	readonly idf: number;
	readonly generic: boolean;
	/** Σ of the fields' weighted tf. */
	readonly weightedTf: number;
	/** `idf * ((k1 + 1) * tf / (k1 + tf) + delta)`; 0 when the term does not match this tool. */
	readonly score: number;
	readonly fields: readonly ExplainedField[];
}

/**
 * A rule that changed the tool's score or place.
 *
 * @example
 * ```ts
 * const rules: ExplainedRule[] = ranker.explain("create issue", "github__create_issue").rules;
 * ```
 */
export interface ExplainedRule {
	readonly rule:
		| "exact-name"
		| "coverage"
		| "local-name-bonus"
		| "namespace-boost"
		| "proximity"
		| "synonym"
		| "concept"
		| "prefix"
		| "fuzzy"
		| "glossary";
	/** Added to the score. */
	readonly effect: number;
	readonly detail: string;
}

/**
 * Why a tool scored what it scored for a query (see `ToolSearchIndex.explain`).
 *
 * @example
 * ```ts
 * const why: ToolSearchExplanation = ranker.explain("open an issue", "github__create_issue");
 * console.log(why.score, why.terms.map((term) => term.term));
 * ```
 */
export interface ToolSearchExplanation {
	readonly name: string;
	readonly query: string;
	/** The score `search` gives the tool (0 when it does not match). */
	readonly score: number;
	/** Whether some query term (or the exact-name rule) matches the tool. */
	readonly matched: boolean;
	/**
	 * Whether it is among the tools the final ordering considers: the best {@link CANDIDATE_POOL}
	 * (or `limit`, when larger) that are not excluded.
	 */
	readonly inPool: boolean;
	/** Σ of the terms' scores. */
	readonly bm25: number;
	/** Distinct query terms the tool matches, of `queryTerms`. */
	readonly coverage: number;
	readonly queryTerms: number;
	readonly terms: readonly ExplainedTerm[];
	readonly rules: readonly ExplainedRule[];
}

const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/** Explains the score of the tool in `slot` for `plan`, as a search with `limit` and `exclude` scores it. */
export function explainSlot(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	query: string,
	slot: number,
	limit: number,
	exclude: ToolExclusion | undefined,
): ToolSearchExplanation {
	const ctx = scoringContext(store, options);
	const terms: ExplainedTerm[] = [];
	const rules: ExplainedRule[] = [];
	let bm25 = 0;
	let coverage = 0;
	let units = 0;
	for (const prepared of prepareTerms(ctx, plan)) {
		let best: ExplainedTerm | undefined;
		let bestUnit = 0;
		for (const variant of prepared.variants) {
			const fields: ExplainedField[] = [];
			let weightedTf = 0;
			if (variant.slots !== undefined) {
				if (variant.slots.includes(slot)) {
					const weight = options.fieldWeights.name;
					weightedTf = weight;
					fields.push({ field: "name", tf: 1, weight, length: 1, weightedTf: weight });
				}
			} else {
				const shares: number[] = [];
				for (const packed of postingsIn(store, variant.termId, slot)) {
					const f = metaField(packed);
					const field = TOOL_SEARCH_FIELDS[f] as ToolSearchFieldName;
					const part = postingShare(ctx, slot, packed);
					shares.push(part);
					fields.push({
						field,
						tf: metaTf(packed),
						weight: options.fieldWeights[field],
						length: store.fieldLength[slot * FIELD_COUNT + f] as number,
						weightedTf: round(part),
					});
				}
				weightedTf = pairTf(shares);
			}
			if (weightedTf <= 0) continue;
			const score = bm25PlusTermScore(weightedTf, variant.idf, options.bm25);
			if (best !== undefined && score <= best.score) continue;
			bestUnit = localNameUnit(variant.idf, options.bm25.delta);
			best = {
				term: prepared.term,
				...(variant.term !== prepared.term ? { matchedAs: variant.term } : {}),
				via: variant.via,
				documentFrequency: variant.documentFrequency,
				idf: round(variant.idf),
				generic: isGeneric(variant.documentFrequency, store.live),
				weightedTf: round(weightedTf),
				score,
				fields,
			};
		}
		if (best === undefined) {
			terms.push({
				term: prepared.term,
				documentFrequency: 0,
				idf: 0,
				generic: false,
				weightedTf: 0,
				score: 0,
				fields: [],
			});
			continue;
		}
		coverage++;
		bm25 += best.score;
		units += bestUnit;
		if (best.via === "synonym" || best.via === "concept" || best.via === "prefix" || best.via === "fuzzy") {
			rules.push({
				rule: best.via,
				effect: round(best.score),
				detail: `"${prepared.term}" matched as "${best.matchedAs}" (idf ${best.idf} after the variant's weight)`,
			});
		} else if (best.via === "glossary") {
			rules.push({
				rule: "glossary",
				effect: round(best.score),
				detail: `the glossary maps "${prepared.term}" to this tool`,
			});
		}
		terms.push({ ...best, score: round(best.score) });
	}
	// The pool of a search with this limit and exclusion: the namespace boost is computed within it.
	const run = runQuery(
		store,
		options,
		plan,
		Math.max(limit, CANDIDATE_POOL),
		exclude,
		Number.POSITIVE_INFINITY,
	);
	try {
		const exact = run.exact.has(slot);
		const matched = coverage > 0 || exact;
		const bonus =
			run.named.has(slot) && coverage > 0 ? localNameBonus(options.rules.localNameBonus, units) : 0;
		const boost = matched ? run.boostOf(slot) : 0;
		const proximity = matched ? run.proximityOf(slot) : 0;
		const tier = tierOf(options.rules.coverage, coverage, exact, run.terms.length);
		const score = matched ? finalScore(liftByTiers(bm25 + bonus, tier, run.tierStep), boost, proximity) : 0;
		if (exact) {
			rules.push({
				rule: "exact-name",
				effect: round((run.terms.length + 1) * run.tierStep),
				detail: "the query is the tool's name or local name: ranked above every other tool",
			});
		}
		if (options.rules.coverage && coverage > 0) {
			rules.push({
				rule: "coverage",
				effect: round(coverage * run.tierStep),
				detail: `matches ${coverage} of ${plan.terms.length} query terms: ranked above tools matching fewer`,
			});
		}
		if (bonus > 0)
			rules.push({
				rule: "local-name-bonus",
				effect: round(bonus),
				detail: "the tool's local name appears in the query",
			});
		if (boost > 0) {
			rules.push({
				rule: "namespace-boost",
				effect: round(boost),
				detail: `${options.rules.namespaceBoost} of the best score among the other tools of its namespace in the pool`,
			});
		}
		if (proximity > 0) {
			rules.push({
				rule: "proximity",
				effect: round(proximity),
				detail: "consecutive query words stand next to each other in its summary",
			});
		}
		return {
			name: store.names[slot] as string,
			query,
			score,
			matched,
			inPool: run.pool.includes(slot),
			bm25: round(bm25),
			coverage,
			queryTerms: plan.terms.length,
			terms,
			rules,
		};
	} finally {
		clearRun(store, run);
	}
}
