/**
 * `tool-search mcp --config <file>` as a process, driven over stdio by a real MCP SDK client, in
 * front of real servers: the reference servers `@modelcontextprotocol/server-memory`,
 * `-filesystem` and `-everything` (installed as dev dependencies, run with node), a server that
 * crashes on demand (test/fixtures/pid-mcp-server.mjs) and one whose tool list changes
 * (test/fixtures/changing-mcp-server.mjs).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { type CallToolResult, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = join(ROOT, "src/cli/main.ts");
const reference = (name: string) =>
	join(ROOT, `node_modules/@modelcontextprotocol/server-${name}/dist/index.js`);
const fixture = (name: string) => join(ROOT, `test/fixtures/${name}`);

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

interface Proxy {
	client: Client;
	dir: string;
	stderr: () => string;
	listChanged: () => number;
	pid: number;
}

/** Writes `servers` as an mcpServers config and connects a client to `tool-search mcp` on it. */
async function startProxy(
	servers: (dir: string) => Record<string, unknown>,
	flags: string[] = [],
): Promise<Proxy> {
	const dir = mkdtempSync(join(tmpdir(), "tool-search-cli-mcp-"));
	cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
	const config = join(dir, "mcp.json");
	writeFileSync(config, JSON.stringify({ mcpServers: servers(dir) }, null, 2));
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: ["--import", "tsx", CLI, "mcp", "--config", config, ...flags],
		cwd: ROOT,
		stderr: "pipe",
	});
	let stderr = "";
	const err = transport.stderr as PassThrough | null;
	err?.on("data", (chunk) => {
		stderr += chunk;
	});
	const client = new Client({ name: "cli-test", version: "1.0.0" });
	let changes = 0;
	client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
		changes++;
	});
	await client.connect(transport);
	cleanup.push(() => client.close().catch(() => undefined));
	return { client, dir, stderr: () => stderr, listChanged: () => changes, pid: transport.pid as number };
}

const listed = async (proxy: Proxy) => (await proxy.client.listTools()).tools.map((tool) => tool.name);
const text = (result: unknown) =>
	((result as CallToolResult).content as { text: string }[]).map((part) => part.text).join("\n");
async function search(proxy: Proxy, query: string, limit = 3): Promise<string[]> {
	const result = (await proxy.client.callTool({
		name: "tool_search",
		arguments: { query, limit },
	})) as CallToolResult;
	return (result.structuredContent as { activated_tools: string[] }).activated_tools;
}

