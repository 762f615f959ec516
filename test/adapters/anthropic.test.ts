import { describe, expect, it } from "vitest";
import { type AnthropicCatalogTool, createAnthropicToolSearch } from "../../src/adapters/anthropic.js";
import { ToolSearchError } from "../../src/errors.js";
import { TOOL_SEARCH_DESCRIPTION } from "../../src/tool/description.js";
import { toolSearchSchema } from "../../src/tool/tool-search-schema.js";
import type { ToolInfo } from "../../src/types.js";
import { deepFreeze } from "../helpers/deep-freeze.js";
import { createToyRanker } from "../helpers/toy-ranker.js";
import { AVAILABLE, CREATE, HINT, LIST, READ } from "./fixtures.js";

/** Schemas in each of the three places a catalogue tool may carry them, and one without `type` or schema. */
const TOOLS: readonly AnthropicCatalogTool[] = deepFreeze([
	{ name: "read_file", description: "Read a file from disk.", parameters: READ },
	{ name: "github__create_issue", description: "Create a GitHub issue.", input_schema: CREATE },
	{ name: "github__list_issues", description: "List GitHub issues.", inputSchema: LIST },
	{ name: "slack__post_message", description: "Post a Slack message.", parameters: { properties: {} } },
	{ name: "weather__forecast", title: "Forecast", description: 42 },
]);

const SEARCH_TOOL = {
	name: "tool_search",
	description: TOOL_SEARCH_DESCRIPTION,
	input_schema: JSON.parse(JSON.stringify(toolSearchSchema)),
};

function create(options: Partial<Parameters<typeof createAnthropicToolSearch>[0]> = {}) {
	return createAnthropicToolSearch({
		tools: TOOLS,
		pinned: ["read_file"],
		ranker: createToyRanker(),
		...options,
	});
}

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const use = (id: string, name: string, input: unknown = {}) => ({ id, name, input });

describe("tools", () => {
	it("sends tool_search, the pinned tools, then the rest with defer_loading: true", () => {
		expect(json(create().tools())).toEqual([
			SEARCH_TOOL,
			{ name: "read_file", description: "Read a file from disk.", input_schema: READ },
			{
				name: "github__create_issue",
				description: "Create a GitHub issue.",
				input_schema: CREATE,
				defer_loading: true,
			},
			{
				name: "github__list_issues",
				description: "List GitHub issues.",
				input_schema: LIST,
				defer_loading: true,
			},
			{
				name: "slack__post_message",
				description: "Post a Slack message.",
				input_schema: { type: "object", properties: {} },
				defer_loading: true,
			},
			{ name: "weather__forecast", input_schema: { type: "object", properties: {} }, defer_loading: true },
		]);
	});

	it("never defers pinned tools, from the option or from the policy", () => {
		const search = create({ pinned: ["github__list_issues"], policy: { pinned: ["read_file"] } });
		const loaded = search.tools().filter((tool) => tool.defer_loading !== true);
		expect(loaded.map((tool) => tool.name)).toEqual(["tool_search", "read_file", "github__list_issues"]);
		expect(search.activeTools()).toEqual(["tool_search", "read_file", "github__list_issues"]);
	});

	it("reads a policy's inherited fields (a policy made with Object.create), as planDiscovery does", () => {
		const policy = Object.create({ mode: "mcp-only", pinnedNamespaces: ["weather"] });
		const search = create({ pinned: [], policy });
		expect(search.activeTools()).toEqual(["tool_search", "read_file", "weather__forecast"]);
	});

	it("follows the policy: mcp-only keeps tools without a namespace loaded", () => {
		const search = create({ pinned: [], policy: { mode: "mcp-only" } });
		expect(search.plan.reason).toBe('mode "mcp-only": 4 MCP tools are deferred');
		expect(
			search
				.tools()
				.filter((tool) => !tool.defer_loading)
				.map((tool) => tool.name),
		).toEqual(["tool_search", "read_file"]);
	});

	it("sends every tool undeferred and no tool_search when search is off", () => {
		const search = create({ policy: { mode: "off" } });
		expect(search.tools().map((tool) => [tool.name, tool.defer_loading])).toEqual(
			TOOLS.map((tool) => [tool.name, undefined]),
		);
		expect(search.plan.searchEnabled).toBe(false);
	});

	it("stays the same after searches, and hands out copies", async () => {
		const search = create();
		const before = json(search.tools());
		const first = search.tools();
		(first[0] as { description?: string }).description = "changed";
		first.pop();
		await search.handleToolUse(use("toolu_1", "tool_search", { query: "create github issue" }));
		expect(json(search.tools())).toEqual(before);
	});
});

