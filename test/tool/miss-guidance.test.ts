import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import {
	ABSTAINED_MESSAGE,
	NO_MATCH_MESSAGE,
	type ToolSearchToolDetails,
	type ToolSearchToolResult,
} from "../../src/tool/format-result.js";
import {
	MISS_NAMESPACES_HEADER,
	namespaceListingLines,
	summarizeNamespaces,
} from "../../src/tool/namespace-listing.js";
import type { ToolSearchNamespaceSummary } from "../../src/tool/result-types.js";
import type { ToolInfo, ToolNamespace, ToolRanker } from "../../src/types.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";
import { createFakeHost } from "../helpers/fake-host.js";

const SEARCH_TOOL: ToolInfo = Object.freeze({ name: "tool_search", description: "Search for tools." });
const bytes = (text: string): number => Buffer.byteLength(text, "utf8");
const none: ToolRanker = { rank: () => [] };

function text(result: ToolSearchToolResult): string {
	return result.content[0].text;
}

function details(result: ToolSearchToolResult): ToolSearchToolDetails {
	if (result.isError === true) throw new Error(`unexpected error: ${text(result)}`);
	return result.details;
}

const CATALOG_LISTING = [
	MISS_NAMESPACES_HEADER,
	"- github (9 tools): GitHub: repositories, issues and pull requests.",
	"- filesystem (8 tools): Local file system access, limited to allowed directories.",
	"- slack (6 tools): Slack workspace: channels, messages and users.",
	"- calendar (5 tools): Calendar: events, meetings and availability.",
	"- weather (3 tools): Weather forecasts, current conditions and alerts.",
];

