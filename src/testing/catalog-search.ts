/**
 * `createCatalogSearch`: a search function over a catalogue that ranks exactly as `tool_search`
 * does, for tests and evaluations. Each call runs the real tool over an in-memory active set and
 * then puts that set back, so one call never hides the tools another found.
 */
import { DEFAULT_TOOL_SEARCH_LIMIT, MAX_TESTING_RANK_DEPTH } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import type { ToolCatalog, ToolHost } from "../host/types.js";
import { invalidOptions, isObject } from "../internal/guards.js";
import { createToolSearchTool, type ToolSearchToolOptions } from "../tool/create-tool-search-tool.js";
import type { ToolInfo, ToolSearchMatch } from "../types.js";

/**
 * What the testing helpers search with: `(query, limit)` to the best tools, best first, as names or
 * `{ name, score }` matches, now or in a promise. {@link createCatalogSearch} makes one that ranks
 * as `tool_search` does; any function of this shape works (a ranker of your own, a remote search).
 * When it has `has(name)`, a helper given a name the catalogue lacks says so instead of "not found".
 *
 * @example
 * ```ts
 * const byPrefix: ToolSearchFunction = (query, limit) => names.filter((name) => name.startsWith(query)).slice(0, limit);
 * await expectToFind(byPrefix, "github", "github__create_issue");
 * ```
 */
export interface ToolSearchFunction {
	(
		query: string,
		limit: number,
	): readonly (string | ToolSearchMatch)[] | Promise<readonly (string | ToolSearchMatch)[]>;
	/** Whether the catalogue has a tool of that name. */
	has?: ((name: string) => boolean) | undefined;
}

/**
 * Options of {@link createCatalogSearch}: those of `createToolSearchTool` that change what a call
 * finds (`ranker`, `namespaceOf`, `exclude`, `policy`, `rankerTimeoutMs`).
 *
 * @example
 * ```ts
 * const options: CatalogSearchOptions = { ranker: new Bm25Ranker({ glossary: { ticket: ["jira__create_issue"] } }), namespaceOf };
 * ```
 */
export type CatalogSearchOptions = Omit<
	ToolSearchToolOptions,
	"tools" | "defaultLimit" | "maxLimit" | "description"
>;

/**
 * A search over one catalogue, made by {@link createCatalogSearch}.
 *
 * @example
 * ```ts
 * const search: CatalogSearch = createCatalogSearch(tools);
 * const [best] = await search("create a github issue", 3); // { name: "github__create_issue", score: 9.1 }
 * ```
 */
export interface CatalogSearch {
	/**
	 * The best `limit` tools for `query` (default 8, at most 100), best first, with their scores:
	 * what a `tool_search` call with that query and limit would activate.
	 */
	(query: string, limit?: number): Promise<ToolSearchMatch[]>;
	/** Whether the catalogue has a tool of that name (now, for a live catalogue). */
	has(name: string): boolean;
}

function toolsOf(catalog: unknown): () => readonly ToolInfo[] {
	if (Array.isArray(catalog)) return () => catalog;
	if (isObject(catalog) && typeof catalog.getAllTools === "function") {
		const host = catalog as unknown as ToolCatalog;
		return () => host.getAllTools();
	}
	return invalidOptions(`catalog must be an array of tools or have getAllTools(), got ${quote(catalog)}`);
}

function checkLimit(limit: unknown): number {
	if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_TESTING_RANK_DEPTH) {
		invalidOptions(`limit must be an integer from 1 to ${MAX_TESTING_RANK_DEPTH}, got ${quote(limit)}`);
	}
	return limit;
}

/**
 * What one search found: the matches, or the error `tool_search` answered the query with (the
 * model would have found nothing).
 */
export type SearchOutcome = { readonly matches: ToolSearchMatch[] } | { readonly refused: string };

/**
 * The search under {@link createCatalogSearch}: a refused query is an outcome, not an error.
 *
 * @example
 * ```ts
 * const runner = createSearchRunner(tools, {});
 * await runner.search("x".repeat(2000), 10); // { refused: "query is too long (2000 characters, ..." }
 * ```
 */
export function createSearchRunner(
	catalog: readonly ToolInfo[] | ToolCatalog,
	options: CatalogSearchOptions,
): { search(query: string, limit: number): Promise<SearchOutcome>; has(name: string): boolean } {
	const list = toolsOf(catalog);
	if (!isObject(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	let active: readonly string[] = [];
	const host: ToolHost = {
		getAllTools: list,
		getActiveTools: () => active,
		setActiveTools: (names) => {
			active = [...names];
		},
	};
	const tool = createToolSearchTool({
		...options,
		tools: host,
		defaultLimit: DEFAULT_TOOL_SEARCH_LIMIT,
		maxLimit: MAX_TESTING_RANK_DEPTH,
	});

	let queue: Promise<unknown> = Promise.resolve();
	async function run(query: string, limit: number): Promise<SearchOutcome> {
		// The policy first, so what it loads stays loaded when the set is put back.
		tool.applyPolicy();
		const before = active;
		try {
			const result = await tool.execute("tool-search-testing", { query, limit });
			if (result.isError === true) return { refused: result.details.error };
			return { matches: result.details.tools.map(({ name, score }) => ({ name, score })) };
		} finally {
			active = before;
		}
	}
	return {
		async search(query, limit) {
			const checked = checkLimit(limit);
			if (typeof query !== "string") invalidOptions(`query must be a string, got ${quote(query)}`);
			const next = queue.then(() => run(query, checked));
			queue = next.catch(() => undefined);
			return next;
		},
		has: (name) => list().some((tool) => tool?.name === name),
	};
}

/**
 * Makes a search over a catalogue (an array of tools, or anything with `getAllTools()`, such as an
 * MCP catalogue) that runs a real `tool_search` with your options. Each call asks for `limit`
 * tools, reads what it found, and restores the active set, so calls are independent and in any
 * order; calls run one at a time. With a `policy`, the tools it loads are active, hence never
 * found, as in your host. The catalogue is indexed at the first call and kept current after.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a catalogue that is neither, or malformed options
 * (as `createToolSearchTool` checks them). A call rejects with `INVALID_OPTIONS` for a `limit` out of
 * 1..100 or a query `tool_search` refuses (empty, too long), with the message the model would get.
 *
 * @example
 * ```ts
 * const search = createCatalogSearch(tools, { namespaceOf: (tool) => ({ name: tool.name.split("__")[0] ?? "" }) });
 * const names = (await search("post a message to slack", 3)).map((match) => match.name);
 * ```
 */
export function createCatalogSearch(
	catalog: readonly ToolInfo[] | ToolCatalog,
	options: CatalogSearchOptions = {},
): CatalogSearch {
	const runner = createSearchRunner(catalog, options);
	const search = async (
		query: string,
		limit: number = DEFAULT_TOOL_SEARCH_LIMIT,
	): Promise<ToolSearchMatch[]> => {
		const outcome = await runner.search(query, limit);
		if ("refused" in outcome) {
			throw new ToolSearchError("INVALID_OPTIONS", `query ${quote(query)}: ${outcome.refused}`);
		}
		return outcome.matches;
	};
	return Object.assign(search, { has: runner.has });
}
