import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestSet } from "../../src/index/best-set.js";
import { topK } from "../../src/index/top-k.js";

const sorted = (slots: readonly number[]) => [...slots].sort((a, b) => a - b);

describe("bestSet (property)", () => {
	it("holds exactly the slots topK returns, ties at the cut broken by name alike", () => {
		fc.assert(
			fc.property(
				// Few distinct scores, so ties at the cut are common; 0 is a score too.
				fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 0, maxLength: 200 }),
				fc.integer({ min: 0, max: 60 }),
				fc.integer({ min: 1, max: 5 }),
				fc.boolean(),
				(values, k, every, shuffled) => {
					const score = Float64Array.from(values, (v) => v / 2);
					// Names in an order unrelated to slots.
					const names = values.map((_, i) => `t${(i * 7919) % 1009}-${i}`);
					const slots = values.map((_, i) => i);
					if (shuffled) slots.reverse();
					const keep = (slot: number) => slot % every === 0;
					expect(sorted(bestSet(score, names, slots, k, keep))).toEqual(
						sorted(topK(score, names, slots, k, keep)),
					);
					expect(sorted(bestSet(score, names, slots, k))).toEqual(sorted(topK(score, names, slots, k)));
				},
			),
			{ numRuns: 300 },
		);
	});

	it("asks keep about the same slots as topK", () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 0, maxLength: 120 }),
				fc.integer({ min: 1, max: 40 }),
				(values, k) => {
					const score = Float64Array.from(values);
					const names = values.map((_, i) => `t${i}`);
					const slots = values.map((_, i) => i);
					const asked = (pick: typeof topK) => {
						const seen: number[] = [];
						pick(score, names, slots, k, (slot) => {
							seen.push(slot);
							return slot % 3 !== 0;
						});
						return seen;
					};
					expect(new Set(asked(bestSet))).toEqual(new Set(asked(topK)));
				},
			),
		);
	});
});
