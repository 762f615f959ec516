/**
 * A hostile MCP server (a 10,000-deep `inputSchema`, a 5 MB description, a throwing listing)
 * must not take the catalogue or the proxy down, nor the other servers behind them: its
 * listing fails at worst, it keeps its last known tools, and nothing rejects unhandled.
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
import {
	createMcpCatalog,
	createMcpProxyServer,
	type McpCatalog,
	type McpCatalogError,
	type McpClientLike,
	serveMcpProxy,
} from "tool-search/mcp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sameJson } from "../../src/adapters/mcp/mcp-listing.js";

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

const cleanup: (() => Promise<void>)[] = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown): void => {
	rejections.push(reason);
};
beforeEach(() => {
	rejections.length = 0;
	process.on("unhandledRejection", onRejection);
});
afterEach(async () => {
	for (const close of cleanup.splice(0).reverse()) await close();
	process.off("unhandledRejection", onRejection);
});

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

/** Lets every pending promise settle and Node report what was left unhandled. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const names = (catalog: McpCatalog) => catalog.getAllTools().map((tool) => tool.name);
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

/** A client of a hand-made server: its listing, list_changed and close do whatever a test says. */
function fakeClient(listing: () => unknown[]) {
	let notify: (() => void) | undefined;
	const fake = {
		listing,
		onclose: undefined as (() => void) | undefined,
		listTools: async () => ({ tools: fake.listing() }),
		callTool: async (params: { name: string }) => ({
			content: [{ type: "text", text: `ran ${params.name}` }],
		}),
		setNotificationHandler: (_schema: unknown, handler: () => void) => {
			notify = handler;
		},
		/** Sends `notifications/tools/list_changed`. */
		listChanged: () => notify?.(),
		/** The connection closes. */
		die: () => fake.onclose?.(),
	};
	return fake;
}
const client = (fake: object) => fake as unknown as McpClientLike;
const PING = [{ name: "ping", inputSchema: { type: "object" } }];

describe("a hostile client behind the catalogue", () => {
	it("reports a listing that throws as it is read, keeps the last tools, rejects nothing", async () => {
		const { clients } = await setup();
		const hostile = fakeClient(() => PING);
		const errors: McpCatalogError[] = [];
		const catalog = createMcpCatalog({
			servers: { weather: clients.weather, hostile: client(hostile) },
			onError: (error) => errors.push(error),
		});
		cleanup.push(() => catalog.close());
		await catalog.ready;
		const before = catalog.getAllTools();
		hostile.listing = () => [
			{
				get name(): string {
					throw new Error("hostile getter");
				},
			},
		];
		hostile.listChanged();
		await vi.waitFor(() => expect(errors).toHaveLength(1));
		const failure = { server: "hostile", error: new Error("hostile getter") };
		expect(await catalog.refresh("hostile")).toEqual({
			added: [],
			removed: [],
			updated: [],
			errors: [failure],
		});
		await settle();
		expect([rejections, errors]).toEqual([[], [failure, failure]]);
		expect(catalog.getAllTools()).toBe(before);
		expect(names(catalog)).toEqual(["weather__get_forecast", "hostile__ping"]);
	});

	it("lists a reconnected client it cannot subscribe to, and says so", async () => {
		const first = fakeClient(() => PING);
		const again = {
			...fakeClient(() => PING),
			setNotificationHandler: () => {
				throw new Error("no notifications here");
			},
		};
		const errors: string[] = [];
		const catalog = createMcpCatalog({
			servers: { hostile: client(first) },
			reconnect: { initialDelayMs: 1, connect: async () => client(again) },
			onError: ({ error }) => errors.push((error as Error).message),
		});
		cleanup.push(() => catalog.close());
		await catalog.ready;
		first.die();
		await vi.waitFor(() => expect(names(catalog)).toEqual(["hostile__ping"]));
		await settle();
		expect(rejections).toEqual([]);
		expect(errors).toEqual(['MCP server "hostile" closed its connection', "no notifications here"]);
		expect(catalog.unavailable()).toEqual([]);
	});

	it("closes quietly a client that connects after close() and throws as it closes", async () => {
		const first = fakeClient(() => PING);
		let connected: (client: McpClientLike) => void = () => undefined;
		let asked = false;
		const errors: McpCatalogError[] = [];
		const catalog = createMcpCatalog({
			servers: { hostile: client(first) },
			reconnect: {
				initialDelayMs: 1,
				connect: () => {
					asked = true;
					return new Promise((resolve) => {
						connected = resolve;
					});
				},
			},
		});
		await catalog.ready;
		first.die();
		await vi.waitFor(() => expect(asked).toBe(true));
		catalog.on("error", (error) => errors.push(error));
		const closed = catalog.close();
		let closes = 0;
		const late = fakeClient(() => PING);
		connected(
			client({
				...late,
				close: () => {
					closes++;
					throw new Error("close throws");
				},
			}),
		);
		await closed;
		await settle();
		expect([closes, rejections, errors]).toEqual([1, [], []]);
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

describe("sameJson on deep values", () => {
	it("compares 50,000-deep values without recursing, and still tells them apart", () => {
		const deep = (leaf: unknown) => {
			let value: unknown = leaf;
			for (let level = 0; level < 50_000; level++) value = level % 2 === 0 ? { a: value } : [1, value];
			return value;
		};
		expect(sameJson(deep("x"), deep("x"))).toBe(true);
		expect(sameJson(deep("x"), deep("y"))).toBe(false);
		expect(sameJson(deep({ a: 1, b: undefined }), deep({ a: 1 }))).toBe(true);
		expect(sameJson(deep([1, 2]), deep([1, 2, 3]))).toBe(false);
	});

	it("ends on cycles: a pair met again counts as equal", () => {
		const loop = (leaf: unknown) => {
			const value: Record<string, unknown> = { leaf };
			value.self = { back: value };
			return value;
		};
		expect(sameJson(loop(1), loop(1))).toBe(true);
		expect(sameJson(loop(1), loop(2))).toBe(false);
	});
});
