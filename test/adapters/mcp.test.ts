import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	type CallToolResult,
	type JSONRPCMessage,
	ListToolsRequestSchema,
	type Tool,
	ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
	createMcpCatalog,
	createMcpProxyServer,
	type McpCatalog,
	type McpCatalogError,
	type McpClientLike,
	type McpProxyServerOptions,
	serveMcpProxy,
} from "tool-search/mcp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sameJson } from "../../src/adapters/mcp/mcp-listing.js";
import type { ToolSearchError } from "../../src/errors.js";
import type { ActiveToolSet } from "../../src/host/types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { TOOL_SEARCH_DESCRIPTION } from "../../src/tool/description.js";
import { toolSearchSchema } from "../../src/tool/tool-search-schema.js";
import { thrown } from "../helpers/thrown.js";

// ---------------------------------------------------------------------------------------------
// Real SDK servers and clients over in-memory transports
// ---------------------------------------------------------------------------------------------

const schema = (...keys: string[]): Tool["inputSchema"] => ({
	type: "object",
	properties: Object.fromEntries(keys.map((key) => [key, { type: "string" }])),
	required: keys,
});

const WEATHER: Tool[] = [
	{ name: "get_forecast", description: "Get the weather forecast for a city", inputSchema: schema("city") },
	{
		name: "get_alerts",
		description: "List severe weather alerts for a region",
		inputSchema: schema("region"),
		annotations: { title: "Weather alerts", readOnlyHint: true },
	},
];
const GITHUB: Tool[] = [
	{
		name: "create_issue",
		description: "Create an issue in a GitHub repository",
		inputSchema: schema("repo", "title"),
	},
	{
		name: "list_pull_requests",
		description: "List the open pull requests of a repository",
		inputSchema: schema("repo"),
	},
];

interface Downstream {
	readonly server: Server;
	/** The tools the server lists; `setTools` replaces them and sends `list_changed`. */
	tools: Tool[];
	setTools(tools: Tool[]): Promise<void>;
	/** Makes `tools/list` fail with this message until set back to `undefined`. */
	failList: string | undefined;
	listCalls: number;
	calls: { name: string; arguments: unknown }[];
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const close of cleanup.splice(0).reverse()) await close();
});

/** A low-level SDK server listing `tools` `pageSize` at a time; calls answer `server/name {args}`. */
function downstream(
	name: string,
	tools: Tool[],
	options: { pageSize?: number; instructions?: string } = {},
): Downstream {
	const server = new Server(
		{ name, version: "1.0.0" },
		{
			capabilities: { tools: { listChanged: true } },
			...(options.instructions ? { instructions: options.instructions } : {}),
		},
	);
	const state: Downstream = {
		server,
		tools,
		failList: undefined,
		listCalls: 0,
		calls: [],
		async setTools(next) {
			state.tools = next;
			await server.sendToolListChanged();
		},
	};
	const pageSize = options.pageSize ?? 100;
	server.setRequestHandler(ListToolsRequestSchema, (request) => {
		state.listCalls++;
		if (state.failList !== undefined) throw new Error(state.failList);
		const start = Number(request.params?.cursor ?? "0");
		const end = start + pageSize;
		return {
			tools: state.tools.slice(start, end),
			...(end < state.tools.length ? { nextCursor: String(end) } : {}),
		};
	});
	server.setRequestHandler(CallToolRequestSchema, (request) => {
		state.calls.push({ name: request.params.name, arguments: request.params.arguments });
		if (request.params.name === "explode") throw new Error("boom");
		return {
			content: [
				{ type: "text", text: `${name}/${request.params.name} ${JSON.stringify(request.params.arguments)}` },
			],
		};
	});
	return state;
}

/** Connects a new SDK client to `server`; `wire` records every raw message the client receives. */
async function connect(server: Server): Promise<{ client: Client; wire: JSONRPCMessage[] }> {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "test", version: "1.0.0" });
	await client.connect(clientSide);
	const wire: JSONRPCMessage[] = [];
	const receive = clientSide.onmessage;
	clientSide.onmessage = (message, extra) => {
		wire.push(message);
		receive?.(message, extra);
	};
	cleanup.push(async () => {
		await client.close();
		await server.close();
	});
	return { client, wire };
}

async function setup(options: { pageSize?: number } = {}) {
	const weather = downstream("weather", [...WEATHER], options);
	const github = downstream("github", [...GITHUB], options);
	const clients = {
		weather: (await connect(weather.server)).client,
		github: (await connect(github.server)).client,
	};
	return { weather, github, clients };
}

const names = (catalog: McpCatalog) => catalog.getAllTools().map((tool) => tool.name);
const LIST_CHANGED = { jsonrpc: "2.0", method: "notifications/tools/list_changed" };
const SEARCH_TOOL = {
	name: "tool_search",
	title: "Tool search",
	description: TOOL_SEARCH_DESCRIPTION,
	inputSchema: JSON.parse(JSON.stringify(toolSearchSchema)),
};

// ---------------------------------------------------------------------------------------------
// createMcpCatalog
// ---------------------------------------------------------------------------------------------

