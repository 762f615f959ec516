/**
 * `sameJson` on values nested deeper than the call stack allows: it walks with a stack of its own,
 * so a hostile server's schema can neither overflow it nor loop it.
 */
import { describe, expect, it } from "vitest";
import { sameJson } from "../../src/adapters/mcp/mcp-listing.js";

describe("sameJson on deep values", () => {
	it("compares 50,000-deep values without recursing, and still tells them apart", () => {
		const deep = (leaf: unknown) => {
			let value: unknown = leaf;
			for (let level = 0; level < 50_000; level++) value = level % 2 === 0 ? { a: value } : [1, value];
			return value;
		};
		expect(sameJson(deep("x"), deep("x"))).toBe(true);
		expect(sameJson(deep("x"), deep("y"))).toBe(false);
		expect(sameJson(deep({ a: 1, b: undefined }), deep({ a: 1 }))).toBe(true);
		expect(sameJson(deep([1, 2]), deep([1, 2, 3]))).toBe(false);
	});

	it("ends on cycles: a pair met again counts as equal", () => {
		const loop = (leaf: unknown) => {
			const value: Record<string, unknown> = { leaf };
			value.self = { back: value };
			return value;
		};
		expect(sameJson(loop(1), loop(1))).toBe(true);
		expect(sameJson(loop(1), loop(2))).toBe(false);
	});
});
