import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { ABSTAINED_MESSAGE, type ToolSearchToolResult } from "../../src/tool/format-result.js";
import type { ToolInfo, ToolRanker, ToolRankOptions, ToolSearchMatch } from "../../src/types.js";
import { CATALOG } from "../fixtures/catalog.js";
import { createFakeHost, type FakeHost } from "../helpers/fake-host.js";

const SEARCH_TOOL: ToolInfo = Object.freeze({ name: "tool_search", description: "Search for tools." });
const AVAILABLE = "These tools are now available; call them directly from your next call.";
const QUERIES_HINT =
	'Call tool_search with {"queries": ["<what the tool should do>", "<the same in other words>"], "limit": 8}.';
const QUERY_HINT = 'Call tool_search with {"query": "<what the tool should do>", "limit": 8}.';

function makeHost(tools: readonly ToolInfo[] = CATALOG): FakeHost {
	return createFakeHost({ tools: [SEARCH_TOOL, ...tools], active: ["tool_search"] });
}

function text(result: ToolSearchToolResult): string {
	return result.content[0].text;
}

function success(result: ToolSearchToolResult) {
	if (result.isError === true) throw new Error(`unexpected error: ${text(result)}`);
	return result.details;
}

interface Call {
	query: string;
	limit: number;
	options: ToolRankOptions | undefined;
}

/** A ranker answering each query from `answers` (names, best first), recording its calls. */
function scripted(
	answers: Record<string, readonly string[] | (() => unknown)>,
): ToolRanker & { calls: Call[] } {
	const calls: Call[] = [];
	return {
		name: "scripted",
		calls,
		rank(query, _documents, limit, options) {
			calls.push({ query, limit, options });
			const answer = answers[query] ?? [];
			if (typeof answer === "function") return answer() as ToolSearchMatch[];
			return answer.slice(0, limit).map((name, at) => ({ name, score: 10 - at }));
		},
	};
}