describe("createMcpCatalog", () => {
	it("lists every page of every server as server__tool, servers in order, title from annotations", async () => {
		const { weather, clients } = await setup({ pageSize: 1 });
		const catalog = createMcpCatalog({ servers: clients });
		expect(await catalog.ready).toEqual({ added: [...names(catalog)], removed: [], updated: [], errors: [] });
		expect(weather.listCalls).toBe(2);
		expect(JSON.parse(JSON.stringify(catalog.getAllTools()))).toEqual([
			{
				name: "weather__get_forecast",
				description: "Get the weather forecast for a city",
				inputSchema: schema("city"),
			},
			{
				name: "weather__get_alerts",
				title: "Weather alerts",
				description: "List severe weather alerts for a region",
				inputSchema: schema("region"),
				annotations: { title: "Weather alerts", readOnlyHint: true },
			},
			{
				name: "github__create_issue",
				description: "Create an issue in a GitHub repository",
				inputSchema: schema("repo", "title"),
			},
			{
				name: "github__list_pull_requests",
				description: "List the open pull requests of a repository",
				inputSchema: schema("repo"),
			},
		]);
		expect(catalog.origin("github__create_issue")).toEqual({ server: "github", tool: "create_issue" });
		expect(catalog.origin("create_issue")).toBeUndefined();
		expect(catalog.namespaceOf({ name: "github__create_issue" })).toEqual({ name: "github" });
		expect(Object.isFrozen(catalog.getAllTools())).toBe(true);
	});

	it("takes { name, client } entries, a toolName function and a namespace function", async () => {
		const { clients } = await setup();
		const catalog = createMcpCatalog({
			servers: [
				{ name: "gh", client: clients.github },
				{ name: "wx", client: clients.weather },
			],
			toolName: (server, tool) => `${server}.${tool.name}`,
			namespace: (server) => ({ name: server, description: `The ${server} server` }),
		});
		await catalog.ready;
		expect(names(catalog)).toEqual([
			"gh.create_issue",
			"gh.list_pull_requests",
			"wx.get_forecast",
			"wx.get_alerts",
		]);
		expect(catalog.origin("wx.get_alerts")).toEqual({ server: "wx", tool: "get_alerts" });
		expect(catalog.namespaceOf({ name: "gh.create_issue" })).toEqual({
			name: "gh",
			description: "The gh server",
		});
		expect(catalog.namespaceOf({ name: "nope" })).toBeUndefined();
	});

	it("uses the server's instructions in the default namespace", async () => {
		const docs = downstream("docs", [WEATHER[0] as Tool], { instructions: "Forecasts for Norway." });
		const catalog = createMcpCatalog({ servers: { docs: (await connect(docs.server)).client } });
		await catalog.ready;
		expect(catalog.namespaceOf({ name: "docs__get_forecast" })).toEqual({
			name: "docs",
			instructions: "Forecasts for Norway.",
		});
	});

	it("routes callTool to the tool's server under its original name", async () => {
		const { weather, github, clients } = await setup();
		const catalog = createMcpCatalog({ servers: clients });
		await catalog.ready;
		const result = await catalog.callTool("github__create_issue", { repo: "acme/app", title: "Crash" });
		expect(result).toEqual({
			content: [{ type: "text", text: 'github/create_issue {"repo":"acme/app","title":"Crash"}' }],
		});
		await catalog.callTool("weather__get_alerts");
		expect(github.calls).toEqual([{ name: "create_issue", arguments: { repo: "acme/app", title: "Crash" } }]);
		expect(weather.calls).toEqual([{ name: "get_alerts", arguments: undefined }]);
		await expect(catalog.callTool("create_issue")).rejects.toThrow(
			'tool-search: no MCP tool is named "create_issue"',
		);
	});

	it("keeps unchanged tools as the same objects and reports only what changed", async () => {
		const { github, clients } = await setup();
		const catalog = createMcpCatalog({ servers: clients });
		await catalog.ready;
		const before = catalog.getAllTools();
		expect(await catalog.refresh()).toEqual({ added: [], removed: [], updated: [], errors: [] });
		expect(catalog.getAllTools()).toBe(before);

		const [createIssue, listPulls] = before.slice(2);
		github.tools = [
			{ ...(GITHUB[0] as Tool), description: "Open a new issue in a GitHub repository" },
			{
				...(GITHUB[1] as Tool),
				inputSchema: { required: ["repo"], properties: { repo: { type: "string" } }, type: "object" },
			},
			{
				name: "merge_pull_request",
				description: "Merge a pull request",
				inputSchema: schema("repo", "number"),
			},
		];
		expect(await catalog.refresh("github")).toEqual({
			added: ["github__merge_pull_request"],
			removed: [],
			updated: ["github__create_issue"],
			errors: [],
		});
		const after = catalog.getAllTools();
		expect(after).not.toBe(before);
		expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
		expect(after[0]).toBe(before[0]);
		expect(after[1]).toBe(before[1]);
		expect(after[2]).not.toBe(createIssue);
		expect(after[2]?.description).toBe("Open a new issue in a GitHub repository");
		expect(after[3]).toBe(listPulls); // same definition, keys in another order
	});

	it("follows a server's list_changed: search sees added and removed tools, other servers untouched", async () => {
		const { weather, github, clients } = await setup();
		const changes: unknown[] = [];
		const catalog = createMcpCatalog({ servers: clients, onChange: (change) => changes.push(change) });
		await catalog.ready;
		const weatherTools = catalog.getAllTools().slice(0, 2);
		// Each search starts from an empty active set, so every search can find every tool.
		let active: string[] = [];
		const toolSearch = createToolSearchTool({
			tools: {
				getAllTools: catalog.getAllTools,
				// The catalogue's version: search re-reads the tools only when it changes.
				getCatalogVersion: catalog.getCatalogVersion,
				getActiveTools: () => active,
				setActiveTools: (n) => (active = n),
			},
			namespaceOf: catalog.namespaceOf,
		});
		const search = async (query: string) => {
			active = [];
			return (await toolSearch.execute("1", { query, limit: 1 })).details as { activated_tools: string[] };
		};

		expect((await search("merge pull request")).activated_tools).toEqual(["github__list_pull_requests"]);
		const version = catalog.getCatalogVersion();
		await catalog.refresh("github"); // listed again, nothing changed: the same version
		expect(catalog.getCatalogVersion()).toBe(version);
		await github.setTools([
			...GITHUB,
			{ name: "merge_pull_request", description: "Merge a pull request", inputSchema: schema("repo") },
		]);
		await vi.waitFor(() => expect(names(catalog)).toContain("github__merge_pull_request"));
		expect(catalog.getCatalogVersion()).not.toBe(version);
		expect((await search("merge pull request")).activated_tools).toEqual(["github__merge_pull_request"]);

		await github.setTools([GITHUB[0] as Tool]);
		await vi.waitFor(() => expect(names(catalog)).not.toContain("github__merge_pull_request"));
		expect((await search("merge pull request")).activated_tools).not.toContain("github__merge_pull_request");
		expect(changes.slice(2)).toEqual([
			{ server: "github", added: ["github__merge_pull_request"], removed: [], updated: [] },
			{
				server: "github",
				added: [],
				removed: ["github__list_pull_requests", "github__merge_pull_request"],
				updated: [],
			},
		]);
		expect(weather.listCalls).toBe(1);
		expect(catalog.getAllTools().slice(0, 2)).toEqual(weatherTools);
		expect(catalog.getAllTools()[0]).toBe(weatherTools[0]);
	});

	it("keeps a server's last known tools when listing fails, reports the error, and recovers", async () => {
		const { weather, github, clients } = await setup();
		const reported: McpCatalogError[] = [];
		const catalog = createMcpCatalog({ servers: clients, onError: (error) => reported.push(error) });
		const viaOn: McpCatalogError[] = [];
		catalog.on("error", (error) => viaOn.push(error));
		await catalog.ready;
		const before = catalog.getAllTools();

		github.failList = "server restarting";
		const failed = await catalog.refresh();
		expect(failed.added).toEqual([]);
		expect(failed.removed).toEqual([]);
		expect(failed.errors).toHaveLength(1);
		expect(failed.errors[0]?.server).toBe("github");
		expect(String(failed.errors[0]?.error)).toContain("server restarting");
		expect(reported).toEqual(failed.errors);
		expect(viaOn).toEqual(failed.errors);
		expect(catalog.getAllTools()).toBe(before);
		expect(await catalog.callTool("github__create_issue", { repo: "r", title: "t" })).toBeDefined();

		github.failList = undefined;
		weather.tools = [WEATHER[0] as Tool];
		expect(await catalog.refresh()).toEqual({
			added: [],
			removed: ["weather__get_alerts"],
			updated: [],
			errors: [],
		});
		expect(catalog.getAllTools()[0]).toBe(before[0]);
		expect(catalog.getAllTools().slice(1)).toEqual(before.slice(2));
	});

	it("reports a failure when the client is not connected yet, then loads on refresh", async () => {
		const weather = downstream("weather", [...WEATHER]);
		const client = new Client({ name: "test", version: "1.0.0" });
		const catalog = createMcpCatalog({ servers: { weather: client } });
		const ready = await catalog.ready;
		expect(ready.errors.map((error) => [error.server, String(error.error)])).toEqual([
			["weather", "Error: Not connected"],
		]);
		expect(catalog.getAllTools()).toEqual([]);
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await weather.server.connect(serverSide);
		await client.connect(clientSide);
		cleanup.push(async () => client.close());
		expect((await catalog.refresh("weather")).added).toEqual([
			"weather__get_forecast",
			"weather__get_alerts",
		]);
	});

	it("merges refreshes asked for while one runs into a single follow-up", async () => {
		const { github, clients } = await setup();
		const catalog = createMcpCatalog({ servers: clients, subscribe: false });
		await catalog.ready;
		const first = catalog.refresh("github");
		const second = catalog.refresh("github");
		const third = catalog.refresh("github");
		await Promise.all([first, second, third]);
		expect(github.listCalls).toBe(3); // ready, first, one follow-up
	});

	it("does not follow list_changed with subscribe: false", async () => {
		const { github, clients } = await setup();
		const catalog = createMcpCatalog({ servers: clients, subscribe: false });
		await catalog.ready;
		await github.setTools([GITHUB[0] as Tool]);
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(github.listCalls).toBe(1);
		expect(names(catalog)).toContain("github__list_pull_requests");
	});

	it("setClient swaps a reconnected server's client, keeping unchanged tools identical", async () => {
		const { github, clients } = await setup();
		const catalog = createMcpCatalog({ servers: clients });
		await catalog.ready;
		const before = catalog.getAllTools();
		const old = clients.github as McpClientLike & Client;
		const removeHandler = vi.spyOn(old, "removeNotificationHandler");
		const again = downstream("github", [...GITHUB]);
		const reconnected = (await connect(again.server)).client;
		expect(await catalog.setClient("github", reconnected)).toEqual({
			added: [],
			removed: [],
			updated: [],
			errors: [],
		});
		expect(removeHandler).toHaveBeenCalledWith("notifications/tools/list_changed");
		expect(catalog.getAllTools()).toBe(before);
		await catalog.callTool("github__create_issue", { repo: "r", title: "t" });
		expect(again.calls).toHaveLength(1);
		expect(github.calls).toHaveLength(0);
		await again.setTools([GITHUB[1] as Tool]);
		await vi.waitFor(() => expect(names(catalog)).not.toContain("github__create_issue"));
	});

	it("reports a tool whose catalogue name is taken and keeps the first", async () => {
		const a = downstream("a", [WEATHER[0] as Tool]);
		const b = downstream("b", [WEATHER[0] as Tool, GITHUB[0] as Tool]);
		const catalog = createMcpCatalog({
			servers: { a: (await connect(a.server)).client, b: (await connect(b.server)).client },
			toolName: (_server, tool) => tool.name,
		});
		const { errors } = await catalog.ready;
		expect(names(catalog)).toEqual(["get_forecast", "create_issue"]);
		expect(catalog.origin("get_forecast")).toEqual({ server: "a", tool: "get_forecast" });
		expect(errors.map((error) => (error.error as ToolSearchError).message)).toEqual([
			'tool-search: tool "get_forecast" of "b" skipped: "get_forecast" is taken by "a"',
		]);
		expect(errors.map((error) => (error.error as ToolSearchError).code)).toEqual(["DUPLICATE_TOOL"]);
	});

	it("throws ToolSearchError INVALID_OPTIONS for malformed options", async () => {
		const { clients } = await setup();
		expect(thrown(() => createMcpCatalog({ servers: 3 as never })).message).toBe(
			"tool-search: servers must be an object of MCP clients or commands, or an array of { name, client }, got 3",
		);
		expect(thrown(() => createMcpCatalog({ servers: { x: {} as never } })).message).toBe(
			'tool-search: the client of server "x" must be an MCP client with listTools and callTool methods, or a { command, args } to start, or a { url }, got {}',
		);
		const twice = [
			{ name: "a", client: clients.github },
			{ name: "a", client: clients.weather },
		];
		const error = thrown(() => createMcpCatalog({ servers: twice }));
		expect([error.code, error.message]).toEqual([
			"INVALID_OPTIONS",
			'tool-search: duplicate server name "a" in servers',
		]);
		expect(thrown(() => createMcpCatalog({ servers: {}, toolName: "x" as never })).message).toBe(
			'tool-search: toolName must be a function, got "x"',
		);
		await expect(createMcpCatalog({ servers: clients }).refresh("gitlab")).rejects.toThrow(
			'tool-search: refresh: unknown server "gitlab"; the servers are ["weather","github"]',
		);
	});
});

