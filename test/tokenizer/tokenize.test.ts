import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stem } from "../../src/tokenizer/stem.js";
import { tokenize, tokenizeAscii, tokenizeUnicode } from "../../src/tokenizer/tokenize.js";

describe("tokenize: identifiers", () => {
	it.each([
		{ description: "camelCase", input: "readFile", expected: ["read", "file", "readfile"] },
		{ description: "PascalCase", input: "ReadFile", expected: ["read", "file", "readfile"] },
		// A two-part cased word is also kept whole, so a user's "github" matches "GitHub".
		{ description: "brand name", input: "GitHub", expected: ["git", "hub", "github"] },
		{ description: "brand name with a stop word part", input: "YouTube", expected: ["tube", "youtube"] },
		{ description: "acronym inside", input: "getHTTPResponse", expected: ["get", "http", "response"] },
		{ description: "acronyms both ends", input: "XMLHttpRequest", expected: ["xml", "http", "request"] },
		{ description: "acronym then word", input: "parseJSONString", expected: ["parse", "json", "string"] },
		{ description: "two-letter acronym", input: "IOStream", expected: ["io", "stream", "iostream"] },
		{ description: "all caps", input: "READFILE", expected: ["readfile"] },
		{ description: "letter/digit", input: "v2Beta", expected: ["v", "2", "beta"] },
		{ description: "single capital rule, digits", input: "OAuth2Token", expected: ["oauth", "2", "token"] },
		{ description: "single capital rule", input: "OAuth", expected: ["oauth"] },
		{ description: "single capital rule, IPhone", input: "IPhone", expected: ["iphone"] },
		{
			description: "single capital rule after camel",
			input: "getOAuthToken",
			expected: ["get", "oauth", "token"],
		},
		{ description: "acronym plural", input: "listAPIs", expected: ["list", "api", "listapis"] },
		{
			description: "acronym plural mid-word",
			input: "getUserIDsForOrg",
			expected: ["get", "user", "id", "org"],
		},
		{ description: "digits then letters", input: "ISO8601Date", expected: ["iso", "8601", "date"] },
		{ description: "snake_case", input: "snake_case_name", expected: ["snake", "case", "name"] },
		{ description: "SCREAMING_SNAKE", input: "MAX_RETRY_COUNT", expected: ["max", "retry", "count"] },
		{ description: "kebab-case", input: "create-issue", expected: ["create", "issue"] },
		{ description: "dotted", input: "create.issue", expected: ["create", "issue"] },
		{ description: "slashed", input: "repos/create/issue", expected: ["repo", "create", "issue"] },
		{
			description: "mcp__server__tool",
			input: "mcp__github__create_issue",
			expected: ["mcp", "github", "create", "issue"],
		},
		{ description: "version", input: "v1.2.3", expected: ["v", "1", "2", "3"] },
		{
			description: "url",
			input: "https://api.example.com/v2/users?id=42",
			expected: ["http", "api", "example", "com", "v", "2", "user", "id", "42"],
		},
		{
			description: "whitespace of all kinds",
			input: "a\tb\nc\r\nd\u00a0e\u2003f\u3000g",
			expected: ["b", "c", "d", "e", "f", "g"],
		},
	])("splits $input ($description)", ({ input, expected }) => {
		expect(tokenize(input)).toEqual(expected);
	});
});

