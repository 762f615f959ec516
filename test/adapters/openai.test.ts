import { describe, expect, it } from "vitest";
import { createOpenAIToolSearch, type OpenAIToolSearchOptions } from "../../src/adapters/openai.js";
import { TOOL_SEARCH_DESCRIPTION } from "../../src/tool/description.js";
import { toolSearchSchema } from "../../src/tool/tool-search-schema.js";
import type { ToolInfo, ToolNamespace } from "../../src/types.js";
import { deepFreeze } from "../helpers/deep-freeze.js";
import { createToyRanker } from "../helpers/toy-ranker.js";
import { AVAILABLE, CREATE, HINT, LIST, READ } from "./fixtures.js";

const POST = { type: "object", properties: { text: { type: "string" } } };

const TOOLS: readonly ToolInfo[] = deepFreeze([
	{ name: "read_file", description: "Read a file from disk.", parameters: READ },
	{ name: "github__create_issue", description: "Create a GitHub issue.", inputSchema: CREATE },
	{ name: "slack__post_message", description: "Post a Slack message.", parameters: POST },
	{ name: "github__list_issues", description: "List GitHub issues.", parameters: LIST },
	{ name: "weather__forecast", description: "Weather forecast for a city." },
]);

const NAMESPACES: Readonly<Record<string, ToolNamespace>> = deepFreeze({
	github: { name: "github", description: "GitHub: repositories and issues." },
	slack: { name: "slack" },
});
const namespaceOf = (tool: ToolInfo): ToolNamespace | undefined => NAMESPACES[tool.name.split("__")[0] ?? ""];

const BASE = JSON.parse(JSON.stringify(toolSearchSchema));
// OpenAI's tool_search declares a non-empty query (its output cannot carry a reason back).
const SCHEMA = {
	...BASE,
	properties: { ...BASE.properties, query: { ...BASE.properties.query, minLength: 1 } },
};
const EMPTY = { type: "object", properties: {} };

function create(options: Partial<OpenAIToolSearchOptions> = {}) {
	return createOpenAIToolSearch({
		tools: TOOLS,
		pinned: ["read_file"],
		ranker: createToyRanker(),
		...options,
	});
}

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const fn = (name: string, parameters: unknown, description?: string, deferred = true) => ({
	type: "function",
	name,
	...(description === undefined ? {} : { description }),
	parameters,
	strict: false,
	...(deferred ? { defer_loading: true } : {}),
});
const searchCall = (call_id: string, args: unknown) => ({
	type: "tool_search_call" as const,
	id: `ts_${call_id}`,
	call_id,
	execution: "client" as const,
	status: "completed" as const,
	arguments: args,
});
const chatCall = (id: string, name: string, args: string) => ({
	id,
	type: "function" as const,
	function: { name, arguments: args },
});

describe("Responses: tools", () => {
	it("sends a client tool_search, the pinned tools, then the rest with defer_loading: true", () => {
		expect(json(create().tools())).toEqual([
			{ type: "tool_search", execution: "client", description: TOOL_SEARCH_DESCRIPTION, parameters: SCHEMA },
			fn("read_file", READ, "Read a file from disk.", false),
			fn("github__create_issue", CREATE, "Create a GitHub issue."),
			fn("slack__post_message", POST, "Post a Slack message."),
			fn("github__list_issues", LIST, "List GitHub issues."),
			fn("weather__forecast", EMPTY, "Weather forecast for a city."),
		]);
	});

	it("groups tools in namespaces, each where its first tool is", () => {
		const tools = json(create({ namespaceOf }).tools()) as { name?: string }[];
		expect(tools.slice(1)).toEqual([
			fn("read_file", READ, "Read a file from disk.", false),
			{
				type: "namespace",
				name: "github",
				description: "GitHub: repositories and issues.",
				tools: [
					fn("github__create_issue", CREATE, "Create a GitHub issue."),
					fn("github__list_issues", LIST, "List GitHub issues."),
				],
			},
			{
				type: "namespace",
				name: "slack",
				description: "slack",
				tools: [fn("slack__post_message", POST, "Post a Slack message.")],
			},
			fn("weather__forecast", EMPTY, "Weather forecast for a city."),
		]);
	});

	it("leaves deferred tools out with declareDeferred: false", () => {
		expect(
			create({ declareDeferred: false })
				.tools()
				.map((tool) => tool.type === "function" && tool.name),
		).toEqual([false, "read_file"]);
	});

	it("has no tool_search and nothing deferred when search is off", () => {
		const tools = create({ policy: { mode: "off" } }).tools();
		expect(
			tools.map((tool) => (tool.type === "function" ? [tool.name, tool.defer_loading] : tool.type)),
		).toEqual(TOOLS.map((tool) => [tool.name, undefined]));
	});

	it("hands out copies: changing one does not change the next", () => {
		const search = create({ namespaceOf });
		const before = json(search.tools());
		const first = search.tools();
		for (const tool of first) if (tool.type === "namespace") tool.tools.pop();
		first.pop();
		expect(json(search.tools())).toEqual(before);
	});
});

