/**
 * What `tool_search` returns: the result types, the compact model-visible text, and the structured
 * `details` a UI renders (snake_case keys, as in oh-my-pi's `search_tool_bm25`).
 */
import { MAX_UNMATCHED_TERMS_SHOWN, TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { firstLine } from "../document/first-line.js";
import type { ToolInfo, ToolNamespace } from "../types.js";
import { noteLines } from "./format-notes.js";
import { namespaceListingLines } from "./namespace-listing.js";
import { judgeAbstainedNote, notLoadedNote, searchFailedNote } from "./pipeline-notes.js";
import { echoedQuery } from "./result-budget.js";
import type {
	ToolSearchResultTool,
	ToolSearchToolDetails,
	ToolSearchToolFailure,
	ToolSearchToolSuccess,
} from "./result-types.js";

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

export type {
	ToolSearchNamespaceSummary,
	ToolSearchResultTool,
	ToolSearchTextContent,
	ToolSearchToolDetails,
	ToolSearchToolErrorDetails,
	ToolSearchToolFailure,
	ToolSearchToolResult,
	ToolSearchToolSuccess,
} from "./result-types.js";

/** Defined in `src/document/first-line.ts`; also exported here, next to the lengths it is used with. */
export { firstLine };

function nonBlank(value: unknown): string | undefined {
	if (typeof value !== "string") return undefined;
	const trimmed = value.trim();
	return trimmed === "" ? undefined : trimmed;
}

/** How many `schema_keys` a found tool lists. */
const MAX_SCHEMA_KEYS = 100;

function schemaKeys(tool: ToolInfo): string[] {
	try {
		const schema =
			typeof tool.parameters === "object" && tool.parameters !== null ? tool.parameters : tool.inputSchema;
		if (typeof schema !== "object" || schema === null) return [];
		const properties = (schema as { properties?: unknown }).properties;
		if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return [];
		const keys: string[] = [];
		for (const key in properties) {
			if (!Object.hasOwn(properties, key)) continue;
			keys.push(key);
			if (keys.length >= MAX_SCHEMA_KEYS) break;
		}
		return keys;
	} catch {
		return []; // a hostile schema (throwing getter, proxy): no keys rather than no result
	}
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
		label: firstLine(
			nonBlank(tool.title) ?? nonBlank(tool.label) ?? tool.name,
			DETAILS_DESCRIPTION_MAX_LENGTH,
		),
		description: firstLine(tool.description, DETAILS_DESCRIPTION_MAX_LENGTH),
		...(namespace === undefined ? {} : { server_name: namespace.name }),
		schema_keys: schemaKeys(tool),
		score: roundScore(score),
	};
}

/**
 * A score rounded to 6 decimals. Beyond 1e15 there are no decimals left to round, and multiplying
 * would overflow a finite score (1e308) to `Infinity`: such a score is kept as it is.
 */
export function roundScore(score: number): number {
	return Math.abs(score) >= 1e15 ? score : Math.round(score * 1e6) / 1e6;
}

function unmatchedNote(unmatched: readonly string[]): string {
	const shown = unmatched.slice(0, MAX_UNMATCHED_TERMS_SHOWN).join(", ");
	const more = unmatched.length - MAX_UNMATCHED_TERMS_SHOWN;
	const rest = more > 0 ? ` and ${more} more` : "";
	return `No tool matched: ${shown}${rest}. Rephrase those words (synonyms, the action or object) to search again.`;
}

function fallbackNote(reason: string | undefined, rankedBy: string): string {
	const cleaned = (reason ?? "unknown error")
		.replace(/^ranker failed: /, "")
		.replace(/\s+/g, " ")
		.trim();
	const short = cleaned.length > 200 ? `${cleaned.slice(0, 197)}...` : cleaned;
	const from =
		rankedBy === "fallback" ? "the built-in BM25 ranker" : `the fallback ranker ${JSON.stringify(rankedBy)}`;
	return `Note: the configured ranker failed (${short}); results are from ${from}.`;
}

