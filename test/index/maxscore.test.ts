import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";

/** 3,000 tools over a few common words, a third of them sharing a synonym group (terms of two variants). */
function commonWordIndex(): ToolSearchIndex {
	const words = ["list", "get", "file", "user", "issue", "ticket", "create", "update", "repo", "team"];
	const index = new ToolSearchIndex({ synonyms: { groups: [["issue", "ticket"]], weight: 0.8 } });
	index.addAll(
		Array.from({ length: 3000 }, (_, i) =>
			createToolSearchDocument({
				name: `tool_${i}`,
				description: Array.from(
					{ length: 4 + (i % 7) },
					(_, k) => words[(i * (k + 3) + k * k) % words.length],
				).join(" "),
			}),
		),
	);
	return index;
}

describe("MaxScore", () => {
	it("leaves no partial totals behind when exclude throws mid-scan: the next search ranks as before", () => {
		const index = commonWordIndex();
		for (const query of ["list issue", "get user file", "issue"]) {
			const before = index.search(query, { limit: 20 });
			let calls = 0;
			expect(() =>
				index.search(query, {
					limit: 20,
					exclude: () => {
						if (++calls > 5) throw new Error("exclude failed");
						return false;
					},
				}),
			).toThrow("exclude failed");
			expect(index.search(query, { limit: 20 })).toEqual(before);
			expect(index.search("create repo team", { limit: 20 })).toEqual(
				commonWordIndex().search("create repo team", { limit: 20 }),
			);
		}
	});

	it("takes any integer limit, however large: the result is Infinity's (a heap of `limit` scores was allocated)", () => {
		const index = commonWordIndex();
		for (const query of ["list issue", "get user file create repo team"]) {
			const all = index.search(query, { limit: Number.POSITIVE_INFINITY });
			for (const limit of [2 ** 31, Number.MAX_SAFE_INTEGER])
				expect(index.search(query, { limit })).toEqual(all);
		}
	});
});
