import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as DocumentModule from "../../src/document/create-tool-search-document.js";
import { buildToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchError } from "../../src/errors.js";
import { registerToolRanker } from "../../src/ranking/registry.js";
import { createToolSearchTool, type ToolSearchToolOptions } from "../../src/tool/create-tool-search-tool.js";
import { TOOL_SEARCH_DESCRIPTION } from "../../src/tool/description.js";
import type { ToolSearchToolResult } from "../../src/tool/format-result.js";
import { toolSearchSchema } from "../../src/tool/tool-search-schema.js";
import type {
	ToolInfo,
	ToolRanker,
	ToolRankOptions,
	ToolSearchDocument,
	ToolSearchMatch,
} from "../../src/types.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";
import { createFakeHost, type FakeHost } from "../helpers/fake-host.js";

vi.mock("../../src/document/create-tool-search-document.js", async (importOriginal) => {
	const actual = await importOriginal<typeof DocumentModule>();
	return { ...actual, buildToolSearchDocument: vi.fn(actual.buildToolSearchDocument) };
});

const builds = vi.mocked(buildToolSearchDocument);
const SEARCH_TOOL: ToolInfo = Object.freeze({ name: "tool_search", description: "Search for tools." });
const HINT = 'Call tool_search with {"query": "<what the tool should do>", "limit": 8}.';
const AVAILABLE = "These tools are now available; call them directly from your next call.";

function makeHost(
	tools: readonly ToolInfo[] = CATALOG,
	active: readonly string[] = ["tool_search"],
): FakeHost {
	return createFakeHost({ tools: [SEARCH_TOOL, ...tools], active });
}

/** Deterministic ranker: score = query words found among the name's `_` parts, plus 0.1234567891. */
function nameRanker(): ToolRanker & {
	calls: { query: string; names: string[]; limit: number; options?: ToolRankOptions }[];
} {
	const calls: { query: string; names: string[]; limit: number; options?: ToolRankOptions }[] = [];
	return {
		calls,
		rank(query, documents, limit, options) {
			calls.push({ query, names: documents.map((d) => d.name), limit, ...(options ? { options } : {}) });
			const words = query.toLowerCase().split(/\W+/);
			const scored = documents
				.map((document) => {
					const parts = document.name.split(/_+/);
					return { name: document.name, score: words.filter((w) => parts.includes(w)).length + 0.1234567891 };
				})
				.filter((match) => match.score > 1);
			return scored.sort((a, b) => b.score - a.score).slice(0, limit);
		},
	};
}

function text(result: ToolSearchToolResult): string {
	return result.content[0].text;
}

function fixed(matches: ToolSearchMatch[] | (() => unknown)): ToolRanker {
	return { rank: () => (typeof matches === "function" ? matches() : matches) as ToolSearchMatch[] };
}

let undo: (() => void) | undefined;
beforeEach(() => {
	builds.mockClear();
});
afterEach(() => {
	undo?.();
	undo = undefined;
});

