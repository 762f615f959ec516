import { describe, expect, it } from "vitest";
import { fitActiveSet, toolTokens } from "../../src/host/active-set-budget.js";
import { createActiveToolSet } from "../../src/host/create-active-tool-set.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import type { ToolSearchToolDetails } from "../../src/tool/result-types.js";
import { CATALOG } from "../fixtures/catalog.js";
import { createFakeHost } from "../helpers/fake-host.js";
import { thrown } from "../helpers/thrown.js";

const UNLOADED = (names: string) =>
	`Unloaded to stay within the active-tool budget (least recently used first): ${names}. Search again to load them back.`;

async function search(tool: ReturnType<typeof createToolSearchTool>, query: string, limit?: number) {
	const result = await tool.execute("call", { query, ...(limit === undefined ? {} : { limit }) });
	return { details: result.details as ToolSearchToolDetails, lines: result.content[0].text.split("\n") };
}

describe("maxActiveTools on createToolSearchTool", () => {
	it("unloads the least recently used tools it loaded, never the host's, and says which", async () => {
		const host = createFakeHost({ tools: CATALOG, active: ["filesystem__read_file"] });
		const tool = createToolSearchTool({ tools: host, maxActiveTools: 3 });
		await search(tool, "select:github__create_issue,slack__post_message");
		expect(host.getActiveTools()).toEqual([
			"filesystem__read_file",
			"github__create_issue",
			"slack__post_message",
		]);
		// Loaded together, the first named counts as the most recently used: slack__post_message goes first.
		const first = await search(tool, "select:weather__get_forecast");
		expect(first.details.unloaded_tools).toEqual(["slack__post_message"]);
		expect(first.lines.at(-1)).toBe(UNLOADED("slack__post_message"));
		expect(host.getActiveTools()).toEqual([
			"filesystem__read_file",
			"github__create_issue",
			"weather__get_forecast",
		]);
		// A call is a use: github__create_issue becomes the most recent, so the forecast goes next.
		tool.markUsed("github__create_issue");
		const second = await search(tool, "select:slack__post_message");
		expect(second.details.unloaded_tools).toEqual(["weather__get_forecast"]);
		expect(host.getActiveTools()).toEqual([
			"filesystem__read_file",
			"github__create_issue",
			"slack__post_message",
		]);
	});

	it("counts select: of a loaded tool as a use", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const tool = createToolSearchTool({ tools: host, maxActiveTools: 2 });
		await search(tool, "select:github__create_issue");
		await search(tool, "select:slack__post_message");
		await search(tool, "select:github__create_issue"); // already loaded: now the most recent
		const { details } = await search(tool, "select:weather__get_forecast");
		expect(details.unloaded_tools).toEqual(["slack__post_message"]);
	});

	it("loads what fits when the budget is taken by tools it may not unload", async () => {
		const host = createFakeHost({ tools: CATALOG, active: ["filesystem__read_file"] });
		const tool = createToolSearchTool({ tools: host, maxActiveTools: 1 });
		const { details, lines } = await search(tool, "select:github__create_issue");
		expect(details.activated_tools).toEqual([]);
		expect(details.over_budget_tools).toEqual(["github__create_issue"]);
		expect(lines).toContain(
			"Not loaded, to stay within the active-tool budget (it is taken by tools that stay loaded): github__create_issue.",
		);
	});

	it("keeps the estimated schema tokens of the active tools within maxActiveSchemaTokens", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const byName = new Map(CATALOG.map((tool) => [tool.name, tool]));
		const cost = (name: string) => toolTokens(byName.get(name));
		const budget = cost("github__create_issue") + cost("slack__post_message");
		const tool = createToolSearchTool({ tools: host, maxActiveSchemaTokens: budget });
		await search(tool, "select:github__create_issue,slack__post_message");
		expect(host.getActiveTools()).toEqual(["github__create_issue", "slack__post_message"]);
		const { details } = await search(tool, "select:weather__get_forecast");
		const active = host.getActiveTools();
		expect(active).toContain("weather__get_forecast");
		expect(active.reduce((sum, name) => sum + cost(name), 0)).toBeLessThanOrEqual(budget);
		expect(details.unloaded_tools?.length).toBeGreaterThan(0);
	});

	it("reports tools a host's own budget unloaded", async () => {
		const host = createActiveToolSet({ tools: CATALOG, maxActiveTools: 2 });
		const tool = createToolSearchTool({ tools: host });
		await search(tool, "select:github__create_issue,slack__post_message");
		const { details } = await search(tool, "select:weather__get_forecast");
		expect(details.unloaded_tools).toEqual(["slack__post_message"]);
	});

	it.each([
		{
			option: { maxActiveTools: 0 },
			message: "maxActiveTools must be a positive integer or Infinity, got 0",
		},
		{
			option: { maxActiveTools: 2.5 },
			message: "maxActiveTools must be a positive integer or Infinity, got 2.5",
		},
		{
			option: { maxActiveSchemaTokens: "100" },
			message: 'maxActiveSchemaTokens must be a positive number or Infinity, got "100"',
		},
	])("throws INVALID_OPTIONS for $option", ({ option, message }) => {
		const error = thrown(() =>
			createToolSearchTool({ tools: createFakeHost({ tools: [] }), ...(option as object) }),
		);
		expect(error).toMatchObject({ code: "INVALID_OPTIONS", message: `tool-search: ${message}` });
	});
});

