/**
 * Freezes `value` and everything reachable through its own enumerable properties, in place, and
 * returns it; stops at what is already frozen. Tests freeze their inputs so that a mutation by the
 * code under test throws.
 *
 * @example
 * ```ts
 * const tool = deepFreeze(structuredClone(githubCreateIssue));
 * ```
 */
export function deepFreeze<T>(value: T): T {
	if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const child of Object.values(value)) deepFreeze(child);
	}
	return value;
}
