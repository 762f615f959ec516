/**
 * Checks the arguments a model sent to `tool_search`. Never throws: a bad call becomes a message
 * the model can read.
 */
import { MAX_QUERY_LENGTH, MAX_TOOL_SEARCH_QUERIES, MAX_TOTAL_QUERIES_LENGTH } from "../defaults.js";

/**
 * The outcome of {@link validateToolSearchInput}. `query` is the first phrasing; `queries` is there
 * only when the arguments had a non-empty `queries`: every distinct phrasing, trimmed, `query`
 * (when sent) first.
 *
 * @example
 * ```ts
 * const checked: ToolSearchInputValidation = validateToolSearchInput(params, 8);
 * if (!checked.ok) return checked.error;
 * const phrasings = checked.queries ?? [checked.query];
 * ```
 */
export type ToolSearchInputValidation =
	| { ok: true; query: string; limit: number; queries?: string[] }
	| { ok: false; error: string };

/**
 * The message for arguments that are not an object.
 *
 * @example
 * ```ts
 * validateToolSearchInput("create issue", 8); // { ok: false, error: ARGUMENTS_NOT_OBJECT_MESSAGE }
 * ```
 */
export const ARGUMENTS_NOT_OBJECT_MESSAGE =
	'arguments must be an object like {"query": "create github issue"}';

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return (
		typeof value === "object" &&
		value !== null &&
		!Array.isArray(value) &&
		Object.prototype.toString.call(value) === "[object Object]"
	);
}

function isPositiveInteger(value: unknown): value is number {
	return typeof value === "number" && Number.isInteger(value) && value >= 1;
}

/** The message for arguments without a `query`, naming the keys the model sent instead. */
function missingQuery(params: Record<string, unknown>): string {
	const others = Object.keys(params).filter((key) => key !== "query" && key !== "queries" && key !== "limit");
	if (others.length === 0) return "query is missing";
	const named = others
		.slice(0, 3)
		.map((key) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key));
	const more = others.length > 3 ? ", …" : "";
	return `query is missing (got ${named.join(", ")}${more}; put the search words in "query")`;
}

type Phrasing = { ok: true; text: string } | { ok: false; error: string };

/** One phrasing checked: trimmed, or what is wrong with it, naming it by `label` (`query`, `queries[2]`). */
function checkPhrasing(raw: unknown, label: string): Phrasing {
	if (typeof raw !== "string") return { ok: false, error: `${label} must be a string` };
	const text = raw.trim();
	if (text === "") return { ok: false, error: `${label} must not be empty` };
	if (text.length > MAX_QUERY_LENGTH) {
		return {
			ok: false,
			error: `${label} is too long (${text.length} characters, at most ${MAX_QUERY_LENGTH}): describe the tool you need in a few keywords`,
		};
	}
	if (!LETTER_OR_NUMBER.test(text)) {
		return { ok: false, error: `${label} must contain at least one letter or number` };
	}
	return { ok: true, text };
}

