import { readFileSync } from "node:fs";
import type { ToolInfo, ToolNamespace } from "tool-search";
import { evaluateToolSearch, parseLabelledRequests } from "tool-search/testing";
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../eval/datasets.js";
import { evaluateRanker } from "../../eval/evaluate.js";
import { OursRanker } from "../../eval/rankers/ours.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";

describe("evaluateToolSearch", () => {
	it("scores each request on its first 10 tools, lists misses and abstention", async () => {
		const evaluation = await evaluateToolSearch(
			CATALOG,
			[
				{ id: "issue", query: "create an issue", relevant: ["github__create_issue"] },
				// Ranked #3 (see expect-to-find.test.ts): a miss within 2.
				{ id: "prs", query: "merge a pull request", relevant: ["github__list_pull_requests"] },
				{ id: "none", query: "rainbow unicorn", relevant: [] },
			],
			{ within: 2, namespaceOf: catalogNamespaceOf },
		);
		expect(evaluation).toMatchObject({ requests: 3, withGold: 2 });
		expect(evaluation.results.map((result) => result.groupRanks)).toEqual([[1], [3], []]);
		// R@1: 1 and 0; R@5 and R@10: 1 and 1; C@5 1 and 1; MRR 1 and 1/3; nDCG@10 1 and 1/log2(4) = 0.5.
		expect(evaluation.metrics).toEqual({ r1: 0.5, r5: 1, r10: 1, c5: 1, ndcg10: 0.75, mrr: (1 + 1 / 3) / 2 });
		expect(evaluation.misses.map((miss) => miss.id)).toEqual(["prs"]);
		expect(evaluation.results[2]).toMatchObject({ ranking: [], metrics: undefined, missed: false });
		expect(evaluation.abstention).toEqual({
			abstentions: 1,
			goldNone: 1,
			correct: 1,
			precision: 1,
			recall: 1,
		});
	});

	it("says where a gold tool past the first 10 went, and why a refused query found nothing", async () => {
		// 30 forecast tools, the more "forecast" the better, among 200 that never say it.
		const tools: ToolInfo[] = [
			...Array.from({ length: 30 }, (_, at) => ({
				name: `forecast_${String(at).padStart(2, "0")}`,
				description: `Weather ${"forecast ".repeat(30 - at)}`,
			})),
			...Array.from({ length: 200 }, (_, at) => ({
				name: `mail_${at}`,
				description: `Send mail number ${at}`,
			})),
		];
		const evaluation = await evaluateToolSearch(tools, [
			{ query: "forecast", relevant: ["forecast_24"] },
			{ query: "x".repeat(1001), relevant: ["forecast_00"] },
		]);
		expect(evaluation.results[0]).toMatchObject({ groupRanks: [25], missed: true });
		expect(evaluation.results[0]?.ranking).toHaveLength(10);
		expect(evaluation.results[1]).toMatchObject({ ranking: [], groupRanks: [null], missed: true });
		expect(evaluation.results[1]?.refused).toMatch(/^query is too long \(1001 characters, at most 1000\)/);
	});

	it("refuses a request naming a tool the catalogue does not have", async () => {
		await expect(
			evaluateToolSearch(CATALOG, [{ id: "q", query: "issue", relevant: ["github__create_isue"] }]),
		).rejects.toMatchObject({
			code: "UNKNOWN_TOOL",
			message:
				'tool-search: labelled request "q" names "github__create_isue", which the catalog does not have',
		});
	});

	it("gives npm run eval's numbers on LiveMCPBench (the dataset file is its own labelled requests)", async () => {
		const root = new URL("../../", import.meta.url);
		const text = readFileSync(new URL("data/livemcpbench.json", root), "utf8");
		const dataset = loadDataset("livemcpbench", root);
		const namespaces = new Map<string, ToolNamespace>();
		const tools = dataset.tools.map((tool) => {
			if (tool.server !== null)
				namespaces.set(tool.name, { name: tool.server, description: tool.serverDescription });
			return { name: tool.name, description: tool.description, parameters: tool.parameters };
		});
		const evaluation = await evaluateToolSearch(tools, parseLabelledRequests(text), {
			namespaceOf: (tool) => namespaces.get(tool.name),
		});
		expect(evaluation.metrics).toEqual(evaluateRanker(new OursRanker(), dataset).metrics);
	});
});
