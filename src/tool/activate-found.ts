/**
 * Activation: the tools a call found, fitted to the result's text budget, activated on the host
 * (those the discovery chose), and what the host then holds active.
 */
import { activeNames } from "../host/host-answer.js";
import type { ActiveToolSet } from "../host/types.js";
import type { Discovery } from "../pipeline/discover.js";
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
}

/**
 * Activates what `discovery` chose among the returned tools that fit the text budget, with
 * `setActiveTools([...active, ...chosen])` (one call, none when there is nothing to activate).
 * A host may refuse a name (pi ignores hidden tools): only what it holds active counts as
 * activated, and when it activated nothing, nothing is listed either. `selected` collects what
 * this tool ever activated.
 */
export function activateFound(tools: ActiveToolSet, discovery: Discovery, selected: Set<string>): Activation {
	const found = discovery.returned.map((candidate) =>
		describeFoundTool(candidate.entry.info, candidate.score, candidate.entry.namespace),
	);
	// Matches whose names and lines would not fit the result's budget are not loaded either.
	const fitted = fitResultBudget(found);
	const chosen = fitted.filter((tool) => discovery.activate.has(tool.name)).map((tool) => tool.name);
	let active = activeNames(tools.getActiveTools());
	if (chosen.length === 0)
		return { listed: [], activated: [], omitted: found.length - fitted.length, active };
	tools.setActiveTools([...new Set([...active, ...chosen])]);
	active = activeNames(tools.getActiveTools());
	const now = new Set(active);
	const activated = chosen.filter((name) => now.has(name));
	for (const name of activated) selected.add(name);
	const done = new Set(activated);
	const listed =
		activated.length === 0
			? []
			: fitted.filter((tool) => done.has(tool.name) || !discovery.activate.has(tool.name));
	return { listed, activated, omitted: found.length - fitted.length, active };
}
