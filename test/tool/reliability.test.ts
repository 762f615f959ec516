/**
 * `tool_search` against faulty hosts, tools and rankers, and runaway inputs (issue 12).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
	DEFAULT_MAX_TOOL_SEARCH_LIMIT,
	MAX_QUERY_LENGTH,
	MAX_RESULT_TOOLS_TEXT_LENGTH,
} from "../../src/defaults.js";
import { ToolSearchError } from "../../src/errors.js";
import type { ToolHost } from "../../src/host/types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { roundScore, type ToolSearchToolResult } from "../../src/tool/format-result.js";
import type { ToolInfo, ToolRanker } from "../../src/types.js";
import { createFakeHost } from "../helpers/fake-host.js";
import { thrown } from "../helpers/thrown.js";
import { createToyRanker } from "../helpers/toy-ranker.js";

function text(result: ToolSearchToolResult): string {
	return result.content[0].text;
}

/** `count` tools that all match "report". */
function reportTools(count: number, name = (i: number) => `tool_${i}`): ToolInfo[] {
	return Array.from({ length: count }, (_, i) => ({
		name: name(i),
		description: `Build report number ${i}.`,
	}));
}

const GITHUB: ToolInfo = {
	name: "github__create_issue",
	description: "Create an issue in a GitHub repository.",
};
const MAIL: ToolInfo = { name: "mail__send", description: "Send an email message." };

describe("tool_search: a tool excluded after it was searched", () => {
	it("is neither counted nor hides the other tools from the search", async () => {
		let excluded = "";
		const host = createFakeHost({ tools: [GITHUB, MAIL] });
		const tool = createToolSearchTool({ tools: host, exclude: (t) => t.name === excluded });
		const first = await tool.execute("1", { query: "create github issue" });
		expect(first.details).toMatchObject({ activated_tools: ["github__create_issue"], total_tools: 2 });
		excluded = "github__create_issue";
		const second = await tool.execute("2", { query: "send email" });
		expect(second.details).toMatchObject({ activated_tools: ["mail__send"], total_tools: 1 });
	});
});

describe("tool_search: a tool whose getters throw", () => {
	it("is skipped; the other tools are searched and activated", async () => {
		const hostile = {
			name: "hostile__tool",
			get description(): string {
				throw new Error("getter exploded");
			},
		};
		const host = createFakeHost({ tools: [hostile as ToolInfo, GITHUB, MAIL] });
		const tool = createToolSearchTool({ tools: host });
		const result = await tool.execute("1", { query: "create github issue" });
		expect(result.details).toMatchObject({ activated_tools: ["github__create_issue"], total_tools: 2 });
		// Again, through the cache's fast path.
		const again = await tool.execute("2", { query: "send email" });
		expect(again.details).toMatchObject({ activated_tools: ["mail__send"], total_tools: 1 });
	});

	it("is skipped when its name getter throws, or a getter throws only after the first read", async () => {
		let reads = 0;
		const flaky = {
			name: "flaky__send_email",
			get description(): string {
				reads++;
				if (reads > 1) throw new Error("second read");
				return "Send an email message quickly.";
			},
		};
		const nameless = Object.defineProperty({}, "name", {
			enumerable: true,
			get() {
				throw new Error("no name");
			},
		});
		let active: string[] = [];
		const host: ToolHost = {
			getAllTools: () => [nameless as ToolInfo, flaky as ToolInfo, GITHUB],
			getActiveTools: () => active,
			setActiveTools: (names) => {
				active = names;
			},
		};
		const result = await createToolSearchTool({ tools: host }).execute("1", { query: "send email" });
		expect(result.isError).toBeUndefined();
		expect(result.details).toMatchObject({ activated_tools: ["flaky__send_email"], total_tools: 2 });
		expect(text(result)).toContain("- flaky__send_email: Send an email message quickly.");
	});
});