describe("listAllTools", () => {
	it("reports a server that repeats a cursor and keeps what the catalogue had", async () => {
		let pages = 0;
		const looping: McpClientLike = {
			listTools: async () => ({
				tools: [{ name: `t${pages++}`, inputSchema: { type: "object" } }],
				nextCursor: "a",
			}),
			callTool: async () => ({ content: [] }),
		};
		const catalog = createMcpCatalog({ servers: { looping } });
		const { errors } = await catalog.ready;
		expect(errors.map((error) => String(error.error))).toEqual(['Error: tools/list repeated the cursor "a"']);
		expect(pages).toBe(2);
		expect(catalog.getAllTools()).toEqual([]);
	});
});

describe("inputs", () => {
	it("never mutates the options or what the client lists", async () => {
		const deepFreeze = <T>(value: T): T => {
			if (typeof value === "object" && value !== null) {
				for (const inner of Object.values(value)) deepFreeze(inner);
				Object.freeze(value);
			}
			return value;
		};
		const listed = deepFreeze({ tools: [...WEATHER] });
		const fake: McpClientLike = { listTools: async () => listed, callTool: async () => ({ content: [] }) };
		const catalog = createMcpCatalog(deepFreeze({ servers: deepFreeze({ weather: fake }) }));
		await catalog.ready;
		expect(names(catalog)).toEqual(["weather__get_forecast", "weather__get_alerts"]);
		expect(await catalog.refresh()).toEqual({ added: [], removed: [], updated: [], errors: [] });
		expect(listed.tools[1]).toEqual(WEATHER[1]);
	});
});

