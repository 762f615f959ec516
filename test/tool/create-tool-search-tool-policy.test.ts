import { describe, expect, it } from "vitest";
import { createActiveToolSet } from "../../src/host/create-active-tool-set.js";
import type { ToolHost } from "../../src/host/types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import type { ToolInfo } from "../../src/types.js";
import { thrown } from "../helpers/thrown.js";

const BUILT_INS: ToolInfo[] = [
	{ name: "read", description: "Read a file from disk." },
	{ name: "bash", description: "Run a shell command." },
];
const MCP: ToolInfo[] = [
	{ name: "github__create_issue", description: "Create a new issue in a GitHub repository." },
	{ name: "github__list_issues", description: "List the issues of a GitHub repository." },
	{ name: "weather__forecast", description: "Weather forecast for a city." },
];

/** A host whose catalogue can grow, like one whose MCP servers connect one by one. */
function growingHost(initial: ToolInfo[]): ToolHost & { add(tool: ToolInfo): void; sets: string[][] } {
	const tools = [...initial];
	let active: string[] = [];
	const sets: string[][] = [];
	return {
		sets,
		add: (tool) => tools.push(tool),
		getAllTools: () => [...tools],
		getActiveTools: () => [...active],
		setActiveTools: (names) => {
			sets.push([...names]);
			active = [...names];
		},
	};
}

describe("createToolSearchTool with a discovery policy (a host's own loop)", () => {
	it("loads the built-ins, defers the MCP tools and searches only those, from creation", async () => {
		const host = createActiveToolSet({ tools: [...BUILT_INS, ...MCP] });
		const tool = createToolSearchTool({ tools: host, policy: { mode: "mcp-only" } });
		expect(host.getActiveTools()).toEqual(["read", "bash"]);
		expect(tool.applyPolicy()).toMatchObject({
			searchEnabled: true,
			loaded: ["read", "bash"],
			deferred: ["github__create_issue", "github__list_issues", "weather__forecast"],
		});
		const result = await tool.execute("1", { query: "read a file or create an issue", limit: 8 });
		expect(result.details).toMatchObject({ total_tools: 3 });
		if (result.isError) throw new Error("expected success");
		expect(result.details.activated_tools).not.toContain("read");
		expect(result.details.activated_tools[0]).toBe("github__create_issue");
		expect(host.getActiveTools()).toEqual(["read", "bash", ...result.details.activated_tools]);
	});

	it("keeps pinned tools loaded and never searches them", async () => {
		const host = createActiveToolSet({ tools: [...BUILT_INS, ...MCP] });
		const tool = createToolSearchTool({
			tools: host,
			policy: { mode: "all", pinned: ["weather__forecast"] },
		});
		expect(host.getActiveTools()).toEqual(["weather__forecast"]);
		const result = await tool.execute("1", { query: "weather forecast" });
		if (result.isError) throw new Error("expected success");
		expect(result.details.activated_tools).not.toContain("weather__forecast");
		expect(result.details.total_tools).toBe(4);
	});

	it("loads everything and searches nothing when the policy turns search off", async () => {
		const host = createActiveToolSet({ tools: [...BUILT_INS, ...MCP] });
		const tool = createToolSearchTool({ tools: host, policy: { mode: "off" } });
		expect(tool.applyPolicy()?.searchEnabled).toBe(false);
		expect(host.getActiveTools()).toEqual(["read", "bash", ...MCP.map((t) => t.name)]);
		const result = await tool.execute("1", { query: "weather" });
		expect(result.details).toMatchObject({ total_tools: 0, activated_tools: [] });
	});

	it("hides tools that appear later and keeps what searches activated", async () => {
		const host = growingHost([...BUILT_INS, MCP[0] as ToolInfo]);
		const tool = createToolSearchTool({ tools: host, policy: { mode: "mcp-only" } });
		expect(host.getActiveTools()).toEqual(["read", "bash"]);
		await tool.execute("1", { query: "create issue", limit: 1 });
		expect(host.getActiveTools()).toEqual(["read", "bash", "github__create_issue"]);
		host.add(MCP[2] as ToolInfo);
		host.add({ name: "edit", description: "Edit a file." });
		const plan = tool.applyPolicy();
		expect(plan?.deferred).toEqual(["github__create_issue", "weather__forecast"]);
		expect(host.getActiveTools()).toEqual(["read", "bash", "github__create_issue", "edit"]);
		const result = await tool.execute("2", { query: "weather forecast", limit: 1 });
		expect(result.details).toMatchObject({ activated_tools: ["weather__forecast"] });
		const sets = host.sets.length;
		tool.applyPolicy();
		expect(host.sets.length).toBe(sets); // nothing new: the active set is not touched
	});

	it("honours the caller's exclude as well as the policy", async () => {
		const host = createActiveToolSet({ tools: [...BUILT_INS, ...MCP] });
		const tool = createToolSearchTool({
			tools: host,
			policy: { mode: "mcp-only" },
			exclude: (info) => info.name.startsWith("github__"),
		});
		const result = await tool.execute("1", { query: "github issue weather" });
		expect(result.details).toMatchObject({ total_tools: 1, activated_tools: ["weather__forecast"] });
	});

	it("without a policy leaves the active set alone", () => {
		const host = createActiveToolSet({ tools: [...BUILT_INS, ...MCP], active: ["bash"] });
		const tool = createToolSearchTool({ tools: host });
		expect(tool.applyPolicy()).toBeUndefined();
		expect(host.getActiveTools()).toEqual(["bash"]);
	});

	it("throws INVALID_OPTIONS for a malformed policy, before touching the host", () => {
		const host = growingHost(BUILT_INS);
		const error = thrown(() => createToolSearchTool({ tools: host, policy: { mode: "some" as never } }));
		expect([error.code, error.message]).toEqual([
			"INVALID_OPTIONS",
			'tool-search: mode must be one of "off", "auto", "mcp-only", "all", got "some"',
		]);
		expect(host.sets).toEqual([]);
	});
});

