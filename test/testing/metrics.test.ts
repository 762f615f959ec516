import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	abstentionScores,
	averageMetrics,
	completeAt,
	discount,
	groupRanks,
	METRIC_NAMES,
	naturalMetrics,
	ndcgAt,
	queryMetrics,
	recallAt,
	reciprocalRank,
} from "../../src/testing/metrics.js";

// Discounts used below: 1/log2(2) = 1, 1/log2(3) = 0.6309298, 1/log2(4) = 0.5, 1/log2(5) = 0.4306766.
const D1 = 1;
const D2 = 1 / Math.log2(3);
const D3 = 0.5;
const D4 = 1 / Math.log2(5);

describe("discount", () => {
	it("is 1 / log2(rank + 1)", () => {
		expect(discount(1)).toBe(1);
		expect(discount(2)).toBeCloseTo(0.6309298, 7);
		expect(discount(3)).toBe(0.5);
	});
});

describe("groupRanks", () => {
	it("gives each group the rank of its first member, null when none is ranked", () => {
		// a is at rank 3; group [b, c] is found by c at rank 2; [d] is missing.
		expect(groupRanks(["x", "c", "a", "b"], [["a"], ["b", "c"], ["d"]])).toEqual([3, 2, null]);
	});
});

describe("a two-group query: groups [[a], [b, c]], ranking [x, c, a, y]", () => {
	const groups = [["a"], ["b", "c"]];
	const ranking = ["x", "c", "a", "y"];
	it("finds [b, c] at rank 2 (via c) and [a] at rank 3", () => {
		expect(recallAt(ranking, groups, 1)).toBe(0); // nothing at rank 1
		expect(recallAt(ranking, groups, 2)).toBe(0.5); // 1 of 2 groups
		expect(recallAt(ranking, groups, 5)).toBe(1);
		expect(recallAt(ranking, groups, 10)).toBe(1);
		expect(completeAt(ranking, groups, 2)).toBe(0);
		expect(completeAt(ranking, groups, 5)).toBe(1);
	});
	it("nDCG@10 = (1/log2(3) + 1/log2(4)) / (1 + 1/log2(3))", () => {
		// DCG = D2 + D3 = 0.6309 + 0.5 = 1.1309; IDCG (2 groups) = D1 + D2 = 1.6309; ratio 0.69343.
		expect(ndcgAt(ranking, groups, 10)).toBeCloseTo((D2 + D3) / (D1 + D2), 12);
		expect(ndcgAt(ranking, groups, 10)).toBeCloseTo(0.69343, 5);
	});
	it("MRR = 1/2: the first hit of any group is c at rank 2", () => {
		expect(reciprocalRank(ranking, groups)).toBe(0.5);
	});
	it("queryMetrics gathers them all", () => {
		const metrics = queryMetrics(ranking, groups);
		expect(metrics).toEqual({
			r1: 0,
			r5: 1,
			r10: 1,
			c5: 1,
			ndcg10: expect.closeTo((D2 + D3) / (D1 + D2), 12),
			mrr: 0.5,
		});
	});
});

describe("duplicates in the ranking", () => {
	it("a duplicate takes a slot: [x, x, a] finds [a] at rank 3", () => {
		// DCG = D3 = 0.5, IDCG = D1 = 1, so nDCG = 0.5; MRR = 1/3.
		expect(ndcgAt(["x", "x", "a"], [["a"]], 10)).toBe(0.5);
		expect(reciprocalRank(["x", "x", "a"], [["a"]])).toBeCloseTo(1 / 3, 12);
		expect(recallAt(["x", "x", "a"], [["a"]], 2)).toBe(0);
	});
	it("a repeated gold tool counts once: [a, a, b] for groups [[a], [b]]", () => {
		// a at rank 1 (the second a adds nothing), b at rank 3: DCG = 1 + 0.5 = 1.5,
		// IDCG = 1 + 0.6309 = 1.6309, nDCG = 0.91972.
		expect(ndcgAt(["a", "a", "b"], [["a"], ["b"]], 10)).toBeCloseTo((D1 + D3) / (D1 + D2), 12);
		expect(ndcgAt(["a", "a", "b"], [["a"], ["b"]], 10)).toBeCloseTo(0.91972, 5);
		expect(recallAt(["a", "a", "b"], [["a"], ["b"]], 2)).toBe(0.5);
	});
});

