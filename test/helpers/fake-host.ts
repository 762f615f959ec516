/**
 * A recording fake host for `tool_search` tests: `getAllTools`, `getActiveTools` and
 * `setActiveTools` like pi's `ExtensionAPI` (replace the set, ignore unknown names), with every call
 * logged in `calls`. Everything it returns is frozen, so a test fails if the code under test
 * mutates what the host handed it.
 */
import type { ToolHost } from "../../src/host/types.js";
import type { ToolInfo } from "../../src/types.js";

/** One logged host call. */
export type FakeHostCall =
	| { method: "getAllTools" }
	| { method: "getActiveTools" }
	| { method: "setActiveTools"; names: readonly string[] };

/** The fake host: a {@link ToolHost} plus its call log and state. */
export interface FakeHost extends ToolHost {
	/** Every call, oldest first. */
	readonly calls: FakeHostCall[];
	/** The names given to each `setActiveTools` call, oldest first. */
	readonly setCalls: () => (readonly string[])[];
	/** The current tools; tests may replace it (the host returns it as is, frozen). */
	tools: readonly ToolInfo[];
}

/**
 * Creates a fake host over `tools` (frozen here if not already) with `active` names active.
 *
 * @example
 * ```ts
 * const host = createFakeHost({ tools: CATALOG, active: ["tool_search"] });
 * await createToolSearchTool({ tools: host }).execute("1", { query: "read file" });
 * host.setCalls(); // [["tool_search", "filesystem__read_file", ...]]
 * ```
 */
export function createFakeHost(options: {
	tools: readonly ToolInfo[];
	active?: readonly string[];
}): FakeHost {
	let active: readonly string[] = Object.freeze([...(options.active ?? [])]);
	const calls: FakeHostCall[] = [];
	const host: FakeHost = {
		calls,
		tools: Object.isFrozen(options.tools) ? options.tools : Object.freeze([...options.tools]),
		setCalls: () => calls.flatMap((call) => (call.method === "setActiveTools" ? [call.names] : [])),
		getAllTools() {
			calls.push({ method: "getAllTools" });
			return host.tools;
		},
		getActiveTools() {
			calls.push({ method: "getActiveTools" });
			return active;
		},
		setActiveTools(names: string[]) {
			const given = Object.freeze([...names]);
			calls.push({ method: "setActiveTools", names: given });
			const known = new Set(host.tools.map((tool: unknown) => (tool as { name?: unknown } | null)?.name));
			active = Object.freeze(given.filter((name) => known.has(name)));
		},
	};
	return host;
}