describe("tokenize: Unicode", () => {
	it.each([
		{ description: "accents", input: "café naïve résumé", expected: ["cafe", "naive", "resume"] },
		{ description: "accented identifier", input: "ÉtatCivil", expected: ["etat", "civil", "etatcivil"] },
		{ description: "ligature", input: "ﬁle ﬂow", expected: ["file", "flow"] },
		{ description: "Vietnamese stacked accents", input: "Tiếng Việt", expected: ["tieng", "viet"] },
		{ description: "ß folds to ss", input: "Straße STRASSE", expected: ["strasse", "strasse"] },
		{ description: "capital ẞ folds to SS", input: "STRAẞE", expected: ["strasse"] },
		{ description: "dotted capital I", input: "İstanbul", expected: ["istanbul"] },
		{
			description: "letters NFKD leaves alone",
			input: "Ørsted Œuvre łódź",
			expected: ["ørsted", "œuvre", "łodz"],
		},
		{ description: "fullwidth", input: "ＧｅｔＵｓｅｒ１２", expected: ["get", "user", "getuser", "12"] },
		{ description: "roman numeral", input: "Ⅻ", expected: ["xii"] },
		{
			description: "Greek, final sigma",
			input: "ΣΟΦΙΑ Ελληνικά ΟΔΟΣ",
			expected: ["σοφια", "ελληνικα", "οδος"],
		},
		{ description: "Cyrillic", input: "ИВАН Ёлка", expected: ["иван", "елка"] },
		{ description: "Arabic, harakat dropped", input: "مرحبا العَرَبِيَّة", expected: ["مرحبا", "العربية"] },
		{ description: "Hebrew, points dropped", input: "שלום עִבְרִית", expected: ["שלום", "עברית"] },
		{ description: "Hangul stays composed", input: "한국어 검색", expected: ["한국어", "검색"] },
		{ description: "Devanagari keeps its vowel signs", input: "हिन्दी खोज", expected: ["हिन्दी", "खोज"] },
		{ description: "caseless next to Latin", input: "mcpשלום", expected: ["mcp", "שלום"] },
		{ description: "emoji are separators", input: "🎉deploy🚀now👨‍👩‍👧", expected: ["deploy", "now"] },
		{
			description: "invisible format characters separate",
			input: "data\u200dbase",
			expected: ["data", "base"],
		},
	])("normalizes $input ($description)", ({ input, expected }) => {
		expect(tokenize(input)).toEqual(expected);
	});
});

describe("tokenize: scripts written without spaces", () => {
	// Exact outputs observed with Node 20's ICU (74+); dictionary segmentation of these is stable.
	it.each([
		{ description: "Chinese", input: "获取天气预报", expected: ["获取", "天气", "预报"] },
		{ description: "Chinese, longer", input: "检索仓库中的问题", expected: ["检索", "仓库", "中的", "问题"] },
		{
			description: "Chinese with Latin identifiers",
			input: "获取GitHub仓库issues列表",
			expected: ["获取", "git", "hub", "github", "仓库", "issue", "列表"],
		},
		{
			description: "Japanese",
			input: "天気予報を取得する",
			expected: ["天気", "予報", "を", "取得", "する"],
		},
		{
			description: "Japanese katakana word",
			input: "データベースを検索",
			expected: ["データベース", "を", "検索"],
		},
		{ description: "halfwidth katakana", input: "ﾃﾞｰﾀ", expected: ["データ"] },
		{ description: "Thai", input: "ค้นหาไฟล์ในโฟลเดอร์", expected: ["ค้นหา", "ไฟล์", "ใน", "โฟลเดอร์"] },
		{ description: "digits next to Han", input: "2024年", expected: ["2024", "年"] },
	])("segments $input ($description)", ({ input, expected }) => {
		expect(tokenize(input)).toEqual(expected);
	});

	it.each([
		{ description: "Chinese", input: "获取天气预报" },
		{ description: "Japanese", input: "東京都の天気を調べる" },
		{ description: "Thai", input: "สวัสดีครับ ค้นหาไฟล์" },
		{ description: "Lao", input: "ດາວໂຫຼດໄຟລ໌" },
		{ description: "Khmer", input: "ស្វែងរកឯកសារ" },
		{ description: "Myanmar", input: "ဖိုင်ရှာပါ" },
	])("yields several words, each a piece of the input ($description)", ({ input }) => {
		const tokens = tokenize(input);
		expect(tokens.length).toBeGreaterThan(1);
		for (const token of tokens) expect(input).toContain(token);
	});

	it("keeps every character of a long run without punctuation (chunked segmentation)", () => {
		const input = "获取天气预报检索仓库中的问题".repeat(200);
		const tokens = tokenize(input);
		expect(tokens.join("")).toBe(input);
		expect(tokens.length).toBeGreaterThan(1000);
	});
});