describe("a group hit twice", () => {
	it("gains once, at its first member", () => {
		// [a, b] is found by b at rank 1; a at rank 2 adds nothing: DCG = 1 = IDCG.
		expect(ndcgAt(["b", "a"], [["a", "b"]], 10)).toBe(1);
		// Groups [[a, b], [c]], ranking [a, b, c]: a finds group 1 at rank 1, b adds nothing, c is at
		// rank 3: DCG = 1 + 0.5 = 1.5, IDCG = 1 + 0.6309 = 1.6309, nDCG = 0.91972.
		expect(ndcgAt(["a", "b", "c"], [["a", "b"], ["c"]], 10)).toBeCloseTo((D1 + D3) / (D1 + D2), 12);
		expect(recallAt(["a", "b", "c"], [["a", "b"], ["c"]], 2)).toBe(0.5);
		expect(completeAt(["a", "b", "c"], [["a", "b"], ["c"]], 2)).toBe(0);
	});
	it("a name in several groups credits each group once", () => {
		// Groups [[a], [a, b]], ranking [x, a]: both groups found at rank 2.
		expect(groupRanks(["x", "a"], [["a"], ["a", "b"]])).toEqual([2, 2]);
		expect(recallAt(["x", "a"], [["a"], ["a", "b"]], 2)).toBe(1);
		// DCG = 2 * 0.6309 = 1.2619 < IDCG = 1.6309: nDCG = 0.77372.
		expect(ndcgAt(["x", "a"], [["a"], ["a", "b"]], 10)).toBeCloseTo((2 * D2) / (D1 + D2), 12);
		// Ranking [a]: DCG = 2 > IDCG = 1.6309, so the ratio is capped at 1.
		expect(ndcgAt(["a"], [["a"], ["a", "b"]], 10)).toBe(1);
	});
});

describe("an empty ranking", () => {
	it("scores 0 everywhere", () => {
		expect(queryMetrics([], [["a"], ["b"]])).toEqual({ r1: 0, r5: 0, r10: 0, c5: 0, ndcg10: 0, mrr: 0 });
	});
});

describe("k smaller than the number of groups", () => {
	const groups = [["a"], ["b"], ["c"]];
	it("the ideal DCG has only k terms", () => {
		// k = 2: a and b at ranks 1 and 2 fill the ideal (1 + 0.6309); c at rank 3 is past k. nDCG = 1.
		expect(ndcgAt(["a", "b", "c"], groups, 2)).toBe(1);
		// c at rank 1 only: DCG = 1, IDCG = 1 + 0.6309: nDCG = 0.61315.
		expect(ndcgAt(["c", "x", "a"], groups, 2)).toBeCloseTo(D1 / (D1 + D2), 12);
		expect(ndcgAt(["c", "x", "a"], groups, 2)).toBeCloseTo(0.61315, 5);
	});
	it("recall cannot reach 1 and completeness is 0", () => {
		expect(recallAt(["a", "b", "c"], groups, 2)).toBeCloseTo(2 / 3, 12);
		expect(completeAt(["a", "b", "c"], groups, 2)).toBe(0);
		expect(completeAt(["a", "b", "c"], groups, 3)).toBe(1);
	});
	it("k = 10 with 3 groups at ranks 2, 3 and 4", () => {
		// DCG = 0.6309 + 0.5 + 0.4307 = 1.5616; IDCG = 1 + 0.6309 + 0.5 = 2.1309; nDCG = 0.73283.
		expect(ndcgAt(["x", "a", "b", "c"], groups, 10)).toBeCloseTo((D2 + D3 + D4) / (D1 + D2 + D3), 12);
		expect(ndcgAt(["x", "a", "b", "c"], groups, 10)).toBeCloseTo(0.73283, 5);
	});
});

