/** The argument checks every built-in ranker makes, in one place. */
import { quote, ToolSearchError } from "../errors.js";
import type { ToolRankOptions } from "../types.js";

/** Throws the library's aborted error (`ABORTED`) when `signal` has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
	if (signal?.aborted) {
		throw new ToolSearchError("ABORTED", "tool search was aborted", { cause: signal.reason });
	}
}

/**
 * Checks a `rank(query, documents, limit, options)` call: an aborted signal throws `ABORTED`; a
 * `limit` that is not a non-negative integer (or `Infinity`), or `documents` that are not an array,
 * throw `INVALID_OPTIONS` quoting the value.
 */
export function checkRankCall(documents: unknown, limit: number, options: ToolRankOptions | undefined): void {
	throwIfAborted(options?.signal);
	if (limit !== Number.POSITIVE_INFINITY && !(Number.isInteger(limit) && limit >= 0)) {
		throw new ToolSearchError("INVALID_OPTIONS", `limit must be a non-negative integer, got ${quote(limit)}`);
	}
	if (!Array.isArray(documents)) {
		throw new ToolSearchError("INVALID_OPTIONS", `documents must be an array, got ${quote(documents)}`);
	}
}
