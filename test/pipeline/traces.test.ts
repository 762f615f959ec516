import { describe, expect, it, vi } from "vitest";
import type { ToolSearchDiscoveryTrace } from "../../src/pipeline/trace-types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { catalogHost, details, failingRanker, traceRecorder, wordRanker } from "./helpers.js";

describe("trace records of tool_search calls", () => {
	it("hold the query, the catalogue, the ranking with component scores, the activation and per-stage timings", async () => {
		const { onTrace, records } = traceRecorder();
		const host = catalogHost();
		host.setActiveTools(["slack__post_message"]);
		const result = await createToolSearchTool({
			tools: host,
			ranker: wordRanker(),
			judge: { mode: "shadow", decide: () => ({ abstain: true }) },
			onTrace,
		}).execute("call-7", { query: "create issue", limit: 2 });
		const record = records[0] as ToolSearchDiscoveryTrace;
		expect(record).toMatchObject({
			type: "discovery",
			version: 1,
			tool_call_id: "call-7",
			query: "create issue",
			limit: 2,
			catalogue_size: 31,
			total_tools: 30,
			ranked_by: "words",
			returned: ["github__create_issue", "github__update_issue"],
			activated: ["github__create_issue", "github__update_issue"],
			outcome: "activated",
			discovery_id: details(result).discovery?.discovery_id,
			candidate_limit: 4,
			activation_limit: 2,
			judge: { mode: "shadow", abstained: true },
		});
		expect(new Date(record.time).toISOString()).toBe(record.time);
		expect(record.candidates[0]).toEqual({
			name: "github__create_issue",
			score: 19.98,
			signals: { ranker: 19.98, exact_name: 1 },
		});
		expect(Object.keys(record.timings_ms)).toEqual([
			"collect",
			"rank",
			"gate",
			"rerank",
			"judge",
			"activate",
			"total",
		]);
		expect(record.discovery_id).toMatch(/^[0-9a-f-]{36}$/);
	});

	it("never hold tool arguments, the call's ctx, or secrets in error messages", async () => {
		const { onTrace, records } = traceRecorder();
		const tool = createToolSearchTool({
			tools: catalogHost(),
			rankers: [
				failingRanker("remote", "401 for Bearer abc.def.ghi with key sk-live_0123456789abcdef"),
				wordRanker(),
			],
			onTrace,
		});
		await tool.execute("1", { query: "create issue", password: "hunter2" }, undefined, undefined, {
			apiKey: "ctx-secret-value",
		});
		const json = JSON.stringify(records);
		expect(json).not.toContain("hunter2");
		expect(json).not.toContain("ctx-secret-value");
		expect(json).not.toContain("abc.def.ghi");
		expect(json).not.toContain("sk-live_0123456789abcdef");
		expect((records[0] as ToolSearchDiscoveryTrace).attempts[0]?.error).toBe(
			"ranker failed: 401 for [redacted] with key [redacted]",
		);
	});

	it("a throwing or rejecting onTrace does not fail the search", async () => {
		for (const onTrace of [
			() => {
				throw new Error("disk full");
			},
			() => Promise.reject(new Error("disk full")),
		]) {
			const unhandled = vi.fn();
			process.on("unhandledRejection", unhandled);
			try {
				const result = await createToolSearchTool({
					tools: catalogHost(),
					ranker: wordRanker(),
					onTrace,
				}).execute("1", {
					query: "create issue",
				});
				expect(details(result).activated_tools.length).toBeGreaterThan(0);
				await new Promise((resolve) => setImmediate(resolve));
				expect(unhandled).not.toHaveBeenCalled();
			} finally {
				process.off("unhandledRejection", unhandled);
			}
		}
	});
});

describe("execution outcomes, linked to the discovery that activated the tool", () => {
	it("reportToolCall emits an outcome record with the discovery id and returns it", async () => {
		const { onTrace, records } = traceRecorder();
		const tool = createToolSearchTool({ tools: catalogHost(), ranker: wordRanker(), onTrace });
		const first = details(await tool.execute("1", { query: "create issue", limit: 1 })).discovery
			?.discovery_id;
		const second = details(await tool.execute("2", { query: "post message", limit: 1 })).discovery
			?.discovery_id;
		expect(
			tool.reportToolCall({ name: "github__create_issue", status: "ok", toolCallId: "c-9", ms: 12 }),
		).toBe(first);
		expect(tool.reportToolCall({ name: "slack__post_message", status: "error" })).toBe(second);
		expect(tool.reportToolCall({ name: "weather__get_forecast", status: "ok" })).toBeUndefined();
		expect(records.filter((record) => record.type === "outcome")).toEqual([
			{
				type: "outcome",
				version: 1,
				time: expect.any(String),
				discovery_id: first,
				tool: "github__create_issue",
				status: "ok",
				tool_call_id: "c-9",
				ms: 12,
			},
			{
				type: "outcome",
				version: 1,
				time: expect.any(String),
				discovery_id: second,
				tool: "slack__post_message",
				status: "error",
			},
			{
				type: "outcome",
				version: 1,
				time: expect.any(String),
				discovery_id: null,
				tool: "weather__get_forecast",
				status: "ok",
			},
		]);
	});

	it("checkToolCall refuses a stale call to a tool the gate now refuses, and records the refusal", async () => {
		const { onTrace, records } = traceRecorder();
		let up = true;
		const tool = createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			isAvailable: (name, ctx) => up || name !== "github__create_issue" || ctx === "admin",
			onTrace,
		});
		const found = details(await tool.execute("1", { query: "create issue", limit: 1 }));
		expect(await tool.checkToolCall("github__create_issue")).toEqual({ status: "active" });
		up = false;
		const stale = await tool.checkToolCall("github__create_issue", { toolCallId: "c-2" });
		expect(stale).toMatchObject({ status: "unavailable" });
		expect(await tool.checkToolCall("github__create_issue", { ctx: "admin" })).toEqual({ status: "active" });
		expect(records.filter((record) => record.type === "outcome")).toEqual([
			{
				type: "outcome",
				version: 1,
				time: expect.any(String),
				discovery_id: found.discovery?.discovery_id,
				tool: "github__create_issue",
				status: "refused",
				reason: "unavailable",
				tool_call_id: "c-2",
			},
		]);
	});

	it("checkToolCall refuses when the gate does not answer within gateTimeoutMs", async () => {
		vi.useFakeTimers();
		try {
			const tool = createToolSearchTool({
				tools: catalogHost(),
				isAvailable: () => new Promise<boolean>(() => {}),
				gateTimeoutMs: 100,
			});
			const pending = tool.checkToolCall("github__create_issue");
			await vi.advanceTimersByTimeAsync(100);
			expect((await pending).status).toBe("unavailable");
		} finally {
			vi.useRealTimers();
		}
	});

	it("reportToolCall rejects a malformed report", () => {
		const tool = createToolSearchTool({ tools: catalogHost() });
		expect(() => tool.reportToolCall({ name: "x", status: "done" as never })).toThrow(
			'tool-search: status must be "ok", "error" or "refused", got "done"',
		);
	});
});