describe("argument checks and averages", () => {
	it("rejects k < 1 or fractional k", () => {
		expect(() => recallAt(["a"], [["a"]], 0)).toThrow(RangeError);
		expect(() => ndcgAt(["a"], [["a"]], 1.5)).toThrow(RangeError);
	});
	it("no gold groups scores 0", () => {
		expect(queryMetrics(["a"], [])).toEqual({ r1: 0, r5: 0, r10: 0, c5: 0, ndcg10: 0, mrr: 0 });
	});
	it("averageMetrics is the mean per metric, zeros for no queries", () => {
		const one = queryMetrics(["a"], [["a"]]); // every metric 1
		const none = queryMetrics([], [["a"]]); // every metric 0
		expect(averageMetrics([one, none, none, one])).toEqual({
			r1: 0.5,
			r5: 0.5,
			r10: 0.5,
			c5: 0.5,
			ndcg10: 0.5,
			mrr: 0.5,
		});
		expect(averageMetrics([])).toEqual({ r1: 0, r5: 0, r10: 0, c5: 0, ndcg10: 0, mrr: 0 });
	});
});

describe("properties", () => {
	const NAMES = ["a", "b", "c", "d", "e", "f", "g", "h", "x", "y", "z"];
	const name = fc.constantFrom(...NAMES);
	const ranking = fc.array(name, { maxLength: 14 });
	const groups = fc.array(fc.array(name, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 });
	const k = fc.integer({ min: 1, max: 12 });

	it("every metric is in [0, 1]", () => {
		fc.assert(
			fc.property(ranking, groups, k, (ranking, groups, k) => {
				const values = [
					recallAt(ranking, groups, k),
					completeAt(ranking, groups, k),
					ndcgAt(ranking, groups, k),
					reciprocalRank(ranking, groups),
					...METRIC_NAMES.map((metric) => queryMetrics(ranking, groups)[metric]),
				];
				for (const value of values) {
					expect(value).toBeGreaterThanOrEqual(0);
					expect(value).toBeLessThanOrEqual(1);
				}
			}),
		);
	});

	it("moving a gold tool up (swapping it with a non-gold tool above it) never lowers nDCG", () => {
		fc.assert(
			fc.property(ranking, groups, k, fc.nat(), fc.nat(), (ranking, groups, k, pickGold, pickAbove) => {
				const gold = new Set(groups.flat());
				const goldAt = ranking.flatMap((item, at) => (gold.has(item) ? [at] : []));
				fc.pre(goldAt.length > 0);
				const from = goldAt[pickGold % goldAt.length] as number;
				const aboveAt = ranking.slice(0, from).flatMap((item, at) => (gold.has(item) ? [] : [at]));
				fc.pre(aboveAt.length > 0);
				const to = aboveAt[pickAbove % aboveAt.length] as number;
				const moved = [...ranking];
				[moved[to], moved[from]] = [ranking[from] as string, ranking[to] as string];
				expect(ndcgAt(moved, groups, k)).toBeGreaterThanOrEqual(ndcgAt(ranking, groups, k) - 1e-12);
				expect(recallAt(moved, groups, k)).toBeGreaterThanOrEqual(recallAt(ranking, groups, k));
				expect(reciprocalRank(moved, groups)).toBeGreaterThanOrEqual(reciprocalRank(ranking, groups));
			}),
		);
	});

	it("with disjoint groups and no repeats, nDCG is DCG / IDCG without needing the cap", () => {
		fc.assert(
			fc.property(fc.shuffledSubarray(NAMES), fc.shuffledSubarray(NAMES, { minLength: 1 }), k, (r, g, k) => {
				// Each gold name is its own group: DCG never exceeds the ideal.
				const single = g.map((item) => [item]);
				let dcg = 0;
				for (const rank of groupRanks(r, single)) if (rank !== null && rank <= k) dcg += discount(rank);
				let idcg = 0;
				for (let at = 1; at <= Math.min(single.length, k); at++) idcg += discount(at);
				expect(dcg).toBeLessThanOrEqual(idcg + 1e-12);
				expect(ndcgAt(r, single, k)).toBeCloseTo(dcg / idcg, 12);
			}),
		);
	});
});

