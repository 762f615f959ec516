/**
 * `tool-search/pipeline`: the discovery pipeline around the ranker — search → gates → rerank →
 * judge → activate — and its traces. Its options are options of `createToolSearchTool` (and of
 * every adapter); this entry holds their types, the trace file writer and `evaluateTraces`.
 *
 * - Per-request gates that never touch the index: `isAvailable(name, ctx)` drops candidates and
 *   refuses stale calls in every adapter's guard; `affinity(name, ctx)` rescales scores.
 * - A chain of rankers (`rankers`, `onError`, per-ranker deadline), a rerank stage over the bounded
 *   candidate list, a judge in `shadow` or `on` mode, an `activationLimit`.
 * - `onTrace` records, a JSONL writer, and `evaluateTraces` for R@k, MRR, abstention, judge/ranker
 *   agreement and tools activated but never called.
 *
 * Search, rerank and judge never execute a tool and never authorize one: activation only makes a
 * schema visible. Keep permission checks where tools are executed.
 *
 * @example
 * ```ts
 * import { createActiveToolSet, createToolSearchTool } from "tool-search";
 * import { createTraceWriter } from "tool-search/pipeline";
 *
 * const traces = createTraceWriter({ path: ".traces/tool-search.jsonl" });
 * const toolSearch = createToolSearchTool({
 *   tools: createActiveToolSet({ tools: allMyTools }),
 *   isAvailable: (name) => !name.startsWith("snowflake__"),
 *   judge: { mode: "shadow", decide: (query, candidates) => ({ selected: candidates.slice(0, 1).map((c) => c.name) }) },
 *   onTrace: traces.write,
 * });
 * ```
 * @module
 */

export { DEFAULT_PIPELINE_OPTIONS } from "./defaults.js";
export type {
	ToolCallReport,
	ToolSearchDiscoveryDetails,
	ToolSearchJudgeDecision,
	ToolSearchRankAttempt,
	ToolSearchSignals,
} from "./pipeline/discovery-types.js";
export type { TraceEvaluation, TraceEvaluationOptions } from "./pipeline/evaluate-traces.js";
export { evaluateTraces } from "./pipeline/evaluate-traces.js";
export type {
	ToolSearchCandidate,
	ToolSearchJudge,
	ToolSearchJudgement,
	ToolSearchPipelineOptions,
	ToolSearchRerank,
	ToolSearchStageContext,
} from "./pipeline/pipeline-types.js";
export type {
	ToolSearchDiscoveryTrace,
	ToolSearchOutcomeTrace,
	ToolSearchTraceRecord,
} from "./pipeline/trace-types.js";
export type { TraceWriter, TraceWriterOptions } from "./pipeline/trace-writer.js";
export { createTraceWriter } from "./pipeline/trace-writer.js";
