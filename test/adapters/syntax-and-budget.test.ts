/**
 * The query syntax and the active-set budget through every adapter, at the level of the JSON each
 * one sends and receives: `select:` loads by name, a bad `server:` is the model's error, and loading
 * past `maxActiveTools` unloads the least recently used tool and says so.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	type CallToolResult,
	ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { jsonSchema, type ToolExecutionOptions, tool } from "ai";
import type { ToolInfo } from "tool-search";
import { createAiSdkToolSearch } from "tool-search/ai-sdk";
import { createAnthropicToolSearch } from "tool-search/anthropic";
import { createMcpCatalog, createMcpProxyServer } from "tool-search/mcp";
import { createOpenAIToolSearch } from "tool-search/openai";
import { type PiExtensionApi, toolSearchExtension } from "tool-search/pi";
import { afterEach, describe, expect, it } from "vitest";

const OBJECT = { type: "object", properties: { text: { type: "string" } } };
const TOOLS: ToolInfo[] = [
	{ name: "read_file", description: "Read a file from disk.", parameters: OBJECT },
	{ name: "github__create_issue", description: "Create a GitHub issue.", parameters: OBJECT },
	{ name: "slack__post_message", description: "Post a Slack message.", parameters: OBJECT },
	{ name: "weather__forecast", description: "Weather forecast for a city.", parameters: OBJECT },
];
const SELECT_TWO = "select:GitHub-Create-Issue,slack__post_message";
const SELECT_THIRD = "select:weather__forecast";
const UNLOADED =
	"Unloaded to stay within the active-tool budget (least recently used first): slack__post_message. Search again to load them back.";
const BAD_SCOPE =
	'Error: server: no namespace is named "gihub"; did you mean: github? The namespaces are: github, slack, weather.';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const close of cleanup.splice(0).reverse()) await close();
});

describe("Anthropic", () => {
	it("loads by name, unloads past the budget, and answers a bad scope with an error result", async () => {
		const search = createAnthropicToolSearch({ tools: TOOLS, pinned: ["read_file"], maxActiveTools: 3 });
		const first = await search.handleToolUse({ id: "t1", name: "tool_search", input: { query: SELECT_TWO } });
		expect(first.content.slice(0, 2)).toEqual([
			{ type: "tool_reference", tool_name: "github__create_issue" },
			{ type: "tool_reference", tool_name: "slack__post_message" },
		]);
		const second = await search.handleToolUse({
			id: "t2",
			name: "tool_search",
			input: { query: SELECT_THIRD },
		});
		const text = (second.content.at(-1) as { text: string }).text;
		expect(text.split("\n").at(-1)).toBe(UNLOADED);
		expect(search.activeTools()).toEqual([
			"tool_search",
			"read_file",
			"github__create_issue",
			"weather__forecast",
		]);
		expect((await search.guard({ id: "t3", name: "slack__post_message", input: {} }))?.is_error).toBe(true);
		const bad = await search.handleToolUse({
			id: "t4",
			name: "tool_search",
			input: { query: "server:gihub create" },
		});
		expect([bad.is_error, (bad.content[0] as { text: string }).text.split("\n")[0]]).toEqual([
			true,
			BAD_SCOPE,
		]);
	});
});

describe("OpenAI", () => {
	it("Responses: the tool_search_output loads by name, and a developer message says what was unloaded", async () => {
		const search = createOpenAIToolSearch({ tools: TOOLS, pinned: ["read_file"], maxActiveTools: 3 });
		const first = await search.handleToolSearchCall({
			call_id: "c1",
			arguments: JSON.stringify({ query: SELECT_TWO }),
		});
		expect(first).toHaveLength(1);
		expect(first[0].tools.map((item) => (item as { name: string }).name)).toEqual([
			"github__create_issue",
			"slack__post_message",
		]);
		const second = await search.handleToolSearchCall({ call_id: "c2", arguments: { query: SELECT_THIRD } });
		expect(JSON.parse(JSON.stringify(second[1]))).toEqual({
			type: "message",
			role: "developer",
			content: `tool_search call c2: ${UNLOADED}`,
		});
		expect((await search.guard({ call_id: "c3", name: "slack__post_message" }))?.type).toBe(
			"function_call_output",
		);
		const bad = await search.handleToolSearchCall({
			call_id: "c4",
			arguments: { query: "server:gihub create" },
		});
		expect(bad[0].status).toBe("incomplete");
		expect((bad[1] as { content: string }).content).toContain(BAD_SCOPE);
	});

	it("Chat Completions: the tool message says it, and the declared tools follow the active set", async () => {
		const search = createOpenAIToolSearch({ tools: TOOLS, pinned: ["read_file"], maxActiveTools: 3 });
		const call = (id: string, query: string) =>
			search.handleChatToolCall({
				id,
				type: "function",
				function: { name: "tool_search", arguments: JSON.stringify({ query }) },
			});
		await call("c1", SELECT_TWO);
		const second = await call("c2", SELECT_THIRD);
		expect(second?.content.split("\n").at(-1)).toBe(UNLOADED);
		expect(search.chatCompletionTools().map((item) => item.function.name)).toEqual([
			"tool_search",
			"read_file",
			"github__create_issue",
			"weather__forecast",
		]);
	});

	it("Chat Completions in meta-tools mode: always the same two tools; call_tool runs loaded tools", async () => {
		const ran: unknown[] = [];
		const search = createOpenAIToolSearch({
			tools: TOOLS,
			maxActiveTools: 1,
			metaTools: { execute: (name, args) => ran.push([name, args]) && `ran ${name}` },
		});
		const declared = JSON.parse(JSON.stringify(search.chatCompletionTools()));
		expect(declared.map((item: { function: { name: string } }) => item.function.name)).toEqual([
			"tool_search",
			"call_tool",
		]);
		const chat = (id: string, name: string, args: object) =>
			search.handleChatToolCall({
				id,
				type: "function",
				function: { name, arguments: JSON.stringify(args) },
			});
		const found = await chat("c1", "tool_search", { query: "select:weather__forecast" });
		expect(found?.content.split("\n").slice(1)).toEqual([
			"- weather__forecast: Weather forecast for a city.",
			`  arguments: ${JSON.stringify(OBJECT)}`,
			'These tools are now loaded; run them with call_tool: {"name": "<tool name>", "arguments": {...}}.',
		]);
		expect(await chat("c2", "call_tool", { name: "weather__forecast", arguments: { text: "Oslo" } })).toEqual(
			{
				role: "tool",
				tool_call_id: "c2",
				content: "ran weather__forecast",
			},
		);
		const invalid = await chat("c3", "call_tool", { name: "weather__forecast", arguments: { text: 1 } });
		expect(invalid?.content.split("\n")[1]).toBe("- arguments/text: must be string");
		const next = await chat("c4", "tool_search", { query: "select:github__create_issue" });
		expect(next?.content).toContain(
			"Unloaded to stay within the active-tool budget (least recently used first): weather__forecast.",
		);
		expect(JSON.parse(JSON.stringify(search.chatCompletionTools()))).toEqual(declared);
		expect((await chat("c5", "read_file", {}))?.content).toBe(
			'Error: "read_file" is not declared: run it with call_tool {"name":"read_file","arguments":{}}.',
		);
		expect(ran).toEqual([["weather__forecast", { text: "Oslo" }]]);
	});
});

describe("AI SDK", () => {
	const OPTIONS: ToolExecutionOptions = { toolCallId: "call-1", messages: [] };
	const aiTools = () =>
		Object.fromEntries(
			TOOLS.map((info) => [
				info.name,
				tool({
					description: info.description as string,
					inputSchema: jsonSchema<{ text?: string }>(OBJECT as never),
					execute: async () => `ran ${info.name}`,
				}),
			]),
		);

	it("loads by name, unloads past the budget, counts calls as uses, and says so in the model output", async () => {
		const search = createAiSdkToolSearch({ tools: aiTools(), pinned: ["read_file"], maxActiveTools: 3 });
		const run = async (query: string) => {
			const output = await search.toolSearch.execute?.({ query }, OPTIONS);
			return search.toolSearch.toModelOutput?.({
				toolCallId: "c",
				input: { query },
				output: output as never,
			});
		};
		await run(SELECT_TWO);
		// slack__post_message was called: github__create_issue is now the least recently used.
		const slack = search.tools.slack__post_message as {
			execute: (input: unknown, options: unknown) => unknown;
		};
		await slack.execute({}, OPTIONS);
		const output = (await run(SELECT_THIRD)) as { value: string };
		expect(output.value.split("\n").at(-1)).toBe(
			UNLOADED.replace("slack__post_message", "github__create_issue"),
		);
		expect(search.prepareStep().activeTools).toEqual([
			"read_file",
			"tool_search",
			"slack__post_message",
			"weather__forecast",
		]);
		await expect(search.toolSearch.execute?.({ query: "server:gihub create" }, OPTIONS)).rejects.toThrow(
			BAD_SCOPE,
		);
	});

	it("with guard: false, a tool wrapped only for the budget runs unchecked, even with an isAvailable gate", async () => {
		const search = createAiSdkToolSearch({
			tools: aiTools(),
			guard: false,
			maxActiveTools: 3,
			isAvailable: () => false,
		});
		// Neither loaded nor available: without the guard, the call is the host's business.
		const slack = search.tools.slack__post_message as {
			execute: (input: unknown, options: unknown) => Promise<unknown>;
		};
		await expect(slack.execute({}, OPTIONS)).resolves.toBe("ran slack__post_message");
	});
});

describe("pi", () => {
	function fakePi() {
		const all = TOOLS.map((info) => ({ ...info }));
		let active: string[] = ["read_file"];
		const handlers = new Map<string, ((event: unknown, ctx: unknown) => unknown)[]>();
		let registered: { execute: (...args: unknown[]) => Promise<{ content: { text: string }[] }> } | undefined;
		const api = {
			registerTool: (definition: never) => {
				registered = definition;
			},
			on: (event: string, handler: (event: unknown, ctx: unknown) => unknown) => {
				handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			},
			getAllTools: () => all,
			getActiveTools: () => active,
			setActiveTools: (names: string[]) => {
				active = [...names];
			},
		} as unknown as PiExtensionApi;
		return {
			api,
			active: () => active,
			search: (query: string) => registered?.execute("c", { query }, undefined, undefined, {}),
			result: (toolName: string) => {
				for (const handler of handlers.get("message_end") ?? []) {
					handler(
						{ type: "message_end", message: { role: "toolResult", toolName, isError: false, content: [] } },
						{},
					);
				}
			},
		};
	}

	it("loads by name, unloads past the budget (pi's tool results are uses), and rethrows a bad scope", async () => {
		const pi = fakePi();
		toolSearchExtension({ maxActiveTools: 3 })(pi.api);
		await pi.search(SELECT_TWO);
		expect(pi.active()).toEqual(["read_file", "github__create_issue", "slack__post_message"]);
		pi.result("github__create_issue");
		const result = await pi.search(SELECT_THIRD);
		expect(result?.content[0]?.text.split("\n").at(-1)).toBe(UNLOADED);
		expect(pi.active()).toEqual(["read_file", "github__create_issue", "weather__forecast"]);
		await expect(pi.search("server:gihub create")).rejects.toThrow(BAD_SCOPE);
	});
});

describe("MCP proxy", () => {
	async function link(server: Server): Promise<Client> {
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await server.connect(serverSide);
		const client = new Client({ name: "agent", version: "1.0.0" });
		await client.connect(clientSide);
		cleanup.push(async () => {
			await client.close();
			await server.close();
		});
		return client;
	}

	it("loads by name and lists what it loaded, unloads past the budget, and answers a bad scope", async () => {
		const backing = new Server({ name: "backing", version: "1.0.0" }, { capabilities: { tools: {} } });
		backing.setRequestHandler(ListToolsRequestSchema, () => ({
			tools: TOOLS.map(({ name, description }) => ({
				name,
				description: description as string,
				inputSchema: OBJECT as never,
			})),
		}));
		backing.setRequestHandler(CallToolRequestSchema, () => ({ content: [] }));
		const catalog = createMcpCatalog({
			servers: { all: await link(backing) },
			toolName: (_server, tool) => tool.name,
		});
		await catalog.ready;
		const agent = await link(createMcpProxyServer({ catalog, toolSearch: { maxActiveTools: 2 } }));
		const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
		await agent.callTool({ name: "tool_search", arguments: { query: SELECT_TWO } });
		expect((await agent.listTools()).tools.map((item) => item.name)).toEqual([
			"tool_search",
			"github__create_issue",
			"slack__post_message",
		]);
		const second = await agent.callTool({ name: "tool_search", arguments: { query: SELECT_THIRD } });
		expect(text(second).split("\n").at(-1)).toBe(UNLOADED);
		expect(second.structuredContent).toMatchObject({ unloaded_tools: ["slack__post_message"] });
		const bad = await agent.callTool({ name: "tool_search", arguments: { query: "server:gihub create" } });
		expect([bad.isError, text(bad).split("\n")[0]]).toEqual([
			true,
			'Error: server: no namespace is named "gihub". The namespaces are: all.',
		]);
	});
});
