/**
 * Activation: the tools a call found, fitted to the result's text budget, activated on the host
 * (those the discovery chose), and what the host then holds active.
 */
import { activeNames, hostList } from "../host/host-answer.js";
import type { ToolHost } from "../host/types.js";
import type { Discovery } from "../pipeline/discover.js";
import type { SearchBudget } from "./active-budget.js";
import { describeFoundTool } from "./format-result.js";
import { fitResultBudget } from "./result-budget.js";
import type { ToolSearchResultTool } from "./result-types.js";

/** What activation did. */
export interface Activation {
	/** The tools to list (`details.tools`): the activated ones and those returned but not meant to be. */
	readonly listed: ToolSearchResultTool[];
	/** The tools activated, in the order found. */
	readonly activated: string[];
	/** Matches left out to keep the result text short (neither listed nor activated). */
	readonly omitted: number;
	/** The host's active names after activation. */
	readonly active: string[];
	/** Tools unloaded to stay within the active-set budget, least recently used first. */
	readonly unloaded: string[];
	/** Tools found but not loaded: the budget is taken by tools that cannot be unloaded. */
	readonly refused: string[];
}

/**
 * Activates what `discovery` chose among the returned tools that fit the text budget, with one
 * `setActiveTools` call (none when there is nothing to activate), within the active-set `budget`
 * (least recently used tools this tool loaded make room; see `active-budget.ts`).
 * A host may refuse a name (pi ignores hidden tools): only what it holds active counts as
 * activated, and when it activated nothing, nothing is listed either. `selected` collects what
 * this tool ever activated, each name with its place in that order.
 */
export function activateFound(
	tools: ToolHost,
	discovery: Discovery,
	selected: Map<string, number>,
	budget: SearchBudget,
): Activation {
	const found = discovery.returned.map((candidate) =>
		describeFoundTool(candidate.entry.info, candidate.score, candidate.entry.namespace),
	);
	// Matches whose names and lines would not fit the result's budget are not loaded either.
	const fitted = fitResultBudget(found);
	const chosen = fitted.filter((tool) => discovery.activate.has(tool.name)).map((tool) => tool.name);
	const before = activeNames(tools.getActiveTools());
	const omitted = found.length - fitted.length;
	if (chosen.length === 0)
		return { listed: [], activated: [], omitted, active: before, unloaded: [], refused: [] };
	const plan = budget.plan(before, chosen, () => hostList(tools.getAllTools(), "getAllTools"));
	tools.setActiveTools(plan.next);
	const active = activeNames(tools.getActiveTools());
	const now = new Set(active);
	const activated = chosen.filter((name) => now.has(name));
	budget.loaded(activated);
	for (const name of activated) if (!selected.has(name)) selected.set(name, selected.size);
	const unloaded = before.filter((name) => !now.has(name));
	const done = new Set(activated);
	const listed =
		activated.length === 0
			? []
			: fitted.filter((tool) => done.has(tool.name) || !discovery.activate.has(tool.name));
	return { listed, activated, omitted, active, unloaded, refused: plan.refused };
}
