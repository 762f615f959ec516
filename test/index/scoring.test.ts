import { describe, expect, it } from "vitest";
import { bm25fFieldTf, bm25Idf, bm25PlusTermScore } from "../../src/index/scoring.js";

/** The classic parameters the hand computations use. */
const CLASSIC = { k1: 1.2, b: 0.75, delta: 1 };

describe("bm25Idf", () => {
	it.each([
		{ n: 3, df: 2, expected: Math.log(1.6) }, // ln(1 + 1.5 / 2.5)
		{ n: 10, df: 1, expected: Math.log(1 + 9.5 / 1.5) },
		{ n: 1, df: 1, expected: Math.log(1 + 0.5 / 1.5) }, // a term in every document still counts
	])("is ln(1 + (N - df + 0.5) / (df + 0.5)) for N=$n df=$df", ({ n, df, expected }) => {
		expect(bm25Idf(n, df)).toBeCloseTo(expected, 12);
	});

	it("falls as document frequency rises", () => {
		expect(bm25Idf(100, 1)).toBeGreaterThan(bm25Idf(100, 50));
		expect(bm25Idf(100, 100)).toBeGreaterThan(0);
	});
});

describe("bm25fFieldTf", () => {
	it.each([
		{ tf: 2, weight: 2, length: 3, average: 5 / 3, b: 0.75, expected: 2.5 }, // 4 / (0.25 + 0.75 * 1.8)
		{ tf: 1, weight: 2, length: 1, average: 5 / 3, b: 0.75, expected: 2 / 0.7 },
		{ tf: 3, weight: 1, length: 10, average: 5, b: 0, expected: 3 }, // b = 0: no length normalisation
		{ tf: 1, weight: 6, length: 0, average: 0, b: 0.75, expected: 6 }, // empty field everywhere: norm 1
	])("weights and normalises tf=$tf w=$weight len=$length avg=$average b=$b", (row) => {
		expect(bm25fFieldTf(row.tf, row.weight, row.length, row.average, row.b)).toBeCloseTo(row.expected, 12);
	});
});

describe("bm25PlusTermScore", () => {
	it("matches hand-computed values", () => {
		// idf = ln 1.6 = 0.470004; tf = 2.5: 0.470004 * (2.2 * 2.5 / 3.7 + 1) = 1.168658
		expect(bm25PlusTermScore(2.5, Math.log(1.6), CLASSIC)).toBeCloseTo(1.1686576727, 9);
		// tf = 2 / 0.7: 0.470004 * (2.2 * 2.857143 / 4.057143 + 1) = 1.198178
		expect(bm25PlusTermScore(2 / 0.7, Math.log(1.6), CLASSIC)).toBeCloseTo(1.1981782661, 9);
	});

	it("is 0 for a term that does not match, and at least idf * delta for one that does", () => {
		expect(bm25PlusTermScore(0, 2, CLASSIC)).toBe(0);
		expect(bm25PlusTermScore(1e-9, 2, CLASSIC)).toBeGreaterThanOrEqual(2);
	});

	it("saturates: more occurrences add less and less, below idf * (k1 + 1 + delta)", () => {
		const params = CLASSIC;
		const s1 = bm25PlusTermScore(1, 1, params);
		const s2 = bm25PlusTermScore(2, 1, params);
		const s3 = bm25PlusTermScore(3, 1, params);
		expect(s2 - s1).toBeGreaterThan(s3 - s2);
		expect(bm25PlusTermScore(1e9, 1, params)).toBeLessThan(1 * (params.k1 + 1 + params.delta));
	});
});
