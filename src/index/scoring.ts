/**
 * Where a score is computed: every formula of BM25F+ and of the final score's assembly, as pure
 * functions. The engine calls them; its hot loops (the posting scans in `term-scan.ts` and the
 * impact computation in `impacts.ts`) inline a few of them for speed, and each inlined copy names
 * the function here that it must equal. A property test (`test/index/scoring-reference.prop.test.ts`)
 * builds a naive scorer from these functions alone and checks that `ToolSearchIndex.search` gives
 * the same scores and order, so an inlined copy cannot drift.
 *
 * A score, for one query and one tool (DESIGN.md, "Scoring"):
 *
 * 1. each field's share of a term's frequency, {@link fieldShare} (BM25F: weighted, normalised by
 *    the field's length, {@link lengthNorm});
 * 2. the shares summed in field order and rounded to float32, {@link pairTf};
 * 3. the term's contribution, {@link bm25PlusTermScore} (BM25+ saturation), with the idf of the
 *    variant it matched as ({@link variantIdf}); a term counts its best variant once;
 * 4. the contributions summed, plus {@link localNameBonus};
 * 5. lifted by whole tiers ({@link liftByTiers}: {@link tierOf} times {@link tierStep}), plus the
 *    namespace boost ({@link namespaceBoostOf}) and the proximity bonus ({@link proximityPairBonus}):
 *    {@link finalScore}.
 */
import type { Bm25Params } from "../defaults.js";

/** The BM25 parameters the saturation reads: `k1` and `delta` (a whole {@link Bm25Params} will do). */
export type SaturationParams = Pick<Bm25Params, "k1" | "delta"> & Partial<Pick<Bm25Params, "b">>;

/**
 * Inverse document frequency, the Robertson–Spärck Jones form that stays positive:
 * `ln(1 + (N - df + 0.5) / (df + 0.5))`.
 *
 * @example
 * ```ts
 * bm25Idf(10, 1); // ln(1 + 9.5 / 1.5) ≈ 1.9924
 * ```
 */
