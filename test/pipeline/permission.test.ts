/**
 * Permission stays apart: search, rerank and judge read tools, they never run one nor grant one.
 * Activation only changes which schemas the host declares.
 */
import { describe, expect, it, vi } from "vitest";
import { createActiveToolSet } from "../../src/host/create-active-tool-set.js";
import type { ToolSearchCandidate } from "../../src/pipeline/pipeline-types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import type { ToolInfo } from "../../src/types.js";
import { CATALOG } from "../fixtures/catalog.js";
import { details, wordRanker } from "./helpers.js";

describe("the pipeline never executes or authorizes a tool", () => {
	it("no stage runs a tool's execute, and the stages see no execute to run", async () => {
		const execute = vi.fn();
		const tools = CATALOG.map((tool) => ({ ...tool, execute, permission: "tools.admin" }) as ToolInfo);
		const seen: ToolSearchCandidate[] = [];
		const host = createActiveToolSet({ tools });
		const result = await createToolSearchTool({
			tools: host,
			ranker: wordRanker(),
			isAvailable: () => true,
			affinity: () => 1,
			rerank: (_query, candidates) => {
				seen.push(...candidates);
				return candidates.map((candidate) => candidate.name);
			},
			judge: { mode: "on", decide: (_query, candidates) => ({ selected: [candidates[0]?.name ?? ""] }) },
		}).execute("1", { query: "delete event" });
		expect(details(result).activated_tools).toEqual(["calendar__delete_event"]);
		expect(execute).not.toHaveBeenCalled();
		for (const candidate of seen) {
			expect(candidate.tool).not.toHaveProperty("execute");
			expect(candidate.tool).not.toHaveProperty("permission");
		}
	});

	it("activation is not permission: the guard reports a found tool as active, and nothing more", async () => {
		const host = createActiveToolSet({ tools: CATALOG });
		const tool = createToolSearchTool({ tools: host, ranker: wordRanker() });
		await tool.execute("1", { query: "delete event", limit: 1 });
		// "active" says the schema is loaded; whether this caller may delete events is the host's check.
		expect(await tool.checkToolCall("calendar__delete_event")).toEqual({ status: "active" });
	});
});
