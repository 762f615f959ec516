import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { ABSTAINED_MESSAGE, NO_MATCH_MESSAGE } from "../../src/tool/format-result.js";
import type { ToolInfo } from "../../src/types.js";
import { CATALOG } from "../fixtures/catalog.js";
import { createFakeHost } from "../helpers/fake-host.js";
import { createToyRanker } from "../helpers/toy-ranker.js";

describe("tool_search tells the model which words matched nothing", () => {
	it("lists the query words no searchable tool matched, after the activated tools", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const result = await createToolSearchTool({ tools: host }).execute("1", {
			query: "post a slack message to Zorblax",
			limit: 2,
		});
		expect(result.isError).toBeUndefined();
		if (result.isError) return;
		expect(result.details.unmatched_terms).toEqual(["zorblax"]);
		expect(result.content[0].text.split("\n").at(-1)).toBe(
			"No tool matched: zorblax. Rephrase those words (synonyms, the action or object) to search again.",
		);
	});

	it("says nothing about words when every word matched", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const result = await createToolSearchTool({ tools: host }).execute("1", {
			query: "post a slack message",
			limit: 1,
		});
		if (result.isError) throw new Error("unexpected error");
		expect(result.details.unmatched_terms).toEqual([]);
		expect(result.content[0].text).not.toContain("No tool matched");
	});

	it("reports every word when nothing matched at all", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const result = await createToolSearchTool({ tools: host }).execute("1", {
			query: "book a flight to Tokyo",
		});
		if (result.isError) throw new Error("unexpected error");
		expect(result.details.activated_tools).toEqual([]);
		expect(result.details.unmatched_terms).toEqual(["book", "flight", "tokyo"]);
		const lines = result.content[0].text.split("\n");
		expect(lines[1]).toBe(NO_MATCH_MESSAGE);
		expect(lines[2]).toContain("No tool matched: book, flight, tokyo.");
		expect(host.setCalls()).toEqual([]);
	});

	it("abstains, activating nothing, when only words most tools share matched", async () => {
		// 20 tools that all say "data"; the query has no other word any tool knows.
		const tools: ToolInfo[] = Array.from({ length: 20 }, (_, i) => ({
			name: `t${i}`,
			description: `Data tool ${i}`,
		}));
		const host = createFakeHost({ tools });
		const result = await createToolSearchTool({ tools: host }).execute("1", { query: "data zorblax" });
		if (result.isError) throw new Error("unexpected error");
		expect(result.details.abstained).toBe(true);
		expect(result.details.activated_tools).toEqual([]);
		expect(result.content[0].text.split("\n")[1]).toBe(ABSTAINED_MESSAGE);
		expect(host.setCalls()).toEqual([]);
	});

	it("leaves unmatched_terms out when a custom ranker answered (it cannot know)", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const result = await createToolSearchTool({ tools: host, ranker: createToyRanker() }).execute("1", {
			query: "read a file zorblax",
		});
		if (result.isError) throw new Error("unexpected error");
		expect(result.details.unmatched_terms).toBeUndefined();
		expect(result.content[0].text).not.toContain("No tool matched");
	});
});