describe("tool_search lists the namespaces when nothing matched", () => {
	it("after the no-match line, most tools first, with their descriptions, and in details", async () => {
		const host = createFakeHost({ tools: [SEARCH_TOOL, ...CATALOG], active: ["tool_search"] });
		const result = await createToolSearchTool({
			tools: host,
			ranker: none,
			namespaceOf: catalogNamespaceOf,
		}).execute("1", { query: "book a flight" });
		expect(text(result)).toBe(
			[
				'{"query":"book a flight","activated_tools":[],"match_count":0,"total_tools":31}',
				NO_MATCH_MESSAGE,
				...CATALOG_LISTING,
			].join("\n"),
		);
		expect(details(result).namespaces).toEqual([
			{ name: "github", description: "GitHub: repositories, issues and pull requests.", tool_count: 9 },
			{
				name: "filesystem",
				description: "Local file system access, limited to allowed directories.",
				tool_count: 8,
			},
			{ name: "slack", description: "Slack workspace: channels, messages and users.", tool_count: 6 },
			{ name: "calendar", description: "Calendar: events, meetings and availability.", tool_count: 5 },
			{ name: "weather", description: "Weather forecasts, current conditions and alerts.", tool_count: 3 },
		]);
		expect(host.setCalls()).toEqual([]);
	});

	it("counts only the tools that can still be found (active ones are not)", async () => {
		const slack = CATALOG.filter((tool) => tool.name.startsWith("slack__")).map((tool) => tool.name);
		const host = createFakeHost({
			tools: [SEARCH_TOOL, ...CATALOG],
			active: ["tool_search", ...slack, "weather__get_alerts", "weather__get_forecast"],
		});
		const result = await createToolSearchTool({
			tools: host,
			ranker: none,
			namespaceOf: catalogNamespaceOf,
		}).execute("1", { query: "zzz" });
		expect(details(result).namespaces?.map((namespace) => [namespace.name, namespace.tool_count])).toEqual([
			["github", 9],
			["filesystem", 8],
			["calendar", 5],
			["weather", 1],
		]);
		expect(text(result)).toContain("\n- weather (1 tool): Weather");
	});

	it("after the abstention line, when only words most tools share matched", async () => {
		const tools: ToolInfo[] = Array.from({ length: 20 }, (_, i) => ({
			name: `${i < 12 ? "warehouse" : "lake"}__t${i}`,
			description: `Data tool ${i}`,
		}));
		const namespaces: Record<string, ToolNamespace> = {
			warehouse: { name: "warehouse", description: "The data warehouse.\nSecond line." },
			lake: { name: "lake" },
		};
		const host = createFakeHost({ tools });
		const result = await createToolSearchTool({
			tools: host,
			namespaceOf: (tool) => namespaces[tool.name.split("__")[0] ?? ""],
		}).execute("1", { query: "data zorblax" });
		expect(details(result).abstained).toBe(true);
		expect(text(result).split("\n").slice(1)).toEqual([
			ABSTAINED_MESSAGE,
			"No tool matched: zorblax. Rephrase those words (synonyms, the action or object) to search again.",
			MISS_NAMESPACES_HEADER,
			"- warehouse (12 tools): The data warehouse.",
			"- lake (8 tools)",
		]);
		expect(host.setCalls()).toEqual([]);
	});

	it("says nothing extra when no tool has a namespace", async () => {
		const host = createFakeHost({ tools: [SEARCH_TOOL, ...CATALOG], active: ["tool_search"] });
		const result = await createToolSearchTool({ tools: host, ranker: none }).execute("1", { query: "zzz" });
		expect(text(result)).toBe(
			'{"query":"zzz","activated_tools":[],"match_count":0,"total_tools":31}\nNo matching tools found.',
		);
		expect(details(result)).not.toHaveProperty("namespaces");
	});

	it("says nothing about namespaces when tools were found, or when there was nothing to search", async () => {
		const host = createFakeHost({ tools: [SEARCH_TOOL, ...CATALOG], active: ["tool_search"] });
		const tool = createToolSearchTool({ tools: host, namespaceOf: catalogNamespaceOf });
		const found = await tool.execute("1", { query: "read file", limit: 1 });
		expect(details(found).activated_tools).toEqual(["filesystem__read_file"]);
		expect(details(found)).not.toHaveProperty("namespaces");
		expect(text(found)).not.toContain(MISS_NAMESPACES_HEADER);

		const empty = createFakeHost({ tools: [SEARCH_TOOL], active: ["tool_search"] });
		const nothing = await createToolSearchTool({ tools: empty, namespaceOf: catalogNamespaceOf }).execute(
			"1",
			{
				query: "read file",
			},
		);
		expect(details(nothing)).not.toHaveProperty("namespaces");
		expect(text(nothing)).not.toContain(MISS_NAMESPACES_HEADER);
	});

	it("keeps the listing within 1,500 bytes and counts the namespaces left out; details has them all", async () => {
		const tools: ToolInfo[] = [];
		const namespaces = new Map<string, ToolNamespace>();
		for (let i = 0; i < 80; i++) {
			const name = `server${String(i).padStart(2, "0")}`;
			namespaces.set(name, { name, description: `Server ${i} — ${"déjà vu ".repeat(30)}` });
			for (let j = 0; j <= i % 3; j++) tools.push({ name: `${name}__tool${j}`, description: "Does things." });
		}
		const host = createFakeHost({ tools });
		const result = await createToolSearchTool({
			tools: host,
			ranker: none,
			namespaceOf: (tool) => namespaces.get(tool.name.split("__")[0] ?? ""),
		}).execute("1", { query: "zzz" });
		const lines = text(result).split("\n");
		const start = lines.indexOf(MISS_NAMESPACES_HEADER);
		const listing = lines.slice(start);
		expect(bytes(listing.join("\n"))).toBeLessThanOrEqual(1500);
		const shown = listing.length - 2;
		expect(shown).toBeGreaterThan(3);
		expect(listing.at(-1)).toBe(`- (${80 - shown} more namespaces not listed)`);
		// Most tools first (3, then 2, then 1), then by name.
		expect(listing[1]).toMatch(/^- server02 \(3 tools\): Server 2 — déjà vu .*…$/);
		expect(listing[2]).toMatch(/^- server05 \(3 tools\): /);
		expect(details(result).namespaces).toHaveLength(80);
	});
});

