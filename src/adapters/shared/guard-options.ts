/**
 * The `guard` option of the pi and AI SDK adapters (`true`, `false` or `{ autoActivate }`), checked
 * and read in one place. Internal: not a public entry.
 */
import { quote } from "../../errors.js";
import type { ToolCallCheckOptions } from "../../integration/unloaded-tool-guard.js";
import { invalidOptions } from "../../internal/guards.js";
import { isObject } from "./checks.js";

/** What the guard takes from the `guard` option. */
export type GuardOptions = Pick<ToolCallCheckOptions, "autoActivate">;

/** Checks guard options: an object whose `autoActivate`, if given, is a boolean. */
export function checkGuardOptions(options: unknown, what = "guard options"): asserts options is GuardOptions {
	if (!isObject(options)) invalidOptions(`${what} must be an object, got ${quote(options)}`);
	const { autoActivate } = options;
	if (autoActivate !== undefined && typeof autoActivate !== "boolean") {
		invalidOptions(`autoActivate must be a boolean, got ${quote(autoActivate)}`);
	}
}

/** The `guard` option as guard options; `undefined` when the guard is off (`false`). */
export function guardOptions(guard: unknown): GuardOptions | undefined {
	if (guard === undefined || guard === true) return {};
	if (guard === false) return undefined;
	if (!isObject(guard)) invalidOptions(`guard must be a boolean or an object, got ${quote(guard)}`);
	checkGuardOptions(guard);
	return guard.autoActivate === undefined ? {} : { autoActivate: guard.autoActivate };
}
