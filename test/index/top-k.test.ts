import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KthBest, kthBest, topK } from "../../src/index/top-k.js";

describe("kthBest", () => {
	it("is the k-th largest score among the kept slots, or 0 when fewer are kept (property)", () => {
		fc.assert(
			fc.property(
				fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 300 }),
				fc.integer({ min: 1, max: 120 }),
				fc.integer({ min: 1, max: 5 }),
				(scores, k, every) => {
					const score = Float64Array.from(scores);
					const slots = scores.map((_, i) => i);
					const keep = (slot: number) => slot % every === 0;
					const kept = slots.filter(keep).map((slot) => score[slot] as number);
					kept.sort((a, b) => b - a);
					const want = kept.length < k ? 0 : (kept[k - 1] as number);
					expect(kthBest(score, slots, k, keep)).toBe(want);
					expect(kthBest(score, Int32Array.from(slots), k, keep)).toBe(want);
				},
			),
		);
	});
});

describe("kthBest's reused heap", () => {
	it("gives the right answer when `keep` runs another kthBest (a nested search) mid-call", () => {
		const score = Float64Array.from([5, 1, 4, 2, 3]);
		const other = Float64Array.from([10, 20, 30, 40, 50, 60]);
		const inner: number[] = [];
		const keep = (slot: number) => {
			inner.push(kthBest(other, [0, 1, 2, 3, 4, 5], 4, () => true));
			return slot !== 0;
		};
		expect(kthBest(score, [0, 1, 2, 3, 4], 2, keep)).toBe(3);
		expect(inner.every((value) => value === 30)).toBe(true);
		expect(kthBest(score, [0, 1, 2, 3, 4], 3, () => true)).toBe(3);
	});

	it("KthBest.reset empties the heap, for a new k too", () => {
		const best = new KthBest(2);
		for (const [slot, value] of [9, 8, 7].entries()) best.offer(slot, value, () => true);
		expect(best.threshold).toBe(8);
		best.reset();
		expect(best.threshold).toBe(0);
		best.offer(0, 1, () => true);
		best.offer(1, 2, () => true);
		expect(best.threshold).toBe(1);
		best.reset(3);
		expect(best.k).toBe(3);
		for (const [slot, value] of [4, 6, 5, 1].entries()) best.offer(slot, value, () => true);
		expect(best.threshold).toBe(4);
	});
});

describe("topK", () => {
	it("is the best k kept slots, by score descending then name (property)", () => {
		fc.assert(
			fc.property(
				// Few distinct scores, so ties (broken by name) are common.
				fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 0, maxLength: 200 }),
				fc.integer({ min: 0, max: 60 }),
				fc.integer({ min: 1, max: 5 }),
				(values, k, every) => {
					const score = Float64Array.from(values, (v) => v / 2);
					// Names in an order unrelated to slots.
					const names = values.map((_, i) => `t${(i * 7919) % 1009}-${i}`);
					const slots = values.map((_, i) => i);
					const keep = (slot: number) => slot % every === 0;
					const want = slots
						.filter((slot) => slot % every === 0)
						.sort(
							(a, b) =>
								(score[b] as number) - (score[a] as number) ||
								((names[a] as string) < (names[b] as string) ? -1 : 1),
						)
						.slice(0, k);
					const got = topK(score, names, slots, k, keep);
					expect(got).toEqual(want);
				},
			),
		);
	});
});
