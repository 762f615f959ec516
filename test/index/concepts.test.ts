/**
 * The lexical semantics of issue 13: the concept map, prefix completion and filler words, each
 * with the option that turns it off, so every assertion here fails when the feature is removed.
 */
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { BUILT_IN_CONCEPTS } from "../../src/index/concepts.js";
import { conceptPostingsBudget } from "../../src/index/expansion.js";
import { isFiller } from "../../src/index/filler-words.js";
import type { ToolSearchIndexOptions } from "../../src/index/index-options.js";
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { tokenize } from "../../src/tokenizer/tokenize.js";

const CATALOGUE = [
	{
		name: "weather__get_forecast",
		description: "Weather forecast for a city: temperature and precipitation",
	},
	{ name: "mail__list_messages", description: "List the messages in a mailbox" },
	{ name: "git__clone_repository", description: "Clone a git repository" },
	{ name: "settings__read_configuration", description: "Read the configuration of the app" },
	{ name: "chess__make_move", description: "Make a move in a chess game" },
	{ name: "crm__list_leads", description: "List the leads of the sales pipeline" },
	{ name: "math__add", description: "Add two numbers, up to 20 digits" },
];

function indexOf(options?: ToolSearchIndexOptions): ToolSearchIndex {
	const index = new ToolSearchIndex(options);
	index.addAll(CATALOGUE.map((tool) => createToolSearchDocument(tool)));
	return index;
}

const names = (index: ToolSearchIndex, query: string) => index.search(query, { limit: 3 }).map((m) => m.name);

describe("the concept map", () => {
	it("reaches a tool through a word of its domain that the tool never says", () => {
		// Neither "rain" nor "umbrella" is in any tool: both are words of the weather domain.
		expect(names(indexOf(), "will it rain tomorrow")).toEqual(["weather__get_forecast"]);
		expect(names(indexOf(), "do I need an umbrella")).toEqual(["weather__get_forecast"]);
		const why = indexOf().explain("rain", "weather__get_forecast");
		expect(why.terms[0]).toMatchObject({ term: "rain", via: "concept" });
		expect(why.rules.map((rule) => rule.rule)).toContain("concept");
	});

	it("weighs a concept word below the word itself", () => {
		const index = indexOf();
		const direct = index.search("forecast", { limit: 1 })[0]?.score as number;
		const related = index.search("rain", { limit: 1 })[0]?.score as number;
		expect(related).toBeGreaterThan(0);
		expect(related).toBeLessThan(direct);
	});

	it("is turned off by builtIn: false or weight 0, and then the search finds nothing", () => {
		expect(names(indexOf({ concepts: { builtIn: false } }), "will it rain")).toEqual([]);
		expect(names(indexOf({ concepts: { weight: 0 } }), "will it rain")).toEqual([]);
	});

	it("takes the host's domains: a new one, or words added to a built-in one", () => {
		expect(names(indexOf(), "prospects")).toEqual([]);
		expect(names(indexOf({ concepts: { domains: { sales: ["prospect", "lead"] } } }), "prospects")).toEqual([
			"crm__list_leads",
		]);
		// Extending the weather domain keeps its built-in words.
		const extended = indexOf({ concepts: { domains: { weather: ["drizzle"] } } });
		expect(names(extended, "drizzle")).toEqual(["weather__get_forecast"]);
		expect(names(extended, "rain")).toEqual(["weather__get_forecast"]);
	});

	it("replaces the built-in map with the host's alone", () => {
		const replaced = indexOf({ concepts: { builtIn: false, domains: { weather: ["drizzle"] } } });
		expect(names(replaced, "drizzle")).toEqual(["weather__get_forecast"]);
		expect(names(replaced, "rain")).toEqual([]);
	});

	it("rejects a malformed map with INVALID_OPTIONS, quoting the value", () => {
		expect(() => new ToolSearchIndex({ concepts: { domains: { x: "rain" as never } } })).toThrow(
			/concepts\.domains\["x"\] must be an array of strings, got "rain"/,
		);
		expect(() => new ToolSearchIndex({ concepts: { weight: 2 } })).toThrow(/concepts\.weight/);
		expect(() => new ToolSearchIndex({ concepts: { colour: 1 } as never })).toThrow(/concepts\.colour/);
	});

	it("is frozen, and every built-in word survives tokenizing (no stop word, no empty word)", () => {
		expect(Object.isFrozen(BUILT_IN_CONCEPTS)).toBe(true);
		for (const [domain, words] of Object.entries(BUILT_IN_CONCEPTS)) {
			expect(Object.isFrozen(words)).toBe(true);
			for (const word of [domain, ...words]) expect(tokenize(word), `${domain}: ${word}`).toHaveLength(1);
		}
	});

	it("skips a concept word in more tools than the budget (1%, at least 64), reading the rarest first", () => {
		expect(conceptPostingsBudget(100)).toBe(64);
		expect(conceptPostingsBudget(100_000)).toBe(1_000);
		const index = new ToolSearchIndex();
		// "forecast" is in 70 tools (past the budget of 64), "temperature" in one.
		for (let i = 0; i < 70; i++)
			index.add(createToolSearchDocument({ name: `sales__forecast_${i}`, description: "Revenue forecast" }));
		index.add(createToolSearchDocument({ name: "thermo__read", description: "Read the temperature" }));
		expect(index.search("rain", { limit: 3 }).map((m) => m.name)).toEqual(["thermo__read"]);
		const small = new ToolSearchIndex();
		for (let i = 0; i < 3; i++)
			small.add(createToolSearchDocument({ name: `sales__forecast_${i}`, description: "Revenue forecast" }));
		expect(small.search("rain", { limit: 1 }).map((m) => m.name)).toEqual(["sales__forecast_0"]);
	});

	it("saves its options with the index and refuses a snapshot built with other ones", () => {
		const index = indexOf({ concepts: { domains: { sales: ["prospect", "lead"] } } });
		const restored = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(index.toJSON())));
		expect(names(restored, "prospects")).toEqual(["crm__list_leads"]);
		expect(() => ToolSearchIndex.fromJSON(index.toJSON(), { concepts: { builtIn: false } })).toThrow(
			/saved with concepts/,
		);
	});
});