describe("tool_search queries: fusion", () => {
	it.each([
		{
			description: "a tool found by two phrasings beats one found by one",
			answers: {
				"create ticket": ["github__create_issue", "github__update_issue"],
				"open issue": ["github__list_issues", "github__update_issue"],
			},
			args: { queries: ["create ticket", "open issue"] },
			activated: ["github__update_issue", "github__create_issue", "github__list_issues"],
		},
		{
			description: "query is one more phrasing, first",
			answers: {
				"read file": ["filesystem__read_file"],
				"open document": ["filesystem__get_file_info", "filesystem__read_file"],
			},
			args: { query: "read file", queries: ["open document"] },
			activated: ["filesystem__read_file", "filesystem__get_file_info"],
		},
		{
			description: "ties by first appearance: the earlier phrasing's tool first",
			answers: { a: ["weather__get_alerts"], b: ["slack__get_users"] },
			args: { queries: ["a", "b"] },
			activated: ["weather__get_alerts", "slack__get_users"],
		},
		{
			description: "ties by first appearance, phrasings swapped",
			answers: { a: ["weather__get_alerts"], b: ["slack__get_users"] },
			args: { queries: ["b", "a"] },
			activated: ["slack__get_users", "weather__get_alerts"],
		},
		{
			description: "the fused top `limit` is activated",
			answers: {
				a: ["calendar__create_event", "calendar__list_events", "calendar__update_event"],
				b: ["calendar__delete_event", "calendar__update_event"],
			},
			args: { queries: ["a", "b"], limit: 2 },
			activated: ["calendar__update_event", "calendar__create_event"],
		},
		{
			description: "a phrasing that finds nothing takes nothing away",
			answers: { a: ["slack__post_message"] },
			args: { queries: ["zzz", "a"] },
			activated: ["slack__post_message"],
		},
	])("$description", async ({ answers, args, activated }) => {
		const host = makeHost();
		const ranker = scripted(answers);
		const result = await createToolSearchTool({ tools: host, ranker }).execute("1", args);
		const details = success(result);
		expect(details.activated_tools).toEqual(activated);
		expect(host.getActiveTools()).toEqual(["tool_search", ...activated]);
		expect(text(result).split("\n").at(-1)).toBe(AVAILABLE);
	});

	it("reports the phrasings run, the fused scores, and echoes the phrasings in the text", async () => {
		const ranker = scripted({
			"create ticket": ["github__create_issue", "github__update_issue"],
			"open issue": ["github__update_issue"],
		});
		const result = await createToolSearchTool({ tools: makeHost(), ranker }).execute("1", {
			query: " create ticket ",
			queries: ["open issue", "create ticket"],
		});
		const details = success(result);
		expect(details.query).toBe("create ticket");
		expect(details.queries).toEqual(["create ticket", "open issue"]);
		expect(details.ranked_by).toBe("scripted");
		expect(details.tools.map((tool) => [tool.name, tool.score])).toEqual([
			["github__update_issue", Math.round((1 / 62 + 1 / 61) * 1e6) / 1e6],
			["github__create_issue", Math.round((1 / 61) * 1e6) / 1e6],
		]);
		expect(text(result).split("\n")[0]).toBe(
			'{"queries":["create ticket","open issue"],"activated_tools":["github__update_issue","github__create_issue"],"match_count":2,"total_tools":31}',
		);
	});

	it("ranks each phrasing with the same ranker call, twice as deep as the limit, with signal and ctx", async () => {
		const ranker = scripted({});
		const signal = new AbortController().signal;
		const ctx = { session: 1 };
		await createToolSearchTool({ tools: makeHost(), ranker }).execute(
			"1",
			{ queries: ["a", "b", "c"], limit: 3 },
			signal,
			undefined,
			ctx,
		);
		expect(ranker.calls.map((call) => [call.query, call.limit])).toEqual([
			["a", 6],
			["b", 6],
			["c", 6],
		]);
		for (const call of ranker.calls) expect(call.options).toEqual({ signal, ctx });
	});

	it("finds the right tool with the default BM25 ranker", async () => {
		const host = makeHost();
		const result = await createToolSearchTool({ tools: host }).execute("1", {
			queries: ["post slack message", "send a message to a channel"],
			limit: 2,
		});
		expect(success(result).activated_tools[0]).toBe("slack__post_message");
		expect(success(result).ranked_by).toBe("bm25");
	});

	it("gives the same result for the same call (deterministic)", async () => {
		const args = { queries: ["send a message", "read file", "weather forecast"], limit: 6 };
		const first = await createToolSearchTool({ tools: makeHost() }).execute("1", args);
		const second = await createToolSearchTool({ tools: makeHost() }).execute("1", args);
		expect(second).toEqual(first);
	});

	it("abstains when nothing was found and a phrasing abstained", async () => {
		const tools: ToolInfo[] = Array.from({ length: 20 }, (_, i) => ({
			name: `t${i}`,
			description: `Data tool ${i}`,
		}));
		const host = makeHost(tools);
		const result = await createToolSearchTool({ tools: host }).execute("1", {
			queries: ["data zorblax", "data quux"],
		});
		const details = success(result);
		expect(details.abstained).toBe(true);
		expect(details.unmatched_terms).toEqual(["zorblax", "quux"]);
		expect(text(result).split("\n")[1]).toBe(ABSTAINED_MESSAGE);
		expect(host.setCalls()).toEqual([]);
	});
});