describe("createActiveToolSet with a budget", () => {
	const names = CATALOG.map((tool) => tool.name);
	const [a, b, c, d] = names as [string, string, string, string];

	it("keeps at most maxActiveTools besides the pinned ones, unloading the least recently used", () => {
		const host = createActiveToolSet({ tools: CATALOG, pinned: [d], maxActiveTools: 3 });
		host.setActiveTools([a, b]);
		expect(host.getActiveTools()).toEqual([d, a, b]);
		host.markUsed(a);
		host.setActiveTools([...host.getActiveTools(), c]);
		expect(host.unloaded).toEqual([b]);
		expect(host.getActiveTools()).toEqual([d, a, c]);
	});

	it("serializes least recently used first, and restores the order with the same options", () => {
		const host = createActiveToolSet({ tools: CATALOG, pinned: [d], maxActiveTools: 4 });
		host.setActiveTools([a, b, c]);
		host.markUsed(a);
		const saved = JSON.parse(JSON.stringify(host));
		expect(saved).toEqual({ active: [c, b, a] });
		const restored = createActiveToolSet({ tools: CATALOG, pinned: [d], maxActiveTools: 4, ...saved });
		expect(restored.toJSON()).toEqual(saved);
		restored.setActiveTools([...restored.getActiveTools(), names[4] as string]);
		expect(restored.unloaded).toEqual([c]);
	});

	it("restores into a smaller budget by dropping the least recently used", () => {
		const restored = createActiveToolSet({ tools: CATALOG, active: [a, b, c], maxActiveTools: 2 });
		expect(restored.getActiveTools()).toEqual([b, c]);
		expect(restored.unloaded).toEqual([a]);
	});

	it("behaves as before without a budget", () => {
		const host = createActiveToolSet({ tools: CATALOG });
		host.setActiveTools([c, a, b]);
		expect(host.getActiveTools()).toEqual([c, a, b]);
		expect(host.unloaded).toEqual([]);
	});
});

describe("fitActiveSet", () => {
	const budget = (maxTools: number, maxTokens = Number.POSITIVE_INFINITY) => ({ maxTools, maxTokens });
	it.each([
		{
			description: "room for everything",
			input: { fixed: ["p"], current: ["a"], incoming: ["b"], budget: budget(3) },
			expected: { kept: ["a"], added: ["b"], unloaded: [], refused: [] },
		},
		{
			description: "oldest first",
			input: { fixed: [], current: ["a", "b", "c"], incoming: ["d", "e"], budget: budget(3) },
			expected: { kept: ["c"], added: ["d", "e"], unloaded: ["a", "b"], refused: [] },
		},
		{
			description: "tool_search is not counted",
			input: { fixed: ["tool_search"], current: ["a"], incoming: ["b"], budget: budget(2) },
			expected: { kept: ["a"], added: ["b"], unloaded: [], refused: [] },
		},
		{
			description: "no eviction for a tool that cannot fit anyway",
			input: { fixed: ["p"], current: ["a"], incoming: ["b"], budget: budget(1) },
			expected: { kept: [], added: [], unloaded: ["a"], refused: ["b"] },
		},
	])("$description", ({ input, expected }) => {
		expect(fitActiveSet({ ...input, tokensOf: () => 1 })).toEqual(expected);
	});
});
