import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { catalogHost, details, text, traceRecorder, wordRanker } from "./helpers.js";

describe("tool_search with the pipeline off", () => {
	it("asks the ranker for limit tools, passes it no signals request, and records no discovery", async () => {
		const ranker = wordRanker();
		const result = await createToolSearchTool({ tools: catalogHost(), ranker }).execute("1", {
			query: "create issue",
			limit: 3,
		});
		expect(ranker.limits).toEqual([3]);
		expect(ranker.options).toEqual([{}]);
		expect(details(result)).not.toHaveProperty("discovery");
		expect(details(result).activated_tools).toEqual([
			"github__create_issue",
			"github__update_issue",
			"calendar__create_event",
		]);
	});

	it("gives the same text and tools when only onTrace turns it on (the ranker is asked for limit × 2)", async () => {
		const off = await createToolSearchTool({ tools: catalogHost(), ranker: wordRanker() }).execute("1", {
			query: "create issue",
			limit: 3,
		});
		const ranker = wordRanker();
		const { onTrace, records } = traceRecorder();
		const on = await createToolSearchTool({ tools: catalogHost(), ranker, onTrace }).execute("1", {
			query: "create issue",
			limit: 3,
		});
		expect(ranker.limits).toEqual([6]);
		expect(text(on)).toBe(text(off));
		const { discovery, ...rest } = details(on);
		expect(rest).toEqual(details(off));
		expect(discovery?.candidate_limit).toBe(6);
		expect(records).toHaveLength(1);
	});

	it("keeps several phrasings fused as before: each ranked twice as deep as the limit", async () => {
		const ranker = wordRanker();
		await createToolSearchTool({ tools: catalogHost(), ranker }).execute("1", {
			queries: ["create issue", "open ticket"],
			limit: 4,
		});
		expect(ranker.limits).toEqual([8, 8]);
	});
});
