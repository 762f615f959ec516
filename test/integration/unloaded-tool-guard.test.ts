import { describe, expect, it } from "vitest";
import { checkToolCall, suggest } from "../../src/integration/unloaded-tool-guard.js";
import type { ToolInfo } from "../../src/types.js";
import { CATALOG } from "../fixtures/catalog.js";
import { createFakeHost } from "../helpers/fake-host.js";
import { thrown } from "../helpers/thrown.js";

const SEARCH: ToolInfo = Object.freeze({ name: "tool_search", description: "Search tools." });

function host(
	active: readonly string[] = ["tool_search"],
	tools: readonly ToolInfo[] = [SEARCH, ...CATALOG],
) {
	return createFakeHost({ tools, active });
}

describe("checkToolCall", () => {
	it("passes an active tool without touching the active set", () => {
		const fake = host(["tool_search", "github__create_issue"]);
		expect(checkToolCall("github__create_issue", fake)).toEqual({ status: "active" });
		expect(fake.setCalls()).toEqual([]);
	});

	it.each([
		[
			"github__create_issue",
			'Tool "github__create_issue" is not loaded. Call tool_search with a query describing what you need (for example {"query": "create issue"}) to load it, then call it again.',
		],
		[
			"mcp__my-server__get.file-info",
			'Tool "mcp__my-server__get.file-info" is not loaded. Call tool_search with a query describing what you need (for example {"query": "get file info"}) to load it, then call it again.',
		],
		[
			"plain",
			'Tool "plain" is not loaded. Call tool_search with a query describing what you need (for example {"query": "plain"}) to load it, then call it again.',
		],
		[
			"x__",
			'Tool "x__" is not loaded. Call tool_search with a query describing what you need (for example {"query": "x"}) to load it, then call it again.',
		],
		[
			'a__say_"hi"',
			'Tool "a__say_\\"hi\\"" is not loaded. Call tool_search with a query describing what you need (for example {"query": "say \\"hi\\""}) to load it, then call it again.',
		],
	])("refuses inactive %s with the exact message", (name, message) => {
		const fake = host(["tool_search"], [SEARCH, { name }]);
		expect(checkToolCall(name, fake)).toEqual({ status: "inactive", message });
		expect(fake.setCalls()).toEqual([]);
	});

	it("activates an inactive tool when the host opts in, keeping the active ones", () => {
		const fake = host(["tool_search", "slack__post_message"]);
		expect(checkToolCall("github__create_issue", fake, { autoActivate: true })).toEqual({
			status: "activated",
		});
		expect(fake.setCalls()).toEqual([["tool_search", "slack__post_message", "github__create_issue"]]);
		expect(fake.getActiveTools()).toEqual(["tool_search", "slack__post_message", "github__create_issue"]);
		expect(checkToolCall("github__create_issue", fake, { autoActivate: true })).toEqual({ status: "active" });
	});

	it.each([
		["a typo in the full name", "github__create_isue", ["github__create_issue"]],
		["the local name alone", "create_issue", ["github__create_issue", "github__update_issue"]],
		["another case", "GITHUB__LIST_ISSUES", ["github__list_issues"]],
		[
			"a wrong namespace",
			"gitlab__merge_pull_request",
			["github__merge_pull_request", "github__create_pull_request", "github__list_pull_requests"],
		],
		[
			"a fragment shared by several",
			"issue",
			["github__list_issues", "github__create_issue", "github__update_issue"],
		],
		["a typo in the local name", "post_mesage", ["slack__post_message"]],
		["a fragment", "forecast", ["weather__get_forecast"]],
		["a longer name", "slack__post_message_now", ["slack__post_message"]],
		["a near local name", "readfile", ["filesystem__read_file"]],
		["nothing close", "xyzzy", []],
		["an empty name", "", []],
	])("suggests nearest names for %s", (_, name, suggestions) => {
		const fake = host();
		const check = checkToolCall(name, fake);
		const didYouMean = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(", ")}?` : "";
		expect(check).toEqual({
			status: "unknown",
			message: `Tool ${JSON.stringify(name)} does not exist.${didYouMean} Use tool_search to find tools.`,
			suggestions,
		});
		expect(fake.setCalls()).toEqual([]);
	});

	it("gives the exact unknown-tool message", () => {
		expect(checkToolCall("weather__get_forcast", host())).toEqual({
			status: "unknown",
			message:
				'Tool "weather__get_forcast" does not exist. Did you mean: weather__get_forecast? Use tool_search to find tools.',
			suggestions: ["weather__get_forecast"],
		});
		expect(checkToolCall("nothing_like_it", host())).toEqual({
			status: "unknown",
			message: 'Tool "nothing_like_it" does not exist. Use tool_search to find tools.',
			suggestions: [],
		});
	});

	it("ranks by distance then name, honours maxSuggestions, never suggests the name itself", () => {
		const tools = ["abcd", "abce", "abcf", "abxx", "Abcd"].map((name) => ({ name }));
		const fake = host([], tools);
		expect(checkToolCall("abcz", fake)).toMatchObject({ suggestions: ["Abcd", "abcd", "abce"] });
		expect(checkToolCall("abcz", fake, { maxSuggestions: 5 })).toMatchObject({
			suggestions: ["Abcd", "abcd", "abce", "abcf", "abxx"],
		});
		expect(checkToolCall("abcz", fake, { maxSuggestions: 0 })).toEqual({
			status: "unknown",
			message: 'Tool "abcz" does not exist. Use tool_search to find tools.',
			suggestions: [],
		});
		const removed = host(["abcd"], tools.slice(0, 4));
		expect(checkToolCall("Abcd", removed, { maxSuggestions: 5 })).toMatchObject({
			suggestions: ["abcd", "abce", "abcf", "abxx"],
		});
	});

	it("ignores malformed host data", () => {
		const odd = {
			getAllTools: () => [null, { name: 3 }, { name: "" }, { name: "real_tool" }] as unknown as ToolInfo[],
			getActiveTools: () => [5, "x"] as unknown as string[],
			setActiveTools: () => {},
		};
		expect(checkToolCall("real_tool", odd).status).toBe("inactive");
		expect(checkToolCall("real_tol", odd)).toMatchObject({ suggestions: ["real_tool"] });
		const broken = { getAllTools: () => null, getActiveTools: () => null, setActiveTools: () => {} };
		expect(checkToolCall("a", broken as never).status).toBe("unknown");
	});

	it.each([
		["name", () => checkToolCall(3 as never, host()), "name must be a string, got 3"],
		[
			"host",
			() => checkToolCall("a", { getAllTools: () => [] } as never),
			"host must have getAllTools, getActiveTools and setActiveTools methods, got {}",
		],
		["options", () => checkToolCall("a", host(), "yes" as never), 'options must be an object, got "yes"'],
		[
			"autoActivate",
			() => checkToolCall("a", host(), { autoActivate: "yes" as never }),
			'autoActivate must be a boolean, got "yes"',
		],
		[
			"maxSuggestions",
			() => checkToolCall("a", host(), { maxSuggestions: -1 }),
			"maxSuggestions must be an integer ≥ 0, got -1",
		],
		[
			"maxSuggestions",
			() => checkToolCall("a", host(), { maxSuggestions: 1.5 }),
			"maxSuggestions must be an integer ≥ 0, got 1.5",
		],
	])("rejects a bad %s with INVALID_OPTIONS", (_, action, message) => {
		const error = thrown(action);
		expect(error.code).toBe("INVALID_OPTIONS");
		expect(error.message).toBe(`tool-search: ${message}`);
	});

	it("suggests a tool whose name contains the called one once separators are folded (slack_post)", () => {
		expect(checkToolCall("slack_post", host())).toMatchObject({ suggestions: ["slack__post_message"] });
		expect(checkToolCall("Slack-Post", host())).toMatchObject({ suggestions: ["slack__post_message"] });
		expect(checkToolCall("slack__post", host())).toMatchObject({ suggestions: ["slack__post_message"] });
	});

	it("compares no name longer than 128 characters, whatever their number (work bounded by construction)", () => {
		const long = (i: number) => `${String(i).padStart(4, "0")}_${"a".repeat(9995)}`;
		const tools = Array.from({ length: 1000 }, (_, i) => ({ name: long(i) }));
		const work = { cells: 0 };
		// "aaaa" is contained in the long called name: without the cap it would be suggested.
		const names = [...tools.map((tool) => tool.name), "aaaa"];
		expect(suggest(`x${"a".repeat(9999)}`, names, 3, work)).toEqual([]);
		expect(suggest("0001_aaaa", names, 3, work)).toEqual(["aaaa"]); // never the 10,000-char ones
		expect(work.cells).toBe(0);
		const fake = host([], tools);
		expect(checkToolCall(`x${"a".repeat(9999)}`, fake)).toMatchObject({ status: "unknown", suggestions: [] });
		// A 128-character name against 1,000 near ones: each comparison stays within its band.
		const near = (i: number) => `${"b".repeat(122)}_${String(i).padStart(5, "0")}`;
		const banded = { cells: 0 };
		const candidates = Array.from({ length: 1000 }, (_, i) => near(i));
		expect(suggest(near(1), candidates, 3, banded)).toEqual([near(0), near(2), near(3)]);
		// Two comparisons (full and local name) per candidate, each at most 128 · (2·8 + 1) cells;
		// a full table would take 128² each.
		expect(banded.cells).toBeLessThanOrEqual(1000 * 2 * 128 * 17);
	});

	it("skips a tool whose name getter throws, and refuses a host answering with a Promise", () => {
		const hostile = Object.defineProperty({}, "name", {
			get() {
				throw new Error("no name");
			},
		});
		const odd = {
			getAllTools: () => [hostile, { name: "real_tool" }] as unknown as ToolInfo[],
			getActiveTools: () => [],
			setActiveTools: () => {},
		};
		expect(checkToolCall("real_tol", odd)).toMatchObject({ suggestions: ["real_tool"] });
		const lazy = { ...odd, getAllTools: async () => [] as ToolInfo[] };
		const error = thrown(() => checkToolCall("real_tool", lazy as never));
		expect(error.code).toBe("INVALID_OPTIONS");
		expect(error.message).toContain("getAllTools() returned a Promise");
	});
});

describe("checkToolCall with an isAvailable gate (stale calls)", () => {
	const UNAVAILABLE =
		'Tool "github__create_issue" is not available right now, so the call did not run. Use tool_search to find another tool, or continue without it.';

	it("refuses an active tool the gate says is unavailable, and passes the call's ctx", async () => {
		const fake = host(["tool_search", "github__create_issue"]);
		const seen: unknown[] = [];
		const check = checkToolCall("github__create_issue", fake, {
			isAvailable: async (name, ctx) => {
				seen.push([name, ctx]);
				return false;
			},
			ctx: { user: "u1" },
		});
		expect(check).toBeInstanceOf(Promise);
		expect(await check).toEqual({ status: "unavailable", message: UNAVAILABLE });
		expect(seen).toEqual([["github__create_issue", { user: "u1" }]]);
	});

	it.each([
		[
			"throws",
			() => {
				throw new Error("pool down");
			},
		],
		["rejects", () => Promise.reject(new Error("pool down"))],
		["answers something other than true", () => "yes" as unknown as boolean],
	])("fails closed when the gate %s", async (_, gate) => {
		const fake = host(["tool_search", "github__create_issue"]);
		expect((await checkToolCall("github__create_issue", fake, { isAvailable: gate })).status).toBe(
			"unavailable",
		);
	});

	it("never auto-activates an unavailable tool, and auto-activates an available one", async () => {
		const fake = host();
		const refused = await checkToolCall("github__create_issue", fake, {
			autoActivate: true,
			isAvailable: () => false,
		});
		expect(refused.status).toBe("unavailable");
		expect(fake.setCalls()).toEqual([]);
		const loaded = await checkToolCall("github__create_issue", fake, {
			autoActivate: true,
			isAvailable: () => true,
		});
		expect(loaded).toEqual({ status: "activated" });
		expect(fake.getActiveTools()).toContain("github__create_issue");
	});

	it("leaves active, inactive and unknown as they are when the tool is available; asks only about known tools", async () => {
		const asked: string[] = [];
		const isAvailable = (name: string) => {
			asked.push(name);
			return true;
		};
		const fake = host(["tool_search", "slack__post_message"]);
		expect(await checkToolCall("slack__post_message", fake, { isAvailable })).toEqual({ status: "active" });
		expect((await checkToolCall("github__create_issue", fake, { isAvailable })).status).toBe("inactive");
		const unknown = await checkToolCall("github__create_isue", fake, { isAvailable });
		expect(unknown).toMatchObject({ status: "unknown", suggestions: ["github__create_issue"] });
		expect(asked).toEqual(["slack__post_message", "github__create_issue"]);
	});

	it("rejects a gate that is not a function", () => {
		expect(thrown(() => checkToolCall("x", host(), { isAvailable: true as never }))).toMatchObject({
			code: "INVALID_OPTIONS",
			message: "tool-search: isAvailable must be a function, got true",
		});
	});
});
