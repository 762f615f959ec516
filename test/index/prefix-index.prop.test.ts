/**
 * The sorted-vocabulary prefix lookup (`prefix-index.ts`) against a plain scan of the vocabulary,
 * through random adds, removes and compactions (which renumber terms), and re-sorts of the tail.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { forEachCompletion } from "../../src/index/prefix-index.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

const WORDS = [
	"rep",
	"repo",
	"repository",
	"report",
	"reply",
	"rain",
	"rainfall",
	"config",
	"configure",
	"conf",
];

const op = fc.oneof(
	fc.record({
		kind: fc.constant("add" as const),
		id: fc.nat({ max: 30 }),
		words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
		suffix: fc.nat({ max: 3000 }),
	}),
	fc.record({ kind: fc.constant("remove" as const), id: fc.nat({ max: 30 }) }),
);

function naive(index: ToolSearchIndex, word: string): string[] {
	const store = indexStore(index);
	return store.terms.filter((term) => term.length > word.length && term.startsWith(word)).sort();
}

function viaIndex(index: ToolSearchIndex, word: string): string[] {
	const store = indexStore(index);
	const found: string[] = [];
	forEachCompletion(store, word, (id) => found.push(store.terms[id] as string));
	return found.sort();
}

describe("prefix lookups (sorted vocabulary + unsorted tail)", () => {
	it("finds exactly the words a scan finds, after any adds, removes and compactions", () => {
		fc.assert(
			fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
				const index = new ToolSearchIndex();
				indexStore(index).minDeadTerms = 2; // compact often
				for (const o of ops) {
					const name = `t${o.id}`;
					if (o.kind === "add") {
						// A unique word per add grows the vocabulary past the tail's re-sort point.
						const description = `${o.words.join(" ")} rep${o.suffix}x`;
						index.update(createToolSearchDocument({ name, description }));
					} else if (index.has(name)) index.remove(name);
					for (const word of ["rep", "rain", "conf", "repo", "zzz"])
						expect(viaIndex(index, word)).toEqual(naive(index, word));
				}
			}),
			{ numRuns: 150 },
		);
	});
});