describe("sameJson", () => {
	it("compares JSON values by content, in any key order, undefined keys as absent", () => {
		expect(sameJson({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true);
		expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
		expect(sameJson([1, 2], [2, 1])).toBe(false);
		expect(sameJson({ a: 1 }, { a: "1" })).toBe(false);
		expect(sameJson({ a: [] }, { a: {} })).toBe(false);
	});
});

// ---------------------------------------------------------------------------------------------
// createMcpProxyServer
// ---------------------------------------------------------------------------------------------

async function proxySetup(
	options: {
		pinned?: string[];
		autoActivate?: boolean;
		host?: ActiveToolSet;
		toolSearch?: McpProxyServerOptions["toolSearch"];
	} = {},
) {
	const { weather, github, clients } = await setup();
	const catalog = createMcpCatalog({ servers: clients });
	await catalog.ready;
	const { client: agent, wire } = await connect(createMcpProxyServer({ catalog, ...options }));
	const notifications = () => wire.filter((message) => "method" in message);
	const call = async (name: string, args: Record<string, unknown> = {}) =>
		(await agent.callTool({ name, arguments: args })) as CallToolResult;
	return { weather, github, catalog, agent, wire, notifications, call };
}

/** The raw `result` of the last JSON-RPC response the agent received. */
function lastResult(wire: JSONRPCMessage[]): unknown {
	const responses = wire.filter((message) => "result" in message);
	return (responses.at(-1) as { result: unknown }).result;
}

describe("createMcpProxyServer", () => {
	it("lists tool_search alone, then tool_search and the activated tool with its definition", async () => {
		const { agent, wire, call } = await proxySetup();
		await agent.listTools();
		expect(lastResult(wire)).toEqual({ tools: [SEARCH_TOOL] });

		await call("tool_search", { query: "create github issue", limit: 1 });
		await agent.listTools();
		expect(lastResult(wire)).toEqual({
			tools: [
				SEARCH_TOOL,
				{
					name: "github__create_issue",
					description: "Create an issue in a GitHub repository",
					inputSchema: schema("repo", "title"),
				},
			],
		});
	});

	it("returns tool_search's result as a CallToolResult, details as structuredContent", async () => {
		const { wire, call } = await proxySetup();
		await call("tool_search", { query: "weather alerts", limit: 1 });
		expect(lastResult(wire)).toEqual({
			content: [
				{
					type: "text",
					text: [
						'{"query":"weather alerts","activated_tools":["weather__get_alerts"],"match_count":1,"total_tools":4}',
						"- weather__get_alerts: List severe weather alerts for a region",
						"These tools are now available; call them directly from your next call.",
					].join("\n"),
				},
			],
			structuredContent: {
				query: "weather alerts",
				limit: 1,
				total_tools: 4,
				activated_tools: ["weather__get_alerts"],
				active_selected_tools: ["weather__get_alerts"],
				ranked_by: "bm25",
				tools: [
					{
						name: "weather__get_alerts",
						label: "Weather alerts",
						description: "List severe weather alerts for a region",
						server_name: "weather",
						schema_keys: ["region"],
						score: expect.any(Number),
					},
				],
				unmatched_terms: [],
			},
		});
		await call("tool_search", { query: "  " });
		expect(lastResult(wire)).toEqual({
			content: [
				{
					type: "text",
					text: 'Error: query must not be empty\nCall tool_search with {"query": "<what the tool should do>", "limit": 8}.',
				},
			],
			structuredContent: { error: "query must not be empty", query: "  " },
			isError: true,
		});
	});

	it("sends list_changed exactly when the listed set grows", async () => {
		const { notifications, call, agent } = await proxySetup();
		await agent.listTools();
		await call("tool_search", { query: "zzzz qqqq" }); // nothing found
		expect(notifications()).toEqual([]);

		await call("tool_search", { query: "create github issue", limit: 1 });
		expect(notifications()).toEqual([LIST_CHANGED]);
		await call("github__create_issue", { repo: "r", title: "t" });
		await agent.listTools();
		await call("tool_search", { query: "zzzz" });
		expect(notifications()).toEqual([LIST_CHANGED]);

		await call("tool_search", { query: "weather forecast city", limit: 1 });
		expect(notifications()).toEqual([LIST_CHANGED, LIST_CHANGED]);
	});

	it("forwards calls to active tools under their original names and returns the result as is", async () => {
		const { github, wire, call } = await proxySetup();
		await call("tool_search", { query: "create github issue", limit: 1 });
		await call("github__create_issue", { repo: "acme/app", title: "Crash" });
		expect(github.calls).toEqual([{ name: "create_issue", arguments: { repo: "acme/app", title: "Crash" } }]);
		expect(lastResult(wire)).toEqual({
			content: [{ type: "text", text: 'github/create_issue {"repo":"acme/app","title":"Crash"}' }],
		});
	});

	it("answers a call to an unloaded tool and to an unknown tool with an error result, forwarding nothing", async () => {
		const { weather, github, wire, call, notifications } = await proxySetup();
		await call("weather__get_forecast", { city: "Oslo" });
		expect(lastResult(wire)).toEqual({
			content: [
				{
					type: "text",
					text: 'Tool "weather__get_forecast" is not loaded. Call tool_search with a query describing what you need (for example {"query": "get forecast"}) to load it, then call it again.',
				},
			],
			isError: true,
		});
		await call("github__create_isue");
		expect(lastResult(wire)).toEqual({
			content: [
				{
					type: "text",
					text: 'Tool "github__create_isue" does not exist. Did you mean: github__create_issue? Use tool_search to find tools.',
				},
			],
			isError: true,
		});
		expect([...weather.calls, ...github.calls]).toEqual([]);
		expect(notifications()).toEqual([]);
	});

	it("activates and forwards an unloaded tool with autoActivate, and says the list changed", async () => {
		const { weather, wire, call, agent, notifications } = await proxySetup({ autoActivate: true });
		await call("weather__get_forecast", { city: "Oslo" });
		expect(lastResult(wire)).toEqual({
			content: [{ type: "text", text: 'weather/get_forecast {"city":"Oslo"}' }],
		});
		expect(weather.calls).toEqual([{ name: "get_forecast", arguments: { city: "Oslo" } }]);
		expect(notifications()).toEqual([LIST_CHANGED]);
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual([
			"tool_search",
			"weather__get_forecast",
		]);
	});

	it("lists pinned tools from the start and never searches them", async () => {
		const { agent, call } = await proxySetup({ pinned: ["github__create_issue"] });
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual([
			"tool_search",
			"github__create_issue",
		]);
		const result = await call("tool_search", { query: "create github issue", limit: 1 });
		expect((result.structuredContent as { activated_tools: string[] }).activated_tools).not.toContain(
			"github__create_issue",
		);
		expect((await call("github__create_issue", { repo: "r", title: "t" })).isError).toBeUndefined();
	});

	it("lists pinned tools once their server loads, and says so to a connected client", async () => {
		const weather = downstream("weather", [...WEATHER]);
		weather.failList = "starting";
		const catalog = createMcpCatalog({ servers: { weather: (await connect(weather.server)).client } });
		expect((await catalog.ready).errors).toHaveLength(1);
		const proxy = createMcpProxyServer({ catalog, pinned: ["weather__get_alerts"] });
		const { client: agent, wire } = await connect(proxy);
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(["tool_search"]);
		weather.failList = undefined;
		await catalog.refresh("weather");
		expect(wire.filter((message) => "method" in message)).toEqual([LIST_CHANGED]);
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual([
			"tool_search",
			"weather__get_alerts",
		]);
	});

	it("uses the given host's active set", async () => {
		let active: string[] = ["weather__get_alerts"];
		const host: ActiveToolSet = {
			getActiveTools: () => active,
			setActiveTools: (next) => {
				active = next;
			},
		};
		const { agent, call } = await proxySetup({ host });
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual([
			"tool_search",
			"weather__get_alerts",
		]);
		await call("tool_search", { query: "create github issue", limit: 1 });
		expect(active).toEqual(["weather__get_alerts", "github__create_issue"]);
	});

	it("sends list_changed when an active tool changes on its server, not for an inactive one", async () => {
		const { github, weather, catalog, agent, call, notifications } = await proxySetup();
		await call("tool_search", { query: "create github issue", limit: 1 });
		await agent.listTools();
		expect(notifications()).toHaveLength(1);

		await weather.setTools([WEATHER[0] as Tool]); // get_alerts (inactive) removed
		await vi.waitFor(() => expect(names(catalog)).not.toContain("weather__get_alerts"));
		expect(notifications()).toHaveLength(1);

		const changed = { ...(GITHUB[0] as Tool), description: "Open an issue" };
		await github.setTools([changed, GITHUB[1] as Tool]);
		await vi.waitFor(() => expect(notifications()).toHaveLength(2));
		expect((await agent.listTools()).tools[1]).toEqual({ ...changed, name: "github__create_issue" });

		await github.setTools([GITHUB[1] as Tool]); // the active tool vanishes, and comes back
		await vi.waitFor(() => expect(notifications()).toHaveLength(3));
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(["tool_search"]);
		expect((await call("github__create_issue")).content).toEqual([
			{
				type: "text",
				text: 'Tool "github__create_issue" is not available right now: its MCP server no longer lists it.',
			},
		]);
		await github.setTools([...GITHUB]);
		await vi.waitFor(() => expect(notifications()).toHaveLength(4));
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual([
			"tool_search",
			"github__create_issue",
		]);
	});

	it("turns a failed forwarded call into an error result", async () => {
		const { call } = await proxySetup();
		const broken = downstream("broken", [{ name: "explode", inputSchema: { type: "object" } }]);
		const catalog = createMcpCatalog({ servers: { broken: (await connect(broken.server)).client } });
		await catalog.ready;
		const { client } = await connect(createMcpProxyServer({ catalog, autoActivate: true }));
		const result = (await client.callTool({ name: "broken__explode", arguments: {} })) as CallToolResult;
		expect(result).toEqual({
			content: [{ type: "text", text: "Error: calling broken__explode failed: MCP error -32603: boom" }],
			isError: true,
		});
		expect((await call("tool_search", { query: "forecast" })).isError).toBeUndefined();
	});

	it("works with the SDK client's own list_changed handling", async () => {
		const { agent, call } = await proxySetup();
		const seen: string[][] = [];
		agent.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
			seen.push((await agent.listTools()).tools.map((tool) => tool.name));
		});
		await call("tool_search", { query: "weather forecast city", limit: 1 });
		await vi.waitFor(() => expect(seen).toEqual([["tool_search", "weather__get_forecast"]]));
	});

	it("throws ToolSearchError INVALID_OPTIONS for malformed options", async () => {
		const catalog = createMcpCatalog({ servers: {} });
		expect(thrown(() => createMcpProxyServer({ catalog: {} as never })).message).toBe(
			"tool-search: catalog must have getAllTools, callTool, namespaceOf and on methods, got {}",
		);
		expect(thrown(() => createMcpProxyServer({ catalog, pinned: "x" as never })).message).toBe(
			'tool-search: pinned must be an array of tool names, got "x"',
		);
		expect(thrown(() => createMcpProxyServer({ catalog, host: {} as never })).code).toBe("INVALID_OPTIONS");
		expect(thrown(() => createMcpProxyServer({ catalog, toolSearch: { defaultLimit: 0 } })).message).toBe(
			"tool-search: defaultLimit must be a positive integer, got 0",
		);
	});
});