describe("tool-search mcp --config (reference servers)", () => {
	it("puts tool_search in front of memory, filesystem and everything, and forwards calls", {
		timeout: 60_000,
	}, async () => {
		const proxy = await startProxy((dir) => ({
			memory: {
				command: "node",
				args: [reference("memory")],
				env: { MEMORY_FILE_PATH: join(dir, "memory.jsonl") },
			},
			filesystem: { command: "node", args: [reference("filesystem"), dir] },
			everything: { command: "node", args: [reference("everything")] },
			"not-this-one": { command: "does-not-exist", disabled: true },
		}));
		expect(await listed(proxy)).toEqual(["tool_search"]);
		expect(proxy.stderr()).toMatch(
			/ready in [\d.]+ s: \d+ tools from 3 of 3 servers; serving tool_search on stdio/,
		);
		expect(proxy.stderr()).toContain("(disabled: not-this-one)");

		expect(await search(proxy, "create entities in the knowledge graph", 1)).toEqual([
			"memory__create_entities",
		]);
		await vi.waitFor(() => expect(proxy.listChanged()).toBeGreaterThan(0));
		expect(await listed(proxy)).toEqual(["tool_search", "memory__create_entities"]);
		const entities = [{ name: "Oslo", entityType: "city", observations: ["capital of Norway"] }];
		await proxy.client.callTool({ name: "memory__create_entities", arguments: { entities } });
		expect(await search(proxy, "read the whole knowledge graph", 1)).toEqual(["memory__read_graph"]);
		expect(text(await proxy.client.callTool({ name: "memory__read_graph", arguments: {} }))).toContain(
			"capital of Norway",
		);

		expect(await search(proxy, "write a new file", 1)).toEqual(["filesystem__write_file"]);
		const path = join(proxy.dir, "note.txt");
		await proxy.client.callTool({
			name: "filesystem__write_file",
			arguments: { path, content: "from the proxy" },
		});
		expect(readFileSync(path, "utf8")).toBe("from the proxy");

		expect(await search(proxy, "echo a message back", 1)).toEqual(["everything__echo"]);
		expect(
			text(await proxy.client.callTool({ name: "everything__echo", arguments: { message: "hi" } })),
		).toBe("Echo: hi");
		// A tool not found yet gets an error result naming tool_search.
		const early = (await proxy.client.callTool({
			name: "memory__delete_entities",
			arguments: {},
		})) as CallToolResult;
		expect([early.isError, text(early)]).toEqual([true, expect.stringContaining("tool_search")]);
	});

	it("restarts a server that crashes, and follows a server whose tool list changes", {
		timeout: 60_000,
	}, async () => {
		const proxy = await startProxy((dir) => ({
			crashy: {
				command: "node",
				args: [fixture("pid-mcp-server.mjs")],
				env: { NAME: "crashy", PID_DIR: dir },
			},
			changing: { command: "node", args: [fixture("changing-mcp-server.mjs")] },
		}));
		expect(await search(proxy, "crash the server process", 1)).toEqual(["crashy__crash"]);
		const crashed = (await proxy.client.callTool({ name: "crashy__crash", arguments: {} })) as CallToolResult;
		expect(crashed.isError).toBe(true);
		await vi.waitFor(
			() => expect(proxy.stderr()).toContain('MCP server crashy: MCP server "crashy" closed its connection'),
			{
				timeout: 10_000,
			},
		);
		// Restarted with backoff: its tools come back, and the found tool is listed again.
		await vi.waitFor(async () => expect(await listed(proxy)).toContain("crashy__crash"), {
			timeout: 15_000,
			interval: 100,
		});
		expect(await search(proxy, "echo a text", 1)).toEqual(["crashy__echo"]);
		expect(text(await proxy.client.callTool({ name: "crashy__echo", arguments: { text: "back" } }))).toBe(
			"crashy: back",
		);

		expect(await search(proxy, "add a new tool", 1)).toEqual(["changing__add_tool"]);
		await proxy.client.callTool({ name: "changing__add_tool", arguments: { name: "translate_text" } });
		await vi.waitFor(
			() => expect(proxy.stderr()).toContain("MCP server changing: tools +1 (changing__translate_text)"),
			{
				timeout: 10_000,
			},
		);
		expect(await search(proxy, "translate text", 1)).toEqual(["changing__translate_text"]);
		expect(text(await proxy.client.callTool({ name: "changing__translate_text", arguments: {} }))).toBe(
			"translate_text ran",
		);
	});

	it("--meta-tools lists tool_search and call_tool only, and call_tool forwards a loaded tool's call", {
		timeout: 60_000,
	}, async () => {
		const proxy = await startProxy(
			(dir) => ({
				memory: {
					command: "node",
					args: [reference("memory")],
					env: { MEMORY_FILE_PATH: join(dir, "memory.jsonl") },
				},
			}),
			["--meta-tools"],
		);
		expect((await listed(proxy)).sort()).toEqual(["call_tool", "tool_search"]);
		expect(await search(proxy, "create entities in the knowledge graph", 1)).toEqual([
			"memory__create_entities",
		]);
		const refused = await proxy.client.callTool({
			name: "call_tool",
			arguments: { name: "memory__read_graph", arguments: {} },
		});
		expect(text(refused)).toContain("select:memory__read_graph");
		await search(proxy, "select:memory__read_graph");
		const read = await proxy.client.callTool({
			name: "call_tool",
			arguments: { name: "memory__read_graph", arguments: {} },
		});
		expect((read as CallToolResult).isError).not.toBe(true);
		expect(text(read)).toContain("entities");
		expect(await listed(proxy)).toHaveLength(2);
		expect(proxy.listChanged()).toBe(0);
	});

	it("follows --policy and --pinned, and exits with its servers when the client leaves", {
		timeout: 60_000,
	}, async () => {
		const proxy = await startProxy(
			(dir) => ({
				alpha: {
					command: "node",
					args: [fixture("pid-mcp-server.mjs")],
					env: { NAME: "alpha", PID_DIR: dir },
				},
				changing: { command: "node", args: [fixture("changing-mcp-server.mjs")] },
			}),
			["--policy", "auto", "--pinned", "alpha__echo"],
		);
		// auto, 3 tools (at most 40): every tool is listed from the start.
		expect((await listed(proxy)).sort()).toEqual([
			"alpha__crash",
			"alpha__echo",
			"changing__add_tool",
			"tool_search",
		]);
		const pidFile = readdirSync(proxy.dir).find((file) => file.startsWith("server-alpha-"));
		const serverPid = Number(pidFile?.slice("server-alpha-".length));
		expect(alive(serverPid)).toBe(true);
		await proxy.client.close();
		await vi.waitFor(() => expect([alive(proxy.pid), alive(serverPid)]).toEqual([false, false]), {
			timeout: 10_000,
			interval: 50,
		});
		expect(proxy.stderr()).toContain("stopped (stdin");
	});

	it.each([
		{
			flags: [],
			message: "missing --config <file> (an mcpServers configuration) (see: tool-search mcp --help)",
		},
		{ flags: ["--config", "nope.json"], message: "cannot read MCP configuration nope.json: no such file" },
		{
			flags: ["--config", "package.json"],
			message: 'package.json is not an MCP client configuration: expected an object with "mcpServers"',
		},
	])("fails in one line: $message", async ({ flags, message }) => {
		const run = spawnSync(process.execPath, ["--import", "tsx", CLI, "mcp", ...flags], {
			cwd: ROOT,
			encoding: "utf8",
		});
		expect([run.status, run.stdout, run.stderr]).toEqual([
			flags.length === 0 ? 2 : 1,
			"",
			`tool-search: ${message}\n`,
		]);
	});
});

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}
