/**
 * The active-set budget: at most `maxActiveTools` tools, or `maxActiveSchemaTokens` estimated
 * schema tokens, active at once (`tool_search` itself not counted). Loading a tool past it unloads
 * the least recently used tools that may be unloaded first. Shared by `createToolSearchTool` and
 * `createActiveToolSet`.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { quote } from "../errors.js";
import { estimateToolTokens } from "../integration/discovery-policy.js";
import { invalidOptions } from "../internal/guards.js";
import type { ToolInfo } from "../types.js";

/** The budget options, as both `createToolSearchTool` and `createActiveToolSet` take them. */
export interface ActiveSetBudgetOptions {
	/**
	 * The most tools active at once (`tool_search` not counted). A search (or `setActiveTools`) that
	 * would pass it unloads the least recently used tools first (used = called or loaded), never
	 * pinned ones. A positive integer or `Infinity`. @defaultValue `Infinity`: no limit
	 */
	maxActiveTools?: number | undefined;
	/**
	 * The most estimated schema tokens (name, description and schema as JSON, bytes / 4) of the
	 * active tools together, enforced as `maxActiveTools` is. A positive number or `Infinity`.
	 * @defaultValue `Infinity`: no limit
	 */
	maxActiveSchemaTokens?: number | undefined;
}

/** A resolved budget; `Infinity` for no limit. */
export interface ActiveSetBudget {
	readonly maxTools: number;
	readonly maxTokens: number;
}

function positive(value: unknown, name: string, integer: boolean): number {
	if (value === undefined) return Number.POSITIVE_INFINITY;
	const ok =
		typeof value === "number" &&
		value >= 1 &&
		(value === Number.POSITIVE_INFINITY || !integer || Number.isInteger(value));
	if (!ok)
		invalidOptions(
			`${name} must be a positive ${integer ? "integer" : "number"} or Infinity, got ${quote(value)}`,
		);
	return value as number;
}

/**
 * The budget of `options`, checked.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a `maxActiveTools` that is not a positive integer
 * (or `Infinity`), or a `maxActiveSchemaTokens` that is not a number ≥ 1.
 *
 * @example
 * ```ts
 * resolveActiveSetBudget({ maxActiveTools: 20 }); // { maxTools: 20, maxTokens: Infinity }
 * ```
 */
export function resolveActiveSetBudget(options: ActiveSetBudgetOptions): ActiveSetBudget {
	return {
		maxTools: positive(options.maxActiveTools, "maxActiveTools", true),
		maxTokens: positive(options.maxActiveSchemaTokens, "maxActiveSchemaTokens", false),
	};
}

/** Whether the budget limits anything. */
export function isBounded(budget: ActiveSetBudget): boolean {
	return budget.maxTools !== Number.POSITIVE_INFINITY || budget.maxTokens !== Number.POSITIVE_INFINITY;
}

const tokenCache = new WeakMap<object, number>();

/**
 * A tool's estimated schema tokens, kept per tool object; 0 for a name with no tool.
 *
 * @example
 * ```ts
 * toolTokens({ name: "read_file", description: "Read a file." }); // 13
 * ```
 */
export function toolTokens(tool: ToolInfo | undefined): number {
	if (tool === undefined) return 0;
	let tokens = tokenCache.get(tool);
	if (tokens === undefined) {
		tokens = estimateToolTokens(tool);
		tokenCache.set(tool, tokens);
	}
	return tokens;
}

/** What {@link fitActiveSet} decided. */
export interface ActiveSetFit {
	/** The unloadable tools kept, in the order given (least recently used first). */
	readonly kept: string[];
	/** The incoming tools loaded, in the order given. */
	readonly added: string[];
	/** The unloadable tools unloaded to make room, least recently used first. */
	readonly unloaded: string[];
	/** Incoming tools that could not fit even with every unloadable tool unloaded. */
	readonly refused: string[];
}

/**
 * Fits an active set in `budget`: `fixed` tools stay whatever it costs, `current` tools (least
 * recently used first) are unloaded oldest first while the set is over budget or an incoming tool
 * needs room, and `incoming` tools (best first) are loaded while they can fit. `tool_search` is
 * never counted. Pure.
 *
 * @example
 * ```ts
 * fitActiveSet({ fixed: ["read"], current: ["a", "b"], incoming: ["c"], budget: { maxTools: 3, maxTokens: Infinity }, tokensOf: () => 1 });
 * // { kept: ["b"], added: ["c"], unloaded: ["a"], refused: [] }
 * ```
 */
export function fitActiveSet(input: {
	fixed: readonly string[];
	current: readonly string[];
	incoming: readonly string[];
	budget: ActiveSetBudget;
	tokensOf: (name: string) => number;
}): ActiveSetFit {
	const { budget, tokensOf } = input;
	const counted = (names: readonly string[]) => names.filter((name) => name !== TOOL_SEARCH_TOOL_NAME);
	const fixed = counted(input.fixed);
	const kept = counted(input.current);
	let floorCount = fixed.length;
	let floorTokens = 0;
	for (const name of fixed) floorTokens += tokensOf(name);
	let count = floorCount + kept.length;
	let tokens = floorTokens;
	for (const name of kept) tokens += tokensOf(name);
	const unloaded: string[] = [];
	const over = (extraCount: number, extraTokens: number) =>
		count + extraCount > budget.maxTools || tokens + extraTokens > budget.maxTokens;
	const evictWhile = (extraCount: number, extraTokens: number) => {
		while (over(extraCount, extraTokens) && kept.length > 0) {
			const name = kept.shift() as string;
			unloaded.push(name);
			count--;
			tokens -= tokensOf(name);
		}
	};
	evictWhile(0, 0);
	const added: string[] = [];
	const refused: string[] = [];
	for (const name of counted(input.incoming)) {
		const cost = tokensOf(name);
		if (floorCount + 1 > budget.maxTools || floorTokens + cost > budget.maxTokens) {
			refused.push(name); // would not fit even with every unloadable tool unloaded
			continue;
		}
		evictWhile(1, cost);
		added.push(name);
		count++;
		tokens += cost;
		floorCount++;
		floorTokens += cost;
	}
	return { kept, added, unloaded, refused };
}
