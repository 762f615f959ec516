import type { ExtensionToolContext, ToolDefinition, ToolInfo } from "@earendil-works/pi-coding-agent";
import { guardPiToolCalls, type PiExtensionApi, toolSearchExtension } from "tool-search/pi";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { PI_PROMPT_SNIPPET } from "../../src/adapters/pi/definition.js";
import { rewriteToolNotFound } from "../../src/adapters/pi/guard.js";
import { loadedNowMessage } from "../../src/adapters/shared/loaded-now-message.js";
import { ToolSearchError } from "../../src/errors.js";
import { TOOL_SEARCH_DESCRIPTION } from "../../src/tool/description.js";
import type { ToolSearchToolDetails } from "../../src/tool/format-result.js";
import { toolSearchSchema } from "../../src/tool/tool-search-schema.js";
import type { ToolRanker, ToolRankOptions } from "../../src/types.js";
import { thrown } from "../helpers/thrown.js";
import { AVAILABLE, HINT, TOOL_SEARCH_SCHEMA_JSON } from "./fixtures.js";

const CTX = Object.freeze({ cwd: "/work" }) as unknown as ExtensionToolContext;
const sourceInfo = Object.freeze({
	path: "<test>",
	source: "test",
	scope: "temporary",
	origin: "top-level",
} as const);

type Handler = (event: never, ctx: never) => unknown;

/** A fake of the five `ExtensionAPI` methods, with pi's behaviour and a log of `setActiveTools`. */
function fakePi(builtins: readonly string[] = ["read", "bash", "edit", "write"]) {
	let all: readonly ToolInfo[] = Object.freeze([]);
	let active: readonly string[] = Object.freeze([]);
	const definitions = new Map<string, ToolDefinition>();
	const handlers = new Map<string, Handler[]>();
	const setCalls: string[][] = [];
	const api: Omit<PiExtensionApi, "registerTool"> & { registerTool(tool: ToolDefinition): void } = {
		registerTool(tool) {
			definitions.set(tool.name, tool);
			const exposure = tool.exposure ?? "direct";
			const { name, description, parameters, namespace } = tool;
			const info = Object.freeze({
				name,
				description,
				parameters,
				exposure,
				sourceInfo,
				...(namespace === undefined ? {} : { namespace }),
			});
			all = Object.freeze([...all.filter((known) => known.name !== tool.name), info]);
			// pi 1.x: only direct and model-only tools are active from registration.
			if (exposure === "direct" || exposure === "model-only") active = Object.freeze([...active, tool.name]);
		},
		on(event: string, handler: Handler) {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
		},
		getAllTools: () => all as ToolInfo[],
		getActiveTools: () => active as string[],
		setActiveTools(names) {
			setCalls.push([...names]);
			// pi ignores unknown and hidden tools.
			active = Object.freeze(
				names.filter((name) => all.some((tool) => tool.name === name && tool.exposure !== "hidden")),
			);
		},
	};
	const fake = {
		api,
		definitions,
		handlers,
		setCalls,
		active: () => [...active],
		/** Registers a tool as another extension would (pi 1.x: with an exposure and a namespace). */
		tool(
			name: string,
			description: string,
			exposure?: "direct" | "deferred" | "hidden",
			namespace?: ToolDefinition["namespace"],
		) {
			api.registerTool({
				name,
				label: name,
				description,
				parameters: Type.Object({}),
				execute: async () => ({ content: [], details: {} }),
				...(exposure === undefined ? {} : { exposure }),
				...(namespace === undefined ? {} : { namespace }),
			});
		},
		async emit(type: string, event: object = {}): Promise<unknown[]> {
			const results: unknown[] = [];
			for (const handler of handlers.get(type) ?? []) {
				results.push(await handler({ type, ...event } as never, CTX as never));
			}
			return results;
		},
		search(params: unknown) {
			const definition = definitions.get("tool_search");
			if (definition === undefined) throw new Error("tool_search is not registered");
			return definition.execute("call-1", params, undefined, undefined, CTX);
		},
	};
	for (const name of builtins) fake.tool(name, `pi's built-in ${name} tool.`);
	return fake;
}

function notFound(toolName: string, overrides: object = {}) {
	return Object.freeze({
		role: "toolResult",
		toolCallId: "call-9",
		toolName,
		content: Object.freeze([Object.freeze({ type: "text", text: `Tool ${toolName} not found` })]),
		isError: true,
		timestamp: 1,
		...overrides,
	});
}

