import { describe, expect, it } from "vitest";
import { CATALOG, CATALOG_NAMESPACES } from "../fixtures/catalog.js";
import { cli, folderWith } from "./cli-helpers.js";

/** The fixture catalogue in the bundled datasets' format: `server` and `server_description`. */
const DATASET = {
	tools: CATALOG.map((tool) => {
		const server = tool.name.split("__")[0] as string;
		return {
			name: tool.name,
			description: tool.description,
			parameters: tool.inputSchema,
			server,
			server_description: CATALOG_NAMESPACES[server]?.description,
		};
	}),
};

describe("tool-search search", () => {
	it.each([
		{ format: "an array of MCP tools", file: CATALOG },
		{ format: "a tools/list result", file: { tools: CATALOG } },
		{ format: "the bundled datasets' format", file: DATASET },
	])("reads $format and prints the tools found, best first", async ({ file }) => {
		const cwd = folderWith({ "tools.json": file });
		const run = await cli(["search", "tools.json", "create", "a", "github", "issue", "--limit", "2"], {
			cwd,
		});
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const lines = run.stdout.trimEnd().split("\n");
		expect(lines[0]).toMatch(
			/^2 of 31 tools for "create a github issue" · ranked by bm25 · [\d.]+ ms with indexing$/,
		);
		expect(lines[1]).toMatch(
			/^ {2}1 {2}github__create_issue +[\d.]+ {2}Create a new issue in a GitHub repository\.$/,
		);
		expect(lines).toHaveLength(3);
	});

	it("prints tool_search's details as JSON, with explanations", async () => {
		const cwd = folderWith({ "tools.json": CATALOG });
		const run = await cli(["search", "tools.json", "weather forecast", "-n", "1", "--json", "--explain"], {
			cwd,
		});
		const json = JSON.parse(run.stdout);
		expect(json).toMatchObject({
			catalog: { source: "tools.json", tools: 31 },
			query: "weather forecast",
			limit: 1,
			activated_tools: ["weather__get_forecast"],
			ranked_by: "bm25",
		});
		expect(json.explanations[0]).toMatchObject({ name: "weather__get_forecast", matched: true });
		expect(json.explanations[0].score).toBeCloseTo(json.tools[0].score, 5);
	});

	it("explains each tool: the words it matched, where, and the rules", async () => {
		const cwd = folderWith({ "tools.json": CATALOG });
		const run = await cli(["search", "tools.json", "weather forecast", "-n", "1", "--explain"], { cwd });
		expect(run.stdout).toMatch(/\n {7}terms: weather [\d.]+ \(name×1 [^)]*\) · forecast [\d.]+ \(name×1 /);
	});

	it("shows what the model reads when nothing is found", async () => {
		const cwd = folderWith({ "tools.json": CATALOG });
		const run = await cli(["search", "tools.json", "rainbow unicorn"], { cwd });
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("0 of 31 tools");
		expect(run.stdout).toContain("Nothing was activated. What the model reads:");
		expect(run.stdout).toContain("No tool matched: rainbow, unicorn");
	});

	it("colours only when asked or on a terminal", async () => {
		const cwd = folderWith({ "tools.json": CATALOG });
		const plain = await cli(["search", "tools.json", "issue", "-n", "1"], { cwd });
		const tty = await cli(["search", "tools.json", "issue", "-n", "1"], { cwd, tty: true });
		const noColor = await cli(["search", "tools.json", "issue", "-n", "1"], {
			cwd,
			tty: true,
			env: { NO_COLOR: "1" },
		});
		const forced = await cli(["search", "tools.json", "issue", "-n", "1"], {
			cwd,
			env: { FORCE_COLOR: "1" },
		});
		expect([plain, tty, noColor, forced].map((run) => run.stdout.includes("\u001b["))).toEqual([
			false,
			true,
			false,
			true,
		]);
	});

	it("warns once about names given to several tools, and uses the first", async () => {
		const cwd = folderWith({
			"tools.json": [...CATALOG, { name: "github__create_issue", description: "Other" }],
		});
		const run = await cli(["search", "tools.json", "create issue", "-n", "1"], { cwd });
		expect(run.stderr).toBe(
			"tool-search: 1 tool names appear more than once in tools.json; the first of each is used (github__create_issue)\n",
		);
		expect(run.stdout).toContain("Create a new issue in a GitHub repository.");
	});

	it.each([
		{
			args: ["search"],
			code: 2,
			line: "missing the catalogue and the query (see: tool-search search --help)",
		},
		{ args: ["search", "tools.json"], code: 2, line: "missing the query (see: tool-search search --help)" },
		{
			args: ["search", "tools.json", "q", "--limit", "51"],
			code: 2,
			line: '--limit must be an integer from 1 to 50, got "51" (see: tool-search search --help)',
		},
		{
			args: ["search", "tools.json", "q", "--limit"],
			code: 2,
			line: "option --limit needs a value (see: tool-search search --help)",
		},
		{
			args: ["search", "tools.json", "q", "--top", "3"],
			code: 2,
			line: "unknown option --top (see: tool-search search --help)",
		},
		{
			args: ["search", "tools.json", "x".repeat(1001)],
			code: 2,
			line: "the query: query is too long (1001 characters, at most 1000): describe the tool you need in a few keywords",
		},
		{
			args: ["search", "missing.json", "q"],
			code: 1,
			line: "cannot read catalogue missing.json: no such file",
		},
		{
			args: ["search", "broken.json", "q"],
			code: 1,
			line: expect.stringMatching(/^catalogue broken\.json is not JSON: /),
		},
		{
			args: ["search", "mcp.json", "q"],
			code: 1,
			line: "mcp.json is an MCP client configuration: pass it as --mcp-config mcp.json",
		},
		{
			args: ["search", "other.json", "q"],
			code: 1,
			line: 'other.json is not a tool catalogue: expected an array of tools, or an object with a "tools" array',
		},
		{
			args: ["search", "nameless.json", "q"],
			code: 1,
			line: "catalogue nameless.json: tools[1] has no name (a non-empty string)",
		},
		{
			args: ["search", "tools.json", "q", "--options", "options.json"],
			code: 1,
			line: "bm25.b must be a number in [0, 1], got 2",
		},
		{
			args: ["search", "tools.json", "--mcp-config", "mcp.json", "q"],
			code: 2,
			line: "give a catalogue file or --mcp-config, not both (see: tool-search search --help)",
		},
	])("fails with exit $code and one line: $args", async ({ args, code, line }) => {
		const cwd = folderWith({
			"tools.json": CATALOG,
			"broken.json": "{ tools: [",
			"mcp.json": { mcpServers: {} },
			"other.json": { hello: "world" },
			"nameless.json": [{ name: "a" }, { description: "no name" }],
			"options.json": { bm25: { b: 2 } },
		});
		const run = await cli(args, { cwd });
		expect(run.code).toBe(code);
		expect(run.stdout).toBe("");
		expect(run.stderr.split("\n")).toEqual([
			typeof line === "string" ? `tool-search: ${line}` : expect.anything(),
			"",
		]);
		if (typeof line !== "string") expect(run.stderr.slice("tool-search: ".length)).toEqual(line);
	});
});
