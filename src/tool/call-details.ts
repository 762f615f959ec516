/**
 * What one `tool_search` call reports: the `details` of a successful call, and `details.discovery`
 * (the pipeline's record with the call's id and per-stage timings). Pure.
 */
import { elapsedMs } from "../internal/deadline.js";
import type { Discovery } from "../pipeline/discover.js";
import type { ToolSearchDiscoveryDetails } from "../pipeline/discovery-types.js";
import type { RankOutcome } from "../ranking/rank-with-fallback.js";
import type { Activation } from "./activate-found.js";
import type { ToolSearchNamespaceSummary, ToolSearchToolDetails } from "./result-types.js";

/** How many of `hidden` (the active names) are searchable tools. */
export function countActive(get: (name: string) => unknown, hidden: ReadonlySet<string>): number {
	let count = 0;
	for (const name of hidden) if (get(name) !== undefined) count++;
	return count;
}

/** `details.discovery` of a call: the id, what the stages recorded, and the timings. */
export function discoveryDetails(
	id: string,
	searched: Discovery,
	collectMs: number,
	activateMs: number,
	started: number,
): ToolSearchDiscoveryDetails {
	const { timings, ...record } = searched.record;
	return {
		discovery_id: id,
		...record,
		timings_ms: { collect: collectMs, ...timings, activate: activateMs, total: elapsedMs(started) },
	};
}

/**
 * The active names this tool activated, in the order it first activated them. From the active set
 * (small), not from every name ever selected (which grows over a long session).
 */
function activeSelected(selected: ReadonlyMap<string, number>, active: readonly string[]): string[] {
	const names = [...new Set(active)].filter((name) => selected.has(name));
	return names.sort((a, b) => (selected.get(a) as number) - (selected.get(b) as number));
}

/** The `details` of a successful call, from what each phase produced. */
export function successDetails(parts: {
	input: { query: string; queries: string[] | undefined; limit: number; requested: number };
	totalTools: number;
	activation: Activation;
	selected: ReadonlyMap<string, number>;
	outcome: RankOutcome;
	namespaces: ToolSearchNamespaceSummary[];
	discovery: ToolSearchDiscoveryDetails | undefined;
}): ToolSearchToolDetails {
	const { input, totalTools, activation, selected, outcome, namespaces, discovery } = parts;
	const { query, queries, limit, requested } = input;
	return {
		query,
		...(queries === undefined ? {} : { queries }),
		limit,
		...(limit < requested ? { requested_limit: requested } : {}),
		total_tools: totalTools,
		activated_tools: activation.activated,
		active_selected_tools: activeSelected(selected, activation.active),
		ranked_by: outcome.rankedBy,
		...(outcome.fallbackReason === undefined ? {} : { fallback_reason: outcome.fallbackReason }),
		tools: activation.listed,
		...(activation.omitted > 0 ? { omitted_tools: activation.omitted } : {}),
		...(outcome.terms === undefined
			? {}
			: { unmatched_terms: outcome.terms.filter((term) => !term.matched).map((term) => term.term) }),
		...(outcome.abstained === true ? { abstained: true } : {}),
		...(outcome.ignoredTerms === undefined ? {} : { ignored_terms: outcome.ignoredTerms }),
		...(namespaces.length === 0 ? {} : { namespaces }),
		...(discovery === undefined ? {} : { discovery }),
	};
}