describe("toolSearchExtension: the registered definition", () => {
	it("registers tool_search with pi's shape: name, label, description, prompt snippet, JSON Schema", () => {
		const pi = fakePi([]);
		toolSearchExtension()(pi.api);
		const definition = pi.definitions.get("tool_search");
		expect(JSON.parse(JSON.stringify(definition))).toEqual({
			name: "tool_search",
			label: "Tool search",
			description: TOOL_SEARCH_DESCRIPTION,
			promptSnippet: PI_PROMPT_SNIPPET,
			parameters: TOOL_SEARCH_SCHEMA_JSON,
			exposure: "model-only",
		});
		expect(typeof definition?.execute).toBe("function");
		// pi 1.x: tool_search reaches every tool (pi's MCP extension waits for servers on its calls).
		expect(definition?.reachesTools?.({ query: "x" })).toBe("all");
	});

	it("registers the schema itself, plain JSON Schema", () => {
		const pi = fakePi([]);
		toolSearchExtension()(pi.api);
		expect(pi.definitions.get("tool_search")?.parameters).toBe(toolSearchSchema);
	});

	it("takes a custom description and prompt snippet", () => {
		const pi = fakePi([]);
		toolSearchExtension({ description: "Find tools.", promptSnippet: "Find more tools." })(pi.api);
		expect(pi.definitions.get("tool_search")).toMatchObject({
			description: "Find tools.",
			promptSnippet: "Find more tools.",
		});
	});
});

describe("toolSearchExtension: activation round trip", () => {
	it("activates matches through setActiveTools and returns pi's { content, details }", async () => {
		const pi = fakePi();
		toolSearchExtension({ guard: false })(pi.api);
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.");
		pi.tool("weather__get_forecast", "Get the weather forecast for a city.");
		pi.api.setActiveTools(["read", "bash", "tool_search"]);

		const result = await pi.search({ query: "weather forecast", limit: 1 });
		expect(pi.setCalls.at(-1)).toEqual(["read", "bash", "tool_search", "weather__get_forecast"]);
		expect(pi.active()).toEqual(["read", "bash", "tool_search", "weather__get_forecast"]);
		expect(JSON.parse(JSON.stringify(result))).toEqual({
			content: [
				{
					type: "text",
					text: [
						'{"query":"weather forecast","activated_tools":["weather__get_forecast"],"match_count":1,"total_tools":4}',
						"- weather__get_forecast: Get the weather forecast for a city.",
						AVAILABLE,
					].join("\n"),
				},
			],
			details: expect.objectContaining({
				query: "weather forecast",
				limit: 1,
				total_tools: 4,
				activated_tools: ["weather__get_forecast"],
				active_selected_tools: ["weather__get_forecast"],
			}),
		});
		expect(result).not.toHaveProperty("isError");

		await pi.search({ query: "create github issue" });
		expect(pi.active()).toEqual([
			"read",
			"bash",
			"tool_search",
			"weather__get_forecast",
			"github__create_issue",
		]);
	});

	it("rethrows an error result as Error(text), so pi marks the result failed", async () => {
		const pi = fakePi();
		toolSearchExtension()(pi.api);
		const error = await pi.search({ query: "   " }).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(Error);
		expect(ToolSearchError.isInstance(error)).toBe(false);
		expect((error as Error).message).toBe(`Error: query must not be empty\n${HINT}`);
		expect(pi.setCalls).toEqual([]);
	});

	it("passes pi's context to the ranker", async () => {
		const seen: (ToolRankOptions | undefined)[] = [];
		const ranker: ToolRanker = {
			rank(_query, documents, limit, options) {
				seen.push(options);
				return documents.slice(0, limit).map((document) => ({ name: document.name, score: 1 }));
			},
		};
		const pi = fakePi(["read"]);
		toolSearchExtension({ ranker })(pi.api);
		pi.tool("grep", "Search file contents.");
		pi.api.setActiveTools(["read", "tool_search"]);
		await pi.search({ query: "search contents" });
		expect(seen[0]?.ctx).toBe(CTX);
		expect(pi.active()).toEqual(["read", "tool_search", "grep"]);
	});
});