describe("tool_search queries: duplicates and the single-query path", () => {
	it("ranks identical phrasings once", async () => {
		const ranker = scripted({ "read file": ["filesystem__read_file"] });
		const result = await createToolSearchTool({ tools: makeHost(), ranker }).execute("1", {
			query: "read file",
			queries: [" read file", "read file "],
		});
		expect(ranker.calls.map((call) => call.query)).toEqual(["read file"]);
		const details = success(result);
		expect(details.queries).toEqual(["read file"]);
		// One phrasing: the ranker's own score, as for a lone query.
		expect(details.tools).toMatchObject([{ name: "filesystem__read_file", score: 10 }]);
	});

	it.each([
		{ description: "queries: [] next to it", extra: { queries: [] } },
		{ description: "no queries", extra: {} },
	])("answers a lone query exactly as before ($description)", async ({ extra }) => {
		const plain = await createToolSearchTool({ tools: makeHost() }).execute("1", { query: "read file" });
		const withExtra = await createToolSearchTool({ tools: makeHost() }).execute("1", {
			query: "read file",
			...extra,
		});
		expect(withExtra).toEqual(plain);
		expect(success(plain)).not.toHaveProperty("queries");
		expect(text(plain).split("\n")[0]).toMatch(/^\{"query":"read file","activated_tools":/);
	});
});

describe("tool_search queries: ranker failures per phrasing", () => {
	it("falls back for the phrasing whose ranker failed and keeps the others' answers", async () => {
		const ranker = scripted({
			mine: ["calendar__find_free_slots"],
			"read file": () => {
				throw new Error("model offline");
			},
		});
		const result = await createToolSearchTool({ tools: makeHost(), ranker }).execute("1", {
			queries: ["mine", "read file"],
			limit: 2,
		});
		const details = success(result);
		expect(details).toMatchObject({ ranked_by: "fallback", fallback_reason: "ranker failed: model offline" });
		expect(details.activated_tools).toEqual(["calendar__find_free_slots", "filesystem__read_file"]);
		expect(text(result).split("\n").at(-1)).toBe(
			"Note: the configured ranker failed (model offline); results are from the built-in BM25 ranker.",
		);
	});

	it("applies the ranker deadline to each phrasing", async () => {
		const ranker = scripted({
			fast: ["weather__get_alerts"],
			"read file": () => new Promise(() => {}),
		});
		const started = Date.now();
		const result = await createToolSearchTool({ tools: makeHost(), ranker, rankerTimeoutMs: 30 }).execute(
			"1",
			{
				queries: ["fast", "read file"],
				limit: 2,
			},
		);
		const details = success(result);
		expect(details.fallback_reason).toBe("ranker failed: timed out after 30 ms");
		expect(details.activated_tools).toEqual(["weather__get_alerts", "filesystem__read_file"]);
		// The phrasings are ranked at once: one deadline, not one after the other.
		expect(Date.now() - started).toBeLessThan(1000);
	});

	it("rejects with ABORTED and activates nothing when aborted during the phrasings", async () => {
		const host = makeHost();
		const controller = new AbortController();
		const ranker = scripted({
			a: ["weather__get_alerts"],
			b: () => {
				controller.abort();
				return new Promise(() => {});
			},
		});
		const pending = createToolSearchTool({ tools: host, ranker }).execute(
			"1",
			{ queries: ["a", "b"] },
			controller.signal,
		);
		await expect(pending).rejects.toMatchObject({ name: "ToolSearchError", code: "ABORTED" });
		expect(host.setCalls()).toEqual([]);
	});
});

describe("tool_search queries: bad arguments are error results", () => {
	it.each([
		{ params: { queries: [] }, error: "queries must not be empty", hint: QUERIES_HINT },
		{ params: { queries: "send email" }, error: "queries must be an array of strings", hint: QUERIES_HINT },
		{
			params: { queries: ["1", "2", "3", "4", "5", "6"] },
			error: "queries has too many phrasings (6, at most 5): keep the 5 most different ones",
			hint: QUERIES_HINT,
		},
		{ params: { queries: ["mail", 7] }, error: "queries[1] must be a string", hint: QUERIES_HINT },
		{
			params: { queries: ["mail", "x".repeat(1001)] },
			error:
				"queries[1] is too long (1001 characters, at most 1000): describe the tool you need in a few keywords",
			hint: QUERIES_HINT,
		},
		{
			params: { query: "a".repeat(1000), queries: ["b".repeat(1000), "c"] },
			error: "queries are too long together (2001 characters, at most 2000): send fewer or shorter phrasings",
			hint: QUERIES_HINT,
			query: `${"a".repeat(200)}…`,
		},
		{ params: { query: 5, queries: ["mail"] }, error: "query must be a string", hint: QUERY_HINT },
		{ params: { queries: ["mail"], limit: 0 }, error: "limit must be a positive integer", hint: QUERY_HINT },
	])("resolves an error result for $error", async ({ params, error, hint, query }) => {
		const host = makeHost();
		const ranker = scripted({});
		const result = await createToolSearchTool({ tools: host, ranker }).execute("1", params);
		expect(result).toEqual({
			content: [{ type: "text", text: `Error: ${error}\n${hint}` }],
			details: query === undefined ? { error } : { error, query },
			isError: true,
		});
		expect(ranker.calls).toEqual([]);
		expect(host.calls).toEqual([]);
	});
});
