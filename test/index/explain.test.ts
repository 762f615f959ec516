import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchError } from "../../src/errors.js";
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { CLASSIC } from "../helpers/classic-options.js";

function catalogue(): ToolSearchIndex {
	const index = new ToolSearchIndex(CLASSIC);
	index.add(createToolSearchDocument({ name: "alpha", description: "red red blue" }));
	index.add(createToolSearchDocument({ name: "beta", description: "red" }));
	index.add(createToolSearchDocument({ name: "gamma", description: "green" }));
	index.add(createToolSearchDocument({ name: "github__create_issue", description: "Create a new issue" }));
	return index;
}

describe("ToolSearchIndex.explain", () => {
	it("gives the same score as search, and term scores that add up to the BM25 part", () => {
		const index = catalogue();
		for (const query of ["red blue", "red", "green red", "create issue"]) {
			for (const match of index.search(query, { limit: 10 })) {
				const why = index.explain(query, match.name);
				expect(why.score).toBeCloseTo(match.score, 9);
				expect(why.matched).toBe(true);
				const sum = why.terms.reduce((total, term) => total + term.score, 0);
				expect(sum).toBeCloseTo(why.bm25, 5);
			}
		}
	});

	it("agrees with search past the candidate pool: a limit over 100, and exclude, move the namespace boost", () => {
		// 150 tools of one namespace matching "red" with falling scores: with limit 150 the pool holds
		// all of them, so a tool ranked past 100 gets the boost of its namespace's best.
		const index = new ToolSearchIndex();
		// As many tools without "red", so that it is not generic (the search would abstain).
		for (let i = 0; i < 150; i++)
			index.add(createToolSearchDocument({ name: `other${i}`, description: "blue" }));
		for (let i = 0; i < 150; i++) {
			const noise = Array.from({ length: i }, () => "filler").join(" ");
			index.add(
				createToolSearchDocument(
					{ name: `ns__t${String(i).padStart(3, "0")}`, description: `red ${noise}` },
					{ name: "ns" },
				),
			);
		}
		for (const options of [{ limit: 150 }, { limit: 120, exclude: (name: string) => name === "ns__t000" }]) {
			const matches = index.search("red", options);
			expect(matches.length).toBeGreaterThan(100);
			for (const match of matches.slice(95)) {
				const why = index.explain("red", match.name, options);
				expect(why.inPool).toBe(true);
				expect(why.score).toBe(match.score);
			}
		}
		// Without the options, a tool past 100 is outside the pool of a default search.
		expect(index.explain("red", "ns__t140").inPool).toBe(false);
	});

	it("splits a term's weighted frequency by field with the numbers of the formula", () => {
		// alpha: "red" twice in a description of 3 tokens; average description length is
		// (3 + 1 + 1 + 3) / 4 = 2 ("create a new issue" → create, new, issue). Weight 2:
		// 2 * 2 / (0.25 + 0.75 * 3 / 2) = 4 / 1.375.
		const why = catalogue().explain("red", "alpha");
		const red = why.terms[0];
		expect(red?.term).toBe("red");
		expect(red?.via).toBe("term");
		expect(red?.documentFrequency).toBe(2);
		expect(red?.idf).toBeCloseTo(Math.log(1 + 2.5 / 2.5), 6);
		expect(red?.fields).toEqual([
			// The first sentence is the whole description; its field weighs 0 in these settings.
			{ field: "summary", tf: 2, weight: 0, length: 3, weightedTf: 0 },
			{ field: "description", tf: 2, weight: 2, length: 3, weightedTf: 2.909091 },
		]);
		expect(why.coverage).toBe(1);
		expect(why.rules.map((r) => r.rule)).toEqual(["coverage"]);
	});

	it("lists the exact-name, coverage and local-name rules when they apply", () => {
		const why = catalogue().explain("create issue", "github__create_issue");
		expect(why.rules.map((r) => r.rule)).toEqual(["exact-name", "coverage", "local-name-bonus"]);
		for (const rule of why.rules) expect(rule.effect).toBeGreaterThan(0);
	});

	it("adds up under the default settings: BM25 + every rule's effect = the search score", () => {
		const index = new ToolSearchIndex();
		const slack = { name: "slack", description: "Slack workspace" };
		index.add(
			createToolSearchDocument({ name: "slack__post_message", description: "Post a message" }, slack),
		);
		index.add(
			createToolSearchDocument({ name: "slack__list_channels", description: "List channels" }, slack),
		);
		index.add(createToolSearchDocument({ name: "mail__send", description: "Send an email message" }));
		for (const query of ["post a message to a channel", "post_message", "send email"]) {
			for (const match of index.search(query, { limit: 10 })) {
				const why = index.explain(query, match.name);
				const effects = why.rules
					.filter((rule) => !["synonym", "concept", "prefix", "fuzzy", "glossary"].includes(rule.rule))
					.reduce((total, rule) => total + rule.effect, 0);
				expect(why.bm25 + effects, `${query} → ${match.name}`).toBeCloseTo(match.score, 4);
			}
		}
		const rules = index
			.explain("post a message to a channel", "slack__list_channels")
			.rules.map((r) => r.rule);
		expect(rules).toContain("namespace-boost");
	});

	it("adds up when a named tool matches a term only through a synonym or the glossary", () => {
		// The local-name bonus counts, per matched term, the unit of the variant that scored best.
		const index = new ToolSearchIndex({
			synonyms: { groups: [["transfer", "upload"]] },
			glossary: { drive: ["files__share_doc"] },
		});
		const files = { name: "files", description: "Files" };
		index.addAll([
			createToolSearchDocument({ name: "files__share_doc", description: "Upload a document" }, files),
			createToolSearchDocument({ name: "files__upload", description: "Upload a file, upload many" }, files),
			createToolSearchDocument({ name: "mail__send", description: "Transfer an email" }),
		]);
		for (const query of ["share doc transfer", "share_doc transfer drive", "share doc upload transfer"]) {
			const match = index.search(query, { limit: 10 }).find((m) => m.name === "files__share_doc");
			expect(match, query).toBeDefined();
			const why = index.explain(query, "files__share_doc");
			const effects = why.rules
				.filter((rule) => rule.rule !== "synonym" && rule.rule !== "fuzzy" && rule.rule !== "glossary")
				.reduce((total, rule) => total + rule.effect, 0);
			expect(why.rules.map((r) => r.rule)).toContain("local-name-bonus");
			expect(why.bm25 + effects, query).toBeCloseTo(match?.score as number, 5); // explain rounds to 6 places
		}
	});

	it("explains a tool that does not match: score 0 and every term unmatched", () => {
		const why = catalogue().explain("red", "gamma");
		expect(why).toMatchObject({ score: 0, matched: false, coverage: 0, bm25: 0, rules: [] });
		expect(why.terms).toEqual([
			{ term: "red", documentFrequency: 0, idf: 0, generic: false, weightedTf: 0, score: 0, fields: [] },
		]);
	});

	it("throws UNKNOWN_TOOL for a tool that is not indexed", () => {
		expect(() => catalogue().explain("red", "nope")).toThrowError('tool-search: tool "nope" is not indexed');
		try {
			catalogue().explain("red", "nope");
		} catch (error) {
			expect(ToolSearchError.isInstance(error) && error.code).toBe("UNKNOWN_TOOL");
		}
	});
});

