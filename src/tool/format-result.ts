/**
 * What `tool_search` returns: the result types, the compact model-visible text, and the structured
 * `details` a UI renders (snake_case keys, as in oh-my-pi's `search_tool_bm25`).
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { firstLine } from "../document/first-line.js";
import type { ToolInfo, ToolNamespace } from "../types.js";

/**
 * How many code units of a description's first line `details.tools[].description` keeps.
 *
 * @example
 * ```ts
 * firstLine(tool.description, DETAILS_DESCRIPTION_MAX_LENGTH);
 * ```
 */
export const DETAILS_DESCRIPTION_MAX_LENGTH = 200;

/**
 * How many code units of a description's first line the model-visible text keeps per tool.
 *
 * @example
 * ```ts
 * `- ${name}: ${firstLine(description, TEXT_DESCRIPTION_MAX_LENGTH)}`;
 * ```
 */
export const TEXT_DESCRIPTION_MAX_LENGTH = 160;

/**
 * The last line of a result that activated tools.
 *
 * @example
 * ```ts
 * text.endsWith(TOOLS_AVAILABLE_MESSAGE); // the call activated tools
 * ```
 */
export const TOOLS_AVAILABLE_MESSAGE =
	"These tools are now available; call them directly from your next call.";

/**
 * The message when there is nothing to search.
 *
 * @example
 * ```ts
 * text.split("\n")[1] === NO_TOOLS_MESSAGE; // nothing was searchable
 * ```
 */
export const NO_TOOLS_MESSAGE = "No discoverable tools are currently loaded.";

/**
 * The message when nothing matched.
 *
 * @example
 * ```ts
 * text.split("\n")[1] === NO_MATCH_MESSAGE; // nothing matched
 * ```
 */
export const NO_MATCH_MESSAGE = "No matching tools found.";

/**
 * Shown instead of {@link NO_MATCH_MESSAGE} when only words that most tools contain matched, and
 * the search returned nothing rather than unrelated tools.
 */
export const ABSTAINED_MESSAGE =
	"No matching tools found: the only words that matched are in most tools. Describe the action or object more specifically.";

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
	/** The tool's `title`, else its `label`, else its name. */
	label: string;
	/** First non-blank line of the description, at most 200 code units. */
	description: string;
	/** The tool's namespace (e.g. its MCP server), when `namespaceOf` gave one. */
	server_name?: string;
	/** Top-level property names of the tool's argument schema. */
	schema_keys: string[];
	/** The ranker's score, rounded to 6 decimals. */
	score: number;
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
	/** The query, trimmed. */
	query: string;
	/** The limit in force (the model's or the default). */
	limit: number;
	/** How many tools were searchable (not active, not excluded). */
	total_tools: number;
	/** Tools activated by this call, best first. */
	activated_tools: string[];
	/** Every tool this `tool_search` instance activated, across calls, that is still active. */
	active_selected_tools: string[];
	/**
	 * The ranker that answered, by its `name`: `"bm25"` (the built-in default), `"wink"`, a custom
	 * ranker's own name (`"custom"` when it has none), or `"fallback"` when the configured ranker
	 * failed and the built-in BM25 ranker answered.
	 */
	ranked_by: string;
	/** Why the configured ranker was not used, when `ranked_by` is `"fallback"`. */
	fallback_reason?: string;
	/** The tools found, best first. */
	tools: ToolSearchResultTool[];
	/** Query words (as tokenized) that no searchable tool matched; only when the BM25 ranker answered. */
	unmatched_terms?: string[];
	/** True when only very common words matched and no tools were activated on purpose. */
	abstained?: boolean;
}

