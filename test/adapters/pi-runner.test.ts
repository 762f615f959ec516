/**
 * `tool-search/pi` inside pi 1.x's real extension loader and runner, next to pi's real MCP
 * extension and a real stdio MCP server that takes a while to connect. pi's package root needs
 * Node 22, but its loader, runner and MCP extension load on Node 20 by file URL; what an
 * `AgentSession` does with the active set (exposure rules) is played by a small host here.
 */
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { PiToolSearchOptions } from "../../src/adapters/pi/types.js";
import { toolSearchExtension } from "../../src/adapters/pi.js";

const root = import.meta.resolve("@earendil-works/pi-coding-agent"); // resolved, not evaluated
// biome-ignore lint/suspicious/noExplicitAny: pi's internal modules are loaded by URL, untyped
const load = (path: string): Promise<any> => import(new URL(path, root).href);
const SERVER = fileURLToPath(new URL("../fixtures/slow-mcp-server.mjs", import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: pi's runner and definitions, untyped here
type Any = any;

interface Session {
	notices: string[];
	active(): string[];
	search(query: string): Promise<{ text: string; details: Any; ms: number }>;
	shutdown(): Promise<void>;
}

async function startSession(
	options: PiToolSearchOptions,
	extra?: (api: Any) => void,
	mcpFirst = false,
): Promise<Session> {
	const { createExtensionRuntime, loadExtensionFromFactory, ExtensionRunner } = await load(
		"./core/extensions/index.js",
	);
	const { createEventBus } = await load("./core/event-bus.js");
	const { SessionManager } = await load("./core/session-manager.js");
	const { createMcpExtension } = await load("./extensions/mcp/index.js");
	const mcp = createMcpExtension({
		loadConfig: () => ({
			errors: [],
			servers: [
				{
					name: "gh",
					source: "test",
					scope: "global",
					config: { command: process.execPath, args: [SERVER], env: { DELAY: "800" }, exposure: "deferred" },
				},
			],
		}),
	});
	const cwd = process.cwd();
	const bus = createEventBus();
	const runtime = createExtensionRuntime();
	const ours: [(api: Any) => void, string] = [
		toolSearchExtension(options) as (api: Any) => void,
		"<tool-search>",
	];
	const factories: [(api: Any) => void, string][] = mcpFirst
		? [[mcp, "<mcp>"], ours]
		: [ours, [mcp, "<mcp>"]];
	if (extra !== undefined) factories.push([extra, "<extra>"]);
	const extensions = [];
	for (const [factory, name] of factories) {
		extensions.push(await loadExtensionFromFactory(factory, cwd, bus, runtime, name));
	}
	const runner = new ExtensionRunner(extensions, runtime, cwd, SessionManager.inMemory(), {} as Any);
	// The host: what AgentSession does with exposure (hidden never active; only direct and
	// model-only tools active from registration).
	let active: string[] = [];
	const definitions = (): Any[] => runner.getAllRegisteredTools().map((tool: Any) => tool.definition);
	const exposureOf = (name: string) => definitions().find((d) => d.name === name)?.exposure ?? "direct";
	const known = new Set<string>();
	const refresh = () => {
		for (const d of definitions()) {
			if (known.has(d.name)) continue;
			known.add(d.name);
			if (["direct", "model-only"].includes(d.exposure ?? "direct") && d.defaultActive !== false)
				active.push(d.name);
		}
	};
	refresh();
	const none = () => {
		throw new Error("not part of this test");
	};
	runner.bindCore(
		{
			sendMessage: none,
			sendUserMessage: none,
			appendEntry: () => {},
			setSessionName: () => {},
			getSessionName: () => undefined,
			setLabel: () => {},
			getActiveTools: () => [...active],
			setActiveTools: (names: string[]) => {
				active = [...new Set(names)].filter(
					(name) => definitions().some((d) => d.name === name) && exposureOf(name) !== "hidden",
				);
			},
			refreshTools: refresh,
			getCommands: () => [],
			setModel: async () => false,
			getThinkingLevel: () => "off",
			setThinkingLevel: () => {},
			getSettings: () => ({}),
			getAllTools: () =>
				definitions().map((d) => ({
					name: d.name,
					description: d.description,
					parameters: d.parameters,
					exposure: d.exposure ?? "direct",
					namespace: d.namespace,
					reachesTools: d.reachesTools,
					sourceInfo: {},
				})),
		},
		{
			getModel: () => undefined,
			getScopedModels: () => [],
			isIdle: () => true,
			isProjectTrusted: () => true,
			getSignal: () => undefined,
			abort: () => {},
			hasPendingMessages: () => false,
			shutdown: () => {},
			getContextUsage: () => undefined,
			compact: () => {},
			getSystemPrompt: () => "",
		},
	);
	const notices: string[] = [];
	runner.setUIContext(
		{ notify: (message: string, level: string) => notices.push(`${level}: ${message}`) } as Any,
		"print",
	);
	await runner.emit({ type: "session_start", reason: "startup" });
	return {
		notices,
		active: () => [...active],
		async search(query) {
			const started = Date.now();
			const input = { query };
			// As pi runs a tool call: tool_call handlers first (the MCP extension waits there), then execute.
			await runner.emitToolCall({ type: "tool_call", toolCallId: "c1", toolName: "tool_search", input });
			const definition = runner.getToolDefinition("tool_search");
			const result = await definition.execute(
				"c1",
				input,
				undefined,
				undefined,
				runner.createToolContext("c1", undefined),
			);
			return { text: result.content[0].text, details: result.details, ms: Date.now() - started };
		},
		async shutdown() {
			await runner.emit({ type: "session_shutdown", reason: "quit" });
		},
	};
}

let session: Session | undefined;
afterEach(async () => {
	await session?.shutdown();
	session = undefined;
});

describe("tool-search/pi in pi 1.x's runner with its MCP extension and a slow MCP server", () => {
	it("is reachable for MCP tools (no warning) and a first search waits for the connecting server", async () => {
		session = await startSession({});
		expect(session.notices.filter((notice) => notice.includes("only reachable"))).toEqual([]);
		expect(session.active()).toContain("tool_search");
		const { details } = await session.search("create github issue");
		expect(details.activated_tools[0]).toBe("mcp__gh__create_issue");
		expect(details.total_tools).toBe(3);
		expect(session.active()).toContain("mcp__gh__create_issue");
	}, 30_000);

	it("keeps tool_search active under an mcp-only policy before the MCP tools exist", async () => {
		// MCP extension first: it cannot switch tool_search back on after our session_start.
		session = await startSession({ policy: { mode: "mcp-only" } }, undefined, true);
		expect(session.active()).toContain("tool_search");
		const { details } = await session.search("list repository issues");
		expect(details.activated_tools[0]).toBe("mcp__gh__list_issues");
	}, 30_000);

	it("never reports a hidden tool as activated", async () => {
		session = await startSession({}, (api) =>
			api.registerTool({
				name: "github_hidden_issue_tool",
				label: "hidden",
				description: "Create a github issue (withdrawn)",
				parameters: { type: "object", properties: {} },
				exposure: "hidden",
				execute: async () => ({ content: [], details: {} }),
			}),
		);
		const { details, text } = await session.search("create github issue");
		expect(details.activated_tools).not.toContain("github_hidden_issue_tool");
		expect(text).not.toContain("github_hidden_issue_tool");
		expect(session.active()).not.toContain("github_hidden_issue_tool");
	}, 30_000);
});