// ---------------------------------------------------------------------------------------------
// Servers that go down, closing, and serveMcpProxy
// ---------------------------------------------------------------------------------------------

/** A fake client whose connection can be closed like the SDK's (`onclose`, then `Not connected`). */
function closable(tools: Tool[]) {
	const fake = {
		closes: 0,
		connected: true,
		onclose: undefined as (() => void) | undefined,
		listTools: async () => {
			if (!fake.connected) throw new Error("Not connected");
			return { tools };
		},
		callTool: async (params: { name: string }) => {
			if (!fake.connected) throw new Error("Not connected");
			return { content: [{ type: "text" as const, text: `ran ${params.name}` }] };
		},
		async close() {
			fake.closes++;
			fake.die();
		},
		die() {
			if (!fake.connected) return;
			fake.connected = false;
			fake.onclose?.();
		},
	};
	return fake;
}

describe("servers that go down", () => {
	it("reconnects a client server through reconnect.connect with backoff, and gives up after attempts", async () => {
		const first = closable(WEATHER);
		const again = closable(WEATHER);
		const tries: number[] = [];
		const started = Date.now();
		const catalog = createMcpCatalog({
			servers: { weather: first },
			reconnect: {
				attempts: 3,
				initialDelayMs: 20,
				connect: async (server) => {
					tries.push(Date.now() - started);
					if (tries.length < 3) throw new Error(`${server} still down`);
					return again;
				},
			},
		});
		cleanup.push(() => catalog.close());
		await catalog.ready;
		const errors: string[] = [];
		catalog.on("error", ({ error }) => errors.push((error as Error).message));
		first.die();
		expect(names(catalog)).toEqual([]);
		expect(catalog.unavailable()).toEqual([
			{
				server: "weather",
				reason: "connection closed",
				tools: ["weather__get_forecast", "weather__get_alerts"],
				reconnecting: true,
			},
		]);
		await vi.waitFor(() => expect(names(catalog)).toEqual(["weather__get_forecast", "weather__get_alerts"]));
		expect(tries).toHaveLength(3);
		// 20, then 40, then 80 ms after each failure.
		expect((tries[1] as number) - (tries[0] as number)).toBeGreaterThanOrEqual(35);
		expect((tries[2] as number) - (tries[1] as number)).toBeGreaterThanOrEqual(75);
		expect(errors).toEqual([
			'MCP server "weather" closed its connection',
			"weather still down",
			"weather still down",
		]);
		expect(catalog.unavailable()).toEqual([]);
		expect(await catalog.callTool("weather__get_alerts")).toEqual({
			content: [{ type: "text", text: "ran get_alerts" }],
		});

		// Attempts in a row are bounded: after 3 failures the server stays down, until setClient.
		let more = 0;
		const flaky = createMcpCatalog({
			servers: { weather: closable(WEATHER) },
			reconnect: {
				attempts: 2,
				initialDelayMs: 1,
				connect: async () => {
					more++;
					throw new Error("down");
				},
			},
		});
		cleanup.push(() => flaky.close());
		await flaky.ready;
		const client = closable(WEATHER);
		await flaky.setClient("weather", client);
		client.die();
		await vi.waitFor(() => expect(flaky.unavailable()[0]?.reconnecting).toBe(false));
		expect(more).toBe(2);
		await flaky.setClient("weather", closable(WEATHER));
		expect(flaky.unavailable()).toEqual([]);
		expect(flaky.getAllTools()).toHaveLength(2);
	});

	it("answers a call that fails because the connection closed with an error result naming the server", async () => {
		const fake = closable(WEATHER);
		const frozen = Object.freeze({ ...fake, listTools: async () => ({ tools: WEATHER }) });
		const catalog = createMcpCatalog({ servers: { weather: frozen }, reconnect: false });
		await catalog.ready;
		fake.connected = false; // a frozen client cannot be watched: the failed call tells
		expect(await catalog.callTool("weather__get_forecast", { city: "Oslo" })).toEqual({
			content: [
				{
					type: "text",
					text: 'Tool "weather__get_forecast" is unavailable: the connection to its MCP server "weather" closed.',
				},
			],
			isError: true,
		});
	});

	it("close() closes every client once, cancels reconnects, and ignores the closes it causes", async () => {
		const weather = closable(WEATHER);
		const github = closable(GITHUB);
		let connects = 0;
		const catalog = createMcpCatalog({
			servers: { weather, github },
			reconnect: {
				initialDelayMs: 1,
				connect: async () => {
					connects++;
					return closable(WEATHER);
				},
			},
		});
		await catalog.ready;
		const errors: McpCatalogError[] = [];
		catalog.on("error", (error) => errors.push(error));
		await Promise.all([catalog.close(), catalog.close()]);
		await catalog.close();
		expect([weather.closes, github.closes]).toEqual([1, 1]);
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect([connects, errors, catalog.unavailable()]).toEqual([0, [], []]);
	});

	it("refuses malformed reconnect options and server commands", () => {
		expect(thrown(() => createMcpCatalog({ servers: {}, reconnect: { attempts: -1 } })).message).toBe(
			"tool-search: reconnect.attempts must be an integer >= 0, got -1",
		);
		expect(thrown(() => createMcpCatalog({ servers: {}, reconnect: true as never })).message).toBe(
			"tool-search: reconnect must be an object or false, got true",
		);
		expect(thrown(() => createMcpCatalog({ servers: { x: { command: "" } } })).message).toBe(
			'tool-search: the command of server "x" must not be empty',
		);
		expect(
			thrown(() => createMcpCatalog({ servers: { x: { command: "node", args: "a" as never } } })).message,
		).toBe('tool-search: the args of server "x" must be an array of strings, got "a"');
	});
});