describe("Responses: handleToolSearchCall", () => {
	it("answers with the tools found as deferred function tools in their namespaces", async () => {
		const search = create({ namespaceOf });
		const [output, ...rest] = await search.handleToolSearchCall(
			searchCall("call_1", { query: "github issue", limit: 2 }),
		);
		expect(rest).toEqual([]);
		expect(json(output)).toEqual({
			type: "tool_search_output",
			call_id: "call_1",
			execution: "client",
			status: "completed",
			tools: [
				{
					type: "namespace",
					name: "github",
					description: "GitHub: repositories and issues.",
					tools: [
						fn("github__create_issue", CREATE, "Create a GitHub issue."),
						fn("github__list_issues", LIST, "List GitHub issues."),
					],
				},
			],
		});
		expect(search.activeTools()).toEqual([
			"tool_search",
			"read_file",
			"github__create_issue",
			"github__list_issues",
		]);
	});

	it("sends tools without a namespace as plain function tools, in rank order", async () => {
		const [output] = await create({ namespaceOf }).handleToolSearchCall(
			searchCall("call_2", '{"query":"weather forecast slack"}'),
		);
		expect(json(output.tools)).toEqual([
			fn("weather__forecast", EMPTY, "Weather forecast for a city."),
			{
				type: "namespace",
				name: "slack",
				description: "slack",
				tools: [fn("slack__post_message", POST, "Post a Slack message.")],
			},
		]);
	});

	it("answers a search with no match with a completed output without tools", async () => {
		const search = create();
		expect(await search.handleToolSearchCall(searchCall("call_3", { query: "zebra" }))).toEqual([
			{ type: "tool_search_output", call_id: "call_3", execution: "client", status: "completed", tools: [] },
		]);
		expect(search.activeTools()).toEqual(["tool_search", "read_file"]);
	});

	it("answers bad arguments with an incomplete output and a developer message giving the reason", async () => {
		const search = create();
		for (const [args, reason] of [
			[{ query: "" }, "query must not be empty"],
			["{not json", "arguments must be an object"],
			[{ q: "weather" }, 'query is missing (got "q"'],
		] as const) {
			const items = await search.handleToolSearchCall(searchCall("call_4", args));
			expect(items[0]).toEqual({
				type: "tool_search_output",
				call_id: "call_4",
				execution: "client",
				status: "incomplete",
				tools: [],
			});
			expect(items[1]).toMatchObject({ type: "message", role: "developer" });
			expect(items[1]?.content).toContain("tool_search call call_4 failed. Error: ");
			expect(items[1]?.content).toContain(reason);
			expect(items[1]?.content).toContain('Call tool_search with {"query": "<what the tool should do>"');
		}
		expect(search.activeTools()).toEqual(["tool_search", "read_file"]);
	});

	it("declares that the query must not be empty", () => {
		const [searchTool] = create().tools();
		expect(searchTool).toMatchObject({
			type: "tool_search",
			parameters: { properties: { query: { minLength: 1 } } },
		});
	});

	it("throws for a server-executed call", async () => {
		await expect(
			create().handleToolSearchCall({ ...searchCall("c", {}), execution: "server" }),
		).rejects.toThrow(
			'tool-search: handleToolSearchCall answers client-executed calls, got execution "server"',
		);
	});
});

