/**
 * The types of a `tool_search` result: the model-visible text part and the structured `details`
 * a UI renders (snake_case keys, as in oh-my-pi's `search_tool_bm25`).
 */

import type { ToolSearchDiscoveryDetails } from "../pipeline/discovery-types.js";
import type { ToolSearchSourceStatus } from "./source-status.js";

/** One text part, as every tool-result format has it. */
export interface ToolSearchTextContent {
	type: "text";
	text: string;
}

/**
 * One tool found (and activated) by a `tool_search` call, as `details.tools` lists it.
 *
 * @example
 * ```ts
 * const found: ToolSearchResultTool = { name: "github__create_issue", label: "Create issue",
 *   description: "Create a new issue in a GitHub repository.", server_name: "github", parameters: ["title", "body"], score: 7.31 };
 * ```
 */
export interface ToolSearchResultTool {
	/** The name to call the tool by. */
	name: string;
	/** The tool's `title`, else its `label`, else its name (first line, at most 200 code units). */
	label: string;
	/** First non-blank line of the description, at most 200 code units. */
	description: string;
	/** The tool's namespace (e.g. its MCP server), when `namespaceOf` gave one. */
	server_name?: string;
	/** Top-level property names of the tool's argument schema, at most 100. */
	schema_keys: string[];
	/**
	 * The ranker's score, rounded to 6 decimals; for a call with several distinct phrasings, the
	 * fused reciprocal-rank score (the sum of `1 / (60 + rank)` over the phrasings that found it).
	 */
	score: number;
}

/**
 * A namespace (MCP server) of the searchable tools, as `details.namespaces` lists it when a call
 * activated nothing.
 *
 * @example
 * ```ts
 * const github: ToolSearchNamespaceSummary = { name: "github", description: "GitHub: repositories and issues.", tool_count: 12 };
 * ```
 */
export interface ToolSearchNamespaceSummary {
	/** The namespace's name, as `namespaceOf` gave it (trimmed). */
	name: string;
	/** The first non-blank line of its description, at most 200 code units, when it has one. */
	description?: string;
	/** How many searchable tools (not active) it has. */
	tool_count: number;
}

/**
 * Structured, runtime-only result of a successful `tool_search` call (not shown to the model).
 *
 * @example
 * ```ts
 * // { query: "read file", limit: 8, total_tools: 31, activated_tools: ["filesystem__read_file"],
 * //   active_selected_tools: ["filesystem__read_file"], ranked_by: "bm25",
 * //   tools: [{ name: "filesystem__read_file", label: "Read file", description: "Read the complete ...",
 * //             server_name: "filesystem", schema_keys: ["path"], score: 7.123457 }] }
 * ```
 */
export interface ToolSearchToolDetails {
	/** The query, trimmed; with `queries`, the first phrasing. */
	query: string;
	/**
	 * Every phrasing searched, trimmed and each once, `query` (when sent) first; only when the model
	 * sent `queries`. When there are several, each was ranked on its own and the rankings fused by
	 * reciprocal rank (k = 60), so `tools[].score` is the fused score, not a ranker's.
	 */
	queries?: string[];
	/** The limit in force: the model's or the default, at most the tool's `maxLimit`. */
	limit: number;
	/** The model's `limit`, when it was above the tool's `maxLimit` and lowered to it. */
	requested_limit?: number;
	/** How many tools were searchable (not active, not excluded). */
	total_tools: number;
	/**
	 * Tools activated by this call, best first. All of `tools` unless an `activationLimit` or the
	 * host held some back: the others are listed to the model as matching but not loaded.
	 */
	activated_tools: string[];
	/** Every tool this `tool_search` instance activated, across calls, that is still active. */
	active_selected_tools: string[];
	/**
	 * The ranker that answered, by its `name`: `"bm25"` (the built-in default), `"wink"`, a custom
	 * ranker's own name (`"custom"` when it has none), or `"fallback"` when the configured ranker
	 * (every ranker of `rankers`) failed and the built-in BM25 ranker answered.
	 */
	ranked_by: string;
	/** Why the configured (first) ranker was not used, when another one answered. */
	fallback_reason?: string;
	/** The tools found (returned), best first; `activated_tools` says which were activated. */
	tools: ToolSearchResultTool[];
	/**
	 * How many more matches were neither activated nor listed because their names and lines would
	 * not fit the result text's budget (only hosts with very long tool names get there).
	 */
	omitted_tools?: number;
	/** Query words (as tokenized) that no searchable tool matched; only when the BM25 ranker answered. */
	unmatched_terms?: string[];
	/** True when only very common words matched and no tools were activated on purpose. */
	abstained?: boolean;
	/**
	 * Query words (distinct, as tokenized) the BM25 ranker did not search because the query had too
	 * many; only when there were some (summed over `queries`).
	 */
	ignored_terms?: number;
	/**
	 * Only when nothing was activated and some searchable tools have a namespace (`namespaceOf`):
	 * every namespace of the searchable tools, most tools first, then by name. The text lists those
	 * that fit in 1,500 bytes.
	 */
	namespaces?: ToolSearchNamespaceSummary[];
	/** `select:` names that matched no tool, each with the nearest tool names (at most 3). */
	not_found?: { name: string; suggestions: string[] }[];
	/** `select:` names of tools that were loaded already (nothing to do). */
	already_active?: string[];
	/** True when a `regex:` scan stopped at its work budget before trying every tool. */
	regex_incomplete?: true;
	/**
	 * Tools unloaded by this call to stay within the active-set budget (`maxActiveTools`,
	 * `maxActiveSchemaTokens`, or the host's own), least recently used first.
	 */
	unloaded_tools?: string[];
	/** Tools found but not loaded: the budget is taken by tools that cannot be unloaded (pinned ones). */
	over_budget_tools?: string[];
	/**
	 * Sources (MCP servers) the catalogue reports as still connecting or failed
	 * (`getSourceStatus()`), in its order; the text names the first 10.
	 */
	sources?: ToolSearchSourceStatus[];
	/**
	 * What the discovery pipeline did (attempts, candidates with component scores, gates, rerank,
	 * judge, timings); only when a pipeline option is set (see `tool-search/pipeline`).
	 */
	discovery?: ToolSearchDiscoveryDetails;
}

/**
 * Structured result of a `tool_search` call that failed: the model's bad arguments, or a search
 * that failed with `onError: "fail"`.
 */
export interface ToolSearchToolErrorDetails {
	/** What was wrong, e.g. `query must not be empty` or `search failed: ranker failed: …`. */
	error: string;
	/** The query as sent, when it was a string (cut to 200 code units, then `…`). */
	query?: string;
	/** For a failed search: what the pipeline did (its attempts). */
	discovery?: ToolSearchDiscoveryDetails;
}

/** A successful `tool_search` result. */
export interface ToolSearchToolSuccess {
	content: [ToolSearchTextContent];
	details: ToolSearchToolDetails;
	isError?: never;
}

/** A `tool_search` result for bad arguments. */
export interface ToolSearchToolFailure {
	content: [ToolSearchTextContent];
	details: ToolSearchToolErrorDetails;
	isError: true;
}

/**
 * What `execute` resolves to; `isError` tells the two apart.
 *
 * @example
 * ```ts
 * const result = await toolSearch.execute("call-1", { query: "read file" });
 * if (result.isError) console.warn(result.details.error);
 * else console.log(result.details.activated_tools);
 * ```
 */
export type ToolSearchToolResult = ToolSearchToolSuccess | ToolSearchToolFailure;
