import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PreparedTerm, scanOrder } from "../../src/index/term-scan.js";

/** The order by definition: decreasing bound, then query order. */
function reference(ubs: readonly number[]): number[] {
	return ubs.map((_, i) => i).sort((a, b) => (ubs[b] as number) - (ubs[a] as number) || a - b);
}

const term = (ub: number): PreparedTerm => ({
	term: "t",
	variants: [],
	ub,
	idf: 0,
	matched: false,
	generic: false,
});

describe("scanOrder (property)", () => {
	it("is decreasing bound, then query order, for short and long queries (ties common)", () => {
		fc.assert(
			fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 80 }), (values) => {
				const ubs = values.map((v) => v / 4);
				expect(scanOrder(ubs.map(term))).toEqual(reference(ubs));
			}),
		);
	});
});