describe("tokenize: stop words and stemming", () => {
	it.each([
		{ description: "question", input: "What is the weather in Paris?", expected: ["weather", "paris"] },
		{ description: "pronouns", input: "I want you to send my email", expected: ["want", "send", "email"] },
		{ description: "only stop words", input: "the of and", expected: [] },
		{
			description: "stop words inside identifiers",
			input: "getTheListOfFiles",
			expected: ["get", "list", "file"],
		},
		{
			description: "tool verbs are kept",
			input: "get set list find all new not no up down open off first last top",
			expected: [
				"get",
				"set",
				"list",
				"find",
				"all",
				"new",
				"not",
				"no",
				"up",
				"down",
				"open",
				"off",
				"first",
				"last",
				"top",
			],
		},
		{
			description: "numbers are kept",
			input: "top 10 issues in 2024",
			expected: ["top", "10", "issue", "2024"],
		},
		{
			description: "plurals",
			input: "Searches repositories, queries and addresses",
			expected: ["search", "repository", "query", "address"],
		},
		{ description: "stop words are matched case-insensitively", input: "THE Weather", expected: ["weather"] },
	])("filters $input ($description)", ({ input, expected }) => {
		expect(tokenize(input)).toEqual(expected);
	});

	it.each([
		{ description: "snake_case", input: "list_pull_requests" },
		{ description: "camelCase", input: "listPullRequests" },
		{ description: "sentence", input: "Lists the pull requests of repositories" },
	])("applies stem to every token ($description)", ({ input }) => {
		const unstemmed = input
			.split(/[^A-Za-z]+|(?=[A-Z])/)
			.map((word) => word.toLowerCase())
			.filter((word) => word !== "" && !["the", "of"].includes(word));
		expect(tokenize(input)).toEqual(unstemmed.map(stem));
	});
});

describe("tokenize: English clitics", () => {
	it.each([
		{ input: "what's the weather", expected: ["weather"], why: "'s dropped, no stray s" },
		{ input: "I'd like a taxi", expected: ["like", "taxi"], why: "'d dropped, no stray d" },
		{ input: "Adriel's BMI", expected: ["adriel", "bmi"], why: "possessive" },
		{ input: "the user’s repos", expected: ["user", "repo"], why: "typographic apostrophe" },
		{ input: "we'll, you're, they've, I'm", expected: [], why: "all stop words once the clitic is gone" },
		{ input: "doesn't delete", expected: ["delete"], why: "n't: the auxiliary stays (a stop word)" },
		{ input: "can't won't", expected: [], why: "irregular negations become can, will" },
		{ input: "O'Neil rock'n'roll", expected: ["o", "neil", "rock", "n", "roll"], why: "not clitics" },
		{ input: "it's the 1990's", expected: ["1990", "s"], why: "only after letters" },
		{ input: "constructor't", expected: ["constructor"], why: "no prototype lookups" },
	])("$input → $expected ($why)", ({ input, expected }) => {
		expect(tokenize(input)).toEqual(expected);
	});
	it("stays linear on a long word in a text with an apostrophe (a quadratic scan took seconds here)", () => {
		const long = "a".repeat(300_000);
		expect(tokenize(`${long} it's Bob's`)).toEqual([long, "bob"]);
	});
});