describe("serveMcpProxy", () => {
	it("serves on the given transport and, when it closes, closes the catalogue once and exits once", async () => {
		const weather = closable(WEATHER);
		const exits: number[] = [];
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		const proxy = await serveMcpProxy({
			servers: { weather },
			transport: serverSide,
			exit: (code) => exits.push(code),
			signals: [],
		});
		const agent = new Client({ name: "agent", version: "1.0.0" });
		await agent.connect(clientSide);
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(["tool_search"]);
		await agent.close(); // closes the linked transport: the proxy's closes too
		expect(await proxy.closed).toBe("transport close");
		await proxy.close("again");
		expect([weather.closes, exits]).toEqual([1, [0]]);
	});

	it("takes a catalogue of yours instead of servers, and refuses both or neither", async () => {
		const catalog = createMcpCatalog({ servers: {} });
		await expect(serveMcpProxy({ catalog, servers: {} })).rejects.toThrow(
			"tool-search: give either catalog or servers, not both nor neither",
		);
		await expect(serveMcpProxy({})).rejects.toThrow("give either catalog or servers");
		const [, serverSide] = InMemoryTransport.createLinkedPair();
		const proxy = await serveMcpProxy({ catalog, transport: serverSide, exit: false, signals: [] });
		expect(proxy.catalog).toBe(catalog);
		await proxy.close();
		expect(await proxy.closed).toBe("close()");
	});
});

