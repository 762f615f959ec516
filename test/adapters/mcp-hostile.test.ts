/**
 * A hostile MCP server (a 10,000-deep `inputSchema`, a 5 MB description), real and over in-memory
 * transports, must not take the catalogue or the proxy down, nor the other servers behind them:
 * its listing fails at worst, it keeps its last known tools, and nothing rejects unhandled.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	type CallToolResult,
	ListToolsRequestSchema,
	type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { createMcpCatalog, createMcpProxyServer, type McpCatalogError, serveMcpProxy } from "tool-search/mcp";
import { describe, expect, it, vi } from "vitest";
import { cleanup, rejections, settle, watchRejections } from "./mcp-hostile-helpers.js";

const DEPTH = 10_000;

/** A fresh `{ type: "object", properties: { next: ... } }` chain `depth` levels deep, ending in `leaf`. */
function deepSchema(depth: number, leaf = "string"): Tool["inputSchema"] {
	let schema: Record<string, unknown> = { type: leaf };
	for (let level = 0; level < depth; level++) schema = { type: "object", properties: { next: schema } };
	return schema as Tool["inputSchema"];
}

const WEATHER: Tool[] = [
	{
		name: "get_forecast",
		description: "Get the weather forecast for a city",
		inputSchema: { type: "object", properties: { city: { type: "string" } } },
	},
];

/** The hostile server's tools, built anew for each listing as a real transport would. */
function hostileTools(leaf = "string"): Tool[] {
	return [
		{ name: "deep", description: "A tool with a very deep schema", inputSchema: deepSchema(DEPTH, leaf) },
		{ name: "huge", description: "x".repeat(5_000_000), inputSchema: { type: "object" } },
		{ name: "ping", description: "Answer pong", inputSchema: { type: "object" } },
	];
}

/** A real SDK server; `tools()` is called on each `tools/list`. Calls answer `server/name`. */
function downstream(name: string, tools: () => Tool[]) {
	const state = { listCalls: 0, tools };
	const server = new Server({ name, version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
	server.setRequestHandler(ListToolsRequestSchema, () => {
		state.listCalls++;
		return { tools: state.tools() };
	});
	server.setRequestHandler(CallToolRequestSchema, (request) => ({
		content: [{ type: "text", text: `${name}/${request.params.name}` }],
	}));
	return { server, state };
}

watchRejections();

async function connect(server: Server): Promise<Client> {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "test", version: "1.0.0" });
	await client.connect(clientSide);
	cleanup.push(async () => {
		await client.close();
		await server.close();
	});
	return client;
}

/** A weather server and the hostile one, both real SDK servers over in-memory transports. */
async function setup() {
	const weather = downstream("weather", () => WEATHER);
	const hostile = downstream("hostile", () => hostileTools());
	return {
		weather,
		hostile,
		clients: { weather: await connect(weather.server), hostile: await connect(hostile.server) },
	};
}

const ALL = ["weather__get_forecast", "hostile__deep", "hostile__huge", "hostile__ping"];

describe("a hostile server behind the catalogue", () => {
	it("lists and re-lists a 10,000-deep schema and a 5 MB description; other servers untouched", async () => {
		const { clients } = await setup();
		const errors: McpCatalogError[] = [];
		const catalog = createMcpCatalog({ servers: clients, onError: (error) => errors.push(error) });
		cleanup.push(() => catalog.close());
		expect((await catalog.ready).added).toEqual(ALL);
		const before = catalog.getAllTools();

		// The same definitions, as new objects: nothing changed, the same objects are kept.
		expect(await catalog.refresh()).toEqual({ added: [], removed: [], updated: [], errors: [] });
		expect(catalog.getAllTools()).toBe(before);
		expect(errors).toEqual([]);
		expect(await catalog.callTool("weather__get_forecast", { city: "Oslo" })).toEqual({
			content: [{ type: "text", text: "weather/get_forecast" }],
		});
		expect(await catalog.callTool("hostile__ping")).toEqual({
			content: [{ type: "text", text: "hostile/ping" }],
		});
	});

	it("tells a change 10,000 levels down from none", async () => {
		const { hostile, clients } = await setup();
		const catalog = createMcpCatalog({ servers: clients });
		cleanup.push(() => catalog.close());
		await catalog.ready;
		const [weatherTool, , huge, ping] = catalog.getAllTools();
		hostile.state.tools = () => hostileTools("number");
		expect(await catalog.refresh("hostile")).toEqual({
			added: [],
			removed: [],
			updated: ["hostile__deep"],
			errors: [],
		});
		const after = catalog.getAllTools();
		expect([after[0], after[2], after[3]]).toEqual([weatherTool, huge, ping]);
		expect(after[0]).toBe(weatherTool);
		expect(after[3]).toBe(ping);
	});

	it("follows its list_changed without an unhandled rejection", async () => {
		const { weather, hostile, clients } = await setup();
		const errors: McpCatalogError[] = [];
		const catalog = createMcpCatalog({ servers: clients, onError: (error) => errors.push(error) });
		cleanup.push(() => catalog.close());
		await catalog.ready;
		const before = catalog.getAllTools();
		await hostile.server.sendToolListChanged();
		await vi.waitFor(() => expect(hostile.state.listCalls).toBe(2));
		await catalog.refresh("hostile"); // waits for the refresh list_changed started
		await settle();
		expect([rejections, errors]).toEqual([[], []]);
		expect(catalog.getAllTools()).toBe(before);
		expect(weather.state.listCalls).toBe(1);
	});
});

