import fc from "fast-check";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { DEFAULT_TOOL_SEARCH_LIMIT } from "../../src/defaults.js";
import { toolSearchSchema } from "../../src/tool/tool-search-schema.js";
import { validateToolSearchInput } from "../../src/tool/validate-input.js";

const NOT_OBJECT = 'arguments must be an object like {"query": "create github issue"}';

describe("validateToolSearchInput", () => {
	it.each([
		{
			description: "trimmed query, default limit",
			params: { query: "  create issue \n" },
			query: "create issue",
			limit: 8,
		},
		{ description: "explicit limit", params: { query: "read file", limit: 3 }, query: "read file", limit: 3 },
		{ description: "limit 1", params: { query: "x", limit: 1 }, query: "x", limit: 1 },
		{ description: "limit undefined", params: { query: "x", limit: undefined }, query: "x", limit: 8 },
		{ description: "digits only", params: { query: "42" }, query: "42", limit: 8 },
		{
			description: "non-Latin letters",
			params: { query: "créer événement 日本" },
			query: "créer événement 日本",
			limit: 8,
		},
		{ description: "extra keys ignored", params: { query: "x", other: true }, query: "x", limit: 8 },
		{
			description: "null prototype",
			params: Object.assign(Object.create(null), { query: "x" }),
			query: "x",
			limit: 8,
		},
	])("accepts $description", ({ params, query, limit }) => {
		expect(validateToolSearchInput(params, 8)).toEqual({ ok: true, query, limit });
	});

	it.each([
		{ description: "undefined", params: undefined, error: NOT_OBJECT },
		{ description: "null", params: null, error: NOT_OBJECT },
		{ description: "a string", params: "create issue", error: NOT_OBJECT },
		{ description: "a number", params: 5, error: NOT_OBJECT },
		{ description: "an array", params: [{ query: "x" }], error: NOT_OBJECT },
		{ description: "a Date", params: new Date(0), error: NOT_OBJECT },
		{ description: "a Map", params: new Map([["query", "x"]]), error: NOT_OBJECT },
		{ description: "missing query", params: {}, error: "query is missing" },
		{ description: "missing query, limit only", params: { limit: 3 }, error: "query is missing" },
		{
			description: "the query under another key",
			params: { q: "weather" },
			error: 'query is missing (got "q"; put the search words in "query")',
		},
		{
			description: "many other keys, three named",
			params: { a: 1, b: 2, c: 3, d: 4, limit: 2 },
			error: 'query is missing (got "a", "b", "c", …; put the search words in "query")',
		},
		{ description: "explicitly undefined query", params: { query: undefined }, error: "query is missing" },
		{ description: "numeric query", params: { query: 5 }, error: "query must be a string" },
		{ description: "null query", params: { query: null }, error: "query must be a string" },
		{ description: "array query", params: { query: ["create issue"] }, error: "query must be a string" },
		{ description: "empty query", params: { query: "" }, error: "query must not be empty" },
		{ description: "blank query", params: { query: " \t\n " }, error: "query must not be empty" },
		{
			description: "punctuation",
			params: { query: "?!-_" },
			error: "query must contain at least one letter or number",
		},
		{
			description: "emoji",
			params: { query: "🔥 ✨" },
			error: "query must contain at least one letter or number",
		},
		{ description: "limit 0", params: { query: "x", limit: 0 }, error: "limit must be a positive integer" },
		{ description: "limit -1", params: { query: "x", limit: -1 }, error: "limit must be a positive integer" },
		{
			description: "limit 1.5",
			params: { query: "x", limit: 1.5 },
			error: "limit must be a positive integer",
		},
		{
			description: 'limit "5"',
			params: { query: "x", limit: "5" },
			error: "limit must be a positive integer",
		},
		{
			description: "limit NaN",
			params: { query: "x", limit: Number.NaN },
			error: "limit must be a positive integer",
		},
		{
			description: "limit Infinity",
			params: { query: "x", limit: Number.POSITIVE_INFINITY },
			error: "limit must be a positive integer",
		},
		{
			description: "limit null",
			params: { query: "x", limit: null },
			error: "limit must be a positive integer",
		},
		{
			description: "query checked before limit",
			params: { query: "", limit: 0 },
			error: "query must not be empty",
		},
	])("rejects $description", ({ params, error }) => {
		expect(validateToolSearchInput(params, 8)).toEqual({ ok: false, error });
	});

	it("never throws, even for throwing getters and proxies", () => {
		const getter = Object.defineProperty({}, "query", {
			get() {
				throw new Error("boom");
			},
			enumerable: true,
		});
		const proxy = new Proxy(
			{},
			{
				get() {
					throw new Error("boom");
				},
			},
		);
		expect(validateToolSearchInput(getter, 8)).toEqual({ ok: false, error: NOT_OBJECT });
		expect(validateToolSearchInput(proxy, 8)).toEqual({ ok: false, error: NOT_OBJECT });
	});

	it("never throws for any input (property)", () => {
		fc.assert(
			fc.property(fc.anything(), (params) => {
				const result = validateToolSearchInput(params, 8);
				expect(typeof result.ok).toBe("boolean");
			}),
		);
		fc.assert(
			fc.property(
				fc.record({ query: fc.anything(), limit: fc.anything() }, { requiredKeys: [] }),
				(params) => {
					const result = validateToolSearchInput(params, 8);
					if (result.ok) {
						expect(result.query).toBe(result.query.trim());
						expect(Number.isInteger(result.limit) && result.limit >= 1).toBe(true);
					}
				},
			),
		);
	});

	it("accepts exactly what the schema accepts, for objects with a query string", () => {
		fc.assert(
			fc.property(
				fc.string(),
				fc.option(fc.integer({ min: -3, max: 20 }), { nil: undefined }),
				(query, limit) => {
					const params = limit === undefined ? { query } : { query, limit };
					const result = validateToolSearchInput(params, DEFAULT_TOOL_SEARCH_LIMIT);
					if (result.ok) expect(Value.Check(toolSearchSchema, params)).toBe(true);
					if (Value.Check(toolSearchSchema, params) && /[\p{L}\p{N}]/u.test(query))
						expect(result.ok).toBe(true);
				},
			),
		);
	});
});

