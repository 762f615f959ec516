import {
	asSchema,
	generateText,
	jsonSchema,
	NoSuchToolError,
	stepCountIs,
	type Tool,
	type ToolCallRepairFunction,
	type ToolExecutionOptions,
	type ToolSet,
	tool,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createAiSdkToolSearch } from "tool-search/ai-sdk";
import { describe, expect, it, vi } from "vitest";
import { TOOL_SEARCH_DESCRIPTION } from "../../src/tool/description.js";
import type { ToolSearchToolResult } from "../../src/tool/format-result.js";
import { thrown } from "../helpers/thrown.js";
import { AVAILABLE, HINT, TOOL_SEARCH_SCHEMA_JSON } from "./fixtures.js";

const OPTIONS: ToolExecutionOptions = { toolCallId: "call-1", messages: [] };

type Args = Record<string, string>;
function make(
	description: string,
	keys: string[],
	run: (args: Args) => unknown = () => "ok",
): Tool<Args, unknown> {
	return Object.freeze(
		tool({
			description,
			inputSchema: jsonSchema<Args>({
				type: "object",
				properties: Object.fromEntries(keys.map((key) => [key, { type: "string" }])),
				required: keys,
			}),
			execute: async (args) => run(args),
		}),
	);
}

function catalogue() {
	return Object.freeze({
		read_file: make("Read a file from disk.", ["path"]),
		github__create_issue: make("Create an issue in a GitHub repository.", ["repo", "title"], () => ({
			id: 7,
		})),
		github__list_issues: make("List the issues of a GitHub repository.", ["repo"]),
		slack__post_message: make("Post a message to a Slack channel.", ["channel", "text"]),
		weather__get_forecast: make(
			"Get the weather forecast for a city.",
			["city"],
			({ city }) => `${city}: rain`,
		),
	});
}

const usage = {
	inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
	outputTokens: { total: 1, text: 1, reasoning: 0 },
};
function call(toolCallId: string, toolName: string, input: object) {
	return {
		content: [{ type: "tool-call" as const, toolCallId, toolName, input: JSON.stringify(input) }],
		finishReason: { unified: "tool-calls" as const, raw: undefined },
		usage,
		warnings: [],
	};
}
const done = {
	content: [{ type: "text" as const, text: "Done." }],
	finishReason: { unified: "stop" as const, raw: undefined },
	usage,
	warnings: [],
};

async function run(toolSearch: Tool, input: unknown): Promise<ToolSearchToolResult> {
	return (await toolSearch.execute?.(input, OPTIONS)) as ToolSearchToolResult;
}

