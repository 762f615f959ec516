/**
 * The MCP proxy in the meta-tools mode, driven by a real MCP SDK client: it lists `tool_search`
 * and `call_tool` only, never announces a list change, and `call_tool` checks and forwards calls.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	type CallToolResult,
	type JSONRPCMessage,
	ListToolsRequestSchema,
	type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { createMcpCatalog, createMcpProxyServer, serveMcpProxy } from "tool-search/mcp";
import { META_TOOL_SEARCH_DESCRIPTION } from "tool-search/meta-tools";
import { afterEach, describe, expect, it } from "vitest";
import { thrown } from "../helpers/thrown.js";

const FORECAST: Tool["inputSchema"] = {
	type: "object",
	properties: { city: { type: "string" }, days: { type: "integer", minimum: 1 } },
	required: ["city"],
};
const WEATHER: Tool[] = [
	{ name: "get_forecast", description: "Get the weather forecast for a city", inputSchema: FORECAST },
	{
		name: "get_alerts",
		description: "List severe weather alerts for a region",
		inputSchema: { type: "object" },
	},
];

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const close of cleanup.splice(0).reverse()) await close();
});

/** A real SDK server with the weather tools; calls answer `weather/<tool> <args>`. */
function weatherServer(): { server: Server; calls: unknown[] } {
	const server = new Server({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });
	const calls: unknown[] = [];
	server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: WEATHER }));
	server.setRequestHandler(CallToolRequestSchema, (request) => {
		calls.push(request.params);
		const text = `weather/${request.params.name} ${JSON.stringify(request.params.arguments)}`;
		return { content: [{ type: "text", text }] };
	});
	return { server, calls };
}

async function connect(server: Server): Promise<{ client: Client; wire: JSONRPCMessage[] }> {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "agent", version: "1.0.0" });
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

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

async function metaProxy() {
	const weather = weatherServer();
	const catalog = createMcpCatalog({ servers: { weather: (await connect(weather.server)).client } });
	await catalog.ready;
	const proxy = createMcpProxyServer({ catalog, mode: "meta-tools" });
	const { client, wire } = await connect(proxy);
	return { catalog, client, wire, calls: weather.calls };
}

describe('createMcpProxyServer({ mode: "meta-tools" })', () => {
	it("lists tool_search and call_tool only, before and after a search, and never sends list_changed", async () => {
		const { client, wire } = await metaProxy();
		const first = (await client.listTools()).tools;
		expect(first.map((tool) => [tool.name, tool.description])).toEqual([
			["tool_search", META_TOOL_SEARCH_DESCRIPTION],
			["call_tool", expect.stringContaining('{"name": "<tool name>", "arguments": {...}}')],
		]);
		await client.callTool({ name: "tool_search", arguments: { query: "weather forecast" } });
		expect((await client.listTools()).tools).toEqual(first);
		expect(
			wire.some((message) => "method" in message && message.method === "notifications/tools/list_changed"),
		).toBe(false);
	});

	it("shows the loaded tools' arguments and runs them through call_tool, checked against their schema", async () => {
		const { client, calls } = await metaProxy();
		const refused = await client.callTool({
			name: "call_tool",
			arguments: { name: "weather__get_forecast" },
		});
		expect([refused.isError, text(refused)]).toEqual([
			true,
			'Error: Tool "weather__get_forecast" is not loaded. Call tool_search with {"query":"select:weather__get_forecast"} to load it and see its arguments, then call it again.',
		]);
		expect(refused.structuredContent).toEqual({ name: "weather__get_forecast", status: "not_loaded" });

		const search = await client.callTool({
			name: "tool_search",
			arguments: { query: "select:weather__get_forecast" },
		});
		expect(text(search).split("\n").slice(1)).toEqual([
			"- weather__get_forecast: Get the weather forecast for a city",
			`  arguments: ${JSON.stringify(FORECAST)}`,
			'These tools are now loaded; run them with call_tool: {"name": "<tool name>", "arguments": {...}}.',
		]);
		expect(search.structuredContent).toMatchObject({
			activated_tools: ["weather__get_forecast"],
			ranked_by: "select",
		});

		const invalid = await client.callTool({
			name: "call_tool",
			arguments: { name: "weather__get_forecast", arguments: { days: 0 } },
		});
		expect([invalid.isError, text(invalid).split("\n").slice(0, 3)]).toEqual([
			true,
			[
				'Error: the arguments for "weather__get_forecast" do not match its schema:',
				'- arguments: missing required property "city"',
				"- arguments/days: must be >= 1",
			],
		]);
		expect(calls).toEqual([]);

		const ran = await client.callTool({
			name: "call_tool",
			arguments: { name: "weather__get_forecast", arguments: { city: "Oslo" } },
		});
		expect([ran.isError, text(ran)]).toEqual([undefined, 'weather/get_forecast {"city":"Oslo"}']);
		expect(calls).toEqual([{ name: "get_forecast", arguments: { city: "Oslo" } }]);
	});

	it("refuses a direct call to a catalogue tool, with the call_tool call to make", async () => {
		const { client } = await metaProxy();
		const direct = await client.callTool({ name: "weather__get_alerts", arguments: { region: "north" } });
		expect([direct.isError, text(direct)]).toEqual([
			true,
			'Error: "weather__get_alerts" is not listed: run it with call_tool {"name":"weather__get_alerts","arguments":{"region":"north"}}.',
		]);
	});

	it("runs through serveMcpProxy, and rejects an unknown mode", async () => {
		const weather = weatherServer();
		const catalog = createMcpCatalog({ servers: { weather: (await connect(weather.server)).client } });
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		const proxy = await serveMcpProxy({
			catalog,
			transport: serverSide,
			exit: false,
			signals: [],
			mode: "meta-tools",
		});
		const agent = new Client({ name: "agent", version: "1.0.0" });
		await agent.connect(clientSide);
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(["tool_search", "call_tool"]);
		await agent.close();
		await proxy.close();
		expect(thrown(() => createMcpProxyServer({ catalog, mode: "meta" as "meta-tools" })).message).toBe(
			'tool-search: mode must be "deferred-tools" or "meta-tools", got "meta"',
		);
	});
});
