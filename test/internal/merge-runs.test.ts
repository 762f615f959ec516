import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeRuns } from "../../src/internal/merge-runs.js";

describe("mergeRuns", () => {
	it("sorts any concatenation of ascending runs like a numeric sort, leaving the input alone (property)", () => {
		fc.assert(
			fc.property(
				fc.array(fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 30 }), { maxLength: 12 }),
				(runs) => {
					const values: number[] = [];
					const ends: number[] = [];
					for (const run of runs) {
						values.push(...[...run].sort((a, b) => a - b));
						ends.push(values.length);
					}
					const before = values.slice();
					expect([...mergeRuns(values, ends)]).toEqual([...values].sort((a, b) => a - b));
					expect(values).toEqual(before);
				},
			),
		);
	});

	it.each([
		{ values: [], ends: [] as number[], sorted: [] },
		{ values: [3, 1], ends: [1, 2], sorted: [1, 3] },
		{ values: [1, 4, 9, 2, 3], ends: [3, 5], sorted: [1, 2, 3, 4, 9] },
		{ values: [5, 1, 2, 0], ends: [1, 1, 3, 4], sorted: [0, 1, 2, 5] },
	])("merges $values at $ends", ({ values, ends, sorted }) => {
		expect([...mergeRuns(values, ends)]).toEqual(sorted);
	});
});
