import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "../../eval/cli-args.js";
import {
	catalogueParts,
	DatasetError,
	loadDataset,
	parseCatalogueQueries,
	parseDataset,
} from "../../eval/datasets.js";
import { evaluateRanker } from "../../eval/evaluate.js";
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
			datasets: ["livemcpbench", "bfcl", "natural"],
			json: undefined,
			explain: undefined,
			embedder: undefined,
			limit: undefined,
			help: false,
		});
		expect(parseCliArgs(["--embedder", "./e.ts", "--limit", "50"])).toMatchObject({
			embedder: "./e.ts",
			limit: 50,
		});
		expect(parseCliArgs(["--dataset", "bfcl", "--json", "out.json"]).datasets).toEqual(["bfcl"]);
		expect(parseCliArgs(["--dataset", "natural"]).datasets).toEqual(["natural"]);
		expect(parseCliArgs(["--explain", "simple_python_0"]).explain).toBe("simple_python_0");
	});
	it("rejects unknown flags, unknown datasets, missing values and positionals", () => {
		for (const argv of [
			["--bogus"],
			["--dataset", "other"],
			["--explain"],
			["stray"],
			["--json", ""],
			["--embedder", ""],
			["--limit", "0"],
			["--limit", "x"],
		]) {
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

const OTHER_TOOLS = [
	{ name: "play_song", description: "Play a song", parameters: { type: "object" }, server: null },
	{ name: "set_alarm", description: "Set an alarm clock", parameters: { type: "object" }, server: null },
	{ name: "send_email", description: "Send an email message", parameters: { type: "object" }, server: null },
];

describe("parseCatalogueQueries (the natural format)", () => {
	const catalogues = {
		one: parseDataset("one", { tools: TOOLS, queries: [{ id: "q", query: "x", relevant: ["get_weather"] }] })
			.tools,
		two: parseDataset("two", {
			tools: OTHER_TOOLS,
			queries: [{ id: "q", query: "x", relevant: ["play_song"] }],
		}).tools,
	};
	const ok = {
		name: "t",
		queries: [
			{
				id: "n1",
				query: "will it rain",
				relevant: ["get_weather"],
				relevant_groups: [["get_weather"]],
				catalogue: "one",
			},
			{ id: "n2", query: "put on some music", relevant: ["play_song"], catalogue: "two", subset: "media" },
			{ id: "n3", query: "order a pizza", relevant: [], relevant_groups: [], catalogue: "one" },
		],
	};
	it("keeps each query's catalogue, allows gold-none queries, and holds no tools of its own", () => {
		const dataset = parseCatalogueQueries("t", ok, catalogues);
		expect(dataset.tools).toEqual([]);
		expect(dataset.queries.map((query) => [query.catalogue, query.groups])).toEqual([
			["one", [["get_weather"]]],
			["two", [["play_song"]]],
			["one", []],
		]);
		expect(catalogueParts(dataset).map((part) => [part.catalogue, part.tools.length, part.at])).toEqual([
			["one", TOOLS.length, [0, 2]],
			["two", OTHER_TOOLS.length, [1]],
		]);
	});
	it("rejects gold from another catalogue, unknown catalogues, duplicate ids, groups on gold-none", () => {
		const bad = (change: Record<string, unknown>, at = 0) => ({
			queries: ok.queries.map((query, index) => (index === at ? { ...query, ...change } : query)),
		});
		expect(() =>
			parseCatalogueQueries(
				"t",
				bad({ relevant: ["play_song"], relevant_groups: [["play_song"]] }),
				catalogues,
			),
		).toThrow(/not in the catalogue/);
		expect(() => parseCatalogueQueries("t", bad({ catalogue: "three" }), catalogues)).toThrow(
			/unknown catalogue/,
		);
		expect(() => parseCatalogueQueries("t", bad({ catalogue: undefined }), catalogues)).toThrow(/catalogue/);
		expect(() => parseCatalogueQueries("t", bad({ id: "n2" }), catalogues)).toThrow(/duplicate query id/);
		expect(() =>
			parseCatalogueQueries("t", bad({ relevant_groups: [["get_weather"]] }, 2), catalogues),
		).toThrow(/must be empty/);
		expect(() => parseCatalogueQueries("t", { ...ok, tools: TOOLS }, catalogues)).toThrow(
			/"tools" must be absent/,
		);
		// Ordinary datasets still need gold on every query.
		expect(() =>
			parseDataset("t", { tools: TOOLS, queries: [{ id: "q", query: "x", relevant: [] }] }),
		).toThrow(DatasetError);
	});
	it("evaluateRanker ranks each query against its own catalogue and scores abstention", () => {
		const dataset = parseCatalogueQueries("t", ok, catalogues);
		// A stub that answers each query with the names it lists, kept only when they are in the
		// catalogue it was built on: a query ranked against the wrong catalogue gets nothing.
		const stub = (name: string, answers: Readonly<Record<string, readonly string[]>>) => {
			let built = new Set<string>();
			return {
				name,
				build: (tools: readonly { name: string }[]) => {
					built = new Set(tools.map((tool) => tool.name));
				},
				search: (query: string, k: number) => (answers[query] ?? []).filter((n) => built.has(n)).slice(0, k),
			};
		};
		const abstainer = evaluateRanker(
			stub("abstainer", { "will it rain": ["get_weather"], "put on some music": ["play_song"] }),
			dataset,
		);
		expect(abstainer.rankings).toEqual([["get_weather"], ["play_song"], []]);
		expect(abstainer.natural?.r1).toBe(1);
		expect(abstainer.metrics.r1).toBe(1); // gold-none n3 is not averaged in
		expect(abstainer.natural?.queries).toBe(2);
		expect(abstainer.natural?.abstention).toEqual({
			abstentions: 1,
			goldNone: 1,
			correct: 1,
			precision: 1,
			recall: 1,
		});
		expect(abstainer.natural?.byCatalogue.two?.abstention.goldNone).toBe(0);
		const always = evaluateRanker(
			stub("always", {
				"will it rain": ["send_email", "get_weather"],
				// play_song is in catalogue two only; asked in catalogue one it would be dropped.
				"put on some music": ["set_alarm", "play_song"],
				"order a pizza": ["send_email", "play_song"],
			}),
			dataset,
		);
		expect(always.rankings).toEqual([
			["send_email", "get_weather"],
			["set_alarm", "play_song"],
			["send_email"],
		]);
		expect(always.natural?.r1).toBe(0);
		expect(always.natural?.r3).toBe(1);
		expect(always.natural?.abstention).toEqual({
			abstentions: 0,
			goldNone: 1,
			correct: 0,
			precision: 0,
			recall: 0,
		});
	});
});

describe("the bundled natural-requests.json", () => {
	const root = new URL("../../", import.meta.url);
	const natural = loadDataset("natural", root);
	it("validates: every gold name is in its query's catalogue, ids are unique (checked by loadDataset)", () => {
		expect(natural.catalogues && Object.keys(natural.catalogues)).toEqual(["livemcpbench", "bfcl"]);
		expect(new Set(natural.queries.map((query) => query.id)).size).toBe(natural.queries.length);
		for (const query of natural.queries) {
			const names = new Set(natural.catalogues?.[query.catalogue ?? ""]?.map((tool) => tool.name));
			for (const name of query.relevant) expect(names.has(name), `${query.id}: ${name}`).toBe(true);
		}
	});
	it("has at least 150 requests over both catalogues and at least 25 gold-none", () => {
		expect(natural.queries.length).toBeGreaterThanOrEqual(150);
		const goldNone = natural.queries.filter((query) => query.groups.length === 0);
		expect(goldNone.length).toBeGreaterThanOrEqual(25);
		expect(goldNone.every((query) => query.relevant.length === 0)).toBe(true);
		const perCatalogue = new Set(natural.queries.map((query) => query.catalogue));
		expect([...perCatalogue].sort()).toEqual(["bfcl", "livemcpbench"]);
	});
});
