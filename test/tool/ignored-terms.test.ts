import { describe, expect, it } from "vitest";
import type { IndexSearchResult } from "../../src/index/index-search.js";
import { brandDetailedRanker } from "../../src/ranking/ranker-brand.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import {
	formatToolSearchResult,
	NO_MATCH_MESSAGE,
	type ToolSearchToolDetails,
	type ToolSearchToolResult,
} from "../../src/tool/format-result.js";
import type { ToolRanker, ToolSearchMatch } from "../../src/types.js";
import { CATALOG } from "../fixtures/catalog.js";
import { createFakeHost } from "../helpers/fake-host.js";

function text(result: ToolSearchToolResult): string {
	return result.content[0].text;
}

function details(result: ToolSearchToolResult): ToolSearchToolDetails {
	if (result.isError === true) throw new Error(`unexpected error: ${text(result)}`);
	return result.details;
}

describe("tool_search says when query words were ignored", () => {
	const base: ToolSearchToolDetails = {
		query: "q",
		limit: 8,
		total_tools: 3,
		activated_tools: [],
		active_selected_tools: [],
		ranked_by: "bm25",
		tools: [],
	};

	it.each([
		{ ignored: undefined, line: undefined },
		{ ignored: 0, line: undefined },
		{
			ignored: 1,
			line: "Note: 1 query word was ignored (too many words); shorten the query to the action and the object.",
		},
		{
			ignored: 37,
			line: "Note: 37 query words were ignored (too many words); shorten the query to the action and the object.",
		},
	])("ignored_terms $ignored", ({ ignored, line }) => {
		const result = formatToolSearchResult({
			...base,
			...(ignored === undefined ? {} : { ignored_terms: ignored }),
		});
		const lines = result.content[0].text.split("\n");
		if (line === undefined) expect(lines).toEqual([lines[0], NO_MATCH_MESSAGE]);
		else expect(lines.at(-1)).toBe(line);
	});

	/** A ranker carrying the Bm25Ranker brand, so tool_search reads its term details. */
	function detailed(ignoredTerms: number, matches: ToolSearchMatch[]): ToolRanker {
		const ranker = {
			name: "bm25",
			rank: () => matches,
			searchDetailed: (): IndexSearchResult => ({ matches, terms: [], abstained: false, ignoredTerms }),
		};
		brandDetailedRanker(ranker);
		return ranker;
	}

	it("reports the BM25 ranker's ignored terms in details and in one line", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const result = await createToolSearchTool({
			tools: host,
			ranker: detailed(4, [{ name: "filesystem__read_file", score: 2 }]),
		}).execute("1", { query: "read file" });
		expect(details(result).ignored_terms).toBe(4);
		expect(text(result).split("\n").slice(1)).toEqual([
			"- filesystem__read_file: Read the complete contents of a file from the file system.",
			"These tools are now available; call them directly from your next call.",
			"Note: 4 query words were ignored (too many words); shorten the query to the action and the object.",
		]);
	});

	it("sums them over the phrasings, and says nothing when none was ignored", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const summed = await createToolSearchTool({ tools: host, ranker: detailed(2, []) }).execute("1", {
			queries: ["a", "b"],
		});
		expect(details(summed).ignored_terms).toBe(4);
		const clean = await createToolSearchTool({ tools: host, ranker: detailed(0, []) }).execute("1", {
			query: "a",
		});
		expect(details(clean)).not.toHaveProperty("ignored_terms");
		expect(text(clean)).not.toContain("ignored");
	});
});
