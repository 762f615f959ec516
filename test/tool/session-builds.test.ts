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
		// Active tools stay indexed and are filtered at query time: one build, nothing re-indexed.
		expect(ranker.stats).toMatchObject({ builds: 1, added: 0, updated: 0, removed: 0 });
	});

	it("ranks a catalogue the same whatever other tool_search instances searched before", async () => {
		const other = createFakeHost({
			tools: [{ name: "zz_unrelated", description: "Create a github issue quickly" }],
		});
		await createToolSearchTool({ tools: other }).execute("0", { query: "create a github issue" });
		const first = await createToolSearchTool({ tools: createFakeHost({ tools: CATALOG }) }).execute("1", {
			query: "create a github issue",
		});
		const fresh = await createToolSearchTool({ tools: createFakeHost({ tools: CATALOG }) }).execute("2", {
			query: "create a github issue",
		});
		if (first.isError || fresh.isError) throw new Error("unexpected error");
		expect(first.details.tools).toEqual(fresh.details.tools);
		expect(first.details.tools.map((tool) => tool.name)).not.toContain("zz_unrelated");
	});
});