describe("toolSearchExtension: policy", () => {
	it("defers MCP tools at session_start and searches only them", async () => {
		const pi = fakePi();
		toolSearchExtension({ policy: { mode: "mcp-only" }, guard: false })(pi.api);
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.");
		pi.tool("slack__post_message", "Post a message to a Slack channel.");
		pi.tool("grep", "Search file contents for a pattern.");
		pi.api.setActiveTools([
			"read",
			"bash",
			"edit",
			"write",
			"tool_search",
			"github__create_issue",
			"slack__post_message",
		]);
		pi.setCalls.length = 0;

		await pi.emit("session_start", { reason: "startup" });
		expect(pi.setCalls).toEqual([["read", "bash", "edit", "write", "tool_search"]]);

		const result = await pi.search({ query: "search file contents grep" });
		expect(result.details).toMatchObject({ total_tools: 2, activated_tools: [] });

		await pi.search({ query: "post slack message" });
		expect(pi.active()).toEqual(["read", "bash", "edit", "write", "tool_search", "slack__post_message"]);
	});

	it("defers tools registered later once, and leaves activated ones alone", async () => {
		const pi = fakePi();
		toolSearchExtension({ policy: { mode: "mcp-only" } })(pi.api);
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.");
		await pi.emit("session_start", { reason: "startup" });
		await pi.search({ query: "create github issue" });
		expect(pi.active()).toEqual(["read", "bash", "edit", "write", "tool_search", "github__create_issue"]);

		pi.tool("weather__get_forecast", "Get the weather forecast for a city.");
		expect(pi.active()).toContain("weather__get_forecast");
		await pi.emit("before_agent_start", { prompt: "hi", systemPrompt: "" });
		expect(pi.active()).toEqual(["read", "bash", "edit", "write", "tool_search", "github__create_issue"]);

		const calls = pi.setCalls.length;
		await pi.emit("before_agent_start", { prompt: "again", systemPrompt: "" });
		expect(pi.setCalls).toHaveLength(calls);
	});

	it("keeps tool_search active while nothing is deferred yet (MCP servers connect after session_start)", async () => {
		const pi = fakePi();
		toolSearchExtension({ policy: { mode: "mcp-only" } })(pi.api);
		await pi.emit("session_start", { reason: "startup" });
		expect(pi.active()).toEqual(["read", "bash", "edit", "write", "tool_search"]);
		// The MCP server connects later; its tools are deferred before the first prompt.
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.");
		await pi.emit("before_agent_start");
		expect(pi.active()).toEqual(["read", "bash", "edit", "write", "tool_search"]);
		const result = await pi.definitions
			.get("tool_search")
			?.execute("1", { query: "github issue" }, undefined, undefined, CTX);
		expect(result?.details).toMatchObject({ activated_tools: ["github__create_issue"] });
	});

	it("switches tool_search off only for mode off", async () => {
		const auto = fakePi();
		toolSearchExtension({ policy: { mode: "auto" } })(auto.api);
		await auto.emit("session_start", { reason: "startup" });
		expect(auto.active()).toContain("tool_search");
		const off = fakePi();
		toolSearchExtension({ policy: { mode: "off" } })(off.api);
		await off.emit("session_start", { reason: "startup" });
		expect(off.active()).toEqual(["read", "bash", "edit", "write"]);
	});

	it("never searches, activates or reports a pi 1.x hidden tool", async () => {
		const pi = fakePi([]);
		toolSearchExtension()(pi.api);
		pi.tool("github__secret_issue_tool", "Create a GitHub issue (withdrawn).", "hidden");
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.", "deferred");
		const result = await pi.definitions
			.get("tool_search")
			?.execute("1", { query: "create github issue" }, undefined, undefined, CTX);
		expect(result?.details).toMatchObject({ activated_tools: ["github__create_issue"], total_tools: 1 });
		expect(JSON.stringify(result?.content)).not.toContain("secret");
		expect(pi.active()).toEqual(["tool_search", "github__create_issue"]);
	});
});