describe("tool_search: a host that answers with a Promise", () => {
	it.each(["getAllTools", "getActiveTools"] as const)(
		"rejects with INVALID_OPTIONS when %s returns a Promise, instead of searching nothing",
		async (method) => {
			const host: ToolHost = {
				getAllTools: () => [GITHUB],
				getActiveTools: () => [],
				setActiveTools: () => {},
			};
			(host as unknown as Record<string, () => unknown>)[method] = async () => [];
			await expect(
				createToolSearchTool({ tools: host }).execute("1", { query: "issue" }),
			).rejects.toMatchObject({
				code: "INVALID_OPTIONS",
				message: expect.stringContaining(`${method}() returned a Promise`),
			});
		},
	);
});

describe("tool_search: the ranker's deadline", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("answers with the built-in BM25 after rankerTimeoutMs when the ranker never settles", async () => {
		vi.useFakeTimers();
		const never: ToolRanker = { name: "remote", rank: () => new Promise(() => {}) };
		const host = createFakeHost({ tools: [GITHUB, MAIL] });
		const pending = createToolSearchTool({ tools: host, ranker: never, rankerTimeoutMs: 2000 }).execute("1", {
			query: "create github issue",
		});
		await vi.advanceTimersByTimeAsync(2000);
		const result = await pending;
		expect(result.details).toMatchObject({
			ranked_by: "fallback",
			fallback_reason: "ranker failed: timed out after 2000 ms",
			activated_tools: ["github__create_issue"],
		});
		expect(text(result)).toContain("(timed out after 2000 ms)");
	});

	it.each([0, -1, Number.NaN, "5000", null])("rejects rankerTimeoutMs %s, quoting it", (value) => {
		const error = thrown(() =>
			createToolSearchTool({ tools: createFakeHost({ tools: [] }), rankerTimeoutMs: value as number }),
		);
		expect(ToolSearchError.isInstance(error) && error.code).toBe("INVALID_OPTIONS");
		expect((error as Error).message).toContain(
			`rankerTimeoutMs must be a positive number of milliseconds, got ${typeof value === "string" ? `"${value}"` : String(value)}`,
		);
	});
});

describe("tool_search: limit cap", () => {
	it("lowers a model's huge limit to maxLimit (default 50) and says so", async () => {
		const host = createFakeHost({ tools: reportTools(200) });
		const result = await createToolSearchTool({ tools: host, ranker: createToyRanker() }).execute("1", {
			query: "report",
			limit: 1e9,
		});
		expect(result.details).toMatchObject({ limit: DEFAULT_MAX_TOOL_SEARCH_LIMIT, requested_limit: 1e9 });
		if (result.isError) throw new Error("unexpected error result");
		expect(result.details.activated_tools).toHaveLength(DEFAULT_MAX_TOOL_SEARCH_LIMIT);
		expect(text(result)).toContain(
			"Note: limit 1000000000 is above the maximum of 50; searched for 50 tools.",
		);
	});

	it("takes maxLimit as an option, and a limit within it as is", async () => {
		const host = createFakeHost({ tools: reportTools(20) });
		const tool = createToolSearchTool({ tools: host, maxLimit: 5, defaultLimit: 3 });
		const capped = await tool.execute("1", { query: "report", limit: 6 });
		expect(capped.details).toMatchObject({ limit: 5, requested_limit: 6 });
		const within = await tool.execute("2", { query: "report", limit: 5 });
		expect(within.details).toMatchObject({ limit: 5 });
		expect(within.details).not.toHaveProperty("requested_limit");
		expect(text(within)).not.toContain("Note: limit");
	});

	it.each([
		[{ maxLimit: 0 }, "maxLimit must be a positive integer, got 0"],
		[{ maxLimit: 2.5 }, "maxLimit must be a positive integer, got 2.5"],
		[{ maxLimit: 4 }, "defaultLimit must not exceed maxLimit (4), got 8"],
		[{ defaultLimit: 60 }, "defaultLimit must not exceed maxLimit (50), got 60"],
	])("rejects %j", (options, message) => {
		const error = thrown(() => createToolSearchTool({ tools: createFakeHost({ tools: [] }), ...options }));
		expect(ToolSearchError.isInstance(error) && error.code).toBe("INVALID_OPTIONS");
		expect((error as Error).message).toBe(`tool-search: ${message}`);
	});
});

