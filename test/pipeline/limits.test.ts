import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { catalogHost, details, text, wordRanker } from "./helpers.js";

describe("candidateLimit and activationLimit", () => {
	it("returns limit tools but activates activationLimit; the model is told which matched but are not loaded", async () => {
		const host = catalogHost();
		const result = await createToolSearchTool({
			tools: host,
			ranker: wordRanker(),
			activationLimit: 1,
		}).execute("1", {
			query: "create issue",
			limit: 3,
		});
		expect(details(result).activated_tools).toEqual(["github__create_issue"]);
		expect(details(result).tools.map((tool) => tool.name)).toEqual([
			"github__create_issue",
			"github__update_issue",
			"calendar__create_event",
		]);
		expect(host.getActiveTools()).toEqual(["github__create_issue"]);
		expect(text(result).split("\n").slice(1)).toEqual([
			"- github__create_issue: Create a new issue in a GitHub repository.",
			"These tools are now available; call them directly from your next call.",
			"Also matching, not loaded: github__update_issue, calendar__create_event. To load one, search for it by name.",
		]);
		expect(details(result).discovery).toMatchObject({ candidate_limit: 6, activation_limit: 1 });
	});

	it("ranks candidateLimit tools, at least the call's limit", async () => {
		const ranker = wordRanker();
		const tool = createToolSearchTool({ tools: catalogHost(), ranker, candidateLimit: 5 });
		await tool.execute("1", { query: "create issue", limit: 2 });
		await tool.execute("2", { query: "list events", limit: 8 });
		expect(ranker.limits).toEqual([5, 8]);
	});

	it("caps activationLimit at the call's limit", async () => {
		const result = await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			activationLimit: 5,
		}).execute("1", { query: "create issue", limit: 2 });
		expect(details(result).activated_tools).toHaveLength(2);
		expect(details(result).discovery?.activation_limit).toBe(2);
	});
});