describe("handleToolUse", () => {
	it("answers with one tool_reference per tool found, then the model-visible text", async () => {
		const search = create();
		const result = await search.handleToolUse(
			use("toolu_1", "tool_search", { query: "create github issue", limit: 1 }),
		);
		expect(json(result)).toEqual({
			type: "tool_result",
			tool_use_id: "toolu_1",
			content: [
				{ type: "tool_reference", tool_name: "github__create_issue" },
				{
					type: "text",
					text: [
						'{"query":"create github issue","activated_tools":["github__create_issue"],"match_count":1,"total_tools":4}',
						"- github__create_issue: Create a GitHub issue.",
						AVAILABLE,
					].join("\n"),
				},
			],
		});
	});

	it("answers a search that finds nothing with the text alone", async () => {
		const result = await create().handleToolUse(use("toolu_2", "tool_search", { query: "zebra" }));
		expect(result.content).toEqual([
			{
				type: "text",
				text: '{"query":"zebra","activated_tools":[],"match_count":0,"total_tools":4}\nNo matching tools found.',
			},
		]);
		expect(result.is_error).toBeUndefined();
	});

	it("turns bad arguments into an is_error result with the error and a correct call", async () => {
		const search = create();
		expect(await search.handleToolUse(use("toolu_3", "tool_search", { query: "  " }))).toEqual({
			type: "tool_result",
			tool_use_id: "toolu_3",
			content: [{ type: "text", text: `Error: query must not be empty\n${HINT}` }],
			is_error: true,
		});
		const limit = await search.handleToolUse(use("toolu_4", "tool_search", { query: "issue", limit: 0 }));
		expect(limit.content).toEqual([
			{ type: "text", text: `Error: limit must be a positive integer\n${HINT}` },
		]);
		expect(search.activeTools()).toEqual(["tool_search", "read_file"]);
	});

	it("throws for a block that is not a tool_search tool_use", async () => {
		const search = create();
		await expect(search.handleToolUse(use("toolu_5", "read_file"))).rejects.toThrow(
			new ToolSearchError(
				"INVALID_OPTIONS",
				'handleToolUse takes tool_search calls, got "read_file": use guard(block)',
			),
		);
		await expect(search.handleToolUse({ id: 1 } as never)).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
	});

	it("answers tool_search with an unknown-tool error when search is off", async () => {
		const result = await create({ policy: { mode: "off" } }).handleToolUse(use("toolu_6", "tool_search"));
		expect(result.is_error).toBe(true);
		expect(result.content).toEqual([
			{ type: "text", text: 'Tool "tool_search" does not exist. Use tool_search to find tools.' },
		]);
	});

	it("rejects with ABORTED when the signal has fired", async () => {
		const controller = new AbortController();
		controller.abort();
		await expect(
			create().handleToolUse(use("toolu_7", "tool_search", { query: "issue" }), {
				signal: controller.signal,
			}),
		).rejects.toMatchObject({ code: "ABORTED" });
	});
});

describe("activation round trip and guard", () => {
	it("loads what a search found; the guard lets loaded tools run and refuses the others", async () => {
		const search = createAnthropicToolSearch({ tools: TOOLS, pinned: ["read_file"] });
		// Turn 1: the model calls a deferred tool before searching.
		expect(json(await search.guard(use("toolu_1", "github__create_issue")))).toEqual({
			type: "tool_result",
			tool_use_id: "toolu_1",
			content: [
				{
					type: "text",
					text: 'Tool "github__create_issue" is not loaded. Call tool_search with a query describing what you need (for example {"query": "create issue"}) to load it, then call it again.',
				},
			],
			is_error: true,
		});
		// Turn 2: it searches; the result references the tool, which the API then loads.
		const result = await search.handleToolUse(
			use("toolu_2", "tool_search", { query: "create a github issue", limit: 1 }),
		);
		expect(result.content[0]).toEqual({ type: "tool_reference", tool_name: "github__create_issue" });
		expect(search.activeTools()).toEqual(["tool_search", "read_file", "github__create_issue"]);
		// Turn 3: the call goes through; other deferred tools are still refused.
		expect(
			await search.guard(use("toolu_3", "github__create_issue", { title: "Flaky test" })),
		).toBeUndefined();
		expect(await search.guard(use("toolu_4", "read_file"))).toBeUndefined();
		expect(await search.guard(use("toolu_5", "tool_search"))).toBeUndefined();
		expect((await search.guard(use("toolu_6", "slack__post_message")))?.is_error).toBe(true);
	});

	it("names close tools for an unknown one", async () => {
		expect((await create().guard(use("toolu_1", "github__create_isue")))?.content).toEqual([
			{
				type: "text",
				text: 'Tool "github__create_isue" does not exist. Did you mean: github__create_issue? Use tool_search to find tools.',
			},
		]);
	});

	it("with autoActivate, lets a deferred tool run and loads it", async () => {
		const search = create({ autoActivate: true });
		expect(await search.guard(use("toolu_1", "slack__post_message"))).toBeUndefined();
		expect(search.activeTools()).toEqual(["tool_search", "read_file", "slack__post_message"]);
		expect((await search.guard(use("toolu_2", "nope")))?.is_error).toBe(true);
	});

	it("searches namespaces given by namespaceOf", async () => {
		const namespaceOf = (tool: ToolInfo) =>
			tool.name.startsWith("slack__") ? { name: "slack", description: "Team chat workspace." } : undefined;
		const search = create({ namespaceOf, policy: { mode: "mcp-only" }, pinned: [], ranker: undefined });
		expect(search.plan.deferred).toEqual(["slack__post_message"]);
		const result = await search.handleToolUse(use("toolu_1", "tool_search", { query: "team chat" }));
		expect(result.content[0]).toEqual({ type: "tool_reference", tool_name: "slack__post_message" });
	});
});

