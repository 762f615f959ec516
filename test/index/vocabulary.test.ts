import { describe, expect, it } from "vitest";
import { MIN_DEAD_TERMS_COMPACTED } from "../../src/defaults.js";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

/** A word per number, letters only (the tokenizer splits digits off). */
const word = (n: number): string =>
	`w${n.toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] as string)}x`;

const toolAt = (n: number) =>
	createToolSearchDocument({ name: "clock__now", description: `The time is ${word(n)} now` });

describe("vocabulary compaction", () => {
	it("update churn does not grow the vocabulary without bound, and ranks like a rebuilt index", () => {
		const index = new ToolSearchIndex();
		index.add(createToolSearchDocument({ name: "mail__send", description: "Send an email now" }));
		const updates = 5 * MIN_DEAD_TERMS_COMPACTED;
		for (let n = 0; n < updates; n++) index.update(toolAt(n));
		const store = indexStore(index);
		// Without compaction: one dead term per update (5,120 and more).
		expect(store.terms.length).toBeLessThanOrEqual(2 * MIN_DEAD_TERMS_COMPACTED + 20);
		expect(store.deadTerms).toBeLessThanOrEqual(MIN_DEAD_TERMS_COMPACTED + 1);
		const rebuilt = new ToolSearchIndex();
		rebuilt.addAll([
			createToolSearchDocument({ name: "mail__send", description: "Send an email now" }),
			toolAt(updates - 1),
		]);
		for (const query of ["time now", word(updates - 1), word(3), "send email", "now"]) {
			expect(index.searchDetailed(query, { limit: 5 })).toEqual(rebuilt.searchDetailed(query, { limit: 5 }));
		}
	});

	it("a saved index holds no dead terms, and loads to the same rankings", () => {
		const index = new ToolSearchIndex();
		index.add(createToolSearchDocument({ name: "mail__send", description: "Send an email" }));
		for (let n = 0; n < 50; n++) index.update(toolAt(n));
		const saved = index.toJSON();
		expect(saved.terms).not.toContain(word(0));
		expect(saved.terms).toContain(word(49));
		expect(indexStore(index).deadTerms).toBe(0);
		const loaded = ToolSearchIndex.fromJSON(saved);
		for (const query of ["time now", word(49), "send email"]) {
			expect(loaded.searchDetailed(query)).toEqual(index.searchDetailed(query));
		}
		// Still incremental after the compaction.
		for (const target of [index, loaded]) target.update(toolAt(1000));
		expect(loaded.search(word(1000))).toEqual(index.search(word(1000)));
	});
});
