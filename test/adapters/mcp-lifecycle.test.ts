/**
 * The MCP proxy as a process, run the README way (`npx tsx proxy.ts`, or `node --import tsx`) with
 * real stdio servers behind it: no process may outlive the client closing it or a signal. And a
 * backing server that dies: its tools are withdrawn, said so, and come back when it restarts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { type CallToolResult, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { createMcpCatalog, type McpCatalog } from "tool-search/mcp";
import { afterEach, describe, expect, it, vi } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PROXY = join(ROOT, "test/fixtures/mcp-proxy.ts");
const SERVER = join(ROOT, "test/fixtures/pid-mcp-server.mjs");

let pidDir: string;
const cleanup: (() => Promise<void> | void)[] = [];

function newPidDir(): string {
	pidDir = mkdtempSync(join(tmpdir(), "tool-search-mcp-"));
	return pidDir;
}

/** The pids the fixtures wrote: `proxy` and `server-<name>` processes. */
function pids(prefix: string): number[] {
	return readdirSync(pidDir)
		.filter((file) => file.startsWith(`${prefix}-`))
		.map((file) => Number(file.slice(file.lastIndexOf("-") + 1)));
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
	// Whatever happened, kill every process a fixture recorded.
	if (pidDir !== undefined) {
		for (const pid of [...pids("proxy"), ...pids("server")]) if (alive(pid)) process.kill(pid, "SIGKILL");
		rmSync(pidDir, { recursive: true, force: true });
	}
});

const text = (result: unknown) =>
	((result as CallToolResult).content as { text: string }[]).map((part) => part.text).join("\n");

/** Waits until every process is gone, at most `ms`; returns those still alive. */
async function survivors(all: number[], ms: number): Promise<number[]> {
	const until = Date.now() + ms;
	while (Date.now() < until && all.some(alive)) await new Promise((resolve) => setTimeout(resolve, 50));
	return all.filter(alive);
}

describe("the proxy process, started the README way", () => {
	it("exits with every backing server when its client closes (npx tsx)", { timeout: 30_000 }, async () => {
		const dir = newPidDir();
		const transport = new StdioClientTransport({
			command: "npx",
			args: ["tsx", PROXY],
			cwd: ROOT,
			env: { ...(process.env as Record<string, string>), PID_DIR: dir },
			stderr: "ignore",
		});
		const client = new Client({ name: "lifecycle-test", version: "1.0.0" });
		cleanup.push(() => client.close().catch(() => undefined));
		await client.connect(transport);
		const npxPid = transport.pid as number;

		expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["tool_search", "alpha__echo"]);
		const found = await client.callTool({
			name: "tool_search",
			arguments: { query: "echo text beta", limit: 1 },
		});
		expect((found.structuredContent as { activated_tools: string[] }).activated_tools).toEqual([
			"beta__echo",
		]);
		expect(text(await client.callTool({ name: "beta__echo", arguments: { text: "hi" } }))).toBe("beta: hi");

		const all = [npxPid, ...pids("proxy"), ...pids("server")];
		expect(all).toHaveLength(4); // npx, the proxy, alpha, beta
		await client.close(); // ends the proxy's stdin; SIGTERMs npx (only) after 2 s
		expect(await survivors(all, 5000)).toEqual([]);
		// The proxy left on stdin EOF, not because the SDK signalled npx after its 2 s grace.
		const [proxyPid] = pids("proxy");
		expect(readFileSync(join(dir, `reason-${proxyPid}`), "utf8")).toMatch(/^stdin (end|close)$/);
	});

	for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
		it(`exits with every backing server on ${signal}, even servers that ignore stdin EOF`, {
			timeout: 30_000,
		}, async () => {
			const dir = newPidDir();
			const proxy: ChildProcess = spawn(process.execPath, ["--import", "tsx", PROXY], {
				cwd: ROOT,
				env: { ...process.env, PID_DIR: dir, STUBBORN: "1" },
				stdio: ["pipe", "pipe", "ignore"],
			});
			cleanup.push(() => {
				if (proxy.exitCode === null && proxy.signalCode === null) proxy.kill("SIGKILL");
			});
			const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
				proxy.once("exit", (code, sig) => resolve([code, sig])),
			);
			// The proxy is up once both servers are: they write their pids before answering.
			await vi.waitFor(() => expect(pids("server")).toHaveLength(2), { timeout: 15_000, interval: 50 });
			const all = [proxy.pid as number, ...pids("server")];
			proxy.kill(signal);
			// A stubborn server gets SIGTERM 2 s after its stdin closes.
			expect(await survivors(all, 6000)).toEqual([]);
			expect(await exited).toEqual([0, null]);
		});
	}

	it("exits with its servers when its stdin closes, stdout kept open", { timeout: 30_000 }, async () => {
		const dir = newPidDir();
		const proxy = spawn(process.execPath, ["--import", "tsx", PROXY], {
			cwd: ROOT,
			env: { ...process.env, PID_DIR: dir },
			stdio: ["pipe", "pipe", "ignore"],
		});
		cleanup.push(() => {
			if (proxy.exitCode === null && proxy.signalCode === null) proxy.kill("SIGKILL");
		});
		const exited = new Promise<number | null>((resolve) => proxy.once("exit", (code) => resolve(code)));
		await vi.waitFor(() => expect(pids("server")).toHaveLength(2), { timeout: 15_000, interval: 50 });
		const all = [proxy.pid as number, ...pids("server")];
		proxy.stdin?.end();
		expect(await survivors(all, 1500)).toEqual([]);
		expect(await exited).toBe(0);
	});
});

