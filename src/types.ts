/**
 * Public types shared by every part of the library: the tool and namespace shapes a host hands
 * in, the search document the rankers read, and the ranker contract.
 */
import type { ToolSearchFieldName } from "./defaults.js";

/** A JSON Schema object as tools carry it. Only the keys the document builder reads are typed. */
export interface JsonSchema {
	type?: string | readonly string[];
	description?: unknown;
	title?: unknown;
	properties?: Readonly<Record<string, unknown>>;
	items?: unknown;
	anyOf?: readonly unknown[];
	oneOf?: readonly unknown[];
	allOf?: readonly unknown[];
	enum?: readonly unknown[];
	$ref?: unknown;
	$defs?: Readonly<Record<string, unknown>>;
	definitions?: Readonly<Record<string, unknown>>;
	[key: string]: unknown;
}

/**
 * A tool as a host knows it. pi's `ToolInfo` (`name`, `description`, `parameters`) fits, and so
 * does an MCP `Tool` (`name`, `title`, `description`, `inputSchema`).
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

/** A group of tools, such as an MCP server. */
export interface ToolNamespace {
	/** Namespace name, e.g. the MCP server key `github`. */
	name: string;
	/** What the namespace offers. */
	description?: string | undefined;
	/** Usage instructions the namespace publishes (MCP `instructions`). */
	instructions?: string | undefined;
}

/** The text of a tool split into the fields the BM25F index weighs separately. */
export type ToolSearchFields = Readonly<Record<ToolSearchFieldName, string>>;

/**
 * A tool as a ranker sees it. Call-compatible with pi's `ToolSearchDocument` (`name`, `text`,
 * `summary?`, `namespaceText?`): a ranker written for pi reads `text`; ours reads `fields` when
 * present and derives them from the pi fields otherwise.
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

/** One ranked tool. */
export interface ToolSearchMatch {
	name: string;
	score: number;
}

/** What a ranker may use besides the query: the caller's cancellation and context. */
export interface ToolRankOptions {
	/** Aborts the ranking; a ranker should stop and reject/throw when it fires. */
	signal?: AbortSignal | undefined;
	/** Host context (pi passes its `ExtensionContext`), for rankers that need a session or model. */
	ctx?: unknown;
}

/**
 * Ranks tools for a query. Call-compatible with pi's `ToolRanker`. May be asynchronous.
 * Returns at most `limit` matches, best first.
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
