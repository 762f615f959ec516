import { ToolSearchError } from "../../src/errors.js";

/**
 * Runs `action` and returns the {@link ToolSearchError} it throws. Anything else it throws is
 * rethrown, and it fails when nothing is thrown.
 *
 * @example
 * ```ts
 * expect(thrown(() => coalesceByNamespace(null as never, byPrefix)).code).toBe("INVALID_OPTIONS");
 * ```
 */
export function thrown(action: () => unknown): ToolSearchError {
	try {
		action();
	} catch (error) {
		if (ToolSearchError.isInstance(error)) return error;
		throw error;
	}
	throw new Error("expected a ToolSearchError");
}