describe("guard: pi's 'Tool X not found' results", () => {
	it("installs a message_end handler by default, and none with guard: false", () => {
		const on = fakePi();
		toolSearchExtension()(on.api);
		expect(on.handlers.get("message_end")).toHaveLength(1);
		const off = fakePi();
		toolSearchExtension({ guard: false })(off.api);
		expect(off.handlers.has("message_end")).toBe(false);
	});

	it("rewrites a refused call to a deferred tool into the guard's message", async () => {
		const pi = fakePi();
		toolSearchExtension()(pi.api);
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.");
		pi.api.setActiveTools(["read", "tool_search"]);
		const message = notFound("github__create_issue");

		const [result] = await pi.emit("message_end", { message });
		expect(JSON.parse(JSON.stringify(result))).toEqual({
			message: {
				...message,
				content: [
					{
						type: "text",
						text: 'Tool "github__create_issue" is not loaded. Call tool_search with a query describing what you need (for example {"query": "create issue"}) to load it, then call it again.',
					},
				],
			},
		});
		expect(message.content[0]?.text).toBe("Tool github__create_issue not found");
	});

	it("answers an unknown name with the nearest names", () => {
		const pi = fakePi();
		pi.tool("github__create_issue", "Create an issue.");
		const rewritten = rewriteToolNotFound(notFound("github__create_isue"), pi.api);
		expect(rewritten?.content).toEqual([
			{
				type: "text",
				text: 'Tool "github__create_isue" does not exist. Did you mean: github__create_issue? Use tool_search to find tools.',
			},
		]);
	});

	it("tells the model to call again when the tool is loaded now (same-turn search, or autoActivate)", () => {
		const pi = fakePi();
		pi.tool("github__create_issue", "Create an issue.");
		expect(rewriteToolNotFound(notFound("github__create_issue"), pi.api)?.content).toEqual([
			{ type: "text", text: loadedNowMessage("github__create_issue") },
		]);

		pi.api.setActiveTools(["read"]);
		const rewritten = rewriteToolNotFound(notFound("github__create_issue"), pi.api, { autoActivate: true });
		expect(rewritten?.content).toEqual([
			{
				type: "text",
				text: 'Tool "github__create_issue" was not loaded, so the call did not run. It is loaded now: call it again.',
			},
		]);
		expect(pi.active()).toEqual(["read", "github__create_issue"]);
	});

	it("leaves every other message alone", async () => {
		const pi = fakePi();
		guardPiToolCalls(pi.api);
		const others = [
			notFound("write", { isError: false }),
			notFound("write", { content: [{ type: "text", text: "Tool bash not found" }] }),
			notFound("write", { content: [{ type: "text", text: "disk full" }] }),
			notFound("write", { role: "assistant" }),
			{ role: "user", content: "Tool write not found", timestamp: 1 },
		];
		for (const message of others) {
			expect(await pi.emit("message_end", { message })).toEqual([undefined]);
		}
	});
});

describe("toolSearchExtension: options", () => {
	it("checks options when called, not when pi loads the extension", () => {
		expect(thrown(() => toolSearchExtension("all" as never)).message).toBe(
			'tool-search: options must be an object, got "all"',
		);
		expect(thrown(() => toolSearchExtension({ guard: "yes" as never })).message).toBe(
			'tool-search: guard must be a boolean or an object, got "yes"',
		);
		expect(thrown(() => toolSearchExtension({ guard: { autoActivate: 1 as never } })).message).toBe(
			"tool-search: autoActivate must be a boolean, got 1",
		);
		expect(thrown(() => toolSearchExtension({ promptSnippet: " " })).message).toBe(
			'tool-search: promptSnippet must be a non-empty string, got " "',
		);
		expect(thrown(() => toolSearchExtension({ policy: { mode: "some" as never } })).code).toBe(
			"INVALID_OPTIONS",
		);
		expect(thrown(() => toolSearchExtension({ defaultLimit: 0 })).message).toBe(
			"tool-search: defaultLimit must be a positive integer, got 0",
		);
	});

	it("does not mutate the options", async () => {
		const options = Object.freeze({
			policy: Object.freeze({ mode: "mcp-only" as const, pinned: Object.freeze(["read"]) }),
			guard: Object.freeze({ autoActivate: true }),
		});
		const pi = fakePi();
		toolSearchExtension(options)(pi.api);
		pi.tool("github__create_issue", "Create an issue.");
		await pi.emit("session_start", { reason: "startup" });
		await pi.search({ query: "create issue" });
		expect(pi.active()).toContain("github__create_issue");
	});
});

