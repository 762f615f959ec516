import { describe, expect, it } from "vitest";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";
import { createFakeHost } from "../helpers/fake-host.js";

describe("a tool_search session", () => {
	it("builds the index once across searches and activations, and never re-indexes a tool", async () => {
		const host = createFakeHost({ tools: CATALOG });
		const ranker = new Bm25Ranker();
		const tool = createToolSearchTool({ tools: host, ranker, namespaceOf: catalogNamespaceOf });
		const queries = ["create a github issue", "post a slack message", "read a file", "weather forecast"];
		let active = host.getActiveTools().length;
		for (const query of queries) {
			const result = await tool.execute(query, { query, limit: 2 });
			expect(result.isError).toBeUndefined();
			expect(host.getActiveTools().length).toBe(active + 2);
			active += 2;
		}
		// Each call passed a new, smaller candidate array (active tools drop out): still one build.
		expect(ranker.stats).toMatchObject({ builds: 1, added: 0, updated: 0, evicted: 0 });
	});
});
