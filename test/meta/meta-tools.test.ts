import { createActiveToolSet, type ToolInfo } from "tool-search";
import {
	CALL_TOOL_DESCRIPTION,
	type CallToolDetails,
	createMetaTools,
	META_TOOL_SEARCH_DESCRIPTION,
} from "tool-search/meta-tools";
import { describe, expect, it, vi } from "vitest";
import type { ToolSearchToolDetails } from "../../src/tool/result-types.js";
import { thrown } from "../helpers/thrown.js";

const FORECAST = {
	type: "object",
	properties: { city: { type: "string" }, days: { type: "integer", minimum: 1, maximum: 7 } },
	required: ["city"],
	additionalProperties: false,
};
const TOOLS: ToolInfo[] = [
	{ name: "weather__forecast", description: "Weather forecast for a city.", inputSchema: FORECAST },
	{
		name: "github__create_issue",
		description: "Create a new issue in a GitHub repository.",
		inputSchema: { type: "object", properties: { repo: { type: "string" }, title: { type: "string" } } },
	},
	{
		name: "codes__check",
		description: "Check a product code.",
		inputSchema: { type: "object", properties: { code: { type: "string", pattern: "^(a+)+$" } } },
	},
	{
		name: "modern__tool",
		description: "A tool with a 2020-12 schema.",
		inputSchema: {
			$schema: "https://json-schema.org/draft/2020-12/schema",
			type: "object",
			properties: { items: { type: "array", prefixItems: [{ type: "number" }] } },
		},
	},
	{
		name: "lookaround__tool",
		description: "A tool whose schema has a lookahead.",
		inputSchema: { type: "object", properties: { word: { type: "string", pattern: "^(?!x)" } } },
	},
];

type Executor = (name: string, args: Record<string, unknown>) => unknown;

function setup(execute = vi.fn<Executor>((name, args) => `ran ${name} ${JSON.stringify(args)}`)) {
	const host = createActiveToolSet({ tools: TOOLS });
	const meta = createMetaTools({ tools: host, execute });
	const call = async (params: unknown) => {
		const result = await meta.callTool.execute("call-1", params);
		return { result, text: result.content[0].text, details: result.details as CallToolDetails };
	};
	const search = async (query: string) => {
		const result = await meta.toolSearch.execute("search-1", { query });
		return { text: result.content[0].text, details: result.details as ToolSearchToolDetails };
	};
	return { host, meta, execute, call, search };
}

