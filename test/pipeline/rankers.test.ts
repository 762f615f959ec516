import { afterEach, describe, expect, it, vi } from "vitest";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import type { ToolRanker } from "../../src/types.js";
import { catalogHost, details, failingRanker, text, traceRecorder, wordRanker } from "./helpers.js";

describe("a chain of rankers (rankers, onError)", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("falls back to the next ranker, tells the model, and records every attempt in details and traces", async () => {
		const { onTrace, records } = traceRecorder();
		const tool = createToolSearchTool({
			tools: catalogHost(),
			rankers: [failingRanker("semantic"), wordRanker("words")],
			onTrace,
		});
		const result = await tool.execute("call-1", { query: "create issue", limit: 2 });
		expect(text(result)).toContain(
			'Note: the configured ranker failed (semantic is down); results are from the fallback ranker "words".',
		);
		const { ranked_by, fallback_reason, discovery } = details(result);
		expect({ ranked_by, fallback_reason }).toEqual({
			ranked_by: "words",
			fallback_reason: "ranker failed: semantic is down",
		});
		expect(discovery?.attempts.map(({ ranker, error }) => ({ ranker, error }))).toEqual([
			{ ranker: "semantic", error: "ranker failed: semantic is down" },
			{ ranker: "words", error: undefined },
		]);
		expect(records[0]).toMatchObject({
			type: "discovery",
			attempts: discovery?.attempts,
			ranked_by: "words",
		});
	});

	it("answers with the built-in BM25 after the whole chain failed", async () => {
		const result = await createToolSearchTool({
			tools: catalogHost(),
			rankers: [failingRanker("a"), failingRanker("b")],
		}).execute("1", { query: "create a github issue", limit: 1 });
		expect(details(result)).toMatchObject({
			ranked_by: "fallback",
			activated_tools: ["github__create_issue"],
		});
		expect(details(result).discovery?.attempts.map((attempt) => attempt.ranker)).toEqual(["a", "b", "bm25"]);
		expect(text(result)).toContain("results are from the built-in BM25 ranker.");
	});

	it('with onError "empty" answers with no tools, says the search failed, and tries no fallback', async () => {
		const next = wordRanker();
		const { onTrace, records } = traceRecorder();
		const host = catalogHost();
		const result = await createToolSearchTool({
			tools: host,
			rankers: [failingRanker("semantic"), next],
			onError: "empty",
			onTrace,
		}).execute("1", { query: "create issue" });
		expect(result.isError).toBeUndefined();
		expect(text(result).split("\n")[1]).toBe(
			"No tools were loaded: the tool search failed (ranker failed: semantic is down). Try again later, or continue without a new tool.",
		);
		expect(details(result)).toMatchObject({
			activated_tools: [],
			discovery: { search_error: "ranker failed: semantic is down", candidates: [] },
		});
		expect(next.limits).toEqual([]);
		expect(host.getActiveTools()).toEqual([]);
		expect(records[0]).toMatchObject({ outcome: "empty" });
	});

	it('with onError "fail" answers with an error result carrying the attempts', async () => {
		const { onTrace, records } = traceRecorder();
		const result = await createToolSearchTool({
			tools: catalogHost(),
			rankers: [failingRanker("semantic")],
			onError: "fail",
			onTrace,
		}).execute("1", { query: "create issue" });
		expect(result.isError).toBe(true);
		expect(text(result)).toBe(
			"Error: the tool search failed (ranker failed: semantic is down). Try again later, or continue without a new tool.",
		);
		expect(result.details).toMatchObject({
			error: "search failed: ranker failed: semantic is down",
			query: "create issue",
			discovery: { attempts: [{ ranker: "semantic", error: "ranker failed: semantic is down" }] },
		});
		expect(records[0]).toMatchObject({ type: "discovery", outcome: "failed", activated: [], returned: [] });
	});

	it("cannot be hung by a ranker that never answers: each gets rankerTimeoutMs, then the next answers", async () => {
		vi.useFakeTimers();
		const never: ToolRanker = { name: "never", rank: () => new Promise(() => {}) };
		const tool = createToolSearchTool({
			tools: catalogHost(),
			rankers: [never, never, wordRanker()],
			rankerTimeoutMs: 1000,
		});
		let settled = false;
		const pending = tool.execute("1", { query: "create issue", limit: 1 }).then((result) => {
			settled = true;
			return result;
		});
		await vi.advanceTimersByTimeAsync(1999);
		expect(settled).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		const result = await pending;
		expect(details(result).activated_tools).toEqual(["github__create_issue"]);
		expect(details(result).discovery?.attempts.map((attempt) => attempt.error)).toEqual([
			"ranker failed: timed out after 1000 ms",
			"ranker failed: timed out after 1000 ms",
			undefined,
		]);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("records attempts per phrasing for several queries", async () => {
		const result = await createToolSearchTool({
			tools: catalogHost(),
			rankers: [failingRanker("semantic"), wordRanker()],
		}).execute("1", { queries: ["create issue", "post message"], limit: 2 });
		expect(details(result).discovery?.attempts.map(({ ranker, phrasing }) => [ranker, phrasing])).toEqual([
			["semantic", 0],
			["words", 0],
			["semantic", 1],
			["words", 1],
		]);
	});

	it("passes the call's ctx and a signals request to every ranker", async () => {
		const ranker = wordRanker();
		await createToolSearchTool({ tools: catalogHost(), rankers: [ranker] }).execute(
			"1",
			{ query: "create issue" },
			undefined,
			undefined,
			{ session: "s1" },
		);
		expect(ranker.options).toEqual([{ ctx: { session: "s1" }, signals: true }]);
	});
});
