/**
 * What `ToolSearchIndex` checks of its callers' arguments: a document's name, and a search's
 * options (`limit`, `exclude`).
 * @internal
 */
import { DEFAULT_TOOL_SEARCH_LIMIT } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { isToolExclusion } from "./exclusion.js";

/**
 * Per-call options of {@link ToolSearchIndex.search}.
 *
 * @example
 * ```ts
 * const options: IndexSearchOptions = { limit: 5, exclude: (name) => name.startsWith("slack__") };
 * index.search("send a message", options);
 * ```
 */
export interface IndexSearchOptions {
	/** How many matches at most: a positive integer or `Infinity`. Default 8. */
	limit?: number | undefined;
	/**
	 * Leaves out the tools for which it returns true (e.g. those already active), as `exclude` does
	 * everywhere in the library. Called only for tools that would make the cut, at most once per tool.
	 * A set of names does the same without a call per tool (cheaper when a query touches many tools).
	 * It runs mid-query: searching, explaining, changing or saving this index from it throws
	 * `INVALID_OPTIONS`.
	 */
	exclude?: ((name: string) => boolean) | ReadonlySet<string> | undefined;
}

export function documentName(document: unknown): string {
	const name = (document as { name?: unknown } | null | undefined)?.name;
	if (typeof name !== "string" || name === "") {
		throw new ToolSearchError("INVALID_TOOL", `document name must be a non-empty string, got ${quote(name)}`);
	}
	return name;
}

/** The limit of a search (default 8), after checking `limit` and `exclude`. */
export function searchLimit(options: IndexSearchOptions): number {
	const limit = options.limit ?? DEFAULT_TOOL_SEARCH_LIMIT;
	if (limit !== Number.POSITIVE_INFINITY && !(Number.isInteger(limit) && limit >= 1)) {
		throw new ToolSearchError("INVALID_OPTIONS", `limit must be a positive integer, got ${quote(limit)}`);
	}
	if (options.exclude !== undefined && !isToolExclusion(options.exclude)) {
		throw new ToolSearchError(
			"INVALID_OPTIONS",
			`exclude must be a function or a set of names, got ${quote(options.exclude)}`,
		);
	}
	return limit;
}

/** Reads a `ToolSearchIndex`'s private store; set by the class's static block. */
