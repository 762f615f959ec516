import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { CANDIDATE_POOL, searchStore } from "../../src/index/index-search.js";
import { MAX_SCORE_FROM_PAIRS } from "../../src/index/maxscore.js";
import { planQuery } from "../../src/index/query-plan.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

/** Few words, skewed: "common" and "often" are in most tools, so queries of them are generic. */
const WORDS = ["common", "often", "usual", "rare", "odd", "4"];
const word = fc.constantFrom("common", "common", "common", "often", "often", "usual", "rare", "odd", "4");
const tool = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(" "));

describe("the abstain rule decided before scoring", () => {
	it("gives what deciding after scoring gives, for any catalogue, query, exclude and removals (property)", () => {
		let early = 0;
		fc.assert(
			fc.property(
				fc.array(tool, { minLength: 9, maxLength: 40 }),
				fc.array(fc.constantFrom(...WORDS, "unknown", "common_0"), { minLength: 1, maxLength: 3 }),
				fc.array(fc.nat(45), { maxLength: 40 }),
				fc.array(fc.nat(45), { maxLength: 5 }),
				fc.boolean(),
				fc.boolean(),
				(descriptions, queryWords, excluded, removed, asFunction, allButFew) => {
					const index = new ToolSearchIndex();
					index.addAll(
						descriptions.map((description, i) => createToolSearchDocument({ name: `s__t${i}`, description })),
					);
					for (const i of removed) index.remove(`s__t${i}`);
					// Often every tool but a few removed ones: the rule must not abstain over an empty pool.
					const names = allButFew
						? new Set(index.names().filter((_, i) => !excluded.slice(0, 1).includes(i)))
						: new Set(excluded.map((i) => `s__t${i}`));
					const exclude = asFunction ? (name: string) => names.has(name) : names;
					const store = indexStore(index);
					const plan = planQuery(store, queryWords.join(" "));
					const args = [
						store,
						index.options,
						plan,
						8,
						exclude,
						MAX_SCORE_FROM_PAIRS,
						CANDIDATE_POOL,
					] as const;
					const before = searchStore(...args, true);
					const after = searchStore(...args, false);
					expect(before).toEqual(after);
					if (before.abstained) early++;
				},
			),
			{ numRuns: 300 },
		);
		expect(early).toBeGreaterThan(10);
	});

	it("abstains on a word in most tools without a match, and still answers a tool named by it", () => {
		const index = new ToolSearchIndex();
		const tools = Array.from({ length: 20 }, (_, i) => `tool number ${i} does common things`);
		index.addAll(tools.map((description, i) => createToolSearchDocument({ name: `s__t${i}`, description })));
		expect(index.searchDetailed("common", { limit: 5 })).toMatchObject({ matches: [], abstained: true });
		index.add(createToolSearchDocument({ name: "common", description: "the common tool" }));
		expect(index.searchDetailed("common", { limit: 5 }).matches[0]?.name).toBe("common");
		const all = new Set(index.names());
		expect(index.searchDetailed("common", { limit: 5, exclude: all })).toMatchObject({
			matches: [],
			abstained: false,
		});
	});
});
