/**
 * The final cut of `searchStore` computes the proximity bonus only for the pool tools that can
 * still reach the cut; it must give the matches and scores of computing every pool tool's final
 * score (`finalCutOfWholePool`). (The example fails when the bound tools are ruled out by is cut
 * to 0.9 of itself; the property, when it is left out.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createExpander } from "../../src/index/expansion.js";
import { clearRun, runQuery, searchStore } from "../../src/index/index-search.js";
import { planQuery, QUERY_LIMITS } from "../../src/index/query-plan.js";
import { finalCutOfWholePool } from "../../src/index/search-result.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { type CutTool, cutToolDocuments } from "../helpers/cut-tools.js";

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
	// Any weight: the window the bound rules tools out by then falls between any two tools' scores.
	proximity: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 5, noNaN: true })),
	namespaceBoost: fc.constantFrom(0, 0.2, 1),
	coverage: fc.boolean(),
});

/** `searchStore`'s matches and the whole pool's cut, for one query. */
function bothCuts(
	tools: readonly CutTool[],
	query: string,
	limit: number,
	poolSize: number,
	rules: { proximity: number; namespaceBoost: number; coverage: boolean },
) {
	const index = new ToolSearchIndex({ rules: { ...rules, abstain: false } });
	index.addAll(cutToolDocuments(tools));
	const store = indexStore(index);
	const { options } = index;
	const plan = planQuery(store, query, createExpander(options), QUERY_LIMITS, options.rules.fillerWeight);
	if (plan.terms.length === 0) return undefined;
	const cut = searchStore(store, options, plan, limit, undefined, Number.POSITIVE_INFINITY, poolSize);
	const run = runQuery(store, options, plan, Math.max(limit, poolSize), undefined, Number.POSITIVE_INFINITY);
	const whole = finalCutOfWholePool(store, run, limit);
	clearRun(store, run);
	return { cut: cut.matches, whole };
}

describe("final cut", () => {
	it("keeps a tool below the cut by less than the proximity bound, which its bonus lifts over the cut", () => {
		// github__t3 is second by score with its namespace boost; "message file" stands in its summary.
		const tools: CutTool[] = [
			{ summary: "send", rest: "", namespace: undefined },
			{ summary: "message send", rest: "", namespace: undefined },
			{ summary: "send send message send send", rest: "file send send", namespace: "jira" },
			{ summary: "send send message file send send", rest: "send send send", namespace: "github" },
			{ summary: "issue file", rest: "send", namespace: "jira" },
			{ summary: "weather message forecast user alpha weather", rest: "alpha", namespace: "github" },
			{ summary: "send", rest: "send send send send", namespace: undefined },
		];
		const both = bothCuts(tools, "message file", 1, 5, {
			proximity: 0.25,
			namespaceBoost: 1,
			coverage: false,
		});
		expect(both?.whole.map((m) => m.name)).toEqual(["github__t3"]);
		expect(both?.cut).toEqual(both?.whole);
	});
});

describe("final cut (property)", () => {
	it("equals the cut over every pool tool's final score, for any catalogue, query, limit, pool and weights", () => {
		fc.assert(
			fc.property(scenario, ({ tools, queries, limit, poolSize, proximity, namespaceBoost, coverage }) => {
				for (const query of queries) {
					const both = bothCuts(tools, query, limit, poolSize, { proximity, namespaceBoost, coverage });
					if (both !== undefined) expect(both.cut).toEqual(both.whole);
				}
			}),
			{ numRuns: 500 },
		);
	});
});