describe("abstentionScores", () => {
	// A = abstained (returned nothing), N = gold-none request.
	const A_N = { abstained: true, goldNone: true };
	const A_G = { abstained: true, goldNone: false };
	const R_N = { abstained: false, goldNone: true };
	const R_G = { abstained: false, goldNone: false };
	const cases: {
		name: string;
		outcomes: { abstained: boolean; goldNone: boolean }[];
		expected: { abstentions: number; goldNone: number; correct: number; precision: number; recall: number };
	}[] = [
		{
			name: "abstains on exactly the gold-none requests: precision 1, recall 1",
			outcomes: [A_N, A_N, R_G, R_G],
			expected: { abstentions: 2, goldNone: 2, correct: 2, precision: 1, recall: 1 },
		},
		{
			name: "never abstains (a peer that always returns something): precision 0, recall 0",
			outcomes: [R_N, R_N, R_G],
			expected: { abstentions: 0, goldNone: 2, correct: 0, precision: 0, recall: 0 },
		},
		{
			name: "abstains on 1 of 2 gold-none and 1 gold request: precision 1/2, recall 1/2",
			outcomes: [A_N, R_N, A_G, R_G],
			expected: { abstentions: 2, goldNone: 2, correct: 1, precision: 0.5, recall: 0.5 },
		},
		{
			name: "abstains everywhere: precision = share of gold-none (1/4), recall 1",
			outcomes: [A_N, A_G, A_G, A_G],
			expected: { abstentions: 4, goldNone: 1, correct: 1, precision: 0.25, recall: 1 },
		},
		{
			name: "no gold-none requests: recall 0, precision 0 for abstentions on gold requests",
			outcomes: [A_G, R_G],
			expected: { abstentions: 1, goldNone: 0, correct: 0, precision: 0, recall: 0 },
		},
		{
			name: "no requests",
			outcomes: [],
			expected: { abstentions: 0, goldNone: 0, correct: 0, precision: 0, recall: 0 },
		},
	];
	for (const { name, outcomes, expected } of cases) {
		it(name, () => {
			expect(abstentionScores(outcomes)).toEqual(expected);
		});
	}
});

describe("naturalMetrics", () => {
	const cases: {
		name: string;
		rankings: string[][];
		groups: string[][][];
		expected: { r1: number; r3: number; r5: number; ndcg10: number; queries: number };
	}[] = [
		{
			name: "gold at rank 1",
			rankings: [["a", "x"]],
			groups: [[["a"]]],
			expected: { r1: 1, r3: 1, r5: 1, ndcg10: 1, queries: 1 },
		},
		{
			// a at rank 3: R@1 0, R@3 1; nDCG = 1/log2(4) = 0.5.
			name: "gold at rank 3",
			rankings: [["x", "y", "a"]],
			groups: [[["a"]]],
			expected: { r1: 0, r3: 1, r5: 1, ndcg10: 0.5, queries: 1 },
		},
		{
			// b at rank 4 (past 3, within 5); nDCG = 1/log2(5) = 0.43068.
			name: "gold at rank 4",
			rankings: [["x", "y", "z", "b"]],
			groups: [[["a", "b"]]],
			expected: { r1: 0, r3: 0, r5: 1, ndcg10: D4, queries: 1 },
		},
		{
			// The gold-none request (no groups) is left out: the mean is over the 2 requests with gold.
			// Request 1: everything 1. Request 2: [c] missing, [a] at rank 2: R@1 0, R@3 1/2, R@5 1/2,
			// nDCG = D2 / (D1 + D2) = 0.38685. Means: R@1 1/2, R@3 3/4, R@5 3/4, nDCG (1 + 0.38685) / 2.
			name: "a gold-none request does not count, whatever it returns",
			rankings: [["a"], [], ["x", "a"]],
			groups: [[["a"]], [], [["c"], ["a"]]],
			expected: { r1: 0.5, r3: 0.75, r5: 0.75, ndcg10: (1 + D2 / (D1 + D2)) / 2, queries: 2 },
		},
		{
			name: "no request with gold: zeros",
			rankings: [[], ["a"]],
			groups: [[], []],
			expected: { r1: 0, r3: 0, r5: 0, ndcg10: 0, queries: 0 },
		},
	];
	for (const { name, rankings, groups, expected } of cases) {
		it(name, () => {
			const got = naturalMetrics(rankings, groups);
			expect(got.queries).toBe(expected.queries);
			for (const key of ["r1", "r3", "r5", "ndcg10"] as const)
				expect(got[key]).toBeCloseTo(expected[key], 12);
		});
	}
});
