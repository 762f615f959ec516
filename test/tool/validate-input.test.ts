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

describe("toolSearchSchema", () => {
	it("is plain JSON Schema with model-facing descriptions", () => {
		const json = JSON.parse(JSON.stringify(toolSearchSchema));
		expect(json).toMatchObject({
			type: "object",
			required: ["query"],
			properties: {
				query: { type: "string", description: expect.stringContaining("keywords") },
				limit: { type: "integer", minimum: 1, description: expect.stringContaining("Defaults to 8") },
			},
		});
	});
});