export function bm25Idf(documentCount: number, documentFrequency: number): number {
	return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * The idf a query term's variant scores with: {@link bm25Idf} times the variant's weight (1 for the
 * term itself, less for a synonym or a typo correction).
 * @internal
 */
export function variantIdf(documentCount: number, documentFrequency: number, weight: number): number {
	return bm25Idf(documentCount, documentFrequency) * weight;
}

/**
 * A field's length normalisation as two constants: BM25's `1 - b + b * length / average` is
 * `c0 + c1 * length`. An empty field everywhere (average 0) normalises by 1.
 * @internal
 */
export function lengthNorm(
	b: number,
	averageFieldLength: number,
): { readonly c0: number; readonly c1: number } {
	return averageFieldLength > 0 ? { c0: 1 - b, c1: b / averageFieldLength } : { c0: 1, c1: 0 };
}

/**
 * One field's share of a term's weighted frequency: `weight * tf / (c0 + c1 * length)`, with
 * `c0`, `c1` from {@link lengthNorm}.
 * @internal
 */
export function fieldShare(
	termFrequency: number,
	weight: number,
	c0: number,
	c1: number,
	fieldLength: number,
): number {
	return (weight * termFrequency) / (c0 + c1 * fieldLength);
}

/**
 * A term's frequency in one field, weighted and length-normalised (BM25F):
 * `weight * tf / (1 - b + b * fieldLength / averageFieldLength)`. An average of 0 normalises by 1.
 *
 * @example
 * ```ts
 * bm25fFieldTf(2, 6, 3, 3, 0.75); // 6 * 2 / 1 = 12
 * ```
 */
export function bm25fFieldTf(
	termFrequency: number,
	weight: number,
	fieldLength: number,
	averageFieldLength: number,
	b: number,
): number {
	const { c0, c1 } = lengthNorm(b, averageFieldLength);
	return fieldShare(termFrequency, weight, c0, c1, fieldLength);
}

/**
 * A (term, tool) pair's weighted frequency: its fields' {@link fieldShare}s summed in field order,
 * rounded to float32 — the precision the index caches it at, so that every path (cached impacts,
 * recently added tools, `explain`) gives a tool the same tf.
 * @internal
 */
export function pairTf(sharesInFieldOrder: Iterable<number>): number {
	let tf = 0;
	for (const share of sharesInFieldOrder) tf += share;
	return Math.fround(tf);
}

/**
 * A matching term's BM25+ contribution from its combined weighted frequency `tf` (the sum of
 * {@link bm25fFieldTf} over fields): `idf * ((k1 + 1) * tf / (k1 + tf) + delta)`; 0 when `tf` is 0.
 *
 * @example
 * ```ts
 * bm25PlusTermScore(12, bm25Idf(10, 1), { k1: 1.2, b: 0.75, delta: 1 });
 * ```
 */
export function bm25PlusTermScore(weightedTf: number, idf: number, params: SaturationParams): number {
	if (weightedTf <= 0) return 0;
	return idf * (((params.k1 + 1) * weightedTf) / (params.k1 + weightedTf) + params.delta);
}

/**
 * An upper bound of a variant's contribution, given the largest tf any tool has for it (`Infinity`
 * when unknown): {@link bm25PlusTermScore} at that tf, a hair above, so that summing bounds and
 * scores in different orders cannot invert them. MaxScore pruning reads it.
 * @internal
 */
export function bm25PlusTermBound(largestTf: number, idf: number, params: SaturationParams): number {
	const { k1, delta } = params;
	const saturated = Number.isFinite(largestTf) ? ((k1 + 1) * largestTf) / (k1 + largestTf) : k1 + 1;
	return idf * (saturated + delta) * (1 + 1e-12);
}

/** The most one matching term of idf 1 contributes: `k1 + 1 + delta`. @internal */
export function fullMatchScale(params: SaturationParams): number {
	return params.k1 + 1 + params.delta;
}

/** A matched term's unit of the local-name bonus: `idf * (1 + delta)` of the variant that scored best. @internal */
export function localNameUnit(idf: number, delta: number): number {
	return idf * (1 + delta);
}

/** The local-name bonus: `rules.localNameBonus` times the sum of the matched terms' {@link localNameUnit}s. @internal */
export function localNameBonus(weight: number, units: number): number {
	return weight * units;
}

/**
 * The proximity bonus of one adjacent query-word pair: `weight * (k1 + 1 + delta) * (idf(a) + idf(b)) / 2`,
 * a `weight` fraction of a full match of the pair's mean idf.
 * @internal
 */
export function proximityPairBonus(
	weight: number,
	params: SaturationParams,
	idfA: number,
	idfB: number,
): number {
	return (weight * fullMatchScale(params) * (idfA + idfB)) / 2;
}

/** The namespace boost: `rules.namespaceBoost` times the best score among the tool's namespace siblings in the pool. @internal */
export function namespaceBoostOf(weight: number, bestSiblingScore: number): number {
	return weight * bestSiblingScore;
}

/**
 * One tier of the final score: above any tool's score with its bonuses for this query,
 * `(1 + localNameBonus) * (1 + namespaceBoost) * (k1 + 1 + delta) * Σ idf + P + 1`, where `Σ idf`
 * sums each query term's largest variant idf and `P` every query pair's proximity bonus.
 * @internal
 */
export function tierStep(
	rules: { readonly localNameBonus: number; readonly namespaceBoost: number },
	params: SaturationParams,
	termIdfs: readonly number[],
	proximityBound: number,
): number {
	const idfSum = termIdfs.reduce((sum, idf) => sum + idf, 0);
	return (
		(1 + rules.localNameBonus) * (1 + rules.namespaceBoost) * fullMatchScale(params) * idfSum +
		proximityBound +
		1
	);
}

/**
 * How many tiers a tool is lifted by: the number of query terms it matches when the coverage rule
 * is on, plus `queryTerms + 1` when its name is the query (so an exact name outranks any coverage).
 * @internal
 */
export function tierOf(
	coverageRule: boolean,
	matchedTerms: number,
	exactName: boolean,
	queryTerms: number,
): number {
	return (coverageRule ? matchedTerms : 0) + (exactName ? queryTerms + 1 : 0);
}

/** A score lifted by whole tiers: `score + tier * step` (the order the candidate pool is cut by). @internal */
export function liftByTiers(score: number, tier: number, step: number): number {
	return score + tier * step;
}

/**
 * The score `search` returns: the BM25+ sum with the local-name bonus, lifted by whole tiers
 * ({@link liftByTiers}), plus the namespace boost and then the proximity bonus.
 * @internal
 */
export function finalScore(lifted: number, namespaceBoost: number, proximity: number): number {
	return lifted + namespaceBoost + proximity;
}