/**
 * Validates and normalizes `tool_search` arguments. The search words come in `query` (a string),
 * `queries` (an array of at most 5 strings, alternative phrasings of one need) or both; each
 * phrasing must still have a letter or number after trimming (it is returned trimmed), and
 * repeated phrasings count once. `limit`, when present and not `undefined`, must be a positive
 * integer, else `defaultLimit` is used. A lone `query` gives `{ ok, query, limit }` as it always
 * has; `queries: []` next to a `query` is ignored. The messages are stable:
 *
 * - `arguments must be an object like {"query": "create github issue"}`
 * - `query is missing`, or `query is missing (got "q"; put the search words in "query")` when the
 *   arguments have other keys (at most three are named, quoted as JSON), when neither `query` nor
 *   `queries` was sent
 * - `query must be a string`
 * - `query must not be empty`
 * - `query is too long (N characters, at most 1000): describe the tool you need in a few keywords`
 *   (the length counted after trimming, in UTF-16 code units)
 * - `query must contain at least one letter or number`
 * - `queries must be an array of strings`
 * - `queries must not be empty` (an empty array and no `query`)
 * - `queries has too many phrasings (N, at most 5): keep the 5 most different ones`
 * - the four `query` messages for an element, named by its index: `queries[2] must be a string`, …
 * - `queries are too long together (N characters, at most 2000): send fewer or shorter phrasings`
 *   (the distinct phrasings, `query` included, after trimming)
 * - `limit must be a positive integer`
 *
 * Never throws, whatever `params` is (proxies and throwing getters included).
 *
 * @example
 * ```ts
 * validateToolSearchInput({ query: "  send email " }, 8); // { ok: true, query: "send email", limit: 8 }
 * validateToolSearchInput({ query: "send email", queries: ["compose gmail message", "send email"] }, 8);
 * // { ok: true, query: "send email", limit: 8, queries: ["send email", "compose gmail message"] }
 * validateToolSearchInput({ query: "?!" }, 8); // { ok: false, error: "query must contain at least one letter or number" }
 * validateToolSearchInput({ queries: [] }, 8); // { ok: false, error: "queries must not be empty" }
 * validateToolSearchInput({ query: "mail", limit: 0 }, 8); // { ok: false, error: "limit must be a positive integer" }
 * ```
 */
export function validateToolSearchInput(params: unknown, defaultLimit: number): ToolSearchInputValidation {
	try {
		if (!isPlainObject(params)) return { ok: false, error: ARGUMENTS_NOT_OBJECT_MESSAGE };
		const rawQuery = params.query;
		const rawQueries = params.queries;
		if (rawQuery === undefined && rawQueries === undefined) return { ok: false, error: missingQuery(params) };
		const phrasings: string[] = [];
		if (rawQuery !== undefined) {
			const checked = checkPhrasing(rawQuery, "query");
			if (!checked.ok) return checked;
			phrasings.push(checked.text);
		}
		const multiple = rawQueries !== undefined && checkQueries(rawQueries, rawQuery === undefined, phrasings);
		if (typeof multiple === "string") return { ok: false, error: multiple };
		const distinct = [...new Set(phrasings)];
		if (multiple) {
			let total = 0;
			for (const text of distinct) total += text.length;
			if (total > MAX_TOTAL_QUERIES_LENGTH) {
				return {
					ok: false,
					error: `queries are too long together (${total} characters, at most ${MAX_TOTAL_QUERIES_LENGTH}): send fewer or shorter phrasings`,
				};
			}
		}
		const query = distinct[0] as string;
		const rawLimit = params.limit;
		let limit = defaultLimit;
		if (rawLimit !== undefined) {
			if (!isPositiveInteger(rawLimit)) return { ok: false, error: "limit must be a positive integer" };
			limit = rawLimit;
		}
		return multiple ? { ok: true, query, limit, queries: distinct } : { ok: true, query, limit };
	} catch {
		return { ok: false, error: ARGUMENTS_NOT_OBJECT_MESSAGE };
	}
}

/**
 * Checks `queries` and appends its trimmed phrasings to `phrasings`: `true` when it had some,
 * `false` for an empty array next to a `query`, else the error.
 */
function checkQueries(raw: unknown, alone: boolean, phrasings: string[]): boolean | string {
	if (!Array.isArray(raw)) return "queries must be an array of strings";
	const count = raw.length;
	if (count > MAX_TOOL_SEARCH_QUERIES) {
		return `queries has too many phrasings (${count}, at most ${MAX_TOOL_SEARCH_QUERIES}): keep the ${MAX_TOOL_SEARCH_QUERIES} most different ones`;
	}
	if (count === 0) return alone ? "queries must not be empty" : false;
	for (let i = 0; i < count; i++) {
		const checked = checkPhrasing(raw[i], `queries[${i}]`);
		if (!checked.ok) return checked.error;
		phrasings.push(checked.text);
	}
	return true;
}
