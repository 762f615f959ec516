import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { editDistance, maxTypos } from "../../src/index/fuzzy.js";
import type { ToolSearchIndexOptions } from "../../src/index/index-options.js";
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";

function tools(options?: ToolSearchIndexOptions): ToolSearchIndex {
	const index = new ToolSearchIndex(options);
	index.add(createToolSearchDocument({ name: "fs__remove_file", description: "Remove a file from disk" }));
	index.add(
		createToolSearchDocument({ name: "fs__delete_folder", description: "Delete a folder and its contents" }),
	);
	index.add(
		createToolSearchDocument({ name: "weather__forecast", description: "Weather forecast for a city" }),
	);
	index.add(createToolSearchDocument({ name: "mail__send", description: "Send an email" }));
	index.add(createToolSearchDocument({ name: "jira__create_ticket", description: "Open a ticket in Jira" }));
	return index;
}

describe("synonyms", () => {
	it("a built-in synonym finds a tool that never says the query's word, at reduced weight", () => {
		const index = tools();
		// "erase" is in no tool; it is a synonym of delete and remove.
		expect(index.search("erase", { limit: 5 }).map((m) => m.name)).toEqual([
			"fs__delete_folder",
			"fs__remove_file",
		]);
		const why = index.explain("erase", "fs__remove_file");
		expect(why.terms[0]).toMatchObject({ term: "erase", via: "synonym", matchedAs: "remove" });
		expect(why.rules.map((r) => r.rule)).toContain("synonym");
	});

	it("the word itself outranks its synonym", () => {
		expect(
			tools()
				.search("remove file", { limit: 2 })
				.map((m) => m.name)[0],
		).toBe("fs__remove_file");
		expect(
			tools()
				.search("delete", { limit: 2 })
				.map((m) => m.name),
		).toEqual(["fs__delete_folder", "fs__remove_file"]);
	});

	it("scores a synonym at `weight` times the idf of the matched word", () => {
		const half = tools({ synonyms: { weight: 0.5 } }).explain("erase", "fs__remove_file");
		const tenth = tools({ synonyms: { weight: 0.1 } }).explain("erase", "fs__remove_file");
		expect(half.terms[0]?.score).toBeCloseTo((tenth.terms[0]?.score as number) * 5, 4);
	});

	it.each([
		{ description: "weight 0", options: { synonyms: { weight: 0 } } },
		{ description: "built-in groups off", options: { synonyms: { builtIn: false } } },
	])("is off with $description", ({ options }) => {
		expect(tools(options).search("erase")).toEqual([]);
	});

	it("takes the host's own groups, phrases and plurals included", () => {
		const index = tools({
			synonyms: {
				builtIn: false,
				groups: [
					["dispatch", "send"],
					["climate outlooks", "forecast"],
				],
			},
		});
		expect(index.search("dispatch")[0]?.name).toBe("mail__send");
		expect(index.search("outlook")[0]?.name).toBe("weather__forecast");
	});

	it("a glossary maps a word to tools (as if in their name) or to words", () => {
		const index = tools({ glossary: { bug: ["jira__create_ticket"], purge: ["delete everything"] } });
		expect(index.search("bug")[0]?.name).toBe("jira__create_ticket");
		expect(index.explain("bug", "jira__create_ticket").rules.map((r) => r.rule)).toContain("glossary");
		expect(index.search("purge")[0]?.name).toBe("fs__delete_folder");
	});
});

describe("typo tolerance (fuzzy)", () => {
	it("is off by default", () => {
		expect(tools().search("wether forcast")).toEqual([]);
	});

	it("matches an unknown word to indexed words within one or two edits, at reduced weight", () => {
		const index = tools({ fuzzy: { enabled: true } });
		expect(index.search("wether forcast")[0]?.name).toBe("weather__forecast");
		const why = index.explain("wether", "weather__forecast");
		expect(why.terms[0]).toMatchObject({ term: "wether", via: "fuzzy", matchedAs: "weather" });
		expect(why.rules.map((r) => r.rule)).toEqual(["fuzzy"]);
		// The real word scores higher than its misspelling.
		expect(index.explain("weather", "weather__forecast").bm25).toBeGreaterThan(why.bm25);
	});

	it("leaves short words, numbers and known words alone", () => {
		const index = tools({ fuzzy: { enabled: true } });
		expect(index.search("snd")).toEqual([]); // 3 letters: no typo tolerance
		expect(index.searchDetailed("file").terms).toEqual([{ term: "file", matched: true, generic: false }]);
		expect(index.explain("file", "fs__remove_file").terms[0]?.via).toBe("term");
	});
});

