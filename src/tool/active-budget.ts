/**
 * The active-set budget as `tool_search` keeps it over any host: it remembers which tools it loaded
 * and when each was last used (loaded, selected again, or called, as the adapters report through
 * `markUsed`), and before loading more it unloads the least recently used of them. Tools it did
 * not load (pinned, loaded by the policy or the host) are counted but never unloaded.
 */
import {
	type ActiveSetBudget,
	type ActiveSetBudgetOptions,
	fitActiveSet,
	isBounded,
	resolveActiveSetBudget,
	toolTokens,
} from "../host/active-set-budget.js";
import { activeNames, hostList } from "../host/host-answer.js";
import type { ToolHost } from "../host/types.js";
import { isObject } from "../internal/guards.js";
import type { ToolInfo } from "../types.js";

/** The next active set for a search's finds, and the finds that did not fit. */
export interface BudgetPlan {
	readonly next: string[];
	readonly refused: string[];
}

/** The budget of one `tool_search` instance. */
export interface SearchBudget {
	readonly budget: ActiveSetBudget;
	/** The active set after loading `found` (best first) into `active`. */
	plan(active: readonly string[], found: readonly string[], allTools: () => readonly unknown[]): BudgetPlan;
	/** Records tools this instance loaded, best first (the best counts as the most recent). */
	loaded(names: readonly string[]): void;
	/** Records a use of a tool this instance loaded; other names are ignored. */
	markUsed(name: string): void;
}

/** Tokens by name, read from the host's tools only when a token budget needs them. */
function tokensFrom(allTools: () => readonly unknown[]): (name: string) => number {
	let byName: Map<string, ToolInfo> | undefined;
	return (name) => {
		if (byName === undefined) {
			byName = new Map();
			for (const item of allTools()) {
				try {
					if (isObject(item) && typeof item.name === "string" && !byName.has(item.name)) {
						byName.set(item.name, item as unknown as ToolInfo);
					}
				} catch {
					// a tool whose name getter throws counts as no tool
				}
			}
		}
		return toolTokens(byName.get(name));
	};
}

/**
 * The budget of `options` (checked) with an empty record of use. Without a limit, `plan` is the
 * union of `active` and `found`, as `tool_search` always did.
 *
 * @example
 * ```ts
 * const budget = createSearchBudget({ maxActiveTools: 2 });
 * budget.loaded(["a", "b"]);
 * budget.plan(["a", "b"], ["c"], () => tools); // { next: ["a", "c"], refused: [] }: b was loaded after a, as worse
 * ```
 */
export function createSearchBudget(options: ActiveSetBudgetOptions): SearchBudget {
	const budget = resolveActiveSetBudget(options);
	const lastUse = new Map<string, number>();
	let clock = 0;
	return {
		budget,
		plan(active, found, allTools) {
			const now = new Set(active);
			const adding = found.filter((name) => !now.has(name));
			if (!isBounded(budget)) return { next: [...new Set([...active, ...adding])], refused: [] };
			for (const name of [...lastUse.keys()]) if (!now.has(name)) lastUse.delete(name);
			const ours = active
				.filter((name) => lastUse.has(name))
				.sort((a, b) => (lastUse.get(a) as number) - (lastUse.get(b) as number));
			const mine = new Set(ours);
			const fit = fitActiveSet({
				fixed: active.filter((name) => !mine.has(name)),
				current: ours,
				incoming: [...new Set(adding)],
				budget,
				tokensOf: budget.maxTokens === Number.POSITIVE_INFINITY ? () => 0 : tokensFrom(allTools),
			});
			const gone = new Set(fit.unloaded);
			return { next: [...active.filter((name) => !gone.has(name)), ...fit.added], refused: fit.refused };
		},
		loaded(names) {
			for (let at = names.length - 1; at >= 0; at--) lastUse.set(names[at] as string, ++clock);
		},
		markUsed(name) {
			if (lastUse.has(name)) lastUse.set(name, ++clock);
		},
	};
}

/** What {@link activateWithinBudget} did. */
export interface Activation<T extends { name: string }> {
	/** The finds the host holds active now, in the order found. */
	readonly found: T[];
	/** The host's active names after the call. */
	readonly active: string[];
	/** Names active before and not after (unloaded by this budget or the host's own). */
	readonly unloaded: string[];
	/** Finds left out because the budget is taken by tools that may not be unloaded. */
	readonly refused: string[];
}

/**
 * Loads `found` (best first) into the host within the budget: one `setActiveTools` with the planned
 * set, then the host read back, since a host may refuse a name (pi ignores hidden tools) or keep a
 * budget of its own. Nothing is set when there is nothing to load.
 *
 * @example
 * ```ts
 * const { found, unloaded } = activateWithinBudget(host, createSearchBudget({ maxActiveTools: 20 }), matches);
 * ```
 */
export function activateWithinBudget<T extends { name: string }>(
	host: ToolHost,
	budget: SearchBudget,
	found: readonly T[],
): Activation<T> {
	const before = activeNames(host.getActiveTools());
	if (found.length === 0) return { found: [], active: before, unloaded: [], refused: [] };
	const names = found.map((tool) => tool.name);
	const plan = budget.plan(before, names, () => hostList(host.getAllTools(), "getAllTools"));
	host.setActiveTools(plan.next);
	const active = activeNames(host.getActiveTools());
	const now = new Set(active);
	const kept = found.filter((tool) => now.has(tool.name));
	budget.loaded(kept.map((tool) => tool.name));
	return { found: kept, active, unloaded: before.filter((name) => !now.has(name)), refused: plan.refused };
}

export type { ActiveSetBudgetOptions };