describe("createMcpProxyServer: the pipeline (gates at surfacing and at execution, outcomes)", () => {
	it("passes toolSearch's pipeline options on: an unavailable tool is not found; the request is the gate's ctx", async () => {
		const seen: unknown[] = [];
		const { call } = await proxySetup({
			toolSearch: {
				isAvailable: (name, ctx) => {
					seen.push(ctx);
					return name !== "github__create_issue";
				},
			},
		});
		const result = await call("tool_search", { query: "github issue pull request", limit: 1 });
		expect(result.structuredContent).toMatchObject({
			activated_tools: ["github__list_pull_requests"],
			discovery: { unavailable: ["github__create_issue"] },
		});
		expect(seen.some((ctx) => typeof (ctx as { requestId?: unknown })?.requestId === "number")).toBe(true);
	});

	it("refuses a stale call to an active tool the gate refuses now, without forwarding it", async () => {
		let up = true;
		const { call, github } = await proxySetup({ toolSearch: { isAvailable: () => up } });
		await call("tool_search", { query: "create github issue", limit: 1 });
		expect((await call("github__create_issue", { repo: "a", title: "b" })).isError).toBeUndefined();
		up = false;
		expect(await call("github__create_issue", { repo: "a", title: "b" })).toEqual({
			content: [
				{
					type: "text",
					text: 'Tool "github__create_issue" is not available right now, so the call did not run. Use tool_search to find another tool, or continue without it.',
				},
			],
			isError: true,
		});
		expect(github.calls).toHaveLength(1);
	});

	it("reports forwarded calls and refusals to onTrace, with the discovery that activated the tool", async () => {
		const records: { type: string; tool?: string; status?: string; discovery_id?: unknown }[] = [];
		const { call, github } = await proxySetup({
			toolSearch: { onTrace: (record) => void records.push(record) },
		});
		await call("github__create_issue", {});
		const found = await call("tool_search", { query: "create github issue", limit: 1 });
		await call("github__create_issue", { repo: "a", title: "b" });
		github.tools = [
			...GITHUB,
			{ name: "explode", description: "Create an issue, badly", inputSchema: schema() },
		];
		await call("tool_search", { query: "explode", limit: 1 }).catch(() => undefined);
		expect(records.map(({ type, tool, status }) => [type, tool, status]).slice(0, 3)).toEqual([
			["outcome", "github__create_issue", "refused"],
			["discovery", undefined, undefined],
			["outcome", "github__create_issue", "ok"],
		]);
		expect(records[2]?.discovery_id).toBe(
			(found.structuredContent as { discovery: { discovery_id: string } }).discovery.discovery_id,
		);
	});
});