describe("a backing server that dies", () => {
	async function startCatalog(reconnect: false | { initialDelayMs: number }): Promise<McpCatalog> {
		const dir = newPidDir();
		const catalog = createMcpCatalog({
			servers: {
				alpha: {
					command: process.execPath,
					args: [SERVER],
					env: { PID_DIR: dir, NAME: "alpha" },
					stderr: "ignore",
				},
				beta: {
					command: process.execPath,
					args: [SERVER],
					env: { PID_DIR: dir, NAME: "beta" },
					stderr: "ignore",
				},
			},
			reconnect,
		});
		cleanup.push(() => catalog.close());
		await catalog.ready;
		return catalog;
	}

	it("is withdrawn, named in tool_search results, its calls answered clearly, and restarted", {
		timeout: 20_000,
	}, async () => {
		const catalog = await startCatalog({ initialDelayMs: 300 });
		const { createMcpProxyServer } = await import("tool-search/mcp");
		const { InMemoryTransport } = await import("@modelcontextprotocol/sdk/inMemory.js");
		const proxy = createMcpProxyServer({ catalog, autoActivate: true });
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await proxy.connect(serverSide);
		const agent = new Client({ name: "agent", version: "1.0.0" });
		await agent.connect(clientSide);
		cleanup.push(() => agent.close());
		let listChanged = 0;
		agent.setNotificationHandler(ToolListChangedNotificationSchema, () => {
			listChanged++;
		});
		const events: string[] = [];
		catalog.on("change", ({ server, added, removed }) =>
			events.push(`change ${server} +${added} -${removed}`),
		);
		catalog.on("error", ({ server, error }) => events.push(`error ${server}: ${(error as Error).message}`));

		expect(text(await agent.callTool({ name: "alpha__echo", arguments: { text: "x" } }))).toBe("alpha: x");
		const [alphaPid] = pids("server-alpha");
		await agent.listTools();
		const before = listChanged;
		// Dies mid-call: the in-flight call gets a clear error result, not "Connection closed".
		const crashed = await agent.callTool({ name: "alpha__crash", arguments: {} });
		expect(crashed.isError).toBe(true);
		expect(text(crashed)).toMatch(
			/^Tool "alpha__crash" is unavailable: its MCP server "alpha" is down \(connection closed\)/,
		);
		expect(events).toEqual([
			'error alpha: MCP server "alpha" closed its connection',
			"change alpha + -alpha__echo,alpha__crash",
		]);
		expect(catalog.getAllTools().map((tool) => tool.name)).toEqual(["beta__echo", "beta__crash"]);
		expect(catalog.unavailable()).toEqual([
			{
				server: "alpha",
				reason: "connection closed",
				tools: ["alpha__echo", "alpha__crash"],
				reconnecting: true,
			},
		]);
		await vi.waitFor(() => expect(listChanged).toBe(before + 2)); // alpha__crash activated, then withdrawn
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(["tool_search"]);

		// Not searchable, and the model is told why.
		const search = await agent.callTool({ name: "tool_search", arguments: { query: "echo text alpha" } });
		expect(text(search).split("\n").at(-1)).toBe(
			'Note: MCP server "alpha" (connection closed; reconnecting) is unavailable, so its tools cannot be found or called right now.',
		);
		expect((search.structuredContent as { activated_tools: string[] }).activated_tools).toEqual([
			"beta__echo",
		]);
		expect((search.structuredContent as { unavailable_servers: string[] }).unavailable_servers).toEqual([
			"alpha",
		]);
		const call = await agent.callTool({ name: "alpha__echo", arguments: { text: "x" } });
		expect([call.isError, text(call)]).toEqual([
			true,
			'Tool "alpha__echo" is unavailable: its MCP server "alpha" is down (connection closed). It is reconnecting; try again in a moment.',
		]);

		// Restarted: a new process, its tools back, the client told.
		await vi.waitFor(() => expect(catalog.getAllTools()).toHaveLength(4), { timeout: 5000, interval: 50 });
		expect(catalog.unavailable()).toEqual([]);
		expect(pids("server-alpha").filter((pid) => pid !== alphaPid)).toHaveLength(1);
		expect(alive(alphaPid as number)).toBe(false);
		expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual([
			"tool_search",
			"alpha__echo",
			"alpha__crash",
			"beta__echo",
		]);
		expect(text(await agent.callTool({ name: "alpha__echo", arguments: { text: "back" } }))).toBe(
			"alpha: back",
		);
		const search2 = await agent.callTool({ name: "tool_search", arguments: { query: "echo" } });
		expect(text(search2)).not.toContain("unavailable");
		await vi.waitFor(() => expect(listChanged).toBe(before + 4)); // beta__echo found, then alpha back
	});

	it("stays down without reconnect, says so, and close() stops every server", {
		timeout: 20_000,
	}, async () => {
		const catalog = await startCatalog(false);
		const [alphaPid] = pids("server-alpha");
		const [betaPid] = pids("server-beta");
		process.kill(alphaPid as number, "SIGKILL");
		await vi.waitFor(() => expect(catalog.unavailable()).toHaveLength(1), { timeout: 5000, interval: 20 });
		expect(catalog.unavailable()[0]?.reconnecting).toBe(false);
		expect(text(await catalog.callTool("alpha__echo", { text: "x" }))).toBe(
			'Tool "alpha__echo" is unavailable: its MCP server "alpha" is down (connection closed). Use tool_search to find another tool.',
		);
		await catalog.close();
		await catalog.close();
		expect(await survivors([betaPid as number], 3000)).toEqual([]);
	});
});