describe("validateToolSearchInput: queries", () => {
	const long = "x".repeat(1001);
	const nearlyFull = (c: string) => c.repeat(1000);

	it.each([
		{
			description: "queries alone, trimmed, the first as query",
			params: { queries: [" send email ", "compose gmail message"] },
			expected: { query: "send email", queries: ["send email", "compose gmail message"] },
		},
		{
			description: "query first, then queries",
			params: { query: "send email", queries: ["compose gmail message"], limit: 3 },
			expected: { query: "send email", queries: ["send email", "compose gmail message"], limit: 3 },
		},
		{
			description: "identical phrasings after trimming count once, first place kept",
			params: { query: "a b", queries: ["c", " a b", "c ", "a  b"] },
			expected: { query: "a b", queries: ["a b", "c", "a  b"] },
		},
		{
			description: "a single distinct phrasing is still reported as queries",
			params: { queries: ["read file", "read file"] },
			expected: { query: "read file", queries: ["read file"] },
		},
		{
			description: "five phrasings plus query",
			params: { query: "q", queries: ["1", "2", "3", "4", "5"] },
			expected: { query: "q", queries: ["q", "1", "2", "3", "4", "5"] },
		},
		{
			description: "two phrasings of 1,000 characters (the total bound)",
			params: { queries: [nearlyFull("a"), nearlyFull("b")] },
			expected: { query: nearlyFull("a"), queries: [nearlyFull("a"), nearlyFull("b")] },
		},
		{
			description: "repeats do not count towards the total",
			params: { query: nearlyFull("a"), queries: [nearlyFull("a"), nearlyFull("b"), nearlyFull("a")] },
			expected: { query: nearlyFull("a"), queries: [nearlyFull("a"), nearlyFull("b")] },
		},
	])("accepts $description", ({ params, expected }) => {
		expect(validateToolSearchInput(params, 8)).toEqual({ ok: true, limit: 8, ...expected });
	});

	it("treats queries: [] next to a query as a lone query (the same object as without it)", () => {
		expect(validateToolSearchInput({ query: " read file ", queries: [] }, 8)).toEqual({
			ok: true,
			query: "read file",
			limit: 8,
		});
		expect(validateToolSearchInput({ query: "read file", queries: [] }, 8)).not.toHaveProperty("queries");
	});

	it.each([
		{ description: "an empty array alone", params: { queries: [] }, error: "queries must not be empty" },
		{
			description: "a string",
			params: { queries: "send email" },
			error: "queries must be an array of strings",
		},
		{ description: "null", params: { queries: null }, error: "queries must be an array of strings" },
		{
			description: "an object",
			params: { queries: { 0: "a" } },
			error: "queries must be an array of strings",
		},
		{
			description: "six phrasings",
			params: { queries: ["1", "2", "3", "4", "5", "6"] },
			error: "queries has too many phrasings (6, at most 5): keep the 5 most different ones",
		},
		{
			description: "six phrasings, even if some repeat",
			params: { query: "x", queries: ["1", "1", "1", "1", "1", "1"] },
			error: "queries has too many phrasings (6, at most 5): keep the 5 most different ones",
		},
		{ description: "a number in it", params: { queries: ["a", 5] }, error: "queries[1] must be a string" },
		{
			description: "a hole in it",
			params: { queries: Object.assign(new Array(3), { 0: "a", 2: "b" }) },
			error: "queries[1] must be a string",
		},
		{
			description: "a blank phrasing",
			params: { queries: ["a", "  "] },
			error: "queries[1] must not be empty",
		},
		{
			description: "a phrasing without letters",
			params: { queries: ["?!"] },
			error: "queries[0] must contain at least one letter or number",
		},
		{
			description: "a phrasing over 1,000 characters",
			params: { queries: ["a", long] },
			error:
				"queries[1] is too long (1001 characters, at most 1000): describe the tool you need in a few keywords",
		},
		{
			description: "over 2,000 characters together",
			params: { query: nearlyFull("a"), queries: [nearlyFull("b"), "c"] },
			error: "queries are too long together (2001 characters, at most 2000): send fewer or shorter phrasings",
		},
		{
			description: "a bad query next to good queries (query checked first)",
			params: { query: "", queries: ["a"] },
			error: "query must not be empty",
		},
		{
			description: "a bad limit after good queries",
			params: { queries: ["a"], limit: 0 },
			error: "limit must be a positive integer",
		},
		{
			description: "queries explicitly undefined and no query",
			params: { queries: undefined },
			error: "query is missing",
		},
	])("rejects $description", ({ params, error }) => {
		expect(validateToolSearchInput(params, 8)).toEqual({ ok: false, error });
	});

	it("never throws for a throwing queries getter or a proxy array", () => {
		const getter = Object.defineProperty({}, "queries", {
			get() {
				throw new Error("boom");
			},
			enumerable: true,
		});
		const proxy = new Proxy(["a"], {
			get(target, key) {
				if (key === "0") throw new Error("boom");
				return Reflect.get(target, key);
			},
		});
		expect(validateToolSearchInput(getter, 8)).toEqual({ ok: false, error: NOT_OBJECT });
		expect(validateToolSearchInput({ queries: proxy }, 8)).toEqual({ ok: false, error: NOT_OBJECT });
	});

	it("returns trimmed, distinct phrasings, query first, for any queries (property)", () => {
		fc.assert(
			fc.property(
				fc.record(
					{
						query: fc.oneof(fc.string(), fc.anything()),
						queries: fc.array(fc.oneof(fc.string(), fc.anything())),
					},
					{ requiredKeys: [] },
				),
				(params) => {
					const result = validateToolSearchInput(params, 8);
					if (!result.ok || result.queries === undefined) return;
					expect(result.queries.length).toBeGreaterThanOrEqual(1);
					expect(result.queries.length).toBeLessThanOrEqual(6);
					expect(new Set(result.queries).size).toBe(result.queries.length);
					expect(result.query).toBe(result.queries[0]);
					for (const text of result.queries) expect(text).toBe(text.trim());
					if (typeof params.query === "string") expect(result.query).toBe(params.query.trim());
					expect(Value.Check(toolSearchSchema, params)).toBe(true);
				},
			),
		);
	});
});

describe("toolSearchSchema", () => {
	it("is plain JSON Schema with model-facing descriptions", () => {
		const json = JSON.parse(JSON.stringify(toolSearchSchema));
		expect(json).toMatchObject({
			type: "object",
			properties: {
				query: { type: "string", description: expect.stringContaining("the action and the object") },
				queries: {
					type: "array",
					items: { type: "string" },
					maxItems: 5,
					description: expect.stringContaining("when unsure"),
				},
				limit: { type: "integer", minimum: 1, description: expect.stringContaining("Defaults to 8") },
			},
		});
		// Neither is required: a call may send `query`, `queries` or both (execute checks for one).
		expect(json.required).toBeUndefined();
		expect(Object.keys(json.properties)).toEqual(["query", "queries", "limit"]);
	});
});