describe("createAiSdkToolSearch: what it emits", () => {
	it("adds tool_search with its description and JSON Schema, keeping every tool", async () => {
		const tools = catalogue();
		const search = createAiSdkToolSearch({ tools, pinned: ["read_file"] });
		expect(Object.keys(search.tools)).toEqual([...Object.keys(tools), "tool_search"]);
		expect(search.tools.tool_search).toBe(search.toolSearch);
		expect(search.toolSearch.description).toBe(TOOL_SEARCH_DESCRIPTION);
		const schema = await asSchema(search.toolSearch.inputSchema).jsonSchema;
		expect(JSON.parse(JSON.stringify(schema))).toEqual(TOOL_SEARCH_SCHEMA_JSON);
		expect(search.tools.weather__get_forecast).not.toBe(tools.weather__get_forecast);
		expect(search.tools.weather__get_forecast.description).toBe(tools.weather__get_forecast.description);
	});

	it("starts with the pinned tools and tool_search active", () => {
		const search = createAiSdkToolSearch({ tools: catalogue(), pinned: ["read_file"] });
		expect(search.prepareStep()).toEqual({ activeTools: ["read_file", "tool_search"] });
		expect(search.activeTools()).toEqual(["read_file", "tool_search"]);
		expect(search.plan.deferred).toEqual([
			"github__create_issue",
			"github__list_issues",
			"slack__post_message",
			"weather__get_forecast",
		]);
	});

	it("sends the model only the active tools, as JSON, step by step", async () => {
		const search = createAiSdkToolSearch({ tools: catalogue(), pinned: ["read_file"] });
		const model = new MockLanguageModelV3({
			doGenerate: [
				call("c1", "tool_search", { query: "weather forecast" }),
				call("c2", "weather__get_forecast", { city: "Paris" }),
				done,
			],
		});
		const result = await generateText({
			model,
			prompt: "Rain in Paris?",
			tools: search.tools,
			prepareStep: search.prepareStep,
			stopWhen: stepCountIs(5),
		});
		const sent = model.doGenerateCalls.map((options) => JSON.parse(JSON.stringify(options.tools)));
		expect(sent[0]).toEqual([
			{
				type: "function",
				name: "read_file",
				description: "Read a file from disk.",
				inputSchema: expect.any(Object),
			},
			{
				type: "function",
				name: "tool_search",
				description: TOOL_SEARCH_DESCRIPTION,
				inputSchema: TOOL_SEARCH_SCHEMA_JSON,
			},
		]);
		expect(sent.map((tools: { name: string }[]) => tools.map((t) => t.name))).toEqual([
			["read_file", "tool_search"],
			["read_file", "weather__get_forecast", "tool_search"],
			["read_file", "weather__get_forecast", "tool_search"],
		]);
		expect(sent[1][1]).toEqual({
			type: "function",
			name: "weather__get_forecast",
			description: "Get the weather forecast for a city.",
			inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
		});
		expect(result.steps[1]?.toolResults[0]?.output).toBe("Paris: rain");
		expect(JSON.parse(JSON.stringify(model.doGenerateCalls[1]?.prompt.at(-1)))).toEqual({
			role: "tool",
			content: [
				{
					type: "tool-result",
					toolCallId: "c1",
					toolName: "tool_search",
					output: {
						type: "text",
						value: [
							'{"query":"weather forecast","activated_tools":["weather__get_forecast"],"match_count":1,"total_tools":4}',
							"- weather__get_forecast: Get the weather forecast for a city.",
							AVAILABLE,
						].join("\n"),
					},
				},
			],
		});
	});
});

describe("createAiSdkToolSearch: activation round trip", () => {
	it("activates matches, accumulates across searches, and prepareStep follows", async () => {
		const search = createAiSdkToolSearch({ tools: catalogue(), pinned: ["read_file"] });
		const first = await run(search.toolSearch, { query: "weather forecast", limit: 1 });
		expect(first.details).toMatchObject({ activated_tools: ["weather__get_forecast"] });
		expect(search.prepareStep()).toEqual({
			activeTools: ["read_file", "tool_search", "weather__get_forecast"],
		});
		await run(search.toolSearch, { query: "post slack message", limit: 1 });
		expect(search.activeTools()).toEqual([
			"read_file",
			"tool_search",
			"weather__get_forecast",
			"slack__post_message",
		]);
	});

	it("validates input with the schema, with the correct-call hint", async () => {
		const search = createAiSdkToolSearch({ tools: catalogue() });
		const schema = asSchema(search.toolSearch.inputSchema);
		expect(await schema.validate?.({ query: "read file" })).toEqual({
			success: true,
			value: { query: "read file" },
		});
		const failed = await schema.validate?.({ query: " ", limit: 2 });
		expect(failed?.success).toBe(false);
		expect(failed?.success === false && failed.error.message).toBe(`Error: query must not be empty\n${HINT}`);
		await expect(run(search.toolSearch, { query: 3 })).rejects.toThrow(
			`Error: query must be a string\n${HINT}`,
		);
	});

	it("turns invalid model input into a tool error the model reads", async () => {
		const search = createAiSdkToolSearch({ tools: catalogue() });
		const model = new MockLanguageModelV3({ doGenerate: [call("c1", "tool_search", { limit: 0 }), done] });
		await generateText({
			model,
			prompt: "x",
			tools: search.tools,
			prepareStep: search.prepareStep,
			stopWhen: stepCountIs(3),
		});
		const [part] = (model.doGenerateCalls[1]?.prompt.at(-1)?.content ?? []) as {
			output?: { type: string; value: string };
		}[];
		expect(part?.output?.type).toBe("error-text");
		expect(part?.output?.value).toMatch(/^Invalid input for tool tool_search: /);
		expect(part?.output?.value).toContain(`Error message: Error: query is missing\n${HINT}`);
		expect(search.activeTools()).toEqual(["tool_search"]);
	});
});

