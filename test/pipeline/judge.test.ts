import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToolSearchJudge, ToolSearchJudgement } from "../../src/pipeline/pipeline-types.js";
import { createToolSearchTool, type ToolSearchToolOptions } from "../../src/tool/create-tool-search-tool.js";
import { catalogHost, details, text, traceRecorder, wordRanker } from "./helpers.js";

function judge(mode: "shadow" | "on", decide: ToolSearchJudge["decide"]): ToolSearchJudge {
	return { mode, decide };
}

const pickUpdate = (): ToolSearchJudgement => ({
	selected: ["github__update_issue"],
	reason: "edit, not create",
});

async function run(options: Partial<ToolSearchToolOptions>) {
	const host = catalogHost();
	const { onTrace, records } = traceRecorder();
	const result = await createToolSearchTool({
		tools: host,
		ranker: wordRanker(),
		onTrace,
		...options,
	}).execute("1", {
		query: "create issue",
		limit: 2,
	});
	return { host, result, records };
}

describe("the judge", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("in shadow mode records its decision and changes nothing the model sees", async () => {
		const off = await run({});
		const shadow = await run({ judge: judge("shadow", pickUpdate) });
		expect(text(shadow.result)).toBe(text(off.result));
		expect(details(shadow.result).activated_tools).toEqual(details(off.result).activated_tools);
		expect(shadow.host.getActiveTools()).toEqual(off.host.getActiveTools());
		const decision = {
			mode: "shadow",
			ms: expect.any(Number),
			selected: ["github__update_issue"],
			reason: "edit, not create",
		};
		expect(details(shadow.result).discovery?.judge).toEqual(decision);
		expect(shadow.records[0]).toMatchObject({ judge: decision, outcome: "activated" });
	});

	it("on, activates only what it selected, in its order", async () => {
		const { result, host } = await run({ judge: judge("on", pickUpdate) });
		expect(details(result).activated_tools).toEqual(["github__update_issue"]);
		expect(host.getActiveTools()).toEqual(["github__update_issue"]);
		expect(text(result)).not.toContain("github__create_issue");
	});

	it("sees every candidate (candidateLimit), the call's ctx and activationLimit as its limit", async () => {
		const decide = vi.fn((): ToolSearchJudgement => ({ selected: [] }));
		await run({ judge: judge("shadow", decide), candidateLimit: 5, activationLimit: 1 });
		const [query, candidates, options] = decide.mock.calls[0] as unknown as Parameters<
			ToolSearchJudge["decide"]
		>;
		expect(query).toBe("create issue");
		expect(candidates).toHaveLength(5);
		expect(options).toMatchObject({ limit: 1, queries: ["create issue"] });
	});

	it("on, an abstention activates nothing and the model is told so, with the judge's reason", async () => {
		const { result, host, records } = await run({
			judge: judge("on", () => ({ abstain: true, reason: "no ticketing tool fits" })),
		});
		expect(details(result).activated_tools).toEqual([]);
		expect(host.getActiveTools()).toEqual([]);
		expect(text(result).split("\n")[1]).toBe(
			"No tools were loaded: none of the 4 matching tools fits this request (no ticketing tool fits). Describe the action or object differently, or continue without a new tool.",
		);
		expect(details(result).discovery?.judge).toMatchObject({ mode: "on", abstained: true });
		expect(records[0]).toMatchObject({ outcome: "judge_abstained", activated: [] });
	});

	it("ignores (and records) names that are not candidates", async () => {
		const { result } = await run({
			judge: judge("on", () => ({ selected: ["made_up_tool", "github__update_issue"] })),
		});
		expect(details(result).activated_tools).toEqual(["github__update_issue"]);
		expect(details(result).discovery?.judge).toMatchObject({
			selected: ["github__update_issue"],
			ignored: ["made_up_tool"],
		});
	});

	it.each([
		[
			"throws",
			() => {
				throw new Error("model overloaded");
			},
			"judge failed: model overloaded",
		],
		[
			"returns a malformed decision",
			() => ({ picks: [] }) as never,
			'judge returned {"picks":[]}: expected { selected: string[] } or { abstain: true }',
		],
	])("on, falls back to the ranked order when it %s, recorded", async (_, decide, error) => {
		const { result } = await run({ judge: judge("on", decide) });
		expect(details(result).activated_tools).toEqual(["github__create_issue", "github__update_issue"]);
		expect(details(result).discovery?.judge).toEqual({ mode: "on", ms: expect.any(Number), error });
	});

	it("on, falls back to the ranked order after judgeTimeoutMs, recorded, with its signal aborted", async () => {
		vi.useFakeTimers();
		let signal: AbortSignal | undefined;
		const pending = run({
			judgeTimeoutMs: 300,
			judge: judge("on", (_query, _candidates, options) => {
				signal = options.signal;
				return new Promise(() => {});
			}),
		});
		await vi.advanceTimersByTimeAsync(300);
		const { result } = await pending;
		expect(details(result).activated_tools).toEqual(["github__create_issue", "github__update_issue"]);
		expect(details(result).discovery?.judge?.error).toBe("judge failed: timed out after 300 ms");
		expect(signal?.aborted).toBe(true);
	});

	it("is not asked when there is no candidate", async () => {
		const decide = vi.fn(pickUpdate);
		const host = catalogHost();
		const result = await createToolSearchTool({
			tools: host,
			ranker: wordRanker(),
			judge: judge("on", decide),
		}).execute("1", { query: "zzz" });
		expect(decide).not.toHaveBeenCalled();
		expect(details(result).discovery).not.toHaveProperty("judge");
		expect(text(result).split("\n")[1]).toBe("No matching tools found.");
	});
});