describe("tool_search: query and result size", () => {
	it("refuses a query longer than 1,000 characters with an error result the model can act on", async () => {
		const host = createFakeHost({ tools: [GITHUB] });
		const query = "issue ".repeat(200_000);
		const result = await createToolSearchTool({ tools: host }).execute("1", { query });
		expect(result.isError).toBe(true);
		expect(text(result)).toMatch(
			/^Error: query is too long \(1199999 characters, at most 1000\): describe the tool you need in a few keywords\n/,
		);
		expect(text(result).length).toBeLessThan(300);
		expect((result.details as { query: string }).query.length).toBeLessThanOrEqual(201);
		expect(host.setCalls()).toEqual([]);
		const longest = await createToolSearchTool({ tools: host }).execute("2", {
			query: "a".repeat(MAX_QUERY_LENGTH),
		});
		expect(longest.isError).toBeUndefined();
	});

	it("echoes the query once, shortened, and names at most 20 unmatched words", async () => {
		const host = createFakeHost({ tools: [GITHUB] });
		const letters = "abcdefghijklmnopqrstuvwxyz";
		const words = Array.from({ length: 70 }, (_, i) => `zq${letters[Math.floor(i / 26)]}${letters[i % 26]}`);
		const result = await createToolSearchTool({ tools: host }).execute("1", {
			query: `issue ${words.join(" ")}`,
		});
		const lines = text(result).split("\n");
		const echoed = JSON.parse(lines[0] ?? "") as { query: string };
		expect(echoed.query).toHaveLength(201);
		expect(echoed.query.endsWith("…")).toBe(true);
		expect(text(result).split("zqab").length).toBeLessThanOrEqual(3); // the echo and the unmatched list
		const unmatched = lines.find((line) => line.startsWith("No tool matched:")) ?? "";
		expect(unmatched).toContain("zqat and 50 more.");
		expect(unmatched).not.toContain("zqau");
	});

	it("keeps the text within its budget when tool names are huge: the rest is neither loaded nor listed", async () => {
		const host = createFakeHost({ tools: reportTools(50, (i) => `tool_${i}_${"x".repeat(2000)}`) });
		const tool = createToolSearchTool({ tools: host, ranker: createToyRanker() });
		const result = await tool.execute("1", { query: "report", limit: 50 });
		if (result.isError) throw new Error("unexpected error result");
		const { activated_tools: activated, omitted_tools: omitted } = result.details;
		expect(activated.length).toBeGreaterThan(0);
		expect(activated.length + (omitted ?? 0)).toBe(50);
		expect(text(result).length).toBeLessThan(MAX_RESULT_TOOLS_TEXT_LENGTH + 2000);
		expect(text(result)).toContain(
			`${omitted} more matching tools were not loaded to keep this result short`,
		);
		expect(host.setCalls()[0]).toHaveLength(activated.length);
	});
});

describe("scores at the edge of the float range", () => {
	it("keeps a huge finite score finite when rounding it for the result (fuzz: 1e308 became Infinity)", () => {
		expect(roundScore(1e308)).toBe(1e308);
		expect(roundScore(-1e300)).toBe(-1e300);
		expect(roundScore(1.23456789)).toBe(1.234568);
	});

	it("reports a ranker's 1e308 as a finite score", async () => {
		const host = createFakeHost({ tools: [{ name: "a__b", description: "Do b." }], active: [] });
		const ranker: ToolRanker = { rank: () => [{ name: "a__b", score: 1e308 }] };
		const result = await createToolSearchTool({ tools: host, ranker }).execute("1", { query: "b" });
		if (result.isError) throw new Error("expected success");
		expect(result.details.tools[0]?.score).toBe(1e308);
	});
});
