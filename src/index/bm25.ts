/**
 * The BM25F+ formulas, as pure functions. The index inlines the same arithmetic in its hot loop;
 * tests check both against hand-computed numbers.
 */
import type { Bm25Params } from "../defaults.js";

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
	const norm = averageFieldLength > 0 ? 1 - b + (b * fieldLength) / averageFieldLength : 1;
	return (weight * termFrequency) / norm;
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
export function bm25PlusTermScore(weightedTf: number, idf: number, params: Bm25Params): number {
	if (weightedTf <= 0) return 0;
	return idf * (((params.k1 + 1) * weightedTf) / (params.k1 + weightedTf) + params.delta);
}