/** Structured result of a `tool_search` call the model made with bad arguments. */
export interface ToolSearchToolErrorDetails {
	/** What was wrong, e.g. `query must not be empty`. */
	error: string;
	/** The query as sent, when it was a string. */
	query?: string;
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

/** Defined in `src/document/first-line.ts`; also exported here, next to the lengths it is used with. */
export { firstLine };

function nonBlank(value: unknown): string | undefined {
	if (typeof value !== "string") return undefined;
	const trimmed = value.trim();
	return trimmed === "" ? undefined : trimmed;
}

function schemaKeys(tool: ToolInfo): string[] {
	const schema =
		typeof tool.parameters === "object" && tool.parameters !== null ? tool.parameters : tool.inputSchema;
	if (typeof schema !== "object" || schema === null) return [];
	const properties = (schema as { properties?: unknown }).properties;
	if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return [];
	return Object.keys(properties);
}

/**
 * The `details.tools[]` entry of a found tool.
 *
 * @example
 * ```ts
 * describeFoundTool({ name: "github__create_issue", description: "Create an issue." }, 3.14159265, { name: "github" });
 * // { name: "github__create_issue", label: "github__create_issue", description: "Create an issue.",
 * //   server_name: "github", schema_keys: [], score: 3.141593 }
 * ```
 */
export function describeFoundTool(
	tool: ToolInfo,
	score: number,
	namespace?: ToolNamespace,
): ToolSearchResultTool {
	return {
		name: tool.name,
		label: nonBlank(tool.title) ?? nonBlank(tool.label) ?? tool.name,
		description: firstLine(tool.description, DETAILS_DESCRIPTION_MAX_LENGTH),
		...(namespace === undefined ? {} : { server_name: namespace.name }),
		schema_keys: schemaKeys(tool),
		score: Math.round(score * 1e6) / 1e6,
	};
}

function fallbackNote(reason: string | undefined): string {
	const cleaned = (reason ?? "unknown error")
		.replace(/^ranker failed: /, "")
		.replace(/\s+/g, " ")
		.trim();
	const short = cleaned.length > 200 ? `${cleaned.slice(0, 197)}...` : cleaned;
	return `Note: the configured ranker failed (${short}); results are from the built-in BM25 ranker.`;
}

/**
 * The model-visible result of a successful call, built from its `details`. Line 1 is compact JSON
 * `{"query","activated_tools","match_count","total_tools"}`; then one `- name: first line` per
 * activated tool and a line saying they are callable, or a line saying nothing was found; then, when
 * the configured ranker failed, a note saying so.
 *
 * @example
 * ```ts
 * formatToolSearchResult(details).content[0].text;
 * // {"query":"create issue","activated_tools":["github__create_issue"],"match_count":1,"total_tools":31}
 * // - github__create_issue: Create a new issue in a GitHub repository.
 * // These tools are now available; call them directly from your next call.
 * ```
 */
export function formatToolSearchResult(details: ToolSearchToolDetails): ToolSearchToolSuccess {
	const lines = [
		JSON.stringify({
			query: details.query,
			activated_tools: details.activated_tools,
			match_count: details.activated_tools.length,
			total_tools: details.total_tools,
		}),
	];
	if (details.total_tools === 0) {
		lines.push(NO_TOOLS_MESSAGE);
	} else if (details.activated_tools.length === 0) {
		lines.push(details.abstained === true ? ABSTAINED_MESSAGE : NO_MATCH_MESSAGE);
	} else {
		const found = new Map(details.tools.map((tool) => [tool.name, tool]));
		for (const name of details.activated_tools) {
			const line = firstLine(found.get(name)?.description, TEXT_DESCRIPTION_MAX_LENGTH);
			lines.push(line === "" ? `- ${name}` : `- ${name}: ${line}`);
		}
		lines.push(TOOLS_AVAILABLE_MESSAGE);
	}
	const unmatched = details.unmatched_terms ?? [];
	if (details.total_tools > 0 && unmatched.length > 0) {
		lines.push(
			`No tool matched: ${unmatched.join(", ")}. Rephrase those words (synonyms, the action or object) to search again.`,
		);
	}
	if (details.ranked_by === "fallback") lines.push(fallbackNote(details.fallback_reason));
	return { content: [{ type: "text", text: lines.join("\n") }], details };
}

/**
 * The error result for bad arguments: `Error: <message>` and a line showing a correct call.
 *
 * @example
 * ```ts
 * formatToolSearchError("query must not be empty", { query: "  ", defaultLimit: 8 }).content[0].text;
 * // Error: query must not be empty
 * // Call tool_search with {"query": "<what the tool should do>", "limit": 8}.
 * ```
 */
export function formatToolSearchError(
	message: string,
	options: { query?: string | undefined; defaultLimit: number },
): ToolSearchToolFailure {
	const hint = `Call ${TOOL_SEARCH_TOOL_NAME} with {"query": "<what the tool should do>", "limit": ${options.defaultLimit}}.`;
	return {
		content: [{ type: "text", text: `Error: ${message}\n${hint}` }],
		details: { error: message, ...(options.query === undefined ? {} : { query: options.query }) },
		isError: true,
	};
}