describe("createAiSdkToolSearch: Anthropic tool references", () => {
	it("answers with tool-reference parts and marks searchable tools deferLoading", async () => {
		const tools = catalogue();
		const search = createAiSdkToolSearch({ tools, pinned: ["read_file"], toolReferences: true });
		expect(search.tools.read_file.providerOptions).toBeUndefined();
		expect(search.tools.weather__get_forecast.providerOptions).toEqual({ anthropic: { deferLoading: true } });
		expect(tools.weather__get_forecast.providerOptions).toBeUndefined();

		const output = await run(search.toolSearch, { query: "github issue", limit: 2 });
		const modelOutput = await search.toolSearch.toModelOutput?.({
			toolCallId: "c1",
			input: { query: "x" },
			output,
		});
		expect(modelOutput).toEqual({
			type: "content",
			value: [
				{
					type: "custom",
					providerOptions: { anthropic: { type: "tool-reference", toolName: "github__create_issue" } },
				},
				{
					type: "custom",
					providerOptions: { anthropic: { type: "tool-reference", toolName: "github__list_issues" } },
				},
			],
		});
		const none = await run(search.toolSearch, { query: "zzzz qqqq" });
		expect(
			await search.toolSearch.toModelOutput?.({ toolCallId: "c2", input: { query: "x" }, output: none }),
		).toEqual({ type: "text", value: none.content[0].text });
	});

	it("emits the references in the tool result and declares the same tools on every request (cache-stable)", async () => {
		const search = createAiSdkToolSearch({ tools: catalogue(), pinned: ["read_file"], toolReferences: true });
		const model = new MockLanguageModelV3({
			doGenerate: [
				call("c1", "tool_search", { query: "weather forecast" }),
				call("c2", "weather__get_forecast", { city: "Lisbon" }),
				done,
			],
		});
		await generateText({
			model,
			prompt: "x",
			tools: search.tools,
			prepareStep: search.prepareStep,
			stopWhen: stepCountIs(4),
		});
		const requests = JSON.parse(JSON.stringify(model.doGenerateCalls));
		expect(requests).toHaveLength(3);
		expect(requests[1].prompt.at(-1).content[0].output).toEqual({
			type: "content",
			value: [
				{
					type: "custom",
					providerOptions: { anthropic: { type: "tool-reference", toolName: "weather__get_forecast" } },
				},
			],
		});
		const declared = (request: { tools: { name: string; providerOptions?: unknown }[] }) =>
			request.tools.map((sent) => [sent.name, sent.providerOptions]);
		const deferred = { anthropic: { deferLoading: true } };
		expect(declared(requests[0])).toEqual([
			["read_file", undefined],
			["github__create_issue", deferred],
			["github__list_issues", deferred],
			["slack__post_message", deferred],
			["weather__get_forecast", deferred],
			["tool_search", undefined],
		]);
		// The declared tools never change, so the provider's prompt cache holds across steps.
		expect(declared(requests[1])).toEqual(declared(requests[0]));
		expect(declared(requests[2])).toEqual(declared(requests[0]));
		// The found tool ran; what was not found stays guarded.
		expect(requests[2].prompt.at(-1).content[0].output).toEqual({ type: "text", value: "Lisbon: rain" });
		expect(search.activeTools()).toEqual(["read_file", "tool_search", "weather__get_forecast"]);
	});

	it("without tool references declares only what searches loaded", async () => {
		const search = createAiSdkToolSearch({ tools: catalogue(), pinned: ["read_file"] });
		expect(search.prepareStep()).toEqual({ activeTools: ["read_file", "tool_search"] });
		await run(search.toolSearch, { query: "weather forecast", limit: 1 });
		expect(search.prepareStep()).toEqual({
			activeTools: ["read_file", "tool_search", "weather__get_forecast"],
		});
	});

	it("keeps other provider options of a deferred tool", () => {
		const weather = {
			...catalogue().weather__get_forecast,
			providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } }, openai: { strict: true } },
		};
		const search = createAiSdkToolSearch({ tools: { weather }, toolReferences: true });
		expect(search.tools.weather.providerOptions).toEqual({
			anthropic: { cacheControl: { type: "ephemeral" }, deferLoading: true },
			openai: { strict: true },
		});
	});
});

