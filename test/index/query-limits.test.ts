import { describe, expect, it } from "vitest";
import { MAX_FUZZY_WORDS, MAX_QUERY_TERMS } from "../../src/defaults.js";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { createExpander } from "../../src/index/expansion.js";
import { planQuery, QUERY_LIMITS } from "../../src/index/query-plan.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { tokenize } from "../../src/tokenizer/tokenize.js";

/** `count` distinct letter-only words ("ba", "bb", … base 26 after a "q"), as tokens. */
function letterWords(count: number): string[] {
	const words: string[] = [];
	for (let i = 0; words.length < count; i++) {
		let word = "";
		for (let n = i + 26 * 26; n > 0; n = Math.floor(n / 26)) word += String.fromCharCode(97 + (n % 26));
		const tokens = tokenize(`q${word}`);
		if (tokens.length === 1 && !words.includes(tokens[0] as string)) words.push(tokens[0] as string);
	}
	return words;
}

describe("query limits", () => {
	it(`searches the first ${MAX_QUERY_TERMS} distinct terms of a longer query, and says how many it left out`, () => {
		const words = letterWords(MAX_QUERY_TERMS + 100);
		const index = new ToolSearchIndex();
		const last = words[words.length - 1] as string;
		index.add(createToolSearchDocument({ name: "first", description: `${words[0]} tool` }));
		index.add(createToolSearchDocument({ name: "last", description: `${last} tool` }));
		// Repeats count once: the query has MAX_QUERY_TERMS + 100 distinct terms.
		const result = index.searchDetailed(`${words.join(" ")} ${words.join(" ")}`, { limit: 10 });
		expect(result.terms).toHaveLength(MAX_QUERY_TERMS);
		expect(result.ignoredTerms).toBe(100);
		expect(result.terms.map((t) => t.term)).toEqual(words.slice(0, MAX_QUERY_TERMS));
		// The tool matching only an ignored term is not found.
		expect(result.matches.map((m) => m.name)).toEqual(["first"]);
		expect(index.searchDetailed("tool").ignoredTerms).toBe(0);
	});

	it("stops adding terms once their postings pass the budget (the first term always counts)", () => {
		const index = new ToolSearchIndex({ synonyms: { builtIn: false } });
		for (let i = 0; i < 10; i++)
			index.add(createToolSearchDocument({ name: `t${i}`, description: "alpha beta gamma delta" }));
		const store = indexStore(index);
		const limits = { ...QUERY_LIMITS, postings: 25 };
		// Each term has 10 postings: alpha (10), beta (20) fit, gamma (30) does not; delta is after it.
		const plan = planQuery(store, "alpha beta gamma delta", undefined, limits);
		expect(plan.terms.map((t) => t.term)).toEqual(["alpha", "beta"]);
		expect(plan.ignoredTerms).toBe(2);
		expect(planQuery(store, "gamma", undefined, { ...limits, postings: 1 }).terms).toHaveLength(1);
	});

	it(`corrects typos in at most ${MAX_FUZZY_WORDS} unknown words per query`, () => {
		const words = ["weather", "calendar", "message", "database", "printer", "library"];
		const index = new ToolSearchIndex({ fuzzy: { enabled: true }, synonyms: { builtIn: false } });
		for (const word of words) index.add(createToolSearchDocument({ name: word, description: `the ${word}` }));
		// The second and third letters swapped in each word: every one is correctable on its own.
		const typos = words.map((w) => `${w[0]}${w[2]}${w[1]}${w.slice(3)}`);
		for (const [i, typo] of typos.entries()) expect(typo).not.toBe(words[i]);
		for (const typo of typos) expect(index.search(typo)).toHaveLength(1);
		const found = index.search(typos.join(" "), { limit: 10 }).map((m) => m.name);
		expect(found.sort()).toEqual(words.slice(0, MAX_FUZZY_WORDS).sort());
	});

	it("examines at most the candidate budget of vocabulary terms per query", () => {
		const index = new ToolSearchIndex({ fuzzy: { enabled: true }, synonyms: { builtIn: false } });
		index.add(createToolSearchDocument({ name: "a", description: "weather" }));
		index.add(createToolSearchDocument({ name: "b", description: "calendar" }));
		const store = indexStore(index);
		const expand = createExpander(index.options);
		const vocabulary = store.terms.length;
		const budget = { ...QUERY_LIMITS, fuzzyCandidates: vocabulary };
		// The first word's lookup takes the whole budget: the second gets no correction.
		const plan = planQuery(store, "wether calendr", expand, budget);
		expect(plan.terms.map((t) => t.variants.map((v) => v.term))).toEqual([["weather"], []]);
		expect(
			planQuery(store, "wether calendr", expand).terms.map((t) => t.variants.map((v) => v.term)),
		).toEqual([["weather"], ["calendar"]]);
	});
});

describe("repeated query words", () => {
	const index = new ToolSearchIndex();
	index.add(createToolSearchDocument({ name: "weather", description: "rain forecast for a city" }));
	const store = indexStore(index);
	// Short queries (up to 16 tokens) find repeats by scanning their tokens, longer ones by a Set.
	it.each([
		["rain city rain forecast city", ["rain", "city", "forecast"]],
		[`${"rain city ".repeat(10)}forecast`, ["rain", "city", "forecast"]],
		[`${letterWords(20).join(" ")} rain ${letterWords(20).join(" ")} rain`, [...letterWords(20), "rain"]],
	])("plans each distinct word once, in first-seen order: %s", (query, distinct) => {
		expect(planQuery(store, query).terms.map((term) => term.term)).toEqual(distinct);
	});
});
