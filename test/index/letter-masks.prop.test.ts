/**
 * The typo filter (`letter-masks.ts`): words within k edits have masks at most 2k bits apart (so
 * the filter never drops a correction), and the per-term masks stay those of the current
 * vocabulary through adds, removes and compactions (which renumber terms).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { editDistance } from "../../src/index/fuzzy.js";
import { letterMask, letterMasks, maskDistance } from "../../src/index/letter-masks.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

/** Letters, digits and characters outside a–z (hashed onto shared bits). */
const CHARS = ["a", "b", "e", "r", "z", "0", "7", "é", "ж", "-", "語"];
const word = fc.array(fc.constantFrom(...CHARS), { maxLength: 10 }).map((chars) => chars.join(""));

/** One random edit: insert, delete, substitute or swap adjacent characters. */
const edit = fc.record({
	kind: fc.constantFrom("insert", "delete", "substitute", "swap"),
	at: fc.nat(),
	char: fc.constantFrom(...CHARS),
});

function applyEdit(text: string, e: { kind: string; at: number; char: string }): string {
	const at = text.length === 0 ? 0 : e.at % text.length;
	if (e.kind === "insert") return text.slice(0, at) + e.char + text.slice(at);
	if (text.length === 0) return text;
	if (e.kind === "delete") return text.slice(0, at) + text.slice(at + 1);
	if (e.kind === "substitute") return text.slice(0, at) + e.char + text.slice(at + 1);
	if (at + 1 >= text.length) return text;
	return text.slice(0, at) + (text[at + 1] as string) + (text[at] as string) + text.slice(at + 2);
}

describe("letter masks (property)", () => {
	it("words within k edits (Damerau) differ in at most 2k mask bits", () => {
		fc.assert(
			fc.property(word, fc.array(edit, { maxLength: 3 }), word, (a, edits, other) => {
				const near = edits.reduce(applyEdit, a);
				for (const b of [near, other]) {
					for (const k of [1, 2, 3]) {
						if (editDistance(a, b, k) <= k)
							expect(maskDistance(letterMask(a), letterMask(b))).toBeLessThanOrEqual(2 * k);
					}
				}
			}),
			{ numRuns: 2000 },
		);
	});

	it("counts differing bits", () => {
		expect(maskDistance(0, 0)).toBe(0);
		expect(maskDistance(0xffffffff, 0)).toBe(32);
		expect(maskDistance(letterMask("abc"), letterMask("abd"))).toBe(2);
		expect(maskDistance(letterMask("ab"), letterMask("ba"))).toBe(0);
	});

	it("keeps each term's mask through adds, removes and compactions", () => {
		const op = fc.oneof(
			fc.record({
				kind: fc.constant("add" as const),
				id: fc.nat({ max: 20 }),
				text: fc.array(word, { maxLength: 4 }),
			}),
			fc.record({ kind: fc.constant("remove" as const), id: fc.nat({ max: 20 }) }),
		);
		fc.assert(
			fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
				const index = new ToolSearchIndex();
				const store = indexStore(index);
				store.minDeadTerms = 2; // compact often
				for (const o of ops) {
					const name = `t${o.id}`;
					if (o.kind === "add")
						index.update(createToolSearchDocument({ name, description: `x ${o.text.join(" ")}` }));
					else if (index.has(name)) index.remove(name);
					const masks = letterMasks(store);
					for (let id = 0; id < store.terms.length; id++)
						expect(masks[id]).toBe(letterMask(store.terms[id] as string));
				}
			}),
			{ numRuns: 100 },
		);
	});
});
