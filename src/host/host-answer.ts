/**
 * Reading what a host's `getAllTools()` / `getActiveTools()` returned. The host boundary is
 * synchronous (pi's is); a host that answers with a Promise would otherwise look empty.
 */
import { ToolSearchError } from "../errors.js";

function isThenable(value: unknown): boolean {
	return (
		(typeof value === "object" || typeof value === "function") &&
		value !== null &&
		typeof (value as { then?: unknown }).then === "function"
	);
}

/**
 * `value` (what `host.<method>()` returned) as an array, `[]` when it is not one; throws when it is
 * a Promise (or any thenable), which is a programmer's error, not an empty catalogue.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` naming the method, when `value` is a thenable.
 */
export function hostList(value: unknown, method: "getAllTools" | "getActiveTools"): readonly unknown[] {
	if (Array.isArray(value)) return value as unknown[];
	if (isThenable(value)) {
		throw new ToolSearchError(
			"INVALID_OPTIONS",
			`the host's ${method}() returned a Promise; it must return an array synchronously (load the tools first and return them from a cache)`,
		);
	}
	return [];
}

/** The names among what `getActiveTools()` returned (non-strings dropped). */
export function activeNames(value: unknown): string[] {
	return hostList(value, "getActiveTools").filter((name): name is string => typeof name === "string");
}