describe("createToolSearchTool", () => {
	it("returns a framework-neutral definition with a static description", () => {
		const tool = createToolSearchTool({ tools: makeHost() });
		expect(tool).toMatchObject({
			name: "tool_search",
			label: "Tool search",
			description: TOOL_SEARCH_DESCRIPTION,
		});
		expect(tool.parameters).toBe(toolSearchSchema);
		expect(TOOL_SEARCH_DESCRIPTION.length).toBeLessThan(900); // 700 before the syntax paragraph (issue 15)
		expect(TOOL_SEARCH_DESCRIPTION).not.toMatch(/__|github__|slack__/);
		expect(createToolSearchTool({ tools: makeHost(), description: "Find tools." }).description).toBe(
			"Find tools.",
		);
	});

	it.each([
		{ description: "options null", options: null, message: "options must be an object, got null" },
		{
			description: "tools missing",
			options: { tools: undefined },
			message: "tools must have getAllTools, getActiveTools and setActiveTools methods, got undefined",
		},
		{
			description: "tools without setActiveTools",
			options: { tools: { getAllTools: () => [], getActiveTools: () => [], name: "host" } },
			message: 'tools must have getAllTools, getActiveTools and setActiveTools methods, got {"name":"host"}',
		},
		{
			description: "ranker without rank",
			options: { ranker: { score: 1 } },
			message: 'ranker must be an object with a rank(query, documents, limit) method, got {"score":1}',
		},
		{
			description: "exclude not a function",
			options: { exclude: "github" },
			message: 'exclude must be a function, got "github"',
		},
		{
			description: "namespaceOf not a function",
			options: { namespaceOf: 1 },
			message: "namespaceOf must be a function, got 1",
		},
		{
			description: "defaultLimit 0",
			options: { defaultLimit: 0 },
			message: "defaultLimit must be a positive integer, got 0",
		},
		{
			description: "defaultLimit 2.5",
			options: { defaultLimit: 2.5 },
			message: "defaultLimit must be a positive integer, got 2.5",
		},
		{
			description: 'defaultLimit "8"',
			options: { defaultLimit: "8" },
			message: 'defaultLimit must be a positive integer, got "8"',
		},
		{
			description: "empty description",
			options: { description: " " },
			message: 'description must be a non-empty string, got " "',
		},
	])("throws INVALID_OPTIONS for $description", ({ options, message }) => {
		const full = options === null ? null : { tools: makeHost(), ...options };
		let caught: unknown;
		try {
			createToolSearchTool(full as unknown as ToolSearchToolOptions);
		} catch (error) {
			caught = error;
		}
		expect(ToolSearchError.isInstance(caught)).toBe(true);
		expect(caught).toMatchObject({ code: "INVALID_OPTIONS", message: `tool-search: ${message}` });
	});

	it("accepts a pi-like host whose methods live on a prototype, and frozen options", async () => {
		class PiLike {
			#active = ["tool_search"];
			readonly tools = [SEARCH_TOOL, ...CATALOG];
			getAllTools(): readonly ToolInfo[] {
				return this.tools;
			}
			getActiveTools(): string[] {
				return [...this.#active];
			}
			setActiveTools(names: string[]): void {
				this.#active = [...names];
			}
		}
		const pi = new PiLike();
		const tool = createToolSearchTool(Object.freeze({ tools: pi, ranker: nameRanker(), defaultLimit: 1 }));
		await tool.execute("1", Object.freeze({ query: "read file" }));
		expect(pi.getActiveTools()).toEqual(["tool_search", "filesystem__read_file"]);
	});
});

describe("tool_search execute: bad arguments", () => {
	it.each([
		{ params: undefined, error: 'arguments must be an object like {"query": "create github issue"}' },
		{ params: ["create issue"], error: 'arguments must be an object like {"query": "create github issue"}' },
		{ params: {}, error: "query is missing" },
		{ params: { query: 42 }, error: "query must be a string" },
		{ params: { query: "   " }, error: "query must not be empty", query: "   " },
		{ params: { query: "?!" }, error: "query must contain at least one letter or number", query: "?!" },
		{ params: { query: "issue", limit: 0 }, error: "limit must be a positive integer", query: "issue" },
		{ params: { query: "issue", limit: "5" }, error: "limit must be a positive integer", query: "issue" },
	])("resolves an error result for $params", async ({ params, error, query }) => {
		const host = makeHost();
		const result = await createToolSearchTool({ tools: host }).execute("1", params);
		expect(result).toEqual({
			content: [{ type: "text", text: `Error: ${error}\n${HINT}` }],
			details: query === undefined ? { error } : { error, query },
			isError: true,
		});
		expect(host.calls).toEqual([]);
	});

	it("never rejects for any arguments (property)", async () => {
		const tool = createToolSearchTool({ tools: makeHost(), ranker: fixed([]) });
		await fc.assert(
			fc.asyncProperty(fc.anything(), async (params) => {
				const result = await tool.execute("1", params);
				expect(result.content[0].type).toBe("text");
			}),
			{ numRuns: 200 },
		);
	});

	it("shows the configured default limit in the hint", async () => {
		const result = await createToolSearchTool({ tools: makeHost(), defaultLimit: 3 }).execute("1", {});
		expect(text(result)).toBe(
			'Error: query is missing\nCall tool_search with {"query": "<what the tool should do>", "limit": 3}.',
		);
	});
});

describe("tool_search execute: search and activation", () => {
	it("activates the matches and reports them in text and details", async () => {
		const host = makeHost();
		const tool = createToolSearchTool({ tools: host, ranker: nameRanker(), namespaceOf: catalogNamespaceOf });
		const result = await tool.execute("call-1", { query: "  create issue ", limit: 2 });
		expect(result.isError).toBeUndefined();
		expect(text(result)).toBe(
			[
				'{"query":"create issue","activated_tools":["github__create_issue","github__update_issue"],"match_count":2,"total_tools":31}',
				"- github__create_issue: Create a new issue in a GitHub repository.",
				"- github__update_issue: Update an existing issue: change its title, body, state, labels or assignees.",
				AVAILABLE,
			].join("\n"),
		);
		expect(result.details).toEqual({
			query: "create issue",
			limit: 2,
			total_tools: 31,
			activated_tools: ["github__create_issue", "github__update_issue"],
			active_selected_tools: ["github__create_issue", "github__update_issue"],
			ranked_by: "custom",
			tools: [
				{
					name: "github__create_issue",
					label: "Create issue",
					description: "Create a new issue in a GitHub repository.",
					server_name: "github",
					schema_keys: ["owner", "repo", "title", "body", "labels", "assignees"],
					score: 2.123457,
				},
				{
					name: "github__update_issue",
					label: "Update issue",
					description: "Update an existing issue: change its title, body, state, labels or assignees.",
					server_name: "github",
					schema_keys: ["owner", "repo", "issue_number", "title", "body", "state"],
					score: 1.123457,
				},
			],
		});
		expect(host.setCalls()).toEqual([["tool_search", "github__create_issue", "github__update_issue"]]);
	});

	it("accumulates selections across calls and never searches active tools again", async () => {
		const host = makeHost();
		const ranker = nameRanker();
		const tool = createToolSearchTool({ tools: host, ranker });
		await tool.execute("1", { query: "create issue", limit: 2 });
		const second = await tool.execute("2", { query: "post message", limit: 1 });
		expect(host.setCalls()[1]).toEqual([
			"tool_search",
			"github__create_issue",
			"github__update_issue",
			"slack__post_message",
		]);
		expect(ranker.calls[1]?.names).not.toContain("github__create_issue");
		expect(ranker.calls[1]?.names).toHaveLength(29);
		expect(second.details).toMatchObject({
			total_tools: 29,
			activated_tools: ["slack__post_message"],
			active_selected_tools: ["github__create_issue", "github__update_issue", "slack__post_message"],
		});
	});

	it("lists only selections that are still active", async () => {
		const host = makeHost();
		const tool = createToolSearchTool({ tools: host, ranker: nameRanker() });
		await tool.execute("1", { query: "create issue", limit: 2 });
		host.setActiveTools(["tool_search", "github__update_issue"]);
		const result = await tool.execute("2", { query: "read file", limit: 1 });
		expect(result.details).toMatchObject({
			active_selected_tools: ["github__update_issue", "filesystem__read_file"],
		});
	});

	it("searches neither active tools, nor tool_search itself, nor excluded tools", async () => {
		const host = makeHost(CATALOG, ["github__create_issue"]);
		const ranker = nameRanker();
		const exclude = vi.fn((tool: ToolInfo) => tool.name.startsWith("slack__"));
		await createToolSearchTool({ tools: host, ranker, exclude }).execute("1", { query: "anything" });
		const names = ranker.calls[0]?.names ?? [];
		expect(names).not.toContain("tool_search");
		expect(names).not.toContain("github__create_issue");
		expect(names.some((name) => name.startsWith("slack__"))).toBe(false);
		expect(names).toHaveLength(31 - 1 - 6);
		expect(exclude).not.toHaveBeenCalledWith(SEARCH_TOOL);
	});

	it("tolerates malformed host tools and keeps the first of duplicate names", async () => {
		const junk = [
			null,
			42,
			"read_file",
			{ name: 5 },
			{ description: "nameless" },
			{ name: "" },
		] as unknown as ToolInfo[];
		const first: ToolInfo = { name: "dup_tool", description: "First copy." };
		const host = makeHost([...junk, first, { name: "dup_tool", description: "Second copy." }]);
		const ranker = nameRanker();
		const result = await createToolSearchTool({ tools: host, ranker }).execute("1", { query: "dup tool" });
		expect(ranker.calls[0]?.names).toEqual(["dup_tool"]);
		expect(text(result)).toContain("- dup_tool: First copy.");
	});

	it("says when there is nothing to search, without ranking or activating", async () => {
		const host = makeHost([]);
		const ranker = nameRanker();
		const result = await createToolSearchTool({ tools: host, ranker }).execute("1", {
			query: "create issue",
		});
		expect(text(result)).toBe(
			'{"query":"create issue","activated_tools":[],"match_count":0,"total_tools":0}\nNo discoverable tools are currently loaded.',
		);
		expect(result.details).toMatchObject({
			total_tools: 0,
			activated_tools: [],
			tools: [],
			ranked_by: "custom",
		});
		expect(ranker.calls).toEqual([]);
		expect(host.setCalls()).toEqual([]);
	});

	it("says when nothing matched, without activating", async () => {
		const host = makeHost();
		const result = await createToolSearchTool({ tools: host, ranker: fixed([]) }).execute("1", {
			query: "zzz",
		});
		expect(text(result)).toBe(
			'{"query":"zzz","activated_tools":[],"match_count":0,"total_tools":31}\nNo matching tools found.',
		);
		expect(host.setCalls()).toEqual([]);
	});

	it("omits the colon for a tool without description and cuts long first lines to 160 characters", async () => {
		const long = `${"word ".repeat(60)}\nsecond line`;
		const host = makeHost([{ name: "bare_tool" }, { name: "long_tool", description: long }]);
		const result = await createToolSearchTool({ tools: host, ranker: nameRanker() }).execute("1", {
			query: "tool",
		});
		const lines = text(result).split("\n");
		expect(lines[1]).toBe("- bare_tool");
		expect(lines[2]).toBe(`- long_tool: ${"word ".repeat(32).trim()}`);
		expect(result.details).toMatchObject({
			tools: [{ description: "" }, { description: "word ".repeat(40).trim() }],
		});
	});

	it("passes the trimmed query, the limit, the signal and ctx to the injected ranker", async () => {
		const ranker = nameRanker();
		const signal = new AbortController().signal;
		const ctx = { session: "s" };
		await createToolSearchTool({ tools: makeHost(), ranker }).execute(
			"1",
			{ query: " read file " },
			signal,
			undefined,
			ctx,
		);
		expect(ranker.calls[0]).toMatchObject({ query: "read file", limit: 8, options: { signal, ctx } });
	});

	it("uses the ranker registered at call time", async () => {
		const tool = createToolSearchTool({ tools: makeHost() });
		const registered = Object.assign(nameRanker(), { name: "by-name" });
		undo = registerToolRanker(registered);
		const result = await tool.execute("1", { query: "write file", limit: 1 });
		expect(registered.calls).toHaveLength(1);
		expect(result.details).toMatchObject({
			activated_tools: ["filesystem__write_file"],
			ranked_by: "by-name",
		});
	});

	it("finds the right tools with the default BM25 ranker", async () => {
		const tool = createToolSearchTool({ tools: makeHost(), namespaceOf: catalogNamespaceOf });
		const result = await tool.execute("1", { query: "create github issue", limit: 3 });
		expect(result.details).toMatchObject({
			ranked_by: "bm25",
			activated_tools: expect.arrayContaining(["github__create_issue"]),
		});
		if (result.isError) throw new Error("expected a successful result");
		expect(result.details.activated_tools[0]).toBe("github__create_issue");
	});
});

describe("tool_search execute: ranker failures and abort", () => {
	it.each([
		{
			description: "throws",
			ranker: fixed(() => {
				throw new Error("model offline");
			}),
			reason: "ranker failed: model offline",
			note: "model offline",
		},
		{
			description: "rejects",
			ranker: { rank: () => Promise.reject(new Error("timeout")) },
			reason: "ranker failed: timeout",
			note: "timeout",
		},
		{
			description: "returns garbage",
			ranker: fixed(() => "nope"),
			reason: 'ranker returned "nope" instead of an array of matches',
			note: 'ranker returned "nope" instead of an array of matches',
		},
		{
			description: "returns an unknown tool",
			ranker: fixed([{ name: "ghost", score: 1 }]),
			reason: 'ranker returned "ghost", which is not one of the documents',
			note: 'ranker returned "ghost", which is not one of the documents',
		},
	])("falls back to BM25 when the ranker $description", async ({ ranker, reason, note }) => {
		const result = await createToolSearchTool({ tools: makeHost(), ranker: ranker as ToolRanker }).execute(
			"1",
			{ query: "read file" },
		);
		expect(result.details).toMatchObject({ ranked_by: "fallback", fallback_reason: reason });
		const lines = text(result).split("\n");
		expect(lines.at(-1)).toBe(
			`Note: the configured ranker failed (${note}); results are from the built-in BM25 ranker.`,
		);
	});

	it("rejects with ABORTED and activates nothing when aborted before the call", async () => {
		const host = makeHost();
		const controller = new AbortController();
		controller.abort();
		const pending = createToolSearchTool({ tools: host, ranker: nameRanker() }).execute(
			"1",
			{ query: "read file" },
			controller.signal,
		);
		await expect(pending).rejects.toMatchObject({ name: "ToolSearchError", code: "ABORTED" });
		expect(host.setCalls()).toEqual([]);
	});

	it("rejects with ABORTED and activates nothing when aborted during an async ranker", async () => {
		const host = makeHost();
		const controller = new AbortController();
		let started!: () => void;
		const running = new Promise<void>((resolve) => {
			started = resolve;
		});
		const ranker: ToolRanker = {
			rank: (_query, documents: readonly ToolSearchDocument[]) => {
				started();
				return new Promise((resolve) =>
					setTimeout(() => resolve([{ name: documents[0]?.name ?? "", score: 1 }]), 50),
				);
			},
		};
		const pending = createToolSearchTool({ tools: host, ranker }).execute(
			"1",
			{ query: "read file" },
			controller.signal,
		);
		await running;
		controller.abort();
		await expect(pending).rejects.toMatchObject({ code: "ABORTED" });
		await new Promise((resolve) => setTimeout(resolve, 60));
		expect(host.setCalls()).toEqual([]);
	});
});

describe("tool_search execute: document cache", () => {
	it("builds each document once while the host returns the same tools", async () => {
		const host = makeHost();
		const ranker = nameRanker();
		const seen: (readonly ToolSearchDocument[])[] = [];
		const tool = createToolSearchTool({
			tools: host,
			ranker: {
				rank: (q, documents, l) => {
					seen.push(documents);
					return ranker.rank(q, documents, l);
				},
			},
			namespaceOf: (t) => {
				const namespace = catalogNamespaceOf(t);
				return namespace && { ...namespace }; // equal by content, new object every call
			},
		});
		await tool.execute("1", { query: "nothing matches this" });
		expect(builds).toHaveBeenCalledTimes(31);
		await tool.execute("2", { query: "nothing matches this either" });
		expect(builds).toHaveBeenCalledTimes(31);
		expect(seen[1]?.[0]).toBe(seen[0]?.[0]);
	});

	it("rebuilds only the document of a tool whose metadata changed", async () => {
		const host = makeHost();
		const tool = createToolSearchTool({ tools: host, ranker: fixed([]) });
		await tool.execute("1", { query: "x" });
		const changed = CATALOG.map((t) =>
			t.name === "weather__get_alerts" ? { ...t, description: "New text." } : t,
		);
		host.tools = Object.freeze([SEARCH_TOOL, ...changed]);
		await tool.execute("2", { query: "x" });
		expect(builds).toHaveBeenCalledTimes(32);
		expect(builds.mock.calls.at(-1)?.[0]).toMatchObject({
			name: "weather__get_alerts",
			description: "New text.",
		});
	});

	it("rebuilds a document when the namespace content changes", async () => {
		let description = "v1";
		const tool = createToolSearchTool({
			tools: makeHost(CATALOG.slice(0, 2)),
			ranker: fixed([]),
			namespaceOf: () => ({ name: "github", description }),
		});
		await tool.execute("1", { query: "x" });
		description = "v2";
		await tool.execute("2", { query: "x" });
		expect(builds).toHaveBeenCalledTimes(4);
	});
});