describe("guard", () => {
	it("repairToolCall turns a call to an unloaded tool into the guard's message", async () => {
		const search = createAiSdkToolSearch({ tools: catalogue(), pinned: ["read_file"] });
		const model = new MockLanguageModelV3({
			doGenerate: [call("c1", "github__create_issue", { repo: "a", title: "b" }), done],
		});
		const result = await generateText({
			model,
			prompt: "x",
			tools: search.tools,
			prepareStep: search.prepareStep,
			experimental_repairToolCall: search.repairToolCall,
			stopWhen: stepCountIs(3),
		});
		expect(JSON.parse(JSON.stringify(model.doGenerateCalls[1]?.prompt.at(-1)))).toEqual({
			role: "tool",
			content: [
				{
					type: "tool-result",
					toolCallId: "c1",
					toolName: "github__create_issue",
					output: {
						type: "error-text",
						value:
							'Error repairing tool call: Tool "github__create_issue" is not loaded. Call tool_search with a query describing what you need (for example {"query": "create issue"}) to load it, then call it again.',
					},
				},
			],
		});
		expect(result.text).toBe("Done.");
	});

	it("repairToolCall suggests names for an unknown tool, and loads with autoActivate", async () => {
		const repair = (
			search: { repairToolCall: ToolCallRepairFunction<ToolSet>; tools: ToolSet },
			toolName: string,
		) =>
			search.repairToolCall({
				system: undefined,
				messages: [],
				toolCall: { type: "tool-call", toolCallId: "c1", toolName, input: "{}" },
				tools: search.tools,
				inputSchema: async () => ({}),
				error: new NoSuchToolError({ toolName }),
			});
		const search = createAiSdkToolSearch({ tools: catalogue() });
		await expect(repair(search, "slack__post_mesage")).rejects.toThrow(
			'Tool "slack__post_mesage" does not exist. Did you mean: slack__post_message? Use tool_search to find tools.',
		);
		const auto = createAiSdkToolSearch({ tools: catalogue(), guard: { autoActivate: true } });
		await expect(repair(auto, "slack__post_message")).rejects.toThrow(
			'Tool "slack__post_message" was not loaded, so the call did not run. It is loaded now: call it again.',
		);
		expect(auto.activeTools()).toEqual(["tool_search", "slack__post_message"]);
		const off = createAiSdkToolSearch({ tools: catalogue(), guard: false });
		expect(await repair(off, "slack__post_message")).toBeNull();
	});

	it("guards execute of unloaded tools and runs loaded ones with their arguments", async () => {
		const execute = vi.fn(async (args: Args) => `posted ${args.text}`);
		const slack = Object.freeze({ ...catalogue().slack__post_message, execute }) as Tool<Args, string>;
		const search = createAiSdkToolSearch({ tools: { slack } });
		await expect(search.tools.slack.execute?.({ text: "hi" }, OPTIONS)).rejects.toThrow(
			'Tool "slack" is not loaded. Call tool_search',
		);
		expect(execute).not.toHaveBeenCalled();
		await run(search.toolSearch, { query: "post slack message" });
		expect(await search.tools.slack.execute?.({ text: "hi" }, OPTIONS)).toBe("posted hi");
		expect(execute).toHaveBeenCalledWith({ text: "hi" }, OPTIONS);
	});

	it("leaves tools untouched with guard: false", () => {
		const tools = catalogue();
		const search = createAiSdkToolSearch({ tools, guard: false });
		expect(search.tools.slack__post_message).toBe(tools.slack__post_message);
	});
});

