import { quote, ToolSearchError } from "../errors.js";
import type { ToolRanker } from "../types.js";
import { Bm25Ranker } from "./bm25-ranker.js";

interface RegistryEntry {
	readonly ranker: ToolRanker;
}

interface RegistryState {
	/** Registrations, oldest first; the last one is in force. */
	stack: RegistryEntry[];
	/** The shared default ranker, created on first use. */
	fallback: ToolRanker | undefined;
}

const REGISTRY_KEY = Symbol.for("tool-search.rankers");

/** The registry lives on `globalThis` so that ESM and CJS copies of this package share it. */
function state(): RegistryState {
	const holder = globalThis as { [REGISTRY_KEY]?: RegistryState };
	let registry = holder[REGISTRY_KEY];
	if (registry === undefined) {
		registry = { stack: [], fallback: undefined };
		holder[REGISTRY_KEY] = registry;
	}
	return registry;
}

/** Throws `INVALID_OPTIONS` unless `ranker` has a `rank` method. */
export function assertToolRanker(ranker: unknown, what = "ranker"): asserts ranker is ToolRanker {
	if (
		typeof ranker !== "object" ||
		ranker === null ||
		typeof (ranker as { rank?: unknown }).rank !== "function"
	) {
		throw new ToolSearchError(
			"INVALID_OPTIONS",
			`${what} must be an object with a rank(query, documents, limit) method, got ${quote(ranker)}`,
		);
	}
}

/**
 * Makes `ranker` the one `tool_search` uses (through {@link getToolRanker}) until the returned
 * function is called. Registrations nest: undoing one restores whichever registration is then the
 * latest still in force, so they may be undone in any order. Undo is idempotent.
 *
 * @example
 * ```ts
 * const undo = registerToolRanker({ rank: (query, documents, limit) => myRank(query, documents, limit) });
 * // ... tool_search now ranks with myRank ...
 * undo(); // back to the previous ranker
 * ```
 */
export function registerToolRanker(ranker: ToolRanker): () => void {
	assertToolRanker(ranker);
	const entry: RegistryEntry = { ranker };
	state().stack.push(entry);
	return () => {
		const stack = state().stack;
		const at = stack.indexOf(entry);
		if (at !== -1) stack.splice(at, 1);
	};
}

/**
 * The ranker in force: the latest registration not undone, or the shared default {@link Bm25Ranker}.
 *
 * @example
 * ```ts
 * const matches = await getToolRanker().rank("create issue", documents, 8);
 * ```
 */
export function getToolRanker(): ToolRanker {
	const registry = state();
	const top = registry.stack[registry.stack.length - 1];
	if (top !== undefined) return top.ranker;
	return getDefaultToolRanker();
}

/**
 * The shared default {@link Bm25Ranker}, whatever is registered. It is also the ranker a failing
 * ranker falls back to.
 *
 * @example
 * ```ts
 * const matches = getDefaultToolRanker().rank("send email", documents, 5);
 * ```
 */
export function getDefaultToolRanker(): ToolRanker {
	const registry = state();
	registry.fallback ??= new Bm25Ranker();
	return registry.fallback;
}
