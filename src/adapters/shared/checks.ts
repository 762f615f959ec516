/**
 * Small checks the adapters share: whether a value is a plain object, and throwing a
 * {@link ToolSearchError} for a malformed option or tool. Internal: not a public entry.
 */
import { ToolSearchError } from "../../errors.js";

/** Throws a {@link ToolSearchError} of `code` with `message`. */
export function fail(code: "INVALID_OPTIONS" | "INVALID_TOOL", message: string): never {
	throw new ToolSearchError(code, message);
}

/** Whether `value` is a plain object (not `null`, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
