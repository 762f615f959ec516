/**
 * `tool-search/testing`: assert in your own test suite that a request finds its tool, so a change
 * to a tool's name, description or your glossary cannot silently stop it being found. Plain
 * functions that work with any runner (they throw), a `toFindTool` matcher for `expect.extend`
 * (vitest or jest; nothing here imports a runner), golden ranking snapshots with a readable diff,
 * and the metrics of `npm run eval` over your own labelled requests.
 *
 * @example
 * ```ts
 * import { createCatalogSearch, evaluateToolSearch, expectToFind } from "tool-search/testing";
 *
 * const search = createCatalogSearch(myTools); // ranks as tool_search does
 * await expectToFind(search, "open a ticket for the login bug", "jira__create_issue", { within: 3 });
 * const { metrics, misses } = await evaluateToolSearch(myTools, [{ query: "will it rain", relevant: ["weather__forecast"] }]);
 * ```
 * @module
 */

export type { CatalogSearch, CatalogSearchOptions, ToolSearchFunction } from "./testing/catalog-search.js";
export { createCatalogSearch } from "./testing/catalog-search.js";
export type {
	EvaluatedRequest,
	EvaluateToolSearchOptions,
	ToolSearchEvaluation,
} from "./testing/evaluate-tool-search.js";
export { evaluateToolSearch } from "./testing/evaluate-tool-search.js";
export type { ExpectToFindOptions, ToolSearchMatchers } from "./testing/expect-to-find.js";
export { expectToFind, toFindTool } from "./testing/expect-to-find.js";
export type { LabelledRequest } from "./testing/labelled-requests.js";
export { parseLabelledRequests } from "./testing/labelled-requests.js";
export type { AbstentionScores, RetrievalMetrics } from "./testing/metrics.js";
export type { RankingSnapshotOptions } from "./testing/ranking-snapshot.js";
export { expectRankingSnapshot, rankingSnapshot } from "./testing/ranking-snapshot.js";
