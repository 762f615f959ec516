import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_NODES, MAX_SCHEMA_TEXT_LENGTH } from "../../src/defaults.js";
import { MAX_SCHEMA_DEPTH, schemaText } from "../../src/document/schema-text.js";
import { deepFreeze } from "../helpers/deep-freeze.js";

const createIssueSchema = {
	type: "object",
	properties: {
		owner: { type: "string", description: "Repository owner" },
		repo: { type: "string", description: "Repository name" },
		title: { type: "string", title: "Issue title", description: "Title of the new issue" },
		labels: { type: "array", items: { type: "string" }, description: "Labels to apply" },
		priority: { enum: ["low", "high", 3, true, null, { nested: 1 }] },
		state: { const: "open" },
	},
	required: ["owner", "repo", "title"],
};

describe("schemaText", () => {
	it.each<[string, unknown, readonly string[], readonly string[]]>([
		[
			"flat MCP-style object schema",
			createIssueSchema,
			["owner", "repo", "title", "labels", "priority", "state"],
			[
				"Repository owner",
				"Repository name",
				"Issue title",
				"Title of the new issue",
				"Labels to apply",
				"low",
				"high",
				"3",
				"true",
				"open",
			],
		],
		[
			"nested objects count their property names and descriptions",
			{
				type: "object",
				properties: {
					filter: {
						type: "object",
						description: "Search filter",
						properties: { labels: { type: "array", items: { type: "string", description: "A label" } } },
					},
				},
			},
			["filter", "labels"],
			["Search filter", "A label"],
		],
		[
			"items in array (tuple) form and prefixItems",
			{
				type: "object",
				properties: {
					range: { type: "array", items: [{ description: "start line" }, { description: "end line" }] },
					point: { type: "array", prefixItems: [{ description: "x" }, { title: "y" }] },
				},
			},
			["range", "point"],
			["start line", "end line", "x", "y"],
		],
		[
			"additionalProperties schema, but not the boolean form",
			{
				type: "object",
				properties: {
					headers: { type: "object", additionalProperties: { type: "string", description: "Header value" } },
					strict: { type: "object", additionalProperties: false },
				},
			},
			["headers", "strict"],
			["Header value"],
		],
		[
			"anyOf / oneOf / allOf branches; not is skipped",
			{
				type: "object",
				properties: {
					target: {
						anyOf: [
							{ type: "object", properties: { channel: { description: "Channel id" } } },
							{ type: "object", properties: { user: { description: "User id" } } },
						],
					},
					format: { oneOf: [{ const: "markdown" }, { const: "plain" }] },
					options: { allOf: [{ properties: { silent: { type: "boolean" } } }] },
					body: { type: "string", not: { description: "hidden", properties: { secret: {} } } },
				},
			},
			["target", "channel", "user", "format", "options", "silent", "body"],
			["Channel id", "User id", "markdown", "plain"],
		],
		[
			"$ref to $defs, definitions and a JSON pointer",
			{
				type: "object",
				properties: {
					issue: { $ref: "#/$defs/Issue", description: "The issue" },
					user: { $ref: "#/definitions/User" },
					assignee: { $ref: "#/properties/user" },
				},
				$defs: { Issue: { type: "object", properties: { number: { description: "Issue number" } } } },
				definitions: { User: { type: "object", properties: { login: { description: "GitHub login" } } } },
			},
			// Depth-first: a ref target's names follow the property that refers to it.
			["issue", "number", "user", "login", "assignee"],
			["The issue", "Issue number", "GitHub login"],
		],
		[
			"~0 / ~1 and percent escapes in pointers",
			{
				properties: {
					a: { $ref: "#/$defs/a~1b" },
					b: { $ref: "#/$defs/c~0d" },
					c: { $ref: "#/$defs/e%20f" },
				},
				$defs: {
					"a/b": { description: "slash" },
					"c~d": { description: "tilde" },
					"e f": { description: "space" },
				},
			},
			["a", "b", "c"],
			["slash", "tilde", "space"],
		],
		[
			"pointer through an array index",
			{
				properties: { a: { $ref: "#/$defs/list/1" } },
				$defs: { list: [{ description: "no" }, { description: "yes" }] },
			},
			["a"],
			["yes"],
		],
		["$ref to the root", { description: "Root", properties: { self: { $ref: "#" } } }, ["self"], ["Root"]],
		[
			"remote, anchor, dangling, prototype and non-string refs are ignored",
			{
				properties: {
					a: { $ref: "https://example.com/schema.json#/$defs/X" },
					b: { $ref: "#Anchor" },
					c: { $ref: "#/$defs/Missing" },
					d: { $ref: "#/__proto__" },
					e: { $ref: "#/$defs/toString" },
					f: { $ref: 42 },
					g: { $ref: "#/$defs/list/01" },
				},
				$defs: { list: [{ description: "leading zero" }, { description: "leading zero" }] },
			},
			["a", "b", "c", "d", "e", "f", "g"],
			[],
		],
		[
			"garbage is skipped silently",
			{
				title: 42,
				description: { text: "not a string" },
				enum: "not an array",
				properties: { a: null, b: 3, c: "string", d: [1, 2], e: true, "": { description: "unnamed" } },
				items: null,
				prefixItems: { not: "an array" },
				anyOf: [null, 1, "x", [{ description: "array in anyOf" }]],
				oneOf: "nope",
				allOf: { 0: { description: "object instead of array" } },
				additionalProperties: "yes",
			},
			["a", "b", "c", "d", "e"],
			["unnamed"],
		],
		["empty object schema", {}, [], []],
		["boolean schema", true, [], []],
		["undefined", undefined, [], []],
		["null", null, [], []],
		["an array", [{ properties: { a: {} } }], [], []],
		["a string", "object", [], []],
		[
			"duplicates kept once, texts trimmed, blank texts dropped",
			{
				properties: {
					path: { description: "  File path  " },
					nested: { properties: { path: { description: "File path" }, other: { description: "   " } } },
				},
			},
			["path", "nested", "other"],
			["File path"],
		],
	])("%s", (_label, schema, names, texts) => {
		expect(schemaText(schema)).toEqual({ names, texts });
	});

	it("reads a TypeBox schema (pi's parameters)", () => {
		const parameters = Type.Object({
			path: Type.String({ description: "Path to the file to read" }),
			offset: Type.Optional(Type.Number({ description: "Line number to start from" })),
			encoding: Type.Optional(Type.Union([Type.Literal("utf8"), Type.Literal("base64")])),
		});
		expect(schemaText(parameters)).toEqual({
			names: ["path", "offset", "encoding"],
			texts: ["Path to the file to read", "Line number to start from", "utf8", "base64"],
		});
	});

	describe("cycles terminate", () => {
		const jsCycle: Record<string, unknown> = { type: "object", description: "Node" };
		jsCycle.properties = { child: jsCycle, children: { type: "array", items: jsCycle } };

		it.each<[string, unknown, readonly string[], readonly string[]]>([
			[
				"self-referential $ref",
				{
					$ref: "#/$defs/Tree",
					$defs: {
						Tree: {
							type: "object",
							description: "A tree node",
							properties: {
								value: { type: "string" },
								children: { type: "array", items: { $ref: "#/$defs/Tree" } },
							},
						},
					},
				},
				["value", "children"],
				["A tree node"],
			],
			[
				"mutually recursive $refs",
				{
					properties: { a: { $ref: "#/$defs/A" } },
					$defs: {
						A: { description: "A", properties: { toB: { $ref: "#/$defs/B" } } },
						B: { description: "B", properties: { toA: { $ref: "#/$defs/A" } } },
					},
				},
				["a", "toB", "toA"],
				["A", "B"],
			],
			["a $ref to its own pointer", { $defs: { X: { $ref: "#/$defs/X" } }, $ref: "#/$defs/X" }, [], []],
			["JS reference cycle", jsCycle, ["child", "children"], ["Node"]],
		])("%s", (_label, schema, names, texts) => {
			expect(schemaText(schema)).toEqual({ names, texts });
		});
	});

	it(`stops ${MAX_SCHEMA_DEPTH} levels below the root on deep, acyclic nesting`, () => {
		let schema: Record<string, unknown> = { description: "leaf" };
		for (let level = 10_000; level > 0; level--) {
			schema = { type: "object", properties: { [`p${level}`]: schema } };
		}
		const { names, texts } = schemaText(schema);
		// Each property level is one step down; the root is level 0.
		expect(names).toHaveLength(MAX_SCHEMA_DEPTH + 1);
		expect(names[0]).toBe("p1");
		expect(names.at(-1)).toBe(`p${MAX_SCHEMA_DEPTH + 1}`);
		expect(texts).toEqual([]);
	});

	it("keeps names and texts once and reads a shared sub-schema once, however many came before", () => {
		// Lists past 16 items switch from scanning to a Set: repeats on both sides of the switch.
		const shared = { description: "shared", properties: { inner: { description: "inner text" } } };
		const properties: Record<string, unknown> = {};
		for (let index = 0; index < 40; index++) {
			properties[`p${index % 25}_${index < 25 ? "a" : "b"}`] = { description: `text ${index % 20}` };
			properties[`s${index}`] = shared;
		}
		const { names, texts } = schemaText({ properties, items: { properties: { p3_a: shared } } });
		const expectedNames = [];
		for (let index = 0; index < 40; index++) {
			expectedNames.push(`p${index % 25}_${index < 25 ? "a" : "b"}`, `s${index}`);
			if (index === 0) expectedNames.push("inner");
		}
		expect(names).toEqual(expectedNames);
		const expectedTexts = Array.from({ length: 20 }, (_, index) => `text ${index}`);
		expectedTexts.splice(1, 0, "shared", "inner text");
		expect(texts).toEqual(expectedTexts);
	});

	it("reads 10,000 properties, each with a $ref, up to its node budget, in walk order", () => {
		const properties: Record<string, unknown> = {};
		for (let index = 0; index < 10_000; index++) {
			properties[`field_${index}`] = { description: `Field number ${index}`, $ref: "#/$defs/Shared" };
		}
		const schema = { type: "object", properties, $defs: { Shared: { description: "shared" } } };
		const { names, texts } = schemaText(schema);
		const collected = [...names, ...texts].reduce((sum, text) => sum + text.length, 0);
		expect(collected).toBeLessThanOrEqual(MAX_SCHEMA_TEXT_LENGTH);
		expect(names.length).toBeGreaterThan(1000);
		expect(names.length).toBeLessThan(10_000);
		expect(names.at(-1)).toBe(`field_${names.length - 1}`);
		expect(texts.slice(0, 3)).toEqual(["Field number 0", "shared", "Field number 1"]);
		// Short names and no texts: the node budget ends it (the root, then a name and a node each).
		const many: Record<string, unknown> = {};
		for (let index = 0; index < 10_000; index++) many[`f${index}`] = {};
		expect(schemaText({ properties: many }).names).toHaveLength(Math.ceil((MAX_SCHEMA_NODES - 1) / 2));
	});

	it("reads a bounded part of a 10 MB schema: a 5 MB description, a million enum values", () => {
		const described = { description: "word ".repeat(1_000_000), properties: { choice: {} } };
		const { names, texts } = schemaText(described);
		expect(texts[0]?.length).toBe(MAX_SCHEMA_TEXT_LENGTH);
		expect(names).toEqual([]); // the budget is spent
		const enumerated = { properties: { choice: { enum: Array.from({ length: 1_000_000 }, (_, i) => i) } } };
		expect(schemaText(enumerated).texts).toHaveLength(MAX_SCHEMA_NODES - 3); // root, name, node
	});

	it("never overflows the stack, whatever the nesting (10,000 levels of items, anyOf and $ref)", () => {
		let schema: Record<string, unknown> = { description: "leaf" };
		for (let level = 0; level < 10_000; level++) {
			schema =
				level % 3 === 0 ? { items: schema } : level % 3 === 1 ? { anyOf: [schema] } : { allOf: [schema] };
		}
		expect(schemaText(schema)).toEqual({ names: [], texts: [] });
		const defs: Record<string, unknown> = {};
		for (let level = 0; level < 10_000; level++)
			defs[`d${level}`] = { $ref: `#/$defs/d${level + 1}`, title: `t${level}` };
		expect(schemaText({ $ref: "#/$defs/d0", $defs: defs }).texts).toHaveLength(MAX_SCHEMA_DEPTH);
	});

	it("does not mutate a deep-frozen schema", () => {
		const schema = structuredClone(createIssueSchema);
		const snapshot = structuredClone(schema);
		deepFreeze(schema);
		schemaText(schema);
		expect(schema).toEqual(snapshot);
	});
});
