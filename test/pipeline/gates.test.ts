import { afterEach, describe, expect, it, vi } from "vitest";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { catalogHost, details, text, wordRanker } from "./helpers.js";

describe("the isAvailable gate at surfacing", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("drops unavailable candidates (async, with the call's ctx) and fills the limit from the rest", async () => {
		const asked: unknown[] = [];
		const host = catalogHost();
		const tool = createToolSearchTool({
			tools: host,
			ranker: wordRanker(),
			isAvailable: async (name, ctx) => {
				asked.push(ctx);
				return name !== "github__create_issue";
			},
		});
		const result = await tool.execute(
			"1",
			{ query: "create issue", limit: 2 },
			undefined,
			undefined,
			"ctx-1",
		);
		expect(details(result).activated_tools).toEqual(["github__update_issue", "calendar__create_event"]);
		expect(text(result)).not.toContain("github__create_issue");
		expect(details(result).discovery?.unavailable).toEqual(["github__create_issue"]);
		expect(host.getActiveTools()).not.toContain("github__create_issue");
		expect(new Set(asked)).toEqual(new Set(["ctx-1"]));
	});

	it("never changes the index: the BM25 ranker keeps one build whatever the gate says per call", async () => {
		const ranker = new Bm25Ranker();
		let down = "github__create_issue";
		const tool = createToolSearchTool({ tools: catalogHost(), ranker, isAvailable: (name) => name !== down });
		const first = await tool.execute("1", { query: "create a github issue", limit: 1 });
		down = "none";
		const second = await tool.execute("2", { query: "update a github issue", limit: 1 });
		expect(details(first).activated_tools).not.toContain("github__create_issue");
		expect(details(second).activated_tools).toEqual(["github__update_issue"]);
		expect(ranker.stats).toMatchObject({ builds: 1, added: 0, updated: 0, removed: 0 });
	});

	it.each([
		[
			"throws",
			() => {
				throw new Error("pool down");
			},
			"pool down",
		],
		["rejects", () => Promise.reject(new Error("pool down")), "pool down"],
	])("drops a candidate when the gate %s (fail closed) and records why", async (_, gate, error) => {
		const result = await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			isAvailable: (name) => (name === "github__create_issue" ? gate() : true),
		}).execute("1", { query: "create issue", limit: 1 });
		expect(details(result).activated_tools).toEqual(["github__update_issue"]);
		expect(details(result).discovery?.gate_errors).toEqual([
			{ gate: "isAvailable", tool: "github__create_issue", error },
		]);
	});

	it("drops candidates whose answer is still pending after gateTimeoutMs", async () => {
		vi.useFakeTimers();
		const pending = createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			gateTimeoutMs: 50,
			isAvailable: (name) => (name === "github__create_issue" ? new Promise<boolean>(() => {}) : true),
		}).execute("1", { query: "create issue", limit: 1 });
		await vi.advanceTimersByTimeAsync(50);
		const result = await pending;
		expect(details(result).activated_tools).toEqual(["github__update_issue"]);
		expect(details(result).discovery?.gate_errors?.[0]).toEqual({
			gate: "isAvailable",
			tool: "github__create_issue",
			error: "timed out after 50 ms",
		});
	});
});

describe("the affinity gate", () => {
	const scores = { create: 20 - 20 / 1000, update: 10 - 20 / 1000, event: 10 - 22 / 1000 };

	it("multiplies a score by max(0.01, 1 + affinity × 0.1) and re-sorts; negative affinity demotes", async () => {
		const affinities: Record<string, number> = { github__create_issue: -20, calendar__create_event: 3 };
		const result = await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			affinity: (name) => affinities[name] ?? 0,
		}).execute("1", { query: "create issue", limit: 2 });
		const round = (score: number) => Math.round(score * 1e6) / 1e6;
		expect(details(result).tools.map(({ name, score }) => [name, score])).toEqual([
			["calendar__create_event", round(scores.event * 1.3)],
			["github__update_issue", round(scores.update)],
		]);
		const candidates = details(result).discovery?.candidates ?? [];
		expect(candidates).toHaveLength(4); // limit × 2
		expect(candidates[0]?.signals).toMatchObject({ ranker: round(scores.event), affinity: 3 });
		expect(candidates[1]?.signals).not.toHaveProperty("affinity");
		// The ranker's best, avoided: 0.01 of its score, last of the candidates, not returned.
		expect(candidates[3]).toMatchObject({ name: "github__create_issue", score: round(scores.create * 0.01) });
	});

	it("counts a value that is not a finite number, or a throw, as 0 and records it", async () => {
		const result = await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			affinity: (name) => {
				if (name === "github__update_issue") throw new Error("memory offline");
				return name === "github__create_issue" ? Number.NaN : 0;
			},
		}).execute("1", { query: "create issue", limit: 2 });
		expect(details(result).activated_tools).toEqual(["github__create_issue", "github__update_issue"]);
		expect(details(result).discovery?.gate_errors).toEqual([
			{ gate: "affinity", tool: "github__create_issue", error: "not a finite number: NaN" },
			{ gate: "affinity", tool: "github__update_issue", error: "memory offline" },
		]);
	});
});