describe("createAiSdkToolSearch: policy and options", () => {
	it("mcp-only loads the tools without a namespace; off searches nothing", () => {
		const mcp = createAiSdkToolSearch({ tools: catalogue(), policy: { mode: "mcp-only" } });
		expect(mcp.activeTools()).toEqual(["tool_search", "read_file"]);
		const off = createAiSdkToolSearch({ tools: catalogue(), policy: { mode: "off" } });
		expect(off.plan.searchEnabled).toBe(false);
		expect(off.prepareStep().activeTools).toEqual(Object.keys(catalogue()));
	});

	it("reads a policy's inherited fields and getters (a class instance), as planDiscovery does", () => {
		class Small {
			readonly mode = "auto" as const;
			get maxTools() {
				return 1;
			}
		}
		const policy = new Small();
		const search = createAiSdkToolSearch({ tools: catalogue(), policy });
		expect(search.plan.searchEnabled).toBe(true);
		expect(search.plan.reason).toMatch(/more than 1\)/);
		expect(Object.keys(policy)).toEqual(["mode"]);
	});

	it("lists the searchable namespaces in the description with listing: include", () => {
		const search = createAiSdkToolSearch({ tools: catalogue(), listing: "include" });
		expect(search.toolSearch.description).toBe(
			`${TOOL_SEARCH_DESCRIPTION}\n\nYou can load the tools of these sources with tool_search:\n- github (2 tools)\n- slack (1 tool)\n- weather (1 tool)`,
		);
	});

	it("fills in a schema the SDK resolves asynchronously", async () => {
		const lazy = tool({
			description: "Convert a currency amount.",
			inputSchema: jsonSchema(
				Promise.resolve({ type: "object" as const, properties: { amount: { type: "number" as const } } }),
			),
			execute: async () => 1,
		});
		const search = createAiSdkToolSearch({ tools: { lazy } });
		expect(search.host.getAllTools()[0]?.parameters).toBeUndefined();
		await Promise.resolve();
		await Promise.resolve();
		expect(search.host.getAllTools()[0]?.parameters).toEqual({
			type: "object",
			properties: { amount: { type: "number" } },
		});
	});

	it("throws ToolSearchError for bad options", () => {
		expect(thrown(() => createAiSdkToolSearch(null as never)).message).toBe(
			"tool-search: options must be an object, got null",
		);
		const duplicate = thrown(() => createAiSdkToolSearch({ tools: { tool_search: make("x", []) } }));
		expect([duplicate.code, duplicate.message]).toEqual([
			"DUPLICATE_TOOL",
			'tool-search: tools already has a tool named "tool_search"',
		]);
		// An unknown pinned name is reported, as everywhere else, not an error.
		expect(
			createAiSdkToolSearch({ tools: catalogue(), pinned: ["nope" as never] }).plan.unknownPinned,
		).toEqual(["nope"]);
		expect(thrown(() => createAiSdkToolSearch({ tools: catalogue(), guard: 1 as never })).message).toBe(
			"tool-search: guard must be a boolean or an object, got 1",
		);
		expect(
			thrown(() => createAiSdkToolSearch({ tools: catalogue(), toolReferences: "yes" as never })).message,
		).toBe('tool-search: toolReferences must be a boolean, got "yes"');
		expect(thrown(() => createAiSdkToolSearch({ tools: catalogue(), policy: "all" as never })).message).toBe(
			'tool-search: policy must be an object, got "all"',
		);
	});
});