describe("namespaceListingLines", () => {
	const ns = (name: string, tool_count: number, description?: string): ToolSearchNamespaceSummary => ({
		name,
		tool_count,
		...(description === undefined ? {} : { description }),
	});
	const three = [
		ns("github", 3, "Issues and pull requests."),
		ns("slack", 2),
		ns("weather-and-climate-alerts", 1, "Forecasts."),
	];
	const all = [
		MISS_NAMESPACES_HEADER,
		"- github (3 tools): Issues and pull requests.",
		"- slack (2 tools)",
		"- weather-and-climate-alerts (1 tool): Forecasts.",
	];

	it.each([
		{ description: "no namespaces", namespaces: [], budget: 1500, expected: [] },
		{ description: "all fit", namespaces: three, budget: 1500, expected: all },
		{ description: "exactly fit", namespaces: three, budget: bytes(all.join("\n")), expected: all },
		{
			description: "one byte short: the last loses its description",
			namespaces: three,
			budget: bytes(all.join("\n")) - 1,
			expected: [...all.slice(0, 3), "- weather-and-climate-alerts (1 tool)"],
		},
		{
			description: "room for the first two, then the count",
			namespaces: three,
			budget: bytes([...all.slice(0, 3), "- (1 more namespace not listed)"].join("\n")),
			expected: [...all.slice(0, 3), "- (1 more namespace not listed)"],
		},
		{
			description: "room for the header and a count only: nothing",
			namespaces: three,
			budget: bytes(`${MISS_NAMESPACES_HEADER}\n- (3 more namespaces not listed)`),
			expected: [],
		},
		{ description: "a zero budget", namespaces: three, budget: 0, expected: [] },
	])("$description", ({ namespaces, budget, expected }) => {
		expect(namespaceListingLines(namespaces, budget)).toEqual(expected);
	});

	it("counts UTF-8 bytes, not UTF-16 code units", () => {
		// 40 code units but 120 bytes of description: fits a code-unit budget, not the byte budget.
		const wide = [ns("日本", 1, "東".repeat(40))];
		const lines = [MISS_NAMESPACES_HEADER, `- 日本 (1 tool): ${"東".repeat(40)}`];
		expect(namespaceListingLines(wide, lines.join("\n").length + 10)).toEqual([
			MISS_NAMESPACES_HEADER,
			"- 日本 (1 tool)",
		]);
		expect(namespaceListingLines(wide, bytes(lines.join("\n")))).toEqual(lines);
	});

	it("never passes the budget, whatever it is", () => {
		const many = Array.from({ length: 30 }, (_, i) =>
			ns(`n${i}`, 30 - i, i % 2 === 0 ? "Ab ".repeat(i) : undefined),
		);
		for (let budget = 0; budget <= 1600; budget += 7) {
			const lines = namespaceListingLines(many, budget);
			expect(bytes(lines.join("\n"))).toBeLessThanOrEqual(budget);
			if (lines.length > 0) {
				const listed = lines.filter((line) => /^- n\d+ /.test(line)).length;
				const more = /^- \((\d+) more/.exec(lines.at(-1) ?? "");
				expect(listed + Number(more?.[1] ?? 0)).toBe(30);
			}
		}
	});

	it("cuts a long description to 100 characters, ending with …", () => {
		const [, line] = namespaceListingLines([ns("big", 2, "x".repeat(150))]);
		expect(line).toBe(`- big (2 tools): ${"x".repeat(100)}…`);
	});
});

describe("summarizeNamespaces", () => {
	it("merges by name, first non-blank description, most tools first then by name, skipping tools without one", () => {
		const summary = summarizeNamespaces([
			{ namespace: { name: "b" } },
			{ namespace: { name: "a", description: "  \n" } },
			{ namespace: undefined },
			{ namespace: { name: "a", description: "\nFirst line.\nSecond." } },
			{ namespace: { name: " b ", description: "B." } },
			{ namespace: { name: "c" } },
			{ namespace: { name: "  " } },
			{ namespace: { name: "a", description: "Later." } },
		]);
		expect(summary).toEqual([
			{ name: "a", description: "First line.", tool_count: 3 },
			{ name: "b", description: "B.", tool_count: 2 },
			{ name: "c", tool_count: 1 },
		]);
	});
});