describe("ToolSearchIndex abstention and term reports", () => {
	/** 20 tools that all say "data"; two also say something specific. */
	function dataTools(abstain: boolean): ToolSearchIndex {
		const index = new ToolSearchIndex({ rules: { abstain } });
		for (let i = 0; i < 18; i++)
			index.add(createToolSearchDocument({ name: `tool_${i}`, description: `Fetch data ${i}` }));
		index.add(createToolSearchDocument({ name: "weather", description: "Weather data for a city" }));
		index.add(createToolSearchDocument({ name: "stocks", description: "Stock price data" }));
		return index;
	}

	it("returns no tools when the only matching term is in more than half of them", () => {
		const result = dataTools(true).searchDetailed("data unicorn");
		expect(result.matches).toEqual([]);
		expect(result.abstained).toBe(true);
		expect(result.terms).toEqual([
			{ term: "data", matched: true, generic: true },
			{ term: "unicorn", matched: false, generic: false },
		]);
	});

	it("still answers when one meaningful term matches, with the generic term helping order", () => {
		const result = dataTools(true).searchDetailed("weather data");
		expect(result.abstained).toBe(false);
		expect(result.matches[0]?.name).toBe("weather");
	});

	it("can be turned off", () => {
		expect(dataTools(false).search("data", { limit: 3 })).toHaveLength(3);
	});

	it("never abstains on a small catalogue, even when every tool has the term", () => {
		const index = new ToolSearchIndex();
		for (const name of ["a", "b", "c"]) index.add(createToolSearchDocument({ name, description: "red" }));
		expect(index.search("red")).toHaveLength(3);
	});

	it("reports the terms no tool matched", () => {
		const result = catalogue().searchDetailed("red flight tokyo");
		expect(result.terms.filter((t) => !t.matched).map((t) => t.term)).toEqual(["flight", "tokyo"]);
		expect(result.matches.map((m) => m.name)).toEqual(["beta", "alpha"]);
	});
});