describe("options", () => {
	it.each([
		[{ tools: "x" }, "INVALID_OPTIONS", 'tool-search: tools must be an array of tools, got "x"'],
		[
			{ tools: [{ name: "" }] },
			"INVALID_TOOL",
			'tool-search: tools[0] must have a non-empty string name, got ""',
		],
		[
			{ tools: [{ name: "tool_search" }] },
			"INVALID_TOOL",
			'tool-search: tools[0] is named "tool_search", a reserved name',
		],
		[
			{ tools: [{ name: "a", parameters: { type: "string" } }] },
			"INVALID_TOOL",
			'tool-search: tools[0] must have an object JSON Schema, got {"type":"string"}',
		],
		[
			{ tools: [{ name: "a" }, { name: "a" }] },
			"DUPLICATE_TOOL",
			'tool-search: duplicate tool name "a" in tools',
		],
		[
			{ tools: [], pinned: "a" },
			"INVALID_OPTIONS",
			'tool-search: pinned must be an array of tool names, got "a"',
		],
		[{ tools: [], policy: 3 }, "INVALID_OPTIONS", "tool-search: policy must be an object, got 3"],
		[
			{ tools: [], autoActivate: "yes" },
			"INVALID_OPTIONS",
			'tool-search: autoActivate must be a boolean, got "yes"',
		],
		[
			{ tools: [], defaultLimit: 0 },
			"INVALID_OPTIONS",
			"tool-search: defaultLimit must be a positive integer, got 0",
		],
	])("rejects %j", (options, code, message) => {
		expect(() => createAnthropicToolSearch(options as never)).toThrow(message);
		expect(() => createAnthropicToolSearch(options as never)).toThrow(expect.objectContaining({ code }));
	});

	it("rejects options that are not an object", () => {
		expect(() => createAnthropicToolSearch(null as never)).toThrow(
			"tool-search: options must be an object, got null",
		);
	});
});

describe("the pipeline (gates at surfacing and at execution, outcomes)", () => {
	const UNAVAILABLE =
		'Tool "github__create_issue" is not available right now, so the call did not run. Use tool_search to find another tool, or continue without it.';

	it("passes pipeline options on: an unavailable tool is not referenced; ctx reaches the gate", async () => {
		const seen: unknown[] = [];
		const search = create({
			isAvailable: (name, ctx) => {
				seen.push(ctx);
				return name !== "github__create_issue";
			},
		});
		const result = await search.handleToolUse(use("toolu_1", "tool_search", { query: "github issue" }), {
			ctx: "request-1",
		});
		expect(result.content.filter((block) => block.type === "tool_reference")).toEqual([
			{ type: "tool_reference", tool_name: "github__list_issues" },
		]);
		expect(seen).toContain("request-1");
	});

	it("guard refuses a stale call to a loaded tool the gate refuses now, with the call's ctx", async () => {
		const search = create({ isAvailable: (_name, ctx) => ctx !== "after-outage" });
		await search.handleToolUse(use("toolu_1", "tool_search", { query: "create github issue", limit: 1 }));
		expect(await search.guard(use("toolu_2", "github__create_issue"))).toBeUndefined();
		expect(await search.guard(use("toolu_3", "github__create_issue"), { ctx: "after-outage" })).toEqual({
			type: "tool_result",
			tool_use_id: "toolu_3",
			content: [{ type: "text", text: UNAVAILABLE }],
			is_error: true,
		});
	});

	it("reports refusals itself and the calls the host ran through reportToolCall, linked to the discovery", async () => {
		const records: { type: string; tool?: string; status?: string; discovery_id?: unknown }[] = [];
		const search = create({ onTrace: (record) => void records.push(record) });
		await search.guard(use("toolu_1", "github__create_issue"));
		await search.handleToolUse(use("toolu_2", "tool_search", { query: "create github issue", limit: 1 }));
		const id = search.reportToolCall({ name: "github__create_issue", status: "ok", toolCallId: "toolu_3" });
		expect(records.map(({ type, tool, status }) => [type, tool, status])).toEqual([
			["outcome", "github__create_issue", "refused"],
			["discovery", undefined, undefined],
			["outcome", "github__create_issue", "ok"],
		]);
		expect(records[2]?.discovery_id).toBe(id);
		expect(id).toBe(records[1]?.discovery_id);
	});
});
