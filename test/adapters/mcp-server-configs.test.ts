/**
 * Servers given as configurations (the `mcpServers` shapes): a streamable HTTP `url`, checked and
 * connected (against the real `@modelcontextprotocol/server-everything` over HTTP), and the proxy
 * applying a discovery policy to the tools its servers list.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createMcpCatalog, createMcpProxyServer, type McpClientLike, type McpTool } from "tool-search/mcp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { thrown } from "../helpers/thrown.js";

const EVERYTHING = fileURLToPath(
	new URL("../../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
);
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

describe("servers given as a url", () => {
	it.each([
		{
			description: "not a URL",
			server: { url: "mcp.example.com" },
			message: 'the url of server "x" must be an http: or https: URL, got "mcp.example.com"',
		},
		{
			description: "another protocol",
			server: { url: "ws://mcp.example.com/mcp" },
			message: 'the url of server "x" must be an http: or https: URL, got "ws://mcp.example.com/mcp"',
		},
		{
			description: "headers that are not strings",
			server: { url: "https://mcp.example.com/mcp", headers: { "X-Retries": 3 } },
			message: 'the headers of server "x" must be an object of strings, got {"X-Retries":3}',
		},
		{
			description: "both a command and a url",
			server: { command: "node", url: "https://mcp.example.com/mcp" },
			message: 'server "x" must have a command or a url, not both',
		},
	])("refuses $description", ({ server, message }) => {
		const error = thrown(() => createMcpCatalog({ servers: { x: server as never } }));
		expect([error.code, error.message]).toEqual(["INVALID_OPTIONS", `tool-search: ${message}`]);
	});

	it("connects over streamable HTTP, reconnecting until the server is up", { timeout: 30_000 }, async () => {
		const port = await freePort();
		const url = `http://127.0.0.1:${port}/mcp`;
		const errors: unknown[] = [];
		const catalog = createMcpCatalog({
			servers: { everything: { url, headers: { "X-Test": "1" } } },
			reconnect: { attempts: 20, initialDelayMs: 100, maxDelayMs: 500 },
			onError: ({ error }) => errors.push(error),
		});
		cleanup.push(() => catalog.close());
		// Nothing listens yet: the first connect fails and the server is down, reconnecting.
		await catalog.ready;
		expect(catalog.unavailable()).toMatchObject([{ server: "everything", reconnecting: true }]);
		expect(errors.length).toBeGreaterThan(0);

		const server = startEverything(port);
		cleanup.push(() => stop(server));
		await vi.waitFor(() => expect(catalog.getAllTools().length).toBeGreaterThan(0), {
			timeout: 20_000,
			interval: 100,
		});
		expect(catalog.getAllTools().map((tool) => tool.name)).toContain("everything__echo");
		expect(catalog.unavailable()).toEqual([]);
		const result = (await catalog.callTool("everything__echo", { message: "over http" })) as CallToolResult;
		expect(result.content).toEqual([{ type: "text", text: "Echo: over http" }]);
	});
});

describe("the proxy with a discovery policy", () => {
	const tools = (server: string, names: string[]): McpTool[] =>
		names.map((name) => ({
			name,
			description: `${name.replaceAll("_", " ")} on ${server}`,
			inputSchema: { type: "object" },
		}));
	const client = (list: McpTool[]): McpClientLike => ({
		listTools: async () => ({ tools: list }),
		callTool: async () => ({ content: [] }),
	});

	it.each([
		{
			description: "auto, few tools: every tool listed from the first tools/list",
			policy: { mode: "auto" as const },
			listed: ["tool_search", "weather__get_forecast", "weather__get_alerts", "github__create_issue"],
		},
		{
			description: "auto, more tools than maxTools: only tool_search",
			policy: { mode: "auto" as const, maxTools: 2 },
			listed: ["tool_search"],
		},
		{
			description: "all, with a pinned namespace: that namespace's tools",
			policy: { mode: "all" as const, pinnedNamespaces: ["github"] },
			listed: ["tool_search", "github__create_issue"],
		},
	])("lists what the policy loads ($description)", async ({ policy, listed }) => {
		const catalog = createMcpCatalog({
			servers: {
				weather: client(tools("weather", ["get_forecast", "get_alerts"])),
				github: client(tools("github", ["create_issue"])),
			},
		});
		// As serveMcpProxy does: the proxy exists before its servers are listed.
		const proxy = createMcpProxyServer({ catalog, toolSearch: { policy } });
		await catalog.ready;
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await proxy.connect(serverSide);
		const agent = new Client({ name: "agent", version: "1.0.0" });
		await agent.connect(clientSide);
		cleanup.push(() => agent.close());
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(listed);
	});
});

async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
		});
	});
}

function startEverything(port: number): ChildProcess {
	return spawn(process.execPath, [EVERYTHING, "streamableHttp"], {
		env: { ...process.env, PORT: String(port) },
		stdio: "ignore",
	});
}

async function stop(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once("exit", resolve));
	child.kill("SIGTERM");
	await exited;
}
