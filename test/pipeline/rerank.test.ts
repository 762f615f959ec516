import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToolSearchCandidate } from "../../src/pipeline/pipeline-types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { catalogHost, details, text, wordRanker } from "./helpers.js";

describe("the rerank stage", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("reorders the bounded candidate list; the model sees the reranked top limit", async () => {
		const seen: { names: string[]; options: unknown }[] = [];
		const result = await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			candidateLimit: 5,
			rerank: (_query, candidates, { limit, ctx, queries }) => {
				seen.push({ names: candidates.map((c) => c.name), options: { limit, ctx, queries } });
				return [...candidates].reverse().map((candidate, at) => ({ name: candidate.name, score: at }));
			},
		}).execute("1", { query: "create issue", limit: 2 }, undefined, undefined, "ctx-1");
		expect(seen).toEqual([
			{
				names: [
					"github__create_issue",
					"github__update_issue",
					"calendar__create_event",
					"github__add_issue_comment",
					"github__create_pull_request",
				],
				options: { limit: 2, ctx: "ctx-1", queries: ["create issue"] },
			},
		]);
		expect(details(result).activated_tools).toEqual([
			"github__create_pull_request",
			"github__add_issue_comment",
		]);
		expect(text(result)).toContain("- github__create_pull_request:");
		expect(details(result).discovery?.candidates[0]?.signals).toMatchObject({ rerank: 0 });
		expect(details(result).discovery?.rerank).toEqual({ ms: expect.any(Number) });
	});

	it("gives each candidate its component scores, the tool's fields and its namespace, frozen", async () => {
		let given: readonly ToolSearchCandidate[] = [];
		await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			namespaceOf: (tool) => ({ name: tool.name.split("__")[0] as string }),
			rerank: (_query, candidates) => {
				given = candidates;
				return candidates.map((candidate) => candidate.name);
			},
		}).execute("1", { query: "please create issue now" });
		const first = given[0] as ToolSearchCandidate;
		expect(first).toMatchObject({ name: "github__create_issue", namespace: { name: "github" } });
		expect(first.signals).toMatchObject({ ranker: expect.any(Number), name_in_query: 1 });
		expect(first.tool.description).toMatch(/issue/i);
		expect(Object.isFrozen(first) && Object.isFrozen(first.signals) && Object.isFrozen(first.tool)).toBe(
			true,
		);
		expect(first.tool).not.toHaveProperty("execute");
	});

	it("drops the candidates it leaves out", async () => {
		const result = await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			rerank: () => ["github__update_issue"],
		}).execute("1", { query: "create issue", limit: 3 });
		expect(details(result).activated_tools).toEqual(["github__update_issue"]);
	});

	it.each([
		[
			"throws",
			() => {
				throw new Error("reranker down");
			},
			"rerank failed: reranker down",
		],
		[
			"names a tool that is not a candidate",
			() => ["slack__post_message"],
			'rerank returned "slack__post_message", which is not a candidate',
		],
		["answers something else", () => "nope" as never, 'rerank returned "nope" instead of an array of names'],
	])("keeps the ranked order when it %s, and records why", async (_, rerank, error) => {
		const result = await createToolSearchTool({ tools: catalogHost(), ranker: wordRanker(), rerank }).execute(
			"1",
			{
				query: "create issue",
				limit: 2,
			},
		);
		expect(details(result).activated_tools).toEqual(["github__create_issue", "github__update_issue"]);
		expect(details(result).discovery?.rerank).toEqual({ ms: expect.any(Number), error });
	});

	it("gives up after rerankTimeoutMs and aborts the reranker's signal", async () => {
		vi.useFakeTimers();
		let signal: AbortSignal | undefined;
		const pending = createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			rerankTimeoutMs: 200,
			rerank: (_query, _candidates, options) => {
				signal = options.signal;
				return new Promise(() => {});
			},
		}).execute("1", { query: "create issue", limit: 1 });
		await vi.advanceTimersByTimeAsync(200);
		const result = await pending;
		expect(details(result).activated_tools).toEqual(["github__create_issue"]);
		expect(details(result).discovery?.rerank?.error).toBe("rerank failed: timed out after 200 ms");
		expect(signal?.aborted).toBe(true);
	});
});

describe("the rerank and judge stages against hostile answers", () => {
	const hostile = () =>
		new Proxy([], {
			get() {
				throw new Error("hostile getter");
			},
		});

	it("a reranker's answer that throws when read keeps the ranked order", async () => {
		const result = await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			rerank: () => [
				{
					get name(): string {
						throw new Error("hostile getter");
					},
				},
			],
		}).execute("1", { query: "create issue", limit: 1 });
		expect(details(result).activated_tools).toEqual(["github__create_issue"]);
		expect(details(result).discovery?.rerank?.error).toBe("rerank failed: hostile getter");
	});

	it("a judge's decision that throws when read leaves the ranked order", async () => {
		const result = await createToolSearchTool({
			tools: catalogHost(),
			ranker: wordRanker(),
			judge: { mode: "on", decide: () => ({ selected: hostile() as never }) },
		}).execute("1", { query: "create issue", limit: 1 });
		expect(details(result).activated_tools).toEqual(["github__create_issue"]);
		expect(details(result).discovery?.judge?.error).toBe("judge failed: hostile getter");
	});
});
