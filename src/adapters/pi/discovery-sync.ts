/**
 * Keeps pi's active set in line with a discovery policy: whenever pi reports tools it had not
 * reported before, the plan is made again and applied to the new tools only.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import { type DiscoveryPlan, type DiscoveryPolicy, planDiscovery } from "../../integration/index.js";
import type { PiExtensionApi } from "./types.js";

/**
 * Applies a discovery plan to pi's active set whenever pi reports tools it had not reported before:
 * newly seen deferred tools are deactivated, `tool_search` is activated when search turns on and
 * deactivated when it turns off. Tools seen before are left alone, so what `tool_search`, the user
 * or another extension activated stays active.
 */
export function discoverySync(
	pi: PiExtensionApi,
	policy: DiscoveryPolicy,
	onPlan: (plan: DiscoveryPlan) => void,
) {
	const seen = new Set<string>();
	let searching: boolean | undefined;
	return (): void => {
		const all = pi.getAllTools();
		const plan = planDiscovery(all, policy);
		onPlan(plan);
		const fresh = new Set(all.map((tool) => tool.name).filter((name) => !seen.has(name)));
		for (const name of fresh) seen.add(name);
		const active = pi.getActiveTools();
		const deferred = new Set(plan.deferred);
		let next = active.filter((name) => !(fresh.has(name) && deferred.has(name)));
		if (plan.searchEnabled !== searching) {
			next = next.filter((name) => name !== TOOL_SEARCH_TOOL_NAME);
			if (plan.searchEnabled) next.push(TOOL_SEARCH_TOOL_NAME);
			searching = plan.searchEnabled;
		}
		if (next.length !== active.length || next.some((name, at) => name !== active[at]))
			pi.setActiveTools(next);
	};
}
