/**
 * The final cut computes the proximity bonus only for the pool tools that can still reach the cut
 * (`finalCut`); it must give the matches and scores of computing every pool tool's final score
 * (`finalCutOfWholePool`).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { createExpander } from "../../src/index/expansion.js";
import { clearRun, finalCut, finalCutOfWholePool, runQuery } from "../../src/index/index-search.js";
import { planQuery, QUERY_LIMITS } from "../../src/index/query-plan.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

// Few words, so that tools share summaries' word pairs and queries pair them.
const WORDS = ["send", "message", "weather", "forecast", "issue", "create", "file", "user", "alpha", "beta"];
const word = fc.constantFrom(...WORDS);
const words = (min: number, max: number) =>
	fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(" "));

const tool = fc.record({
	summary: words(1, 6),
	rest: words(0, 8),
	namespace: fc.option(fc.constantFrom("github", "slack", "jira"), { nil: undefined }),
});

const scenario = fc.record({
	tools: fc.array(tool, { minLength: 1, maxLength: 60 }),
	// Two words: one pair, whose bonus a tool gets whole or not at all (the bound is then reached).
	queries: fc.array(fc.oneof(words(2, 2), words(1, 6)), { minLength: 1, maxLength: 4 }),
	limit: fc.integer({ min: 1, max: 12 }),
	poolSize: fc.integer({ min: 1, max: 40 }),
	proximity: fc.constantFrom(0, 0.05, 0.25, 2, 50),
	namespaceBoost: fc.constantFrom(0, 0.2, 1),
	coverage: fc.boolean(),
});

describe("final cut (property)", () => {
	it("equals the cut over every pool tool's final score, for any catalogue, query, limit, pool and weights", () => {
		let ruledOut = 0;
		fc.assert(
			fc.property(scenario, ({ tools, queries, limit, poolSize, proximity, namespaceBoost, coverage }) => {
				const index = new ToolSearchIndex({ rules: { proximity, namespaceBoost, coverage } });
				index.addAll(
					tools.map((t, i) =>
						createToolSearchDocument(
							{
								name: `${t.namespace ?? "x"}__t${i}`,
								description: t.rest === "" ? t.summary : `${t.summary}. ${t.rest}`,
							},
							t.namespace === undefined ? undefined : { name: t.namespace },
						),
					),
				);
				const store = indexStore(index);
				const { options } = index;
				for (const query of queries) {
					const plan = planQuery(
						store,
						query,
						createExpander(options),
						QUERY_LIMITS,
						options.rules.fillerWeight,
					);
					if (plan.terms.length === 0) continue;
					const pool = Math.max(limit, poolSize);
					let run = runQuery(store, options, plan, pool, undefined);
					const cut = finalCut(store, run, limit);
					const partly = run.pool.map((slot) => store.final[slot]);
					clearRun(store, run);
					run = runQuery(store, options, plan, pool, undefined);
					const whole = finalCutOfWholePool(store, run, limit);
					// A tool left without its bonus (a bonus it has, so the two differ) was ruled out.
					if (run.pool.some((slot, i) => store.final[slot] !== partly[i])) ruledOut++;
					clearRun(store, run);
					expect(cut).toEqual(whole);
				}
			}),
			{ numRuns: 300 },
		);
		expect(ruledOut).toBeGreaterThan(0);
	});
});