describe("createAiSdkToolSearch: the pipeline (gates at surfacing and at execution, outcomes)", () => {
	it("passes pipeline options on: an unavailable tool is not found; the call's context reaches the gate", async () => {
		const seen: unknown[] = [];
		const search = createAiSdkToolSearch({
			tools: catalogue(),
			isAvailable: (name, ctx) => {
				seen.push(ctx);
				return name !== "github__create_issue";
			},
		});
		const result = (await search.toolSearch.execute?.(
			{ query: "github issue", limit: 1 },
			{ ...OPTIONS, experimental_context: { user: "u1" } },
		)) as ToolSearchToolResult;
		expect(result.isError).toBeUndefined();
		if (result.isError) return;
		expect(result.details.activated_tools).toEqual(["github__list_issues"]);
		expect(result.details.discovery?.unavailable).toEqual(["github__create_issue"]);
		expect(seen).toContainEqual({ user: "u1" });
	});

	it("refuses a stale call (execute) to a loaded tool the gate refuses now, without running it", async () => {
		let up = true;
		const execute = vi.fn(async (_args: Args, _options: unknown) => "created");
		const tools = { ...catalogue(), github__create_issue: { ...catalogue().github__create_issue, execute } };
		const search = createAiSdkToolSearch({ tools, isAvailable: () => up });
		await run(search.toolSearch, { query: "create github issue", limit: 1 });
		expect(await search.tools.github__create_issue.execute?.({ repo: "a", title: "b" }, OPTIONS)).toBe(
			"created",
		);
		up = false;
		await expect(
			search.tools.github__create_issue.execute?.({ repo: "a", title: "b" }, OPTIONS),
		).rejects.toThrow('Tool "github__create_issue" is not available right now, so the call did not run.');
		expect(execute).toHaveBeenCalledTimes(1);
	});

	it("keeps a streaming tool (async function*) streaming behind the gate", async () => {
		const stream = tool({
			description: "Stream the weather forecast.",
			inputSchema: jsonSchema<Args>({ type: "object", properties: {} }),
			async *execute() {
				yield "cloudy";
				yield "rain";
			},
		});
		const search = createAiSdkToolSearch({
			tools: { weather__stream: stream },
			pinned: ["weather__stream"],
			isAvailable: () => true,
		});
		const outputs: unknown[] = [];
		const streamed = search.tools.weather__stream.execute?.({}, OPTIONS) as AsyncIterable<unknown>;
		for await (const output of streamed) outputs.push(output);
		expect(outputs).toEqual(["cloudy", "rain"]);
	});

	it("reports executed calls and refusals to onTrace, with the discovery that activated the tool", async () => {
		const records: { type: string; tool?: string; status?: string; discovery_id?: unknown }[] = [];
		const search = createAiSdkToolSearch({
			tools: catalogue(),
			onTrace: (record) => void records.push(record),
		});
		await expect(
			search.tools.slack__post_message.execute?.({ channel: "c", text: "t" }, OPTIONS),
		).rejects.toThrow();
		const found = await run(search.toolSearch, { query: "post slack message", limit: 1 });
		await search.tools.slack__post_message.execute?.({ channel: "c", text: "t" }, OPTIONS);
		expect(records.map(({ type, tool, status }) => [type, tool, status])).toEqual([
			["outcome", "slack__post_message", "refused"],
			["discovery", undefined, undefined],
			["outcome", "slack__post_message", "ok"],
		]);
		expect(records[2]?.discovery_id).toBe(found.isError ? undefined : found.details.discovery?.discovery_id);
	});

	it("repairToolCall says 'not available' for an unloaded tool the gate refuses", async () => {
		const search = createAiSdkToolSearch({ tools: catalogue(), isAvailable: () => false });
		await expect(
			search.repairToolCall({
				system: undefined,
				messages: [],
				toolCall: { type: "tool-call", toolCallId: "c1", toolName: "slack__post_message", input: "{}" },
				tools: search.tools,
				inputSchema: async () => ({}),
				error: new NoSuchToolError({ toolName: "slack__post_message" }),
			}),
		).rejects.toThrow('Tool "slack__post_message" is not available right now');
	});

	it("never runs a tool while searching (search, rerank and judge only read)", async () => {
		const execute = vi.fn(async () => "ran");
		const tools = { ...catalogue(), github__create_issue: { ...catalogue().github__create_issue, execute } };
		const search = createAiSdkToolSearch({
			tools,
			rerank: (_query, candidates) => candidates.map((candidate) => candidate.name),
			judge: { mode: "on", decide: (_query, candidates) => ({ selected: candidates.map((c) => c.name) }) },
		});
		await run(search.toolSearch, { query: "create github issue" });
		expect(search.activeTools()).toContain("github__create_issue");
		expect(execute).not.toHaveBeenCalled();
	});
});
