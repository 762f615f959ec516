import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gallop, seek } from "../../src/index/term-lookup.js";

/** The first index in `[from, to)` whose value is ≥ `slot`, by a linear walk. */
function linear(values: Int32Array, from: number, to: number, slot: number): number {
	let i = from;
	while (i < to && (values[i] as number) < slot) i++;
	return i;
}

describe("seek (interpolation search over ascending slots)", () => {
	it("finds what a linear walk and gallop find, for any range and target, evenly spread or skewed", () => {
		fc.assert(
			fc.property(
				// Gaps between consecutive slots: mostly 1, sometimes huge (skewed lists defeat the guess).
				fc.array(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1 << 20 })), {
					maxLength: 300,
				}),
				fc.nat(),
				fc.nat(),
				fc.integer({ min: -5, max: (1 << 22) + 5 }),
				fc.boolean(),
				(gaps, a, b, target, nearSlot) => {
					const values = new Int32Array(gaps.length);
					let at = 0;
					for (let i = 0; i < gaps.length; i++) {
						at += gaps[i] as number;
						values[i] = at;
					}
					const from = values.length === 0 ? 0 : a % (values.length + 1);
					const to = from + (values.length - from === 0 ? 0 : b % (values.length - from + 1));
					// Often a slot that is in the list (or next to one), as lookups mostly ask.
					const slot =
						nearSlot && values.length > 0 ? (values[a % values.length] as number) + (b % 3) - 1 : target;
					const expected = linear(values, from, to, slot);
					expect(seek(values, from, to, slot)).toBe(expected);
					expect(gallop(values, 1, from, to, slot)).toBe(expected);
				},
			),
			{ numRuns: 2000 },
		);
	});

	it("answers at the ends of a range", () => {
		const values = Int32Array.from([2, 4, 6, 8, 10]);
		const cases: [number, number, number, number][] = [
			// from, to, slot, expected
			[0, 5, 1, 0],
			[0, 5, 2, 0],
			[0, 5, 3, 1],
			[0, 5, 10, 4],
			[0, 5, 11, 5],
			[2, 2, 1, 2],
			[2, 4, 9, 4],
			[1, 4, 8, 3],
			[4, 5, 10, 4],
		];
		for (const [from, to, slot, expected] of cases) expect(seek(values, from, to, slot)).toBe(expected);
	});
});