function ignoredNote(count: number): string {
	const words = count === 1 ? "word was" : "words were";
	return `Note: ${count} query ${words} ignored (too many words); shorten the query to the action and the object.`;
}

/**
 * The model-visible result of a successful call, built from its `details`. Line 1 is compact JSON
 * `{"query","activated_tools","match_count","total_tools"}` (the query cut to 200 code units;
 * `"queries"`, each cut so, instead of `"query"` when `details.queries` is there); then one
 * `- name: first line` per activated tool, a line saying they are callable and one naming the
 * returned tools that were not activated (`activationLimit`), or a line saying nothing was found
 * (or that the search failed, `onError: "empty"`, or that the judge found none fits); then, when
 * there are some, lines for matches left out to keep the text short, unmatched query words (at
 * most 20 named), a `limit` lowered to the maximum, the configured ranker having failed (and which
 * answered instead), and query words left unsearched; last, when nothing was activated, the
 * namespaces of `details.namespaces` that fit in 1,500 bytes.
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
			...(details.queries === undefined
				? { query: echoedQuery(details.query) }
				: { queries: details.queries.map(echoedQuery) }),
			activated_tools: details.activated_tools,
			match_count: details.activated_tools.length,
			total_tools: details.total_tools,
		}),
	];
	if (details.total_tools === 0) {
		lines.push(NO_TOOLS_MESSAGE);
	} else if (details.activated_tools.length === 0) {
		lines.push(
			searchFailedNote(details.discovery) ??
				judgeAbstainedNote(details.discovery) ??
				(details.abstained === true ? ABSTAINED_MESSAGE : NO_MATCH_MESSAGE),
		);
	} else {
		const found = new Map(details.tools.map((tool) => [tool.name, tool]));
		for (const name of details.activated_tools) {
			const line = firstLine(found.get(name)?.description, TEXT_DESCRIPTION_MAX_LENGTH);
			lines.push(line === "" ? `- ${name}` : `- ${name}: ${line}`);
		}
		lines.push(TOOLS_AVAILABLE_MESSAGE);
		const activated = new Set(details.activated_tools);
		const notLoaded = details.tools.filter((tool) => !activated.has(tool.name)).map((tool) => tool.name);
		if (notLoaded.length > 0) lines.push(notLoadedNote(notLoaded));
	}
	const omitted = details.omitted_tools ?? 0;
	if (omitted > 0) {
		lines.push(
			`${omitted} more matching tools were not loaded to keep this result short; search again with more specific words to load them.`,
		);
	}
	const unmatched = details.unmatched_terms ?? [];
	if (details.total_tools > 0 && unmatched.length > 0) lines.push(unmatchedNote(unmatched));
	if (details.requested_limit !== undefined) {
		lines.push(
			`Note: limit ${details.requested_limit} is above the maximum of ${details.limit}; searched for ${details.limit} tools.`,
		);
	}
	if (details.ranked_by === "fallback" || details.fallback_reason !== undefined) {
		lines.push(fallbackNote(details.fallback_reason, details.ranked_by));
	}
	const ignored = details.ignored_terms ?? 0;
	if (ignored > 0) lines.push(ignoredNote(ignored));
	lines.push(...noteLines(details)); // issue 15: select:, regex:, the budget, sources connecting
	if (details.total_tools > 0 && details.activated_tools.length === 0 && details.namespaces !== undefined) {
		lines.push(...namespaceListingLines(details.namespaces));
	}
	return { content: [{ type: "text", text: lines.join("\n") }], details };
}

/**
 * The error result for bad arguments: `Error: <message>` and a line showing a correct call (with
 * `queries` when the message is about them).
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
	const args = message.startsWith("queries")
		? '"queries": ["<what the tool should do>", "<the same in other words>"]'
		: '"query": "<what the tool should do>"';
	const hint = `Call ${TOOL_SEARCH_TOOL_NAME} with {${args}, "limit": ${options.defaultLimit}}.`;
	return {
		content: [{ type: "text", text: `Error: ${message}\n${hint}` }],
		details: { error: message, ...(options.query === undefined ? {} : { query: options.query }) },
		isError: true,
	};
}
