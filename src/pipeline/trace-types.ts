/**
 * The trace records `onTrace` receives and `createTraceWriter` writes, one JSON object a line.
 * Types only.
 */
import type { ToolSearchDiscoveryDetails } from "./discovery-types.js";

/**
 * The record of one `tool_search` call: what was asked, what the pipeline did
 * ({@link ToolSearchDiscoveryDetails}) and what was activated. Holds the query, tool names,
 * scores, timings and error messages (first 200 characters, bearer tokens and API-key-like words
 * redacted), never tool arguments, tool outputs or the call's `ctx`.
 *
 * @example
 * ```ts
 * const record: ToolSearchDiscoveryTrace = JSON.parse(line);
 * if (record.outcome === "failed") console.warn(record.search_error);
 * ```
 */
export interface ToolSearchDiscoveryTrace extends ToolSearchDiscoveryDetails {
	type: "discovery";
	/** Version of the record format: 1. */
	version: 1;
	/** When the call ended (ISO 8601). */
	time: string;
	/** The `tool_search` call's id, as the host gave it. */
	tool_call_id: string;
	query: string;
	queries?: string[];
	limit: number;
	/** Searchable tools, active ones included (the catalogue `tool_search` saw). */
	catalogue_size: number;
	/** Searchable tools that were not active (what was searched). */
	total_tools: number;
	ranked_by: string;
	/** Tools the call returned (listed to the model), best first. */
	returned: string[];
	/** Tools it activated, best first. */
	activated: string[];
	/**
	 * - `"activated"`: it activated tools;
	 * - `"none"`: nothing matched (or nothing was searchable);
	 * - `"abstained"`: the ranker found only generic words and returned nothing on purpose;
	 * - `"judge_abstained"`: the judge (`on`) selected nothing;
	 * - `"empty"` / `"failed"`: a ranker failed with `onError` `"empty"` / `"fail"`.
	 */
	outcome: "activated" | "none" | "abstained" | "judge_abstained" | "empty" | "failed";
}

/**
 * The record of a tool call the model made: whether it ran, failed or was refused by the guard,
 * linked to the `tool_search` call that activated the tool (`discovery_id`, `null` when none did:
 * a pinned tool, or one loaded before).
 *
 * @example
 * ```ts
 * const record: ToolSearchOutcomeTrace = { type: "outcome", version: 1, time: "2026-12-01T10:00:00.000Z",
 *   discovery_id: "5f0c…", tool: "github__create_issue", status: "ok", tool_call_id: "toolu_1" };
 * ```
 */
export interface ToolSearchOutcomeTrace {
	type: "outcome";
	version: 1;
	time: string;
	discovery_id: string | null;
	tool: string;
	/** `"ok"`: it ran; `"error"`: it ran and failed; `"refused"`: the guard did not let it run. */
	status: "ok" | "error" | "refused";
	/** Why it was refused. */
	reason?: "unavailable" | "inactive" | "unknown";
	tool_call_id?: string;
	ms?: number;
}

/**
 * A trace record: one per `tool_search` call, one per reported tool call.
 *
 * @example
 * ```ts
 * const onTrace = (record: ToolSearchTraceRecord) => {
 *   if (record.type === "discovery") metrics.observe(record.timings_ms.total);
 * };
 * ```
 */
export type ToolSearchTraceRecord = ToolSearchDiscoveryTrace | ToolSearchOutcomeTrace;
