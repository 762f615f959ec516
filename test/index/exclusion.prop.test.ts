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

describe("exclude calling back into the index it is searching", () => {
	/** 3,000 tools of common words: "send email" holds enough pairs for MaxScore, "weather" scans exhaustively. */
	function bigIndex(): ToolSearchIndex {
		const index = new ToolSearchIndex();
		index.addAll(
			Array.from({ length: 3000 }, (_, i) =>
				createToolSearchDocument({
					name: `t${i}`,
					description: Array.from({ length: 6 }, (_, k) => WORDS[(i * 7 + k * k * (i % 5)) % 8]).join(" "),
				}),
			),
		);
		index.add(createToolSearchDocument({ name: "w", description: "weather map" }));
		return index;
	}
	const others = createToolSearchDocument({ name: "zz", description: "send email send email" });
	const callbacks: Record<string, (index: ToolSearchIndex) => unknown> = {
		search: (index) => index.search("read issue", { limit: 5 }),
		searchDetailed: (index) => index.searchDetailed("read issue", { exclude: new Set(["t1"]) }),
		explain: (index) => index.explain("read issue", "t1"),
		add: (index) => index.add(others),
		addAll: (index) => index.addAll([others]),
		update: (index) => index.update(others),
		remove: (index) => index.remove("t5"),
		"remove many": (index) => {
			for (let i = 0; i < 2500; i++) index.remove(`t${i}`);
		},
		toJSON: (index) => index.toJSON(),
		toBinary: (index) => index.toBinary(),
	};

	it.each(Object.keys(callbacks))(
		"%s from exclude throws INVALID_OPTIONS and changes nothing: the search ranks as without it",
		(what) => {
			const callback = callbacks[what] as (index: ToolSearchIndex) => unknown;
			for (const query of ["send email", "user file create", "weather"]) {
				const index = bigIndex();
				const plain = index.searchDetailed(query, { limit: 10, exclude: (name) => name.endsWith("7") });
				const errors: unknown[] = [];
				const nested = index.searchDetailed(query, {
					limit: 10,
					exclude: (name) => {
						try {
							if (errors.length === 0) callback(index);
						} catch (error) {
							errors.push(error);
						}
						return name.endsWith("7");
					},
				});
				expect(errors, `${what}: ${query}`).toHaveLength(1);
				expect(errors[0]).toMatchObject({ code: "INVALID_OPTIONS" });
				expect(nested, `${what}: ${query}`).toEqual(plain);
				expect(index.size).toBe(3001);
				const explained = index.explain(query, "w", {
					exclude: () => {
						expect(() => callback(index)).toThrow(/inside the exclude of a search of the same index/);
						return false;
					},
				});
				expect(explained.score).toBe(index.explain(query, "w").score);
				// Outside a search, every call works again.
				callback(index);
			}
		},
	);
});
