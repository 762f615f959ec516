import { afterEach, describe, expect, it, vi } from "vitest";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { getDefaultToolRanker, getToolRanker, registerToolRanker } from "../../src/ranking/registry.js";
import type { ToolRanker } from "../../src/types.js";

const named = (label: string): ToolRanker & { label: string } => ({ label, rank: () => [] });
const undos: (() => void)[] = [];
const register = (ranker: ToolRanker) => {
	const undo = registerToolRanker(ranker);
	undos.push(undo);
	return undo;
};

afterEach(() => {
	for (const undo of undos.splice(0)) undo();
});

describe("registerToolRanker / getToolRanker", () => {
	it("defaults to one shared Bm25Ranker", () => {
		expect(getToolRanker()).toBeInstanceOf(Bm25Ranker);
		expect(getToolRanker()).toBe(getDefaultToolRanker());
	});

	it("makes the latest registration current and restores the previous one on undo", () => {
		const a = named("a");
		const undo = register(a);
		expect(getToolRanker()).toBe(a);
		undo();
		expect(getToolRanker()).toBe(getDefaultToolRanker());
	});

	it.each([
		{ order: [0, 1, 2], after: [2, 2, -1] },
		{ order: [2, 1, 0], after: [1, 0, -1] },
		{ order: [1, 2, 0], after: [2, 0, -1] },
		{ order: [1, 0, 2], after: [2, 2, -1] },
		{ order: [0, 2, 1], after: [2, 1, -1] },
	])("unwinds nested registrations undone in order $order", ({ order, after }) => {
		// Registered a, then b, then c; `after[i]` is the ranker in force after the i-th undo (-1: default).
		const rankers = [named("a"), named("b"), named("c")];
		const undoFns = rankers.map(register);
		expect(getToolRanker()).toBe(rankers[2]);
		order.forEach((which, step) => {
			undoFns[which]?.();
			const expected = after[step] === -1 ? getDefaultToolRanker() : rankers[after[step] as number];
			expect(getToolRanker()).toBe(expected);
		});
	});

	it("undo is idempotent: calling it twice does not remove another registration", () => {
		const a = named("a");
		const b = named("b");
		register(a);
		const undoB = register(b);
		undoB();
		undoB();
		expect(getToolRanker()).toBe(a);
	});

	it("the same ranker registered twice needs two undos", () => {
		const a = named("a");
		const first = register(a);
		register(a);
		first();
		expect(getToolRanker()).toBe(a);
	});

	it("lives on globalThis under Symbol.for, so another copy of the module sees it", async () => {
		const a = named("a");
		register(a);
		const key = Symbol.for("tool-search.rankers");
		const state = (globalThis as Record<symbol, { stack: { ranker: ToolRanker }[] }>)[key];
		expect(state?.stack.at(-1)?.ranker).toBe(a);
		// A second, independently evaluated copy of the registry module (as a CJS build next to the
		// ESM one would be) reads and writes the same registry.
		vi.resetModules();
		const copy = await import("../../src/ranking/registry.js");
		expect(copy.registerToolRanker).not.toBe(registerToolRanker);
		expect(copy.getToolRanker()).toBe(a);
		const b = named("b");
		const undoB = copy.registerToolRanker(b);
		expect(getToolRanker()).toBe(b);
		undoB();
		expect(getToolRanker()).toBe(a);
	});

	it.each([
		{ value: null, shown: "null" },
		{ value: {}, shown: "{}" },
		{ value: { rank: 1 }, shown: '{"rank":1}' },
	])("rejects $shown with INVALID_OPTIONS", ({ value, shown }) => {
		expect(() => registerToolRanker(value as never)).toThrowError(
			`tool-search: ranker must be an object with a rank(query, documents, limit) method, got ${shown}`,
		);
	});
});
