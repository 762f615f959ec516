import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { createActiveToolSet } from "../../src/host/create-active-tool-set.js";
import { createHybridRanker } from "../../src/ranking/hybrid/hybrid-ranker.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { tableEmbedder } from "../ranking/hybrid-helpers.js";
import { details } from "./helpers.js";

const TOOLS = [
	{ name: "alpha", description: "Zebra zebra stripes." },
	{
		name: "bravo",
		description: "A zebra appears in this long description among many other words that lower its score.",
	},
	{ name: "charlie", description: "Horse." },
];
const TABLE = { zebra: [1, 0], alpha: [0, 1], bravo: [0.6, 0.8], charlie: [1, 0] };

describe("the hybrid ranker's component scores", () => {
	it("are attached only when asked (options.signals): bm25 where BM25 found the tool, dense where embeddings did", async () => {
		const ranker = createHybridRanker({ embedder: tableEmbedder(TABLE) });
		const documents = TOOLS.map((tool) => createToolSearchDocument(tool));
		const plain = await ranker.rank("zebra", documents, 10);
		expect(plain.every((match) => match.signals === undefined)).toBe(true);
		const withSignals = await ranker.rank("zebra", documents, 10, { signals: true });
		expect(withSignals.map(({ name, score }) => ({ name, score }))).toEqual(plain);
		const byName = Object.fromEntries(withSignals.map((match) => [match.name, match.signals]));
		expect(byName.charlie).toEqual({ dense: 1 });
		expect(byName.alpha).toEqual({ bm25: expect.any(Number), dense: 0 });
		expect(byName.bravo?.dense).toBeCloseTo(0.6, 6);
	});

	it("reach details.discovery.candidates through tool_search with the pipeline on", async () => {
		const ranker = createHybridRanker({ embedder: tableEmbedder(TABLE) });
		const result = await createToolSearchTool({
			tools: createActiveToolSet({ tools: TOOLS }),
			rankers: [ranker],
		}).execute("1", { query: "zebra", limit: 3 });
		const charlie = details(result).discovery?.candidates.find((candidate) => candidate.name === "charlie");
		expect(charlie?.signals).toEqual({ ranker: expect.any(Number), dense: 1 });
	});
});