describe("toolSearchExtension: the pipeline (gates at surfacing and at execution, outcomes)", () => {
	it("passes pipeline options on: unavailable tools are not found, pi's ctx reaches the gate", async () => {
		const pi = fakePi();
		const seen: unknown[] = [];
		toolSearchExtension({
			policy: { mode: "all", pinned: ["read", "bash", "edit", "write"] },
			isAvailable: (name, ctx) => {
				seen.push(ctx);
				return name !== "github__create_issue";
			},
		})(pi.api);
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.");
		pi.tool("github__update_issue", "Update an issue in a GitHub repository.");
		await pi.emit("session_start", { reason: "startup" });
		const { details } = (await pi.search({ query: "create github issue", limit: 1 })) as {
			details: ToolSearchToolDetails;
		};
		expect(details.activated_tools).toEqual(["github__update_issue"]);
		expect(details.discovery?.unavailable).toEqual(["github__create_issue"]);
		expect(seen).toContain(CTX);
	});

	it("blocks a stale call (tool_call) to an active tool the gate refuses now, with the guard's message", async () => {
		const pi = fakePi();
		let up = true;
		toolSearchExtension({ isAvailable: (name) => up || name !== "github__create_issue" })(pi.api);
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.");
		expect(
			await pi.emit("tool_call", { toolName: "github__create_issue", toolCallId: "c1", input: {} }),
		).toEqual([undefined]);
		up = false;
		expect(
			await pi.emit("tool_call", { toolName: "github__create_issue", toolCallId: "c2", input: {} }),
		).toEqual([
			{
				block: true,
				reason:
					'Tool "github__create_issue" is not available right now, so the call did not run. Use tool_search to find another tool, or continue without it.',
			},
		]);
		expect(await pi.emit("tool_call", { toolName: "tool_search", toolCallId: "c3", input: {} })).toEqual([
			undefined,
		]);
	});

	it("answers pi's 'not found' for an unavailable tool with 'not available' rather than 'call tool_search'", async () => {
		const pi = fakePi();
		toolSearchExtension({ isAvailable: () => false })(pi.api);
		pi.tool("github__create_issue", "Create an issue.", "deferred");
		const [result] = (await pi.emit("message_end", { message: notFound("github__create_issue") })) as {
			message: { content: { text: string }[] };
		}[];
		expect(result?.message.content[0]?.text).toMatch(
			/^Tool "github__create_issue" is not available right now/,
		);
	});

	it("reports executed calls (tool_result) and refusals to onTrace, linked to the discovery", async () => {
		const pi = fakePi();
		const records: { type: string; discovery_id?: unknown; tool?: string; status?: string }[] = [];
		toolSearchExtension({
			policy: { mode: "all", pinned: ["read", "bash", "edit", "write"] },
			isAvailable: (name) => name !== "slack__post_message",
			onTrace: (record) => void records.push(record),
		})(pi.api);
		pi.tool("github__create_issue", "Create an issue in a GitHub repository.");
		pi.tool("slack__post_message", "Post a message to Slack.");
		await pi.emit("session_start", { reason: "startup" });
		const { details } = (await pi.search({ query: "create github issue", limit: 1 })) as {
			details: ToolSearchToolDetails;
		};
		await pi.emit("tool_result", { toolName: "github__create_issue", toolCallId: "c1", isError: false });
		await pi.emit("tool_result", { toolName: "tool_search", toolCallId: "c0", isError: false });
		pi.api.setActiveTools([...pi.active(), "slack__post_message"]);
		await pi.emit("tool_call", { toolName: "slack__post_message", toolCallId: "c2", input: {} });
		expect(records.map(({ type, tool, status }) => [type, tool, status])).toEqual([
			["discovery", undefined, undefined],
			["outcome", "github__create_issue", "ok"],
			["outcome", "slack__post_message", "refused"],
		]);
		expect(records[1]?.discovery_id).toBe(details.discovery?.discovery_id);
	});
});

