/**
 * `expectToFind` and the `toFindTool` matcher: "this request finds that tool within the first N",
 * for any test runner (a plain function that throws) and for `expect.extend` (vitest, jest).
 */
import { DEFAULT_TOOL_SEARCH_LIMIT, MAX_TESTING_RANK_DEPTH } from "../defaults.js";
import { quote } from "../errors.js";
import { invalidOptions, isObject } from "../internal/guards.js";
import type { ToolSearchFunction } from "./catalog-search.js";

/**
 * Options of {@link expectToFind} and `toFindTool`.
 *
 * @example
 * ```ts
 * const options: ExpectToFindOptions = { within: 3 };
 * ```
 */
export interface ExpectToFindOptions {
	/**
	 * The tool must be among the first `within` tools found (1..100). @defaultValue 8: what a
	 * `tool_search` call without a `limit` activates
	 */
	within?: number | undefined;
}

/**
 * The `toFindTool` matcher's type, to add to your runner's `expect` (see `toFindTool`).
 *
 * @example
 * ```ts
 * declare module "vitest" {
 *   interface Matchers<T = any> extends ToolSearchMatchers<T> {}
 * }
 * ```
 */
export interface ToolSearchMatchers<R = unknown> {
	/** Passes when the search, given `query`, ranks `toolName` within the first `within` tools. */
	toFindTool(query: string, toolName: string, options?: ExpectToFindOptions): Promise<R>;
}

/** Where a search put a tool: its 1-based rank (`undefined` when not found) and the first tools. */
interface Found {
	readonly rank: number | undefined;
	readonly top: readonly string[];
	readonly known: boolean;
	readonly within: number;
}

function checkWithin(options: unknown): number {
	if (options !== undefined && !isObject(options))
		invalidOptions(`options must be an object, got ${quote(options)}`);
	const within = (options as ExpectToFindOptions | undefined)?.within ?? DEFAULT_TOOL_SEARCH_LIMIT;
	if (!(Number.isInteger(within) && within >= 1 && within <= MAX_TESTING_RANK_DEPTH)) {
		invalidOptions(`within must be an integer from 1 to ${MAX_TESTING_RANK_DEPTH}, got ${quote(within)}`);
	}
	return within;
}

/**
 * The names a search function returned, in order.
 *
 * @example
 * ```ts
 * namesOf([{ name: "a", score: 2 }, "b"]); // ["a", "b"]
 * ```
 */
export function namesOf(found: readonly (string | { readonly name: string })[]): string[] {
	if (!Array.isArray(found)) invalidOptions(`a search must return an array, got ${quote(found)}`);
	return found.map((item) => (typeof item === "string" ? item : String(item?.name)));
}

async function find(
	search: ToolSearchFunction,
	query: string,
	toolName: string,
	options: unknown,
): Promise<Found> {
	if (typeof search !== "function")
		invalidOptions(`search must be a function (see createCatalogSearch), got ${quote(search)}`);
	if (typeof toolName !== "string") invalidOptions(`toolName must be a string, got ${quote(toolName)}`);
	const within = checkWithin(options);
	const known = search.has?.(toolName) !== false;
	// Deeper than `within`, to say where the tool went when it is not found.
	const names = known ? namesOf(await search(query, MAX_TESTING_RANK_DEPTH)) : [];
	const at = names.indexOf(toolName);
	return { rank: at < 0 ? undefined : at + 1, top: names.slice(0, within), known, within };
}

function describeMiss(query: string, toolName: string, found: Found): string {
	const asked = `expected ${quote(query)} to find ${toolName} within the first ${found.within}`;
	if (!found.known) return `${asked}, but the catalog has no tool named ${quote(toolName)}`;
	const where =
		found.rank === undefined
			? `it was not found (not in the first ${MAX_TESTING_RANK_DEPTH})`
			: `it ranked #${found.rank}`;
	const top = found.top.length === 0 ? "nothing was found" : `found: ${found.top.join(", ")}`;
	return `${asked}, but ${where}; ${top}`;
}

const passed = (found: Found): boolean => found.rank !== undefined && found.rank <= found.within;

/**
 * Asserts that `search` finds `toolName` for `query` within the first `within` tools, and resolves
 * to its rank (1 = first). Otherwise it rejects with an `AssertionError` that says where the tool
 * ranked and what was found instead, or that the catalogue has no such tool (when the search has
 * `has`). Works with any test runner.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a `search` that is not a function, a `within`
 * out of 1..100, or a non-string `toolName`.
 *
 * @example
 * ```ts
 * const search = createCatalogSearch(tools);
 * test("a ticket is a jira issue", async () => {
 *   await expectToFind(search, "open a ticket for the login bug", "jira__create_issue", { within: 3 });
 * });
 * ```
 */
export async function expectToFind(
	search: ToolSearchFunction,
	query: string,
	toolName: string,
	options?: ExpectToFindOptions,
): Promise<number> {
	const found = await find(search, query, toolName, options);
	if (!passed(found)) {
		const error = new Error(describeMiss(query, toolName, found));
		error.name = "AssertionError";
		throw error;
	}
	return found.rank as number;
}

/**
 * The `toFindTool` matcher for `expect.extend` (vitest or jest): `await
 * expect(search).toFindTool(query, toolName, { within })` passes when {@link expectToFind} would, and
 * `.not.toFindTool` when the tool is not within the first `within`. Nothing here imports a test
 * runner: declare the matcher's type with {@link ToolSearchMatchers}.
 *
 * @example
 * ```ts
 * import { expect } from "vitest";
 * expect.extend({ toFindTool });
 * await expect(createCatalogSearch(tools)).toFindTool("weather in Oslo", "weather__get_forecast", { within: 1 });
 * ```
 */
export async function toFindTool(
	received: unknown,
	query: string,
	toolName: string,
	options?: ExpectToFindOptions,
): Promise<{ pass: boolean; message: () => string }> {
	const found = await find(received as ToolSearchFunction, query, toolName, options);
	const pass = passed(found);
	return {
		pass,
		message: () =>
			pass
				? `expected ${quote(query)} not to find ${toolName} within the first ${found.within}, but it ranked #${found.rank}`
				: describeMiss(query, toolName, found),
	};
}
