/**
 * Public types shared by every part of the library: the tool and namespace shapes a host hands
 * in, the search document the rankers read, and the ranker contract.
 */
import type { ToolSearchFieldName } from "./defaults.js";

/**
 * A tool as a host knows it. pi's `ToolInfo` (`name`, `description`, `parameters`) fits, and so
 * does an MCP `Tool` (`name`, `title`, `description`, `inputSchema`).
 *
 * @example
 * ```ts
 * const tool: ToolInfo = { name: "weather__forecast", description: "Weather forecast for a city.",
 *   inputSchema: { type: "object", properties: { city: { type: "string" } } } };
 * ```
 */
export interface ToolInfo {
	/** Unique name the model calls the tool by, e.g. `mcp__github__create_issue`. */
	name: string;
	/** Human-readable name (MCP `title`). */
	title?: string | undefined;
	/** Human-readable name (pi `label`). Used when `title` is absent. */
	label?: string | undefined;
	/** What the tool does. A missing or non-string description is tolerated. */
	description?: unknown;
	/** JSON Schema of the arguments (pi, OpenAI). */
	parameters?: unknown;
	/** JSON Schema of the arguments (MCP). Used when `parameters` is absent. */
	inputSchema?: unknown;
}

/**
 * A group of tools, such as an MCP server.
 *
 * @example
 * ```ts
 * const github: ToolNamespace = { name: "github", description: "GitHub repositories, issues and pull requests" };
 * ```
 */
export interface ToolNamespace {
	/** Namespace name, e.g. the MCP server key `github`. */
	name: string;
	/** What the namespace offers. */
	description?: string | undefined;
	/** Usage instructions the namespace publishes (MCP `instructions`). */
	instructions?: string | undefined;
}

/**
 * The text of a tool split into the fields the BM25F index weighs separately (see
 * `TOOL_SEARCH_FIELDS` and `DEFAULT_FIELD_WEIGHTS` in `tool-search/ranking`).
 *
 * @example
 * ```ts
 * const fields: ToolSearchFields | undefined = createToolSearchDocument(tool, github).fields;
 * fields?.localName; // "create_issue"
 * ```
 */
export type ToolSearchFields = Readonly<Record<ToolSearchFieldName, string>>;

/**
 * A tool as a ranker sees it. Call-compatible with pi's `ToolSearchDocument` (`name`, `text`,
 * `summary?`, `namespaceText?`): a ranker written for pi reads `text`; ours reads `fields` when
 * present and derives them from the pi fields otherwise.
 *
 * @example
 * ```ts
 * const document: ToolSearchDocument = createToolSearchDocument({ name: "read_file", description: "Read a file." });
 * // { name: "read_file", text: "...", summary: "...", fields: { name: "read_file", localName: "read_file", ... } }
 * ```
 */
export interface ToolSearchDocument {
	/** The tool's name; results refer to tools by it. */
	name: string;
	/** All searchable text in one string: description, schema descriptions and property names. */
	text: string;
	/** Short human-readable form: the label or name and the first line of the description. */
	summary?: string;
	/** Name, description and instructions of the tool's namespace. */
	namespaceText?: string;
	/** The weighted fields (built by `createToolSearchDocument`). */
	fields?: ToolSearchFields;
}

/**
 * One ranked tool: what a ranker returns, best first.
 *
 * @example
 * ```ts
 * const match: ToolSearchMatch = { name: "weather__forecast", score: 4.2 };
 * const hybrid: ToolSearchMatch = { name: "weather__forecast", score: 0.032, signals: { bm25: 4.2, dense: 0.81 } };
 * ```
 */
export interface ToolSearchMatch {
	name: string;
	score: number;
	/**
	 * Component scores behind `score`, by name (the hybrid ranker: `bm25`, `dense`), when the ranker
	 * was asked for them (`options.signals`) and has them. `tool_search` records them with the
	 * candidate (`details.discovery`, traces); finite numbers only, at most 16.
	 */
	signals?: Readonly<Record<string, number>> | undefined;
}

/**
 * What a ranker may use besides the query: the caller's cancellation and context.
 *
 * @example
 * ```ts
 * const ranker: ToolRanker = { rank: (query, documents, limit, options: ToolRankOptions = {}) => {
 *   options.signal?.throwIfAborted();
 *   return documents.slice(0, limit).map((document) => ({ name: document.name, score: 1 }));
 * } };
 * ```
 */
export interface ToolRankOptions {
	/** Aborts the ranking; a ranker should stop and reject/throw when it fires. */
	signal?: AbortSignal | undefined;
	/** Host context (pi passes its `ExtensionContext`), for rankers that need a session or model. */
	ctx?: unknown;
	/**
	 * Asks for the component scores behind each match (`ToolSearchMatch.signals`), when the ranker
	 * has them; `tool_search` asks when its pipeline is on (see `tool-search/pipeline`). A ranker
	 * may ignore it.
	 */
	signals?: boolean | undefined;
}

/**
 * Ranks tools for a query. Call-compatible with pi's `ToolRanker`. May be asynchronous.
 * Returns at most `limit` matches, best first, each naming one of `documents`.
 *
 * @example
 * ```ts
 * const byName: ToolRanker = {
 *   name: "by-name",
 *   rank: (query, documents, limit) => documents
 *     .filter((document) => document.name.includes(query))
 *     .slice(0, limit)
 *     .map((document) => ({ name: document.name, score: 1 })),
 * };
 * registerToolRanker(byName);
 * ```
 */
export interface ToolRanker {
	/**
	 * A short name for the ranker, reported as `ranked_by` in `tool_search` results (the built-in
	 * rankers say `"bm25"` and `"wink"`). @defaultValue `"custom"` when absent or empty
	 */
	readonly name?: string | undefined;
	rank(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): ToolSearchMatch[] | Promise<ToolSearchMatch[]>;
}
