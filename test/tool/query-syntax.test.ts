import { describe, expect, it } from "vitest";
import { createActiveToolSet } from "../../src/host/create-active-tool-set.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { parsePhrasing, parseQuerySyntax } from "../../src/tool/query-syntax.js";
import type { ToolSearchToolDetails } from "../../src/tool/result-types.js";
import type { ToolInfo } from "../../src/types.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";

const AVAILABLE = "These tools are now available; call them directly from your next call.";
const HINT = 'Call tool_search with {"query": "<what the tool should do>", "limit": 8}.';

function setup(options: { active?: string[]; tools?: readonly ToolInfo[]; namespaces?: boolean } = {}) {
	const host = createActiveToolSet({ tools: options.tools ?? CATALOG, active: options.active ?? [] });
	const tool = createToolSearchTool({
		tools: host,
		...(options.namespaces === false ? {} : { namespaceOf: catalogNamespaceOf }),
	});
	const run = async (query: unknown, extra: Record<string, unknown> = {}) => {
		const result = await tool.execute("call", { query, ...extra });
		return {
			result,
			details: result.details as ToolSearchToolDetails,
			text: result.content[0].text,
			lines: result.content[0].text.split("\n"),
		};
	};
	return { host, tool, run };
}

describe("parsePhrasing", () => {
	it.each([
		{
			description: "plain words",
			input: "create github issue",
			expected: { kind: "search", text: "create github issue", scopes: [], required: [], excluded: [] },
		},
		{
			description: "a scope",
			input: "server:github create issue",
			expected: { kind: "search", text: "create issue", scopes: ["github"], required: [], excluded: [] },
		},
		{
			description: "several scopes, comma and repeated",
			input: "server:github,slack server:jira post",
			expected: {
				kind: "search",
				text: "post",
				scopes: ["github", "slack", "jira"],
				required: [],
				excluded: [],
			},
		},
		{
			description: "required words stay searched",
			input: "+slack send -email",
			expected: { kind: "search", text: "slack send", scopes: [], required: ["slack"], excluded: ["email"] },
		},
		{
			description: "a lone sign and a bare server: are words",
			input: "- list + server: files",
			expected: { kind: "search", text: "- list + server: files", scopes: [], required: [], excluded: [] },
		},
		{
			description: "hyphenated words are words",
			input: "read-file in-place",
			expected: { kind: "search", text: "read-file in-place", scopes: [], required: [], excluded: [] },
		},
		{
			description: "select, trimmed and deduplicated",
			input: "select: a , b,a,,",
			expected: { kind: "select", names: ["a", "b"] },
		},
		{
			description: "select, any case",
			input: "SELECT:Read_File",
			expected: { kind: "select", names: ["Read_File"] },
		},
		{
			description: "regex with spaces",
			input: "regex:create .* issue",
			expected: { kind: "regex", pattern: "create .* issue", scopes: [] },
		},
		{
			description: "regex after scopes",
			input: "server:github regex:^github__",
			expected: { kind: "regex", pattern: "^github__", scopes: ["github"] },
		},
	])("parses $description", ({ input, expected }) => {
		expect(parsePhrasing(input)).toEqual(expected);
	});

	it.each([
		{
			input: "select:",
			error: 'select: needs tool names, e.g. "select:github__create_issue,slack__post_message"',
		},
		{
			input: "select: , ,",
			error: 'select: needs tool names, e.g. "select:github__create_issue,slack__post_message"',
		},
		{ input: "regex:  ", error: 'regex: needs a pattern, e.g. "regex:^github__.*issue"' },
		{ input: `regex:${"a".repeat(201)}`, error: "regex: pattern is too long (201 characters, at most 200)" },
		{
			input: "server:github -close",
			error:
				'"server:github -close" has no words to search for besides server: and -word; add what the tool should do, e.g. "server:github create issue"',
		},
	])("answers $input with a message", ({ input, error }) => {
		expect(parsePhrasing(input)).toBe(error);
	});

	it("takes select: only as the one phrasing, and at most maxSelect names", () => {
		expect(parseQuerySyntax(["select:a", "send email"], 50)).toEqual({
			ok: false,
			error: 'select: must be sent alone in "query", not with other phrasings',
		});
		expect(parseQuerySyntax(["select:a,b,c"], 2)).toEqual({
			ok: false,
			error: "select: names 3 tools, at most 2 per call; send the rest in another call",
		});
	});
});