describe("tokenize: degenerate input", () => {
	it.each([
		{ description: "empty", input: "", expected: [] },
		{ description: "whitespace only", input: " \t\n\u00a0\u3000", expected: [] },
		{ description: "punctuation only", input: "!?.,;:-_/\\()[]{}'\"`~@#$%^&*+=|<>", expected: [] },
		{ description: "CJK punctuation only", input: "。、「」！？", expected: [] },
		{ description: "emoji only", input: "🎉🚀👨‍👩‍👧🏳️‍🌈", expected: [] },
		{ description: "lone high surrogate", input: "\uD800abc", expected: ["abc"] },
		{ description: "lone low surrogate", input: "abc\uDC00def", expected: ["abc", "def"] },
		{ description: "combining marks only", input: "\u0301\u0302\u0E34", expected: [] },
		{ description: "mark without a base", input: "\u0301abc", expected: ["abc"] },
		{ description: "control characters", input: "\u0000read\u0007file\u001b", expected: ["read", "file"] },
		{ description: "prototype names", input: "__proto__ constructor", expected: ["proto", "constructor"] },
	])("handles $description", ({ input, expected }) => {
		expect(tokenize(input)).toEqual(expected);
	});

	it.each([
		{ description: "undefined", input: undefined },
		{ description: "null", input: null },
		{ description: "number", input: 42 },
		{ description: "object", input: { toString: () => "boom" } },
		{ description: "array", input: ["get", "file"] },
	])("returns [] for a non-string ($description)", ({ input }) => {
		expect(tokenize(input as never)).toEqual([]);
	});

	it("tokenizes a 1 MB ASCII string", () => {
		const tokens = tokenize("getHTTPResponse for mcp__github__create_issue ".repeat(22_000));
		expect(tokens.length).toBe(22_000 * 7);
		expect(tokens.slice(0, 7)).toEqual(["get", "http", "response", "mcp", "github", "create", "issue"]);
	});

	it("tokenizes a 1 MB (UTF-8) Chinese string", () => {
		const sentence = "获取天气预报。检索仓库中的问题，";
		const tokens = tokenize(sentence.repeat(21_000));
		expect(tokens.length).toBe(21_000 * 7);
		expect(tokens.slice(0, 7)).toEqual(["获取", "天气", "预报", "检索", "仓库", "中的", "问题"]);
	});
});

describe("tokenize: properties", () => {
	const asciiChar = fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code));
	// Characters that exercise the identifier rules far more often than uniform ASCII does.
	const identifierChar = fc.constantFrom(
		"a",
		"b",
		"s",
		"A",
		"B",
		"S",
		"I",
		"D",
		"0",
		"7",
		"_",
		"-",
		".",
		" ",
	);
	const asciiText = fc.string({ unit: fc.oneof(asciiChar, identifierChar), maxLength: 60 });

	it("the ASCII fast path and the Unicode path agree on ASCII text", () => {
		fc.assert(
			fc.property(asciiText, (text) => {
				expect(tokenizeAscii(text)).toEqual(tokenizeUnicode(text));
			}),
			{ numRuns: 2000 },
		);
	});

	it("the ASCII fast path declines non-ASCII text", () => {
		expect(tokenizeAscii("café")).toBeUndefined();
		expect(tokenizeAscii("")).toEqual([]);
	});

	const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
	const interesting = fc.constantFrom(
		"A",
		"b",
		"s",
		"1",
		"_",
		" ",
		"é",
		"ß",
		"ẞ",
		"İ",
		"Σ",
		"获",
		"取",
		"ไ",
		"\u0301",
		"\u0E34",
		"ｶ",
		"ﾞ",
	);
	const anyText = fc.string({
		unit: fc.oneof(
			fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
			fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
			loneSurrogate,
			interesting,
		),
		maxLength: 40,
	});

	it("never throws and returns non-empty lowercase words without separators, deterministically", () => {
		fc.assert(
			fc.property(anyText, (text) => {
				const tokens = tokenize(text);
				for (const token of tokens) {
					expect(token.length).toBeGreaterThan(0);
					expect(token).toBe(token.toLowerCase());
					expect(token).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
				}
				expect(tokenize(text)).toEqual(tokens);
			}),
			{ numRuns: 2000 },
		);
	});
});

describe("tokenize: word cache", () => {
	it("gives the same tokens before and after the cache of recent words fills and starts over", () => {
		const text = "The users' Files are Running on servers; created issues, the IPs and processes";
		const first = tokenize(text);
		// More distinct short words than the cache holds (16,384), then the same text again.
		for (let i = 0; i < 20_000; i++) tokenize(`w${i.toString(36)}s runs`);
		expect(tokenize(text)).toEqual(first);
		expect(first).toEqual(["user", "file", "running", "server", "created", "issue", "ip", "process"]);
	});
});