describe("createMetaTools", () => {
	it("declares the same two tools every turn, with static descriptions", () => {
		const { meta } = setup();
		expect(meta.tools).toEqual([meta.toolSearch, meta.callTool]);
		expect(meta.toolSearch.description).toBe(META_TOOL_SEARCH_DESCRIPTION);
		expect(META_TOOL_SEARCH_DESCRIPTION).toContain("run them with call_tool");
		expect(META_TOOL_SEARCH_DESCRIPTION).not.toContain("call them directly");
		expect(meta.callTool.description).toBe(CALL_TOOL_DESCRIPTION);
		expect(JSON.parse(JSON.stringify(meta.callTool.parameters))).toEqual({
			type: "object",
			required: ["name"],
			properties: {
				name: {
					type: "string",
					description: "The name of a tool tool_search loaded, exactly as it listed it.",
				},
				arguments: {
					type: "object",
					properties: {},
					additionalProperties: true,
					description: "The tool's arguments, as its schema asks for them. Defaults to {}.",
				},
			},
		});
	});

	it("refuses a tool that is not loaded, pointing to select:", async () => {
		const { call, execute } = setup();
		const { result, text, details } = await call({ name: "weather__forecast", arguments: { city: "Oslo" } });
		expect(result.isError).toBe(true);
		expect(text).toBe(
			'Error: Tool "weather__forecast" is not loaded. Call tool_search with {"query":"select:weather__forecast"} to load it and see its arguments, then call it again.',
		);
		expect(details).toEqual({ name: "weather__forecast", status: "not_loaded" });
		expect(execute).not.toHaveBeenCalled();
	});

	it("shows the arguments of the tools a search loads, and points to call_tool", async () => {
		const { search } = setup();
		const { text } = await search("weather forecast");
		expect(text.split("\n").slice(1)).toEqual([
			"- weather__forecast: Weather forecast for a city.",
			`  arguments: ${JSON.stringify(FORECAST)}`,
			'These tools are now loaded; run them with call_tool: {"name": "<tool name>", "arguments": {...}}.',
		]);
		const again = await search("select:weather__forecast");
		expect(again.text.split("\n").slice(-2)).toEqual([
			"Already loaded: weather__forecast.",
			`- weather__forecast arguments: ${JSON.stringify(FORECAST)}`,
		]);
	});

	it("answers arguments that do not fit the schema with every error and the schema", async () => {
		const { search, call, execute } = setup();
		await search("select:weather__forecast");
		const { result, text, details } = await call({
			name: "weather__forecast",
			arguments: { days: 9, town: "Oslo" },
		});
		expect(result.isError).toBe(true);
		expect(text.split("\n")).toEqual([
			'Error: the arguments for "weather__forecast" do not match its schema:',
			'- arguments: missing required property "city"',
			'- arguments: unknown property "town" (not in the schema)',
			"- arguments/days: must be <= 7",
			`Its arguments: ${JSON.stringify(FORECAST)}`,
			"Fix them and call it again.",
		]);
		expect(details.status).toBe("invalid_arguments");
		expect(execute).not.toHaveBeenCalled();
	});

	it("runs a loaded tool with arguments that fit, JSON text included", async () => {
		const { search, call, execute } = setup();
		await search("select:weather__forecast");
		const { result, text, details } = await call({ name: "weather__forecast", arguments: '{"city":"Oslo"}' });
		expect(result.isError).toBeUndefined();
		expect(text).toBe('ran weather__forecast {"city":"Oslo"}');
		expect(details).toEqual({ name: "weather__forecast", status: "ok", output: text });
		expect(execute).toHaveBeenCalledWith("weather__forecast", { city: "Oslo" }, { toolCallId: "call-1" });
	});

	it.each([
		{ params: "weather", text: 'Error: call_tool takes {"name": "<tool name>", "arguments": {...}}' },
		{
			params: { arguments: {} },
			text: 'Error: call_tool needs the tool\'s "name": {"name": "<tool name>", "arguments": {...}}',
		},
		{ params: { name: "tool_search" }, text: "Error: call tool_search directly, not through call_tool" },
		{
			params: { name: "weather__forecast", arguments: [1] },
			text: 'Error: "arguments" must be an object: {"name": "<tool name>", "arguments": {...}}',
		},
		{
			params: { name: "weather__forcast" },
			text: 'Error: Tool "weather__forcast" does not exist. Did you mean: weather__forecast? Use tool_search to find tools.',
		},
	])("answers a malformed call ($params) with an error result", async ({ params, text }) => {
		const { call } = setup();
		const result = await call(params);
		expect([result.result.isError, result.text]).toEqual([true, text]);
	});

	it("turns what the executor throws or reports as failed into an error result", async () => {
		const { search, call } = setup(
			vi.fn<Executor>((name) => {
				if (name === "github__create_issue") throw new Error("rate limited");
				return { content: [{ type: "text", text: "no such city" }], isError: true };
			}),
		);
		await search("select:github__create_issue,weather__forecast");
		const thrownResult = await call({ name: "github__create_issue", arguments: {} });
		expect([thrownResult.result.isError, thrownResult.text]).toEqual([
			true,
			'Error: "github__create_issue" failed: rate limited',
		]);
		const reported = await call({ name: "weather__forecast", arguments: { city: "Atlantis" } });
		expect([reported.result.isError, reported.text, reported.details.status]).toEqual([
			true,
			"no such city",
			"failed",
		]);
	});

	it("checks schema patterns in linear time, 2020-12 schemas, and runs tools whose schema cannot be compiled", async () => {
		const { search, call } = setup();
		await search("select:codes__check,modern__tool,lookaround__tool");
		const started = performance.now();
		const slow = await call({ name: "codes__check", arguments: { code: `${"a".repeat(100_000)}!` } });
		expect(performance.now() - started).toBeLessThan(2000);
		expect(slow.text.split("\n")[1]).toBe('- arguments/code: must match pattern "^(a+)+$"');
		const modern = await call({ name: "modern__tool", arguments: { items: ["x"] } });
		expect(modern.text.split("\n")[1]).toBe("- arguments/items/0: must be number");
		const unchecked = await call({ name: "lookaround__tool", arguments: { word: "x" } });
		expect(unchecked.details).toMatchObject({ status: "ok", validated: false });
	});

	it("counts each call as a use for the budget", async () => {
		const host = createActiveToolSet({ tools: TOOLS });
		const meta = createMetaTools({ tools: host, execute: () => "ok", maxActiveTools: 2 });
		await meta.toolSearch.execute("1", { query: "select:weather__forecast,github__create_issue" });
		await meta.callTool.execute("2", { name: "github__create_issue", arguments: {} });
		const result = await meta.toolSearch.execute("3", { query: "select:codes__check" });
		expect((result.details as ToolSearchToolDetails).unloaded_tools).toEqual(["weather__forecast"]);
	});

	it("throws INVALID_OPTIONS without an executor", () => {
		const error = thrown(() =>
			createMetaTools({ tools: createActiveToolSet({ tools: TOOLS }) } as unknown as Parameters<
				typeof createMetaTools
			>[0]),
		);
		expect(error.message).toBe("tool-search: execute must be a function, got undefined");
	});
});
