import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "../../eval/cli-args.js";
import { DatasetError, parseDataset } from "../../eval/datasets.js";
import { compactJson } from "../../eval/explain.js";
import { FlexSearchRanker } from "../../eval/rankers/flexsearch.js";
import { MiniSearchRanker } from "../../eval/rankers/minisearch.js";
import { OursRanker } from "../../eval/rankers/ours.js";
import { WinkRanker } from "../../eval/rankers/wink.js";

const schema = (description: string) => ({
	type: "object",
	properties: { city: { type: "string", description } },
});

const TOOLS = [
	{
		name: "get_weather",
		description: "Current weather for a city",
		parameters: schema("City name"),
		server: null,
	},
	{ name: "send_email", description: "Send an email message", parameters: schema("unused"), server: null },
	{ name: "read_file", description: "Read a file from disk", parameters: { type: "object" }, server: null },
	{ name: "list_issues", description: "List GitHub issues", parameters: { type: "object" }, server: null },
];

describe("parseDataset", () => {
	it("makes one group per relevant name when relevant_groups is absent", () => {
		const dataset = parseDataset("t", {
			tools: TOOLS,
			queries: [{ id: "q1", query: "weather in Paris", relevant: ["get_weather", "send_email"] }],
		});
		expect(dataset.queries[0]?.groups).toEqual([["get_weather"], ["send_email"]]);
		expect(dataset.tools[0]?.server).toBeNull();
	});
	it("keeps relevant_groups and checks they make up relevant", () => {
		const groups = [["get_weather"], ["send_email", "read_file"]];
		const ok = parseDataset("t", {
			tools: TOOLS,
			queries: [
				{
					id: "q",
					query: "x",
					relevant: ["get_weather", "send_email", "read_file"],
					relevant_groups: groups,
				},
			],
		});
		expect(ok.queries[0]?.groups).toEqual(groups);
		expect(() =>
			parseDataset("t", {
				tools: TOOLS,
				queries: [{ id: "q", query: "x", relevant: ["get_weather"], relevant_groups: groups }],
			}),
		).toThrow(DatasetError);
	});
	it("rejects unknown gold names, duplicate names and ids, and bad shapes", () => {
		const query = { id: "q", query: "x", relevant: ["get_weather"] };
		expect(() => parseDataset("t", { tools: TOOLS, queries: [{ ...query, relevant: ["nope"] }] })).toThrow(
			/not in the catalogue/,
		);
		expect(() => parseDataset("t", { tools: [...TOOLS, TOOLS[0]], queries: [query] })).toThrow(
			/duplicate tool/,
		);
		expect(() => parseDataset("t", { tools: TOOLS, queries: [query, query] })).toThrow(/duplicate query id/);
		expect(() => parseDataset("t", { tools: [{ name: "a" }], queries: [query] })).toThrow(/description/);
		expect(() => parseDataset("t", [])).toThrow(DatasetError);
	});
});

describe("parseCliArgs", () => {
	it("defaults to every dataset", () => {
		expect(parseCliArgs([])).toEqual({
			datasets: ["livemcpbench", "bfcl"],
			json: undefined,
			explain: undefined,
			help: false,
		});
		expect(parseCliArgs(["--dataset", "bfcl", "--json", "out.json"]).datasets).toEqual(["bfcl"]);
		expect(parseCliArgs(["--explain", "simple_python_0"]).explain).toBe("simple_python_0");
	});
	it("rejects unknown flags, unknown datasets, missing values and positionals", () => {
		for (const argv of [["--bogus"], ["--dataset", "other"], ["--explain"], ["stray"], ["--json", ""]]) {
			expect(() => parseCliArgs(argv)).toThrow(UsageError);
		}
	});
});

describe("compactJson", () => {
	it("is valid JSON equal to the input, numbers rounded to 4 decimals", () => {
		const value = {
			name: "x".repeat(60),
			score: 1.234567,
			terms: Array.from({ length: 6 }, (_, at) => ({ term: `t${at}`, fields: [{ field: "name", tf: at }] })),
		};
		const text = compactJson(value);
		expect(text.split("\n").length).toBeGreaterThan(1);
		expect(JSON.parse(text)).toEqual({ ...value, score: 1.2346 });
		expect(compactJson({ a: 1 })).toBe('{"a":1}');
	});
});

describe("rankers", () => {
	const rankers = [
		new OursRanker(),
		new WinkRanker(),
		new MiniSearchRanker(),
		new FlexSearchRanker({ suggest: true }),
	];
	for (const ranker of rankers) {
		it(`${ranker.name} finds the obvious tool, returns at most k names, and is deterministic`, () => {
			ranker.build(TOOLS);
			const first = ranker.search("weather in a city", 2);
			expect(first[0]).toBe("get_weather");
			expect(first.length).toBeLessThanOrEqual(2);
			expect(new Set(first).size).toBe(first.length);
			expect(ranker.search("weather in a city", 2)).toEqual(first);
			expect(ranker.search("readFile", 10)).toContain("read_file");
		});
	}
	it("default flexsearch needs every query term in one field", () => {
		const flex = new FlexSearchRanker();
		flex.build(TOOLS);
		expect(flex.search("weather city", 10)).toEqual(["get_weather"]);
		expect(flex.search("weather paris", 10)).toEqual([]);
	});
});