describe("a hostile server behind the proxy", () => {
	/** The proxy over the weather and hostile servers, both pinned, and an agent connected to it. */
	async function proxySetup() {
		const { weather, hostile, clients } = await setup();
		const catalog = createMcpCatalog({ servers: clients });
		cleanup.push(() => catalog.close());
		await catalog.ready;
		const proxy = createMcpProxyServer({ catalog, pinned: ["weather__get_forecast", "hostile__ping"] });
		const agent = await connect(proxy);
		const call = async (name: string) => (await agent.callTool({ name, arguments: {} })) as CallToolResult;
		return { weather, hostile, catalog, agent, call };
	}

	it("keeps serving every server through the hostile one's list_changed", async () => {
		const { hostile, catalog, agent, call } = await proxySetup();
		hostile.state.tools = () => hostileTools("number");
		const updated = new Promise((resolve) => catalog.on("change", resolve));
		await hostile.server.sendToolListChanged();
		expect(await updated).toEqual({ server: "hostile", added: [], removed: [], updated: ["hostile__deep"] });
		await settle();
		expect(rejections).toEqual([]);
		const listed = (await agent.listTools()).tools.map((tool) => tool.name);
		expect(listed).toEqual(["tool_search", "weather__get_forecast", "hostile__ping"]);
		expect((await call("weather__get_forecast")).content).toEqual([
			{ type: "text", text: "weather/get_forecast" },
		]);
		expect((await call("hostile__ping")).content).toEqual([{ type: "text", text: "hostile/ping" }]);
	});

	it("serveMcpProxy stays up, and closes once, with the hostile server behind it", async () => {
		const { hostile, clients } = await setup();
		const exits: number[] = [];
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		const proxy = await serveMcpProxy({
			servers: clients,
			pinned: ["weather__get_forecast"],
			transport: serverSide,
			exit: (code) => exits.push(code),
			signals: [],
			onError: () => undefined,
		});
		cleanup.push(() => proxy.close());
		const agent = new Client({ name: "agent", version: "1.0.0" });
		await agent.connect(clientSide);
		await hostile.server.sendToolListChanged();
		await vi.waitFor(() => expect(hostile.state.listCalls).toBe(2));
		await proxy.catalog.refresh("hostile");
		await settle();
		expect(rejections).toEqual([]);
		const result = (await agent.callTool({ name: "weather__get_forecast", arguments: {} })) as CallToolResult;
		expect(result.content).toEqual([{ type: "text", text: "weather/get_forecast" }]);
		expect(exits).toEqual([]);
		await agent.close();
		expect(await proxy.closed).toBe("transport close");
		await vi.waitFor(() => expect(exits).toEqual([0]));
	});

	it("serveMcpProxy exits even when a catalogue of yours fails to close", async () => {
		const { clients } = await setup();
		const catalog = createMcpCatalog({ servers: clients });
		cleanup.push(() => catalog.close());
		const failing = { ...catalog, close: () => Promise.reject(new Error("close failed")) };
		const exits: number[] = [];
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		const proxy = await serveMcpProxy({
			catalog: failing,
			transport: serverSide,
			exit: (code) => exits.push(code),
			signals: [],
		});
		const agent = new Client({ name: "agent", version: "1.0.0" });
		await agent.connect(clientSide);
		await agent.close(); // the transport closes: the proxy shuts down from its onclose
		expect(await proxy.closed).toBe("transport close");
		await vi.waitFor(() => expect(exits).toEqual([0]));
		await settle();
		expect(rejections).toEqual([]);
	});
});
