/** Small checks used across the library. Internal: never exported from an entry. */
import { ToolSearchError } from "../errors.js";

/** Whether `value` is an object (arrays included), so its properties can be read. */
export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null;
}

/** Whether `value` is an object or a function (a host may be either). */
export function isObjectLike(value: unknown): value is Record<string, unknown> {
	return (typeof value === "object" || typeof value === "function") && value !== null;
}

/** Throws the `INVALID_OPTIONS` {@link ToolSearchError} for a programmer's bad option. */
export function invalidOptions(message: string): never {
	throw new ToolSearchError("INVALID_OPTIONS", message);
}

/** The `INVALID_INDEX_DATA` {@link ToolSearchError} for saved data that cannot be loaded. */
export function invalidIndexData(message: string): ToolSearchError {
	return new ToolSearchError("INVALID_INDEX_DATA", message);
}
