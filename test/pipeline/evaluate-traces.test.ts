import { describe, expect, it } from "vitest";
import { evaluateTraces } from "../../src/pipeline/evaluate-traces.js";
import type { ToolSearchDiscoveryTrace, ToolSearchTraceRecord } from "../../src/pipeline/trace-types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { catalogHost, traceRecorder, wordRanker } from "./helpers.js";

function discovery(
	id: string,
	query: string,
	ranked: string[],
	extra: Partial<ToolSearchDiscoveryTrace> = {},
): ToolSearchDiscoveryTrace {
	return {
		type: "discovery",
		version: 1,
		time: "2026-12-01T00:00:00.000Z",
		tool_call_id: id,
		query,
		limit: 2,
		catalogue_size: 10,
		total_tools: 10,
		ranked_by: "bm25",
		returned: ranked.slice(0, 2),
		activated: ranked.slice(0, 2),
		outcome: ranked.length > 0 ? "activated" : "none",
		discovery_id: id,
		candidate_limit: 4,
		activation_limit: 2,
		attempts: [{ ranker: "bm25", ms: 1 }],
		candidates: ranked.map((name, at) => ({ name, score: 10 - at, signals: {} })),
		timings_ms: { collect: 0, rank: 1, gate: 0, rerank: 0, judge: 0, activate: 0, total: 2 },
		...extra,
	};
}

describe("evaluateTraces", () => {
	const records: ToolSearchTraceRecord[] = [
		discovery("d1", "create issue", ["a", "b", "c", "d"], {
			judge: { mode: "shadow", ms: 5, selected: ["b"] },
			timings_ms: { collect: 0, rank: 1, gate: 0, rerank: 0, judge: 5, activate: 0, total: 10 },
		}),
		discovery("d2", "send mail", ["e", "f", "g"], { judge: { mode: "shadow", ms: 5, abstained: true } }),
		discovery("d3", "weather", [], {
			attempts: [
				{ ranker: "hybrid", ms: 5000, error: "ranker failed: timed out after 5000 ms" },
				{ ranker: "bm25", ms: 1 },
			],
			judge: { mode: "shadow", ms: 10_000, error: "judge failed: timed out" },
		}),
		discovery("d4", "anything", [], { outcome: "failed", activated: [], returned: [] }),
		{ type: "outcome", version: 1, time: "t", discovery_id: "d1", tool: "a", status: "ok" },
		{
			type: "outcome",
			version: 1,
			time: "t",
			discovery_id: "d2",
			tool: "e",
			status: "refused",
			reason: "unavailable",
		},
		{ type: "outcome", version: 1, time: "t", discovery_id: null, tool: "pinned_tool", status: "ok" },
	];

	it("measures retrieval where labels exist (by discovery id or by query): R@k, MRR, activation precision and recall", () => {
		const report = evaluateTraces(records, { d1: ["c"], "send mail": ["e", "z"] }, { k: [1, 3] });
		expect(report).toMatchObject({ discoveries: 4, outcomes: 3, labelled: 2 });
		// d1: c at rank 3 → R@1 0, R@3 1, RR 1/3. d2: e at rank 1 of {e, z} → R@1 0.5, R@3 0.5, RR 1.
		expect(report.recallAt).toEqual({ 1: 0.25, 3: 0.75 });
		expect(report.mrr).toBeCloseTo((1 / 3 + 1) / 2, 12);
		// activated: d1 {a, b} vs {c}: precision 0, recall 0; d2 {e, f} vs {e, z}: precision 0.5, recall 0.5.
		expect(report.activation).toEqual({ precision: 0.25, recall: 0.25 });
	});

	it("measures the judge against the ranker: abstention rate, agreement, and with labels both precisions", () => {
		const report = evaluateTraces(records, { d1: ["b"] });
		expect(report.abstentionRate).toBe(0.5);
		expect(report.judge).toEqual({
			decisions: 3,
			errors: 1,
			abstentions: 1,
			// d1: {b} vs {a, b} → 1/2; d2: {} vs {e, f} → 0.
			agreement: 0.25,
			precision: 1,
			recall: 1,
			rankerPrecision: 0.5,
			rankerRecall: 1,
		});
	});

	it("counts empty, fallback and failed discoveries, latency, and tools activated but never called", () => {
		const report = evaluateTraces(records);
		expect(report).toMatchObject({ labelled: 0, recallAt: undefined, mrr: undefined, activation: undefined });
		expect(report.emptyRate).toBe(0.5);
		expect(report.fallbackRate).toBe(0.25);
		expect(report.failureRate).toBe(0.25);
		expect(report.latencyMs).toEqual({ p50: 2, p95: 10 });
		// d1 activated a (called) and b; d2 activated e (called, refused) and f.
		expect(report.activatedNeverCalled).toEqual({
			activated: 4,
			neverCalled: 2,
			rate: 0.5,
			tools: [
				{ name: "b", count: 1 },
				{ name: "f", count: 1 },
			],
		});
	});

	it("skips records it does not know and reads what tool_search emitted", async () => {
		const { onTrace, records: emitted } = traceRecorder();
		const tool = createToolSearchTool({ tools: catalogHost(), ranker: wordRanker(), onTrace });
		await tool.execute("1", { query: "create issue", limit: 2 });
		tool.reportToolCall({ name: "github__create_issue", status: "ok" });
		const report = evaluateTraces([...emitted, { type: "other" } as never, null as never], {
			"create issue": ["github__create_issue"],
		});
		expect(report).toMatchObject({ discoveries: 1, outcomes: 1, labelled: 1, mrr: 1 });
		expect(report.activatedNeverCalled).toMatchObject({ activated: 2, neverCalled: 1 });
	});
});
