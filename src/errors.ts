/**
 * Stable codes of {@link ToolSearchError}.
 *
 * @example
 * ```ts
 * try { createToolSearchTool({ tools: host, defaultLimit: 0 }); }
 * catch (error) { if (error instanceof ToolSearchError && error.code === "INVALID_OPTIONS") console.error(error.message); }
 * ```
 */
export type ToolSearchErrorCode =
	| "INVALID_OPTIONS"
	| "INVALID_TOOL"
	| "DUPLICATE_TOOL"
	| "UNKNOWN_TOOL"
	| "INVALID_INDEX_DATA"
	| "ABORTED";

const MARKER = Symbol.for("tool-search.error");

/**
 * The one error class the library throws, for programmer errors (bad options, bad tools) and for
 * aborted searches. Messages start with `tool-search: ` and quote the offending value.
 * A model's bad arguments never throw: `tool_search` returns them as an error result.
 *
 * @example
 * ```ts
 * try {
 *   new ToolSearchIndex({ bm25: { k1: -1 } });
 * } catch (error) {
 *   if (ToolSearchError.isInstance(error)) console.log(error.code); // "INVALID_OPTIONS"
 * }
 * ```
 */
export class ToolSearchError extends Error {
	/** Stable, machine-readable code. */
	readonly code: ToolSearchErrorCode;

	constructor(code: ToolSearchErrorCode, message: string, options?: { cause?: unknown }) {
		super(`tool-search: ${message}`, options);
		this.name = "ToolSearchError";
		this.code = code;
		Object.defineProperty(this, MARKER, { value: true });
	}

	/** True for a `ToolSearchError` from any copy of this package (ESM or CJS). */
	static isInstance(error: unknown): error is ToolSearchError {
		return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
	}
}

/** Quotes a value for an error message: strings in double quotes, others as JSON where possible. */
export function quote(value: unknown): string {
	if (typeof value === "string")
		return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
	if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) {
		return String(value);
	}
	if (typeof value === "function") return "a function";
	try {
		const json = JSON.stringify(value);
		if (json === undefined) return String(value);
		return json.length > 80 ? `${json.slice(0, 77)}...` : json;
	} catch {
		return Object.prototype.toString.call(value);
	}
}
