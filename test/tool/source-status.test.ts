import type { ListToolsResult } from "@modelcontextprotocol/sdk/types.js";
import { createMcpCatalog, type McpClientLike } from "tool-search/mcp";
import { describe, expect, it } from "vitest";
import type { ToolHost } from "../../src/host/types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import type { ToolSearchToolDetails } from "../../src/tool/result-types.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";

type Status = NonNullable<ReturnType<NonNullable<ToolHost["getSourceStatus"]>>>[number];

function hostWith(status: () => unknown): ToolHost {
	let active: string[] = [];
	return {
		getAllTools: () => CATALOG,
		getActiveTools: () => active,
		setActiveTools: (names) => {
			active = [...names];
		},
		getSourceStatus: status as () => Status[],
	};
}

async function run(host: ToolHost, query: string) {
	const result = await createToolSearchTool({ tools: host, namespaceOf: catalogNamespaceOf }).execute("1", {
		query,
	});
	return {
		result,
		details: result.details as ToolSearchToolDetails,
		lines: result.content[0].text.split("\n"),
	};
}

describe("sources still connecting or failed", () => {
	it("says so instead of a bare no-match", async () => {
		const host = hostWith(() => [
			{ name: "jira", status: "connecting", pendingTools: 12 },
			{ name: "linear", status: "connecting" },
			{ name: "notion", status: "failed", reason: "spawn notion-mcp ENOENT" },
		]);
		const { details, lines } = await run(host, "bitcoin price");
		expect(lines.slice(1, 2)).toEqual(["No matching tools found."]);
		expect(lines).toEqual(
			expect.arrayContaining([
				'Server "jira" is still connecting (12 tools not yet searchable); search again shortly.',
				'Server "linear" is still connecting (its tools are not searchable yet); search again shortly.',
				'Server "notion" failed: spawn notion-mcp ENOENT; its tools cannot be searched.',
			]),
		);
		expect(details.sources).toEqual([
			{ name: "jira", status: "connecting", pending_tools: 12 },
			{ name: "linear", status: "connecting" },
			{ name: "notion", status: "failed", reason: "spawn notion-mcp ENOENT" },
		]);
	});

	it("takes server: of a source that is still connecting as no mistake", async () => {
		const host = hostWith(() => [{ name: "jira", status: "connecting", pendingTools: 3 }]);
		const { result, lines } = await run(host, "server:jira create issue");
		expect(result.isError).toBeUndefined();
		expect(lines).toContain(
			'Server "jira" is still connecting (3 tools not yet searchable); search again shortly.',
		);
	});

	it("names ten sources and counts the rest", async () => {
		const host = hostWith(() =>
			Array.from({ length: 13 }, (_, i) => ({ name: `s${i}`, status: "connecting" as const })),
		);
		const { lines } = await run(host, "create issue");
		expect(lines.filter((line) => line.startsWith('Server "s'))).toHaveLength(10);
		expect(lines.at(-1)).toBe("(3 more servers connecting or failed)");
	});

	it.each([
		{
			description: "throws",
			status: () => {
				throw new Error("nope");
			},
		},
		{ description: "answers junk", status: () => [null, 3, { name: "" }, { name: "x", status: "up" }] },
		{ description: "answers a non-array", status: () => "connecting" },
	])("ignores a catalogue whose getSourceStatus $description", async ({ status }) => {
		const { details } = await run(hostWith(status), "create issue");
		expect(details.sources).toBeUndefined();
		expect(details.activated_tools.length).toBeGreaterThan(0);
	});
});

describe("createMcpCatalog().getSourceStatus", () => {
	it("reports a server as connecting until its first listing settles", async () => {
		let release: (result: ListToolsResult) => void = () => {};
		const slow: McpClientLike = {
			listTools: () =>
				new Promise<ListToolsResult>((resolve) => {
					release = resolve;
				}),
			callTool: async () => ({ content: [] }),
		};
		const catalog = createMcpCatalog({ servers: { jira: slow } });
		expect(catalog.getSourceStatus()).toEqual([{ name: "jira", status: "connecting" }]);
		let active: string[] = [];
		const host: ToolHost = {
			getAllTools: () => catalog.getAllTools(),
			getActiveTools: () => active,
			setActiveTools: (names) => {
				active = [...names];
			},
			getSourceStatus: () => catalog.getSourceStatus(),
		};
		const tool = createToolSearchTool({ tools: host, namespaceOf: catalog.namespaceOf });
		const before = await tool.execute("1", { query: "create issue" });
		expect(before.content[0].text.split("\n").slice(1)).toEqual([
			"No discoverable tools are currently loaded.",
			'Server "jira" is still connecting (its tools are not searchable yet); search again shortly.',
		]);
		release({
			tools: [{ name: "create_issue", description: "Create a Jira issue.", inputSchema: { type: "object" } }],
		});
		await catalog.ready;
		expect(catalog.getSourceStatus()).toEqual([]);
		const after = await tool.execute("2", { query: "create issue" });
		expect((after.details as ToolSearchToolDetails).activated_tools).toEqual(["jira__create_issue"]);
		await catalog.close();
	});
});
