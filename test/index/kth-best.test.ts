import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kthBest } from "../../src/index/top-k.js";

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