describe("editDistance", () => {
	it.each([
		{ a: "weather", b: "wether", max: 2, expected: 1 }, // deletion
		{ a: "forecast", b: "forcast", max: 2, expected: 1 },
		{ a: "issue", b: "isuse", max: 2, expected: 1 }, // adjacent swap (Damerau)
		{ a: "create", b: "crate", max: 1, expected: 1 },
		{ a: "message", b: "massage", max: 1, expected: 1 }, // substitution
		{ a: "calendar", b: "calender", max: 2, expected: 1 },
		{ a: "repository", b: "repsitory", max: 2, expected: 1 },
		{ a: "email", b: "gmail", max: 2, expected: 1 },
		{ a: "email", b: "mails", max: 2, expected: 2 },
		{ a: "search", b: "fetch", max: 1, expected: 2 }, // beyond max: max + 1
		{ a: "abc", b: "abcdef", max: 2, expected: 3 }, // length difference alone exceeds max
		{ a: "same", b: "same", max: 0, expected: 0 },
	])("$a ~ $b = $expected (max $max)", ({ a, b, max, expected }) => {
		expect(editDistance(a, b, max)).toBe(expected);
	});

	it.each([
		{ length: 3, expected: 0 },
		{ length: 4, expected: 1 },
		{ length: 7, expected: 1 },
		{ length: 8, expected: 2 },
	])("tolerates $expected typos in a word of $length letters", ({ length, expected }) => {
		expect(maxTypos(length)).toBe(expected);
	});
});

describe("expansion options", () => {
	it.each([
		{
			options: { synonyms: { weight: 2 } },
			message: "tool-search: synonyms.weight must be a number in [0, 1], got 2",
		},
		{
			options: { synonyms: { groups: [["a", 1]] } },
			message: 'tool-search: synonyms.groups must be an array of string arrays, got [["a",1]]',
		},
		{
			options: { glossary: { bug: "jira" } },
			message: 'tool-search: glossary["bug"] must be an array of strings, got "jira"',
		},
		{
			options: { glossary: [] },
			message: "tool-search: glossary must be an object of string arrays, got []",
		},
		{
			options: { fuzzy: { enabled: "yes" } },
			message: 'tool-search: fuzzy.enabled must be a boolean, got "yes"',
		},
		{
			options: { fuzzy: { distance: 1 } },
			message: 'tool-search: unknown option "fuzzy.distance"; expected one of enabled, weight',
		},
	])("rejects $message", ({ options, message }) => {
		expect(() => new ToolSearchIndex(options as never)).toThrowError(message);
	});

	it("does not mutate the host's groups or glossary", () => {
		const groups = [["dispatch", "send"]];
		const glossary = { bug: ["jira__create_ticket"] };
		const index = tools({ synonyms: { groups }, glossary });
		groups[0]?.push("shout");
		glossary.bug.push("mail__send");
		expect(index.search("shout")).toEqual([]);
		expect(index.options.glossary).toEqual({ bug: ["jira__create_ticket"] });
	});
});

describe("the built-in links, shared by every index", () => {
	it("one index's synonym groups and concept domains never reach another's", () => {
		const plain = tools();
		const extended = tools({
			synonyms: { groups: [["erase", "forecast"]] },
			concepts: { domains: { weather: ["email"] } },
		});
		const again = tools();
		for (const index of [plain, again]) {
			expect(index.search("erase", { limit: 5 }).map((m) => m.name)).not.toContain("weather__forecast");
			expect(index.explain("email", "weather__forecast").terms[0]?.matchedAs).toBeUndefined();
		}
		expect(extended.search("erase", { limit: 5 }).map((m) => m.name)).toContain("weather__forecast");
	});
});
