import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";

const WORDS = [
	"send",
	"email",
	"file",
	"read",
	"list",
	"user",
	"issue",
	"create",
	"weather",
	"map",
	"note",
	"task",
];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((w) => w.join(" "));

describe("exclude as a set of names", () => {
	it("ranks exactly as the same exclusion given as a function (property)", () => {
		fc.assert(
			fc.property(
				fc.array(text, { minLength: 1, maxLength: 60 }),
				fc.array(fc.nat(80), { maxLength: 30 }),
				text,
				fc.integer({ min: 1, max: 20 }),
				(descriptions, excludedAt, query, limit) => {
					const index = new ToolSearchIndex();
					index.addAll(
						descriptions.map((d, i) => createToolSearchDocument({ name: `t${i}`, description: d })),
					);
					// Some names not in the index, some twice: both are harmless.
					const names = new Set(excludedAt.map((i) => `t${i}`));
					const bySet = index.search(query, { limit, exclude: names });
					const byFunction = index.search(query, { limit, exclude: (name) => names.has(name) });
					expect(bySet).toEqual(byFunction);
					expect(bySet.some((match) => names.has(match.name))).toBe(false);
				},
			),
			{ numRuns: 150 },
		);
	});

	it("rejects anything else with INVALID_OPTIONS, quoting it", () => {
		const index = new ToolSearchIndex();
		index.add(createToolSearchDocument({ name: "a", description: "send email" }));
		expect(() => index.search("email", { exclude: ["a"] as never })).toThrow(
			/exclude must be a function or a set of names, got \["a"\]/,
		);
	});
});