describe("toolSearchExtension: pi 1.x namespaces", () => {
	const docs = Object.freeze({
		name: "mcp__docs",
		aliases: ["docs"],
		description: "Company handbook and wiki pages.",
	});
	const mail = Object.freeze({ name: "mcp__mail", description: "Send and read email." });

	function withNamespaces() {
		const pi = fakePi([]);
		pi.tool("search_pages", "Search the wiki pages by keyword.", "direct", docs);
		pi.tool("read_page", "Read one wiki page.", "direct", docs);
		pi.tool("send_message", "Send an email message.", "direct", mail);
		pi.tool("plain_tool", "A tool of no namespace that formats dates.");
		return pi;
	}

	it("lists pi's namespaces, named without mcp__ and with their descriptions, on a miss", async () => {
		const pi = withNamespaces();
		toolSearchExtension({ guard: false })(pi.api);
		pi.api.setActiveTools(["tool_search"]);
		const result = (await pi.search({ query: "zzqx" })) as { details: ToolSearchToolDetails };
		expect(result.details.activated_tools).toEqual([]);
		expect(result.details.namespaces).toEqual([
			{ name: "docs", description: "Company handbook and wiki pages.", tool_count: 2 },
			{ name: "mail", description: "Send and read email.", tool_count: 1 },
		]);
	});

	it("scopes server: to a pi namespace whose tools' names carry none", async () => {
		const pi = withNamespaces();
		toolSearchExtension({ guard: false })(pi.api);
		pi.api.setActiveTools(["tool_search"]);
		const result = (await pi.search({ query: "server:mail send" })) as { details: ToolSearchToolDetails };
		expect(result.details.activated_tools).toEqual(["send_message"]);
	});

	it("defers a pi namespace's tools under mcp-only, whatever their names", async () => {
		const pi = withNamespaces();
		toolSearchExtension({ guard: false, policy: { mode: "mcp-only" } })(pi.api);
		await pi.emit("session_start");
		expect(pi.active().sort()).toEqual(["plain_tool", "tool_search"]);
	});

	it("keeps a given namespaceOf, and ignores a malformed pi namespace", async () => {
		const pi = withNamespaces();
		pi.tool("odd_tool", "Convert odd units.", "direct", {
			name: 42,
		} as unknown as ToolDefinition["namespace"]);
		toolSearchExtension({ guard: false, namespaceOf: () => ({ name: "all" }) })(pi.api);
		pi.api.setActiveTools(["tool_search"]);
		const miss = (await pi.search({ query: "zzqx" })) as { details: ToolSearchToolDetails };
		expect(miss.details.namespaces).toEqual([{ name: "all", tool_count: 5 }]);

		const other = withNamespaces();
		other.tool("odd_tool", "Convert odd units.", "direct", {
			name: 42,
		} as unknown as ToolDefinition["namespace"]);
		toolSearchExtension({ guard: false })(other.api);
		other.api.setActiveTools(["tool_search"]);
		const found = (await other.search({ query: "convert odd units" })) as { details: ToolSearchToolDetails };
		expect(found.details.activated_tools[0]).toBe("odd_tool");
	});

	it("ignores a pi namespace whose getters throw: the tool is searched as one of no namespace", async () => {
		const hostile = (where: "namespace" | "name") => {
			const pi = withNamespaces();
			const throwing = {
				get(): never {
					throw new Error("hostile getter");
				},
			};
			const namespace =
				where === "name" ? Object.defineProperty({}, "name", throwing) : { name: "mcp__units" };
			pi.tool("odd_tool", "Convert odd units.", "direct", namespace as ToolDefinition["namespace"]);
			if (where === "namespace") {
				const all = pi.api.getAllTools();
				const odd = all.find((tool) => tool.name === "odd_tool") as ToolInfo;
				const copy = Object.defineProperty({ ...odd, namespace: undefined }, "namespace", throwing);
				pi.api.getAllTools = () => all.map((tool) => (tool === odd ? copy : tool)) as ToolInfo[];
			}
			return pi;
		};
		for (const where of ["namespace", "name"] as const) {
			// mcp-only: a tool of no namespace (nor one in its name) stays loaded.
			const withPolicy = hostile(where);
			toolSearchExtension({ guard: false, policy: { mode: "mcp-only" } })(withPolicy.api);
			await withPolicy.emit("session_start");
			expect(withPolicy.active()).toContain("odd_tool");
			// Searched, and not in a namespace.
			const pi = hostile(where);
			toolSearchExtension({ guard: false })(pi.api);
			pi.api.setActiveTools(["tool_search"]);
			const found = (await pi.search({ query: "convert odd units" })) as { details: ToolSearchToolDetails };
			expect(found.details.activated_tools[0]).toBe("odd_tool");
			const miss = (await pi.search({ query: "zzqx" })) as { details: ToolSearchToolDetails };
			expect(miss.details.namespaces?.map((n) => n.name)).toEqual(["docs", "mail"]);
		}
	});

	it("reads the caller's policy as given: inherited fields and getters answering now, as createToolSearchTool does", async () => {
		let mode = "off";
		const policies = [
			Object.create({ mode: "mcp-only" }) as object,
			{
				get mode() {
					return mode;
				},
			},
		];
		for (const policy of policies) {
			const pi = withNamespaces();
			toolSearchExtension({ guard: false, policy: policy as { mode: "mcp-only" } })(pi.api);
			mode = "mcp-only";
			await pi.emit("session_start");
			expect(pi.active().sort()).toEqual(["plain_tool", "tool_search"]);
			mode = "off";
		}
	});

	it("does not change the caller's policy object", () => {
		const policy = Object.freeze({ mode: "mcp-only" as const });
		const pi = withNamespaces();
		expect(() => toolSearchExtension({ policy })(pi.api)).not.toThrow();
		expect(policy).toEqual({ mode: "mcp-only" });
	});
});
