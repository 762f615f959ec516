import { describe, expect, it } from "vitest";
import { foldName, lintCatalog, nearDuplicateNames, withinOneEdit } from "../../src/cli/catalog-lint.js";
import { CATALOG } from "../fixtures/catalog.js";
import { cli, folderWith } from "./cli-helpers.js";

const tool = (name: string, description = `Does ${name}.`) => ({
	name,
	description,
	inputSchema: { type: "object" },
});

describe("catalogue lint", () => {
	it.each([
		{ a: "read_file", b: "readFile", fold: true },
		{ a: "get-weather", b: "Get_Weather", fold: true },
		{ a: "list_issue", b: "list_issues", fold: false },
	])("folds $a and $b to one spelling: $fold", ({ a, b, fold }) => {
		expect(foldName(a) === foldName(b)).toBe(fold);
	});

	it.each([
		{ a: "list_issue", b: "list_issues", within: true },
		{ a: "get_forcast", b: "get_forecast", within: true },
		{ a: "get_forecast", b: "get_forecost", within: true },
		{ a: "read", b: "dear", within: false },
		{ a: "create_issue", b: "create_issues_now", within: false },
	])("$a and $b are one edit apart: $within", ({ a, b, within }) => {
		expect([withinOneEdit(a, b), withinOneEdit(b, a)]).toEqual([within, within]);
	});

	it("pairs near-duplicate names within a namespace only, in catalogue order", () => {
		expect(
			nearDuplicateNames([
				"github__list_issues",
				"github__list_issue",
				"gitlab__list_issue",
				"fs__readFile",
				"fs__read_file",
				"tool_1",
				"tool_2",
				"a__x",
				"b__x",
			]),
		).toEqual([
			["github__list_issues", "github__list_issue"],
			["fs__readFile", "fs__read_file"],
			["tool_1", "tool_2"],
		]);
	});

	it("finds empty descriptions, shared tool names and identical descriptions", () => {
		const lint = lintCatalog([
			tool("a__read_file", "Read a file."),
			tool("b__read_file", "Read a file."),
			tool("a__write", "  "),
			{ name: "c__list" },
		]);
		expect(lint).toEqual({
			emptyDescriptions: ["a__write", "c__list"],
			nearDuplicates: [],
			sharedLocalNames: [{ key: "read_file", names: ["a__read_file", "b__read_file"] }],
			sameDescriptions: [{ key: "Read a file.", names: ["a__read_file", "b__read_file"] }],
		});
	});
});

describe("tool-search inspect", () => {
	it("prints the catalogue, its index and fields, and what to fix", async () => {
		const cwd = folderWith({
			"tools.json": [
				...CATALOG,
				tool("github__create_issues"),
				tool("weather__get_forecast"),
				tool("slack__empty", ""),
			],
		});
		const run = await cli(["inspect", "tools.json"], { cwd });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const lines = run.stdout.split("\n");
		expect(lines.slice(0, 2)).toEqual([
			"tools.json: 33 tools in 5 namespaces",
			// weather__get_forecast is the fixture's (the first of its name).
			"namespaces: github 10, filesystem 8, slack 7, calendar 5, weather 3",
		]);
		expect(lines[2]).toMatch(/^index: \d+ words in the vocabulary; BM25 k1 2, b 0\.75, delta 0\.5$/);
		expect(lines).toContainEqual(expect.stringMatching(/^ {2}name {15}6 {7}33 +\d+\.\d$/));
		expect(lines.slice(lines.indexOf("to fix:"))).toEqual([
			"to fix:",
			"  1 names given to several tools (the first is used): weather__get_forecast",
			"  1 tools without a description: slack__empty",
			"  1 near-duplicate names: github__create_issue ~ github__create_issues",
			"",
		]);
	});

	it("prints every list in full as JSON", async () => {
		const cwd = folderWith({ "tools.json": CATALOG });
		const json = JSON.parse((await cli(["inspect", "tools.json", "--json"], { cwd })).stdout);
		expect(json).toMatchObject({ source: "tools.json", tools: 31, duplicateNames: [] });
		expect(json.fields.map((field: { field: string }) => field.field)).toEqual([
			"name",
			"localName",
			"label",
			"namespace",
			"namespaceText",
			"summary",
			"description",
			"parameterNames",
			"parameterText",
		]);
		expect(json.problems).toEqual({
			emptyDescriptions: [],
			nearDuplicates: [],
			sharedLocalNames: [],
			sameDescriptions: [],
		});
	});
});
