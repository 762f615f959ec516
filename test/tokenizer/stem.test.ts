import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stem } from "../../src/tokenizer/stem.js";
import { STOP_WORDS } from "../../src/tokenizer/stop-words.js";

// Plural (or third-person) form and the singular it must share a stem with.
const PLURALS = [
	{ description: "-s", input: "files", expected: "file" },
	{ description: "-s after u", input: "issues", expected: "issue" },
	{ description: "-ies", input: "repositories", expected: "repository" },
	{ description: "-ies", input: "queries", expected: "query" },
	{ description: "-ies", input: "policies", expected: "policy" },
	{ description: "-ies verb", input: "applies", expected: "apply" },
	{ description: "-ies, four letters", input: "ties", expected: "tie" },
	{ description: "-ies of an -ie word", input: "cookies", expected: "cookie" },
	{ description: "-ies of an -ie word", input: "movies", expected: "movie" },
	{ description: "-ges", input: "messages", expected: "message" },
	{ description: "-ls", input: "emails", expected: "email" },
	{ description: "-ges", input: "images", expected: "image" },
	{ description: "-sses", input: "addresses", expected: "address" },
	{ description: "-sses", input: "classes", expected: "class" },
	{ description: "-sses", input: "processes", expected: "process" },
	{ description: "-sses", input: "businesses", expected: "business" },
	{ description: "-uses after t", input: "statuses", expected: "status" },
	{ description: "-uses after r", input: "viruses", expected: "virus" },
	{ description: "-uses after b", input: "buses", expected: "bus" },
	{ description: "-uses after c", input: "focuses", expected: "focus" },
	{ description: "-uses after a", input: "causes", expected: "cause" },
	{ description: "-uses after o", input: "houses", expected: "house" },
	{ description: "-uses after e", input: "reuses", expected: "reuse" },
	{ description: "uses", input: "uses", expected: "use" },
	{ description: "-xes", input: "boxes", expected: "box" },
	{ description: "-xes", input: "indexes", expected: "index" },
	{ description: "irregular -ices", input: "indices", expected: "index" },
	{ description: "-ches", input: "matches", expected: "match" },
	{ description: "-ches", input: "branches", expected: "branch" },
	{ description: "-ches", input: "searches", expected: "search" },
	{ description: "-ches of cache", input: "caches", expected: "cache" },
	{ description: "-shes", input: "hashes", expected: "hash" },
	{ description: "-zzes", input: "buzzes", expected: "buzz" },
	{ description: "-yses", input: "analyses", expected: "analysis" },
	{ description: "-iases", input: "aliases", expected: "alias" },
	{ description: "-ases", input: "databases", expected: "database" },
	{ description: "-ases", input: "cases", expected: "case" },
	{ description: "-nses", input: "responses", expected: "response" },
	{ description: "-nses", input: "licenses", expected: "license" },
	{ description: "-as plural", input: "schemas", expected: "schema" },
	{ description: "-os plural", input: "repos", expected: "repo" },
	{ description: "-oes", input: "shoes", expected: "shoe" },
	{ description: "-oes irregular", input: "echoes", expected: "echo" },
	{ description: "-ees", input: "employees", expected: "employee" },
	{ description: "gas", input: "gases", expected: "gas" },
	{ description: "lens", input: "lenses", expected: "lens" },
	{ description: "tech -is", input: "apis", expected: "api" },
	{ description: "tech -is", input: "emojis", expected: "emoji" },
	{ description: "tech -us", input: "cpus", expected: "cpu" },
	{ description: "tech -us", input: "menus", expected: "menu" },
	{ description: "acronym plural", input: "urls", expected: "url" },
	{ description: "short acronym plural", input: "ids", expected: "id" },
	{ description: "short acronym plural", input: "prs", expected: "pr" },
	{ description: "verb", input: "creates", expected: "create" },
	{ description: "verb", input: "fetches", expected: "fetch" },
];

