import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editDistance } from "../../src/index/fuzzy.js";
import { boundedEditDistance } from "../../src/integration/bounded-edit-distance.js";

describe("boundedEditDistance", () => {
	it("equals the full-table distance, capped at max + 1 (property)", () => {
		const text = fc.string({ unit: fc.constantFrom("a", "b", "c", "_"), maxLength: 14 });
		fc.assert(
			fc.property(text, text, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
				expect(boundedEditDistance(a, b, max)).toBe(Math.min(editDistance(a, b, max), max + 1));
			}),
			{ numRuns: 3000 },
		);
	});

	it("computes at most length · (2·max + 1) cells", () => {
		const work = { cells: 0 };
		const a = "ab".repeat(5000);
		const b = `${"ab".repeat(4999)}ba`;
		expect(boundedEditDistance(a, b, 3, work)).toBe(1);
		expect(work.cells).toBeLessThanOrEqual(a.length * 7);
		const early = { cells: 0 };
		expect(boundedEditDistance("a".repeat(10_000), "b".repeat(10_000), 2, early)).toBe(3);
		expect(early.cells).toBeLessThanOrEqual(3 * 5);
	});
});
