/**
 * Checks the arguments a model sent to `tool_search`. Never throws: a bad call becomes a message
 * the model can read.
 */
import { MAX_QUERY_LENGTH } from "../defaults.js";

/**
 * The outcome of {@link validateToolSearchInput}.
 *
 * @example
 * ```ts
 * const checked: ToolSearchInputValidation = validateToolSearchInput(params, 8);
 * if (!checked.ok) return checked.error;
 * ```
 */
export type ToolSearchInputValidation =
	| { ok: true; query: string; limit: number }
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
	const others = Object.keys(params).filter((key) => key !== "query" && key !== "limit");
	if (others.length === 0) return "query is missing";
	const named = others
		.slice(0, 3)
		.map((key) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key));
	const more = others.length > 3 ? ", …" : "";
	return `query is missing (got ${named.join(", ")}${more}; put the search words in "query")`;
}

/**
 * Validates and normalizes `tool_search` arguments: `query` must be a string that still has a
 * letter or number after trimming (it is returned trimmed); `limit`, when present and not
 * `undefined`, must be a positive integer, else `defaultLimit` is used. The messages are stable:
 *
 * - `arguments must be an object like {"query": "create github issue"}`
 * - `query is missing`, or `query is missing (got "q"; put the search words in "query")` when the
 *   arguments have other keys (at most three are named, quoted as JSON)
 * - `query must be a string`
 * - `query must not be empty`
 * - `query is too long (N characters, at most 1000): describe the tool you need in a few keywords`
 *   (the length counted after trimming, in UTF-16 code units)
 * - `query must contain at least one letter or number`
 * - `limit must be a positive integer`
 *
 * Never throws, whatever `params` is (proxies and throwing getters included).
 *
 * @example
 * ```ts
 * validateToolSearchInput({ query: "  send email " }, 8); // { ok: true, query: "send email", limit: 8 }
 * validateToolSearchInput({ query: "?!" }, 8); // { ok: false, error: "query must contain at least one letter or number" }
 * validateToolSearchInput({ query: "mail", limit: 0 }, 8); // { ok: false, error: "limit must be a positive integer" }
 * ```
 */
export function validateToolSearchInput(params: unknown, defaultLimit: number): ToolSearchInputValidation {
	try {
		if (!isPlainObject(params)) return { ok: false, error: ARGUMENTS_NOT_OBJECT_MESSAGE };
		const rawQuery = params.query;
		if (rawQuery === undefined) return { ok: false, error: missingQuery(params) };
		if (typeof rawQuery !== "string") return { ok: false, error: "query must be a string" };
		const query = rawQuery.trim();
		if (query === "") return { ok: false, error: "query must not be empty" };
		if (query.length > MAX_QUERY_LENGTH) {
			return {
				ok: false,
				error: `query is too long (${query.length} characters, at most ${MAX_QUERY_LENGTH}): describe the tool you need in a few keywords`,
			};
		}
		if (!LETTER_OR_NUMBER.test(query)) {
			return { ok: false, error: "query must contain at least one letter or number" };
		}
		const rawLimit = params.limit;
		if (rawLimit === undefined) return { ok: true, query, limit: defaultLimit };
		if (!isPositiveInteger(rawLimit)) return { ok: false, error: "limit must be a positive integer" };
		return { ok: true, query, limit: rawLimit };
	} catch {
		return { ok: false, error: ARGUMENTS_NOT_OBJECT_MESSAGE };
	}
}