// Words that must come back unchanged.
const UNCHANGED = [
	{ description: "invariant", input: "news" },
	{ description: "invariant", input: "series" },
	{ description: "invariant", input: "species" },
	{ description: "-us", input: "status" },
	{ description: "-us adjective", input: "asynchronous" },
	{ description: "-is", input: "analysis" },
	{ description: "-is", input: "axis" },
	{ description: "-is", input: "redis" },
	{ description: "-ss", input: "address" },
	{ description: "-ss", input: "access" },
	{ description: "-ias", input: "alias" },
	{ description: "-aas", input: "saas" },
	{ description: "singular in -as", input: "canvas" },
	{ description: "singular in -ns", input: "lens" },
	{ description: "three letters", input: "bus" },
	{ description: "three letters", input: "gas" },
	{ description: "three letters", input: "aws" },
	{ description: "three letters", input: "dns" },
	{ description: "not a plural", input: "file" },
	{ description: "not a plural", input: "query" },
	{ description: "empty", input: "" },
	{ description: "number", input: "1990s" },
	{ description: "uppercase (tokens are lowercased first)", input: "FILES" },
	{ description: "accented", input: "cafés" },
	{ description: "non-Latin", input: "файлs" },
	{ description: "CJK", input: "文件" },
];

describe("stem", () => {
	it.each(PLURALS)("singularises $input ($description)", ({ input, expected }) => {
		expect(stem(input)).toBe(expected);
	});

	it.each(PLURALS)("leaves the singular of $input alone ($description)", ({ expected }) => {
		expect(stem(expected)).toBe(expected);
	});

	it.each(UNCHANGED)("keeps $input ($description)", ({ input }) => {
		expect(stem(input)).toBe(input);
	});

	it.each([...PLURALS, ...UNCHANGED])("is idempotent on $input ($description)", ({ input }) => {
		expect(stem(stem(input))).toBe(stem(input));
	});

	it("is idempotent on generated plural-like words", () => {
		const letters = fc.string({ unit: fc.constantFrom(..."abceiosuxyz"), maxLength: 8 });
		const ending = fc.constantFrom(
			"",
			"s",
			"es",
			"ies",
			"ses",
			"uses",
			"sses",
			"yses",
			"xes",
			"ches",
			"is",
			"us",
			"ss",
		);
		fc.assert(
			fc.property(letters, ending, (stemPart, suffix) => {
				const word = stemPart + suffix;
				expect(stem(stem(word))).toBe(stem(word));
			}),
			{ numRuns: 5000 },
		);
	});

	it("never produces a stop word from a word that is not one", () => {
		for (const { input } of PLURALS) {
			if (!STOP_WORDS.has(input)) expect(STOP_WORDS.has(stem(input))).toBe(false);
		}
	});
});

describe("STOP_WORDS", () => {
	it("is a compact lowercase list", () => {
		expect(STOP_WORDS.size).toBeGreaterThanOrEqual(100);
		expect(STOP_WORDS.size).toBeLessThanOrEqual(180);
		for (const word of STOP_WORDS) expect(word).toMatch(/^[a-z]+$/);
	});

	it.each([
		{ description: "question words", input: ["what", "which", "how", "who", "when", "where", "why"] },
		{ description: "pronouns", input: ["i", "me", "my", "you", "your", "it", "they"] },
		{
			description: "function words",
			input: ["a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "with", "by", "is", "are", "be"],
		},
	])("contains $description", ({ input }) => {
		for (const word of input) expect(STOP_WORDS.has(word)).toBe(true);
	});

	it.each([
		{
			description: "tool verbs",
			input: ["get", "set", "list", "find", "open", "create", "delete", "send", "search"],
		},
		{
			description: "particles and quantifiers",
			input: ["all", "new", "not", "no", "up", "down", "off", "out", "only"],
		},
		{ description: "positions", input: ["first", "last", "top"] },
		{ description: "numbers and letters", input: ["1", "one", "s", "x", "us"] },
	])("does not contain $description", ({ input }) => {
		for (const word of input) expect(STOP_WORDS.has(word)).toBe(false);
	});
});