describe("Responses: activation round trip and guard", () => {
	it("with search off, answers tool_search calls with no tools and refuses nothing loaded", async () => {
		const search = create({ policy: { mode: "off" } });
		expect((await search.handleToolSearchCall(searchCall("c", { query: "issue" })))[0].tools).toEqual([]);
		expect(await search.guard({ call_id: "c", name: "slack__post_message" })).toBeUndefined();
		expect(search.activeTools()).toEqual(TOOLS.map((tool) => tool.name));
	});

	it("with autoActivate, lets a deferred function run and loads it", async () => {
		const search = create({ autoActivate: true });
		expect(await search.guard({ call_id: "c", name: "weather__forecast" })).toBeUndefined();
		expect(search.activeTools()).toEqual(["tool_search", "read_file", "weather__forecast"]);
	});

	it("refuses a deferred function until a search loads it", async () => {
		const search = createOpenAIToolSearch({ tools: TOOLS, pinned: ["read_file"], namespaceOf });
		const call = {
			type: "function_call" as const,
			call_id: "call_9",
			namespace: "github",
			name: "github__create_issue",
			arguments: "{}",
		};
		expect(await search.guard(call)).toEqual({
			type: "function_call_output",
			call_id: "call_9",
			output:
				'Tool "github__create_issue" is not loaded. Call tool_search with a query describing what you need (for example {"query": "create issue"}) to load it, then call it again.',
		});
		await search.handleToolSearchCall(searchCall("call_1", { query: "create a github issue", limit: 1 }));
		expect(await search.guard(call)).toBeUndefined();
		expect(await search.guard({ call_id: "call_10", name: "read_file" })).toBeUndefined();
		expect((await search.guard({ call_id: "call_11", name: "gihub__create_issue" }))?.output).toBe(
			'Tool "gihub__create_issue" does not exist. Did you mean: github__create_issue? Use tool_search to find tools.',
		);
	});
});

describe("Chat Completions", () => {
	it("sends tool_search and the active tools, more after each search", async () => {
		const search = create();
		expect(json(search.chatCompletionTools())).toEqual([
			{
				type: "function",
				function: { name: "tool_search", description: TOOL_SEARCH_DESCRIPTION, parameters: SCHEMA },
			},
			{
				type: "function",
				function: { name: "read_file", description: "Read a file from disk.", parameters: READ },
			},
		]);
		const message = await search.handleChatToolCall(
			chatCall("call_1", "tool_search", '{"query":"post slack message"}'),
		);
		expect(message).toEqual({
			role: "tool",
			tool_call_id: "call_1",
			content: [
				'{"query":"post slack message","activated_tools":["slack__post_message"],"match_count":1,"total_tools":4}',
				"- slack__post_message: Post a Slack message.",
				AVAILABLE,
			].join("\n"),
		});
		expect(json(search.chatCompletionTools().slice(2))).toEqual([
			{
				type: "function",
				function: { name: "slack__post_message", description: "Post a Slack message.", parameters: POST },
			},
		]);
	});

	it("answers bad arguments with the error text", async () => {
		const search = create();
		expect(await search.handleChatToolCall(chatCall("call_2", "tool_search", '{"query":'))).toEqual({
			role: "tool",
			tool_call_id: "call_2",
			content: `Error: arguments must be an object like {"query": "create github issue"}\n${HINT}`,
		});
		expect(
			(await search.handleChatToolCall(chatCall("call_3", "tool_search", '{"query":"a","limit":-1}')))
				?.content,
		).toBe(`Error: limit must be a positive integer\n${HINT}`);
	});

	it("guards other calls: undefined for active tools, an error message otherwise", async () => {
		const search = create();
		expect(await search.handleChatToolCall(chatCall("call_4", "read_file", "{}"))).toBeUndefined();
		expect(await search.handleChatToolCall(chatCall("call_5", "weather__forecast", "{}"))).toEqual({
			role: "tool",
			tool_call_id: "call_5",
			content:
				'Tool "weather__forecast" is not loaded. Call tool_search with a query describing what you need (for example {"query": "forecast"}) to load it, then call it again.',
		});
		await expect(search.handleChatToolCall({ id: "x" } as never)).rejects.toMatchObject({
			code: "INVALID_OPTIONS",
		});
	});

	it("shares one active set with the Responses API", async () => {
		const search = create();
		await search.handleToolSearchCall(searchCall("call_1", { query: "weather forecast", limit: 1 }));
		expect(search.chatCompletionTools().map((tool) => tool.function.name)).toEqual([
			"tool_search",
			"read_file",
			"weather__forecast",
		]);
	});
});