describe("createToolSearchTool: what the host refused is not reported", () => {
	it("reports as activated only the tools the host's active set holds after setActiveTools", async () => {
		let active: string[] = [];
		const host: ToolHost = {
			getAllTools: () => MCP,
			getActiveTools: () => active,
			// This host refuses weather__forecast, as pi refuses a hidden tool.
			setActiveTools: (names) => {
				active = names.filter((name) => name !== "weather__forecast");
			},
		};
		const result = await createToolSearchTool({ tools: host }).execute("1", {
			query: "weather forecast github issue",
		});
		if (result.isError) throw new Error("expected success");
		expect(result.details.activated_tools).not.toContain("weather__forecast");
		expect(result.details.tools.map((tool) => tool.name)).toEqual(result.details.activated_tools);
		expect(result.details.activated_tools.length).toBeGreaterThan(0);
		expect(result.content[0].text).not.toContain("weather__forecast");
	});
});

describe("createToolSearchTool with a policy: hostile hosts", () => {
	it("throws INVALID_OPTIONS when the host's getAllTools returns a Promise", () => {
		const host = {
			getAllTools: () => Promise.resolve(MCP),
			getActiveTools: () => [],
			setActiveTools: () => {},
		} as unknown as ToolHost;
		const error = thrown(() => createToolSearchTool({ tools: host, policy: { mode: "all" } }));
		expect(error.code).toBe("INVALID_OPTIONS");
		expect(error.message).toContain("getAllTools() returned a Promise");
	});

	it("skips a tool whose getters throw, and still plans and searches the others", async () => {
		const hostile = {
			get name(): string {
				throw new Error("no name");
			},
		} as unknown as ToolInfo;
		const noisy = {
			name: "weather__alerts",
			get description(): string {
				throw new Error("no description");
			},
		} as unknown as ToolInfo;
		const host = createActiveToolSet({ tools: [...BUILT_INS, ...MCP] });
		const withHostile: ToolHost = {
			getAllTools: () => [hostile, noisy, ...host.getAllTools()],
			getActiveTools: () => host.getActiveTools(),
			setActiveTools: (names) => host.setActiveTools(names),
		};
		const tool = createToolSearchTool({
			tools: withHostile,
			policy: { mode: "mcp-only", maxSchemaTokens: 10_000 },
		});
		expect(tool.applyPolicy()?.deferred).toEqual([
			"weather__alerts",
			"github__create_issue",
			"github__list_issues",
			"weather__forecast",
		]);
		const result = await tool.execute("1", { query: "weather forecast", limit: 1 });
		expect(result.details).toMatchObject({ activated_tools: ["weather__forecast"] });
	});
});