describe("tool_search syntax: what the model sees", () => {
	it("leaves a query without syntax exactly as before", async () => {
		const { run } = setup();
		const { result, details, lines } = await run("create issue");
		expect(lines.at(-1)).toBe(AVAILABLE);
		expect(result.details).not.toHaveProperty("not_found");
		expect(details.activated_tools[0]).toBe("github__create_issue");
	});

	it("select: loads the named tools in order, folding case and -/_, and says which are loaded already", async () => {
		const { run, host } = setup({ active: ["filesystem__read_file"] });
		const { details, lines } = await run(
			"select:Slack-Post-Message, filesystem__read_file, github__create_issue",
		);
		expect(lines).toEqual([
			JSON.stringify({
				query: "select:Slack-Post-Message, filesystem__read_file, github__create_issue",
				activated_tools: ["slack__post_message", "github__create_issue"],
				match_count: 2,
				total_tools: 30,
			}),
			"- slack__post_message: Post a new message to a Slack channel.",
			"- github__create_issue: Create a new issue in a GitHub repository.",
			AVAILABLE,
			"Already loaded: filesystem__read_file.",
		]);
		expect(details.ranked_by).toBe("select");
		expect(details.tools.map((tool) => tool.score)).toEqual([1, 1]);
		expect(host.getActiveTools()).toEqual([
			"filesystem__read_file",
			"slack__post_message",
			"github__create_issue",
		]);
	});

	it("select: takes a local name when one tool alone has it, and answers unknown names with the nearest ones", async () => {
		const { run } = setup();
		const { details, lines } = await run("select:post_message,github__create_isue,zzz");
		expect(details.activated_tools).toEqual(["slack__post_message"]);
		expect(lines.slice(-2)).toEqual([
			'No tool is named "github__create_isue"; did you mean: github__create_issue?',
			'No tool is named "zzz".',
		]);
		expect(details.not_found).toEqual([
			{ name: "github__create_isue", suggestions: ["github__create_issue"] },
			{ name: "zzz", suggestions: [] },
		]);
	});

	it("select: ignores limit but not maxLimit", async () => {
		const { run } = setup();
		const { details } = await run("select:slack__post_message,github__create_issue", { limit: 1 });
		expect(details.activated_tools).toHaveLength(2);
		const tooMany = await run(`select:${Array.from({ length: 51 }, (_, i) => `t${i}`).join(",")}`);
		expect(tooMany.result.isError).toBe(true);
		expect(tooMany.lines).toEqual([
			"Error: select: names 51 tools, at most 50 per call; send the rest in another call",
			HINT,
		]);
	});

	it("server: searches only the named namespaces, several allowed", async () => {
		const { run } = setup();
		const one = await run("server:slack list", { limit: 20 });
		expect(one.details.activated_tools.length).toBeGreaterThan(0);
		expect(one.details.activated_tools.every((name) => name.startsWith("slack__"))).toBe(true);
		const { details } = await setup().run("server:slack server:GitHub list", { limit: 20 });
		const namespaces = new Set(details.tools.map((tool) => tool.server_name));
		expect([...namespaces].sort()).toEqual(["github", "slack"]);
	});

	it("server: without namespaceOf reads the namespace from the tool name", async () => {
		const { run } = setup({ namespaces: false });
		const { details } = await run("server:weather forecast");
		expect(details.activated_tools.every((name) => name.startsWith("weather__"))).toBe(true);
	});

	it("server: with an unknown namespace is an error result naming the nearest and all namespaces", async () => {
		const { run } = setup();
		const { result, lines } = await run("server:githb create issue");
		expect(result.isError).toBe(true);
		expect(lines).toEqual([
			'Error: server: no namespace is named "githb"; did you mean: github? The namespaces are: calendar, filesystem, github, slack, weather.',
			HINT,
		]);
	});

	it("+word keeps tools that have the word; -word drops those that have it", async () => {
		const { run } = setup();
		const required = await run("+calendar create", { limit: 20 });
		expect(required.details.activated_tools.length).toBeGreaterThan(0);
		expect(required.details.activated_tools.every((name) => name.startsWith("calendar__"))).toBe(true);
		const plain = await setup().run("create", { limit: 20 });
		const excluded = await setup().run("create -github -issues", { limit: 20 });
		expect(plain.details.activated_tools).toContain("github__create_issue");
		expect(excluded.details.activated_tools.some((name) => name.startsWith("github__"))).toBe(false);
		expect(excluded.details.activated_tools.length).toBeGreaterThan(0);
	});

	it("a stop word after + or - is an error result", async () => {
		const { run } = setup();
		const { lines } = await run("create -the");
		expect(lines[0]).toBe('Error: "-the" is too common a word to require or exclude; remove it');
	});

	it("applies each phrasing's syntax to that phrasing alone, then fuses", async () => {
		const { run } = setup();
		const { details } = await run("server:slack post message", { queries: ["server:github create issue"] });
		expect(details.queries).toEqual(["server:slack post message", "server:github create issue"]);
		expect(details.activated_tools).toEqual(
			expect.arrayContaining(["slack__post_message", "github__create_issue"]),
		);
		const withSelect = await run("send email", { queries: ["select:slack__post_message"] });
		expect(withSelect.lines[0]).toBe(
			'Error: select: must be sent alone in "query", not with other phrasings',
		);
	});
});