describe("options", () => {
	it.each([
		[{ tools: {} }, "tool-search: tools must be an array of tools, got {}"],
		[{ tools: [{ name: "tool_search" }] }, 'tool-search: tools[0] is named "tool_search", a reserved name'],
		[
			{ tools: [{ name: "a", inputSchema: [] }] },
			"tool-search: tools[0] must have an object JSON Schema, got []",
		],
		[{ tools: [], declareDeferred: 1 }, "tool-search: declareDeferred must be a boolean, got 1"],
		[{ tools: [], namespaceOf: "x" }, 'tool-search: namespaceOf must be a function, got "x"'],
		[
			{ tools: [], policy: { mode: "some" } },
			'tool-search: mode must be one of "off", "auto", "mcp-only", "all", got "some"',
		],
	])("rejects %j", (options, message) => {
		expect(() => createOpenAIToolSearch(options as never)).toThrow(message);
	});
});

describe("the pipeline (gates at surfacing and at execution, outcomes)", () => {
	const UNAVAILABLE =
		'Tool "github__create_issue" is not available right now, so the call did not run. Use tool_search to find another tool, or continue without it.';

	it("Responses: passes pipeline options on; an unavailable tool is not returned; ctx reaches the gate", async () => {
		const seen: unknown[] = [];
		const search = create({
			isAvailable: (name, ctx) => {
				seen.push(ctx);
				return name !== "github__create_issue";
			},
		});
		const [output] = await search.handleToolSearchCall(searchCall("c1", { query: "github issue" }), {
			ctx: "request-1",
		});
		expect(JSON.stringify(output.tools)).not.toContain("github__create_issue");
		expect(JSON.stringify(output.tools)).toContain("github__list_issues");
		expect(seen).toContain("request-1");
	});

	it("Responses and Chat: the guard refuses a stale call to a loaded tool the gate refuses now", async () => {
		const search = create({ isAvailable: (_name, ctx) => ctx !== "after-outage" });
		await search.handleToolSearchCall(searchCall("c1", { query: "create github issue", limit: 1 }));
		expect(await search.guard({ call_id: "c2", name: "github__create_issue" })).toBeUndefined();
		expect(
			await search.guard({ call_id: "c3", name: "github__create_issue" }, { ctx: "after-outage" }),
		).toEqual({
			type: "function_call_output",
			call_id: "c3",
			output: UNAVAILABLE,
		});
		const chatCall = {
			id: "c4",
			type: "function" as const,
			function: { name: "github__create_issue", arguments: "{}" },
		};
		expect(await search.handleChatToolCall(chatCall, { ctx: "after-outage" })).toEqual({
			role: "tool",
			tool_call_id: "c4",
			content: UNAVAILABLE,
		});
	});

	it("reports refusals itself and the calls the host ran through reportToolCall, linked to the discovery", async () => {
		const records: { type: string; tool?: string; status?: string; discovery_id?: unknown }[] = [];
		const search = create({ onTrace: (record) => void records.push(record) });
		await search.guard({ call_id: "c1", name: "github__create_issue" });
		await search.handleToolSearchCall(searchCall("c2", { query: "create github issue", limit: 1 }));
		const id = search.reportToolCall({ name: "github__create_issue", status: "error", toolCallId: "c3" });
		expect(records.map(({ type, tool, status }) => [type, tool, status])).toEqual([
			["outcome", "github__create_issue", "refused"],
			["discovery", undefined, undefined],
			["outcome", "github__create_issue", "error"],
		]);
		expect(id).toBe(records[1]?.discovery_id);
	});
});
