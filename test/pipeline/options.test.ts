import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { thrown } from "../helpers/thrown.js";
import { catalogHost, wordRanker } from "./helpers.js";

describe("pipeline options are checked when tool_search is created", () => {
	it.each([
		[{ candidateLimit: 0 }, "candidateLimit must be a positive integer, got 0"],
		[{ activationLimit: 1.5 }, "activationLimit must be a positive integer, got 1.5"],
		[{ isAvailable: true }, "isAvailable must be a function, got true"],
		[{ affinity: {} }, "affinity must be a function, got {}"],
		[{ rerank: "cross-encoder" }, 'rerank must be a function, got "cross-encoder"'],
		[{ onTrace: 1 }, "onTrace must be a function, got 1"],
		[{ rankers: [] }, "rankers must be a non-empty array of rankers, got []"],
		[{ rankers: [{}] }, "rankers[0] must be an object with a rank(query, documents, limit) method, got {}"],
		[{ rankers: [wordRanker()], ranker: wordRanker() }, "give ranker or rankers, not both"],
		[{ onError: "retry" }, 'onError must be "fallback", "empty" or "fail", got "retry"'],
		[{ judge: () => [] }, "judge must be an object { mode, decide }, got a function"],
		[
			{ judge: { mode: "active", decide: () => [] } },
			'judge.mode must be "off", "shadow" or "on", got "active"',
		],
		[{ judge: { mode: "on" } }, "judge.decide must be a function, got undefined"],
		[{ judgeTimeoutMs: 0 }, "judgeTimeoutMs must be a positive number of milliseconds, got 0"],
		[{ rerankTimeoutMs: -1 }, "rerankTimeoutMs must be a positive number of milliseconds, got -1"],
		[{ gateTimeoutMs: Number.NaN }, "gateTimeoutMs must be a positive number of milliseconds, got NaN"],
	])("rejects %j", (options, message) => {
		expect(
			thrown(() => createToolSearchTool({ tools: catalogHost(), ...(options as object) })),
		).toMatchObject({
			code: "INVALID_OPTIONS",
			message: `tool-search: ${message}`,
		});
	});

	it("does not mutate the options it is given", async () => {
		const options = Object.freeze({
			tools: catalogHost(),
			rankers: Object.freeze([wordRanker()]),
			judge: Object.freeze({ mode: "shadow" as const, decide: () => ({ abstain: true as const }) }),
		});
		await createToolSearchTool(options).execute("1", { query: "create issue" });
		expect(Object.isFrozen(options)).toBe(true);
	});

	it('a judge in mode "off" is never asked', async () => {
		let asked = false;
		await createToolSearchTool({
			tools: catalogHost(),
			judge: {
				mode: "off",
				decide: () => {
					asked = true;
					return { abstain: true };
				},
			},
		}).execute("1", { query: "create issue" });
		expect(asked).toBe(false);
	});
});