describe("prefix completion", () => {
	it("completes a short word the index lacks to the indexed words it begins", () => {
		expect(names(indexOf(), "clone repo")[0]).toBe("git__clone_repository");
		expect(names(indexOf(), "config")).toEqual(["settings__read_configuration"]);
		expect(indexOf().explain("config", "settings__read_configuration").terms[0]).toMatchObject({
			via: "prefix",
		});
	});

	it("is off with enabled: false, and never completes a known word, a word under 3 letters or one with digits", () => {
		expect(names(indexOf({ prefix: { enabled: false } }), "config")).toEqual([]);
		// "rep" is 3 letters: completed; "re" is not.
		expect(names(indexOf({ concepts: { builtIn: false } }), "rep")).toEqual(["git__clone_repository"]);
		expect(names(indexOf({ concepts: { builtIn: false } }), "re")).toEqual([]);
		// A bare number is never completed: "2" does not become the "20" of math__add.
		expect(names(indexOf({ rules: { abstain: false } }), "2")).toEqual([]);
		expect(names(indexOf({ rules: { abstain: false } }), "20")).toEqual(["math__add"]);
		// "rain" is a word the concept map knows: a whole word, never completed to "rainbow".
		const withRainbow = indexOf();
		withRainbow.add(
			createToolSearchDocument({ name: "ui__rainbow_button", description: "A rainbow button" }),
		);
		expect(names(withRainbow, "rain")).toEqual(["weather__get_forecast"]);
		expect(names(indexOf({ concepts: { builtIn: false } }), "rain")).toEqual([]);
		// "move" is indexed: it is searched as itself, never as "moves" or another completion.
		const why = indexOf().explain("move", "chess__make_move");
		expect(why.terms[0]).toMatchObject({ term: "move", via: "term" });
	});
});

describe("filler words and bare numbers", () => {
	it("recognises conversational filler and bare numbers, not tool words", () => {
		for (const word of ["tell", "need", "please", "really", "42", "2024"])
			expect(tokenize(word).every(isFiller), word).toBe(true);
		for (const word of ["weather", "s3", "mp3", "list", "send"])
			expect(isFiller(tokenize(word)[0] as string)).toBe(false);
	});

	it("searches them at rules.fillerWeight, so one never outweighs a tool word", () => {
		// "twenty" would not help; "20" appears only in math__add's description.
		const index = indexOf();
		const scoreOf = (options: ToolSearchIndexOptions | undefined) =>
			indexOf(options).search("20", { limit: 1 })[0]?.score ?? 0;
		expect(index.search("20", { limit: 1 })).toEqual([]); // only filler matched: abstains
		expect(scoreOf({ rules: { abstain: false } })).toBeLessThan(
			scoreOf({ rules: { abstain: false, fillerWeight: 1 } }),
		);
	});

	it("abstains when only filler and numbers matched, and says so per term", () => {
		const result = indexOf().searchDetailed("can you tell me 20 things", { limit: 3 });
		expect(result.matches).toEqual([]);
		expect(result.terms.filter((term) => term.matched).every((term) => term.generic)).toBe(true);
		// A tool word beside the filler is enough to answer.
		expect(names(indexOf(), "tell me the weather")).toEqual(["weather__get_forecast"]);
	});
});
