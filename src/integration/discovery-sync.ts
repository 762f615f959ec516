/**
 * Keeps a host's active set in line with a discovery policy: whenever the host reports tools it had
 * not reported before, the plan is made again and applied to the new tools only.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { readCatalogVersion } from "../host/catalog-version.js";
import { activeNames, hostList } from "../host/host-answer.js";
import type { ToolHost } from "../host/types.js";
import type { ToolInfo } from "../types.js";
import { type DiscoveryPlan, type DiscoveryPolicy, planDiscovery, toolName } from "./discovery-policy.js";

/** How {@link createDiscoverySync} treats tools it sees for the first time. */
export interface DiscoverySyncOptions {
	/**
	 * Also activate new tools the plan loads (pinned, not deferred). Off for pi, whose tools are
	 * active when registered (activating them again would undo the user's own choice); on for
	 * in-memory hosts, where nothing is active unless set.
	 */
	activateLoaded: boolean;
	/**
	 * Never switch `tool_search` off (unless the mode is `off`), only on. For pi, whose MCP servers
	 * connect after the session starts: a catalogue with nothing to defer yet must not take the search
	 * away from the model while its servers are still connecting.
	 */
	keepSearchOn?: boolean | undefined;
}

/**
 * Returns a function that plans discovery over the host's tools and applies the plan to the tools
 * it sees for the first time: new deferred tools are deactivated, new loaded ones activated (with
 * `activateLoaded`), and, when the host lists `tool_search` itself among its tools (pi does), it is
 * activated when search turns on and deactivated when it turns off. Tools seen before are left
 * alone, so what `tool_search`, the user or another extension activated stays active. The function
 * returns the plan; it calls `setActiveTools` only when the active set changes. While the host's
 * catalogue version (`getCatalogVersion`) stays the same, it returns the last plan without reading
 * the host.
 */
export function createDiscoverySync(
	host: ToolHost,
	policy: DiscoveryPolicy | undefined,
	options: DiscoverySyncOptions,
): () => DiscoveryPlan {
	const seen = new Set<string>();
	let searching: boolean | undefined;
	let last: { version: string | number; plan: DiscoveryPlan } | undefined;
	return () => {
		// The same catalogue version as last time: no tool is new, so there is nothing to apply.
		const version = readCatalogVersion(host);
		if (version !== undefined && last !== undefined && Object.is(version, last.version)) return last.plan;
		const all = hostList(host.getAllTools(), "getAllTools");
		const plan = planDiscovery(all as readonly ToolInfo[], policy);
		const names = all.flatMap((tool) => {
			const name = toolName(tool);
			return name === undefined ? [] : [name];
		});
		const fresh = new Set(names.filter((name) => !seen.has(name)));
		for (const name of fresh) seen.add(name);
		const active = activeNames(host.getActiveTools());
		const deferred = new Set(plan.deferred);
		let next = active.filter((name) => !(fresh.has(name) && deferred.has(name)));
		if (options.activateLoaded) {
			const present = new Set(next);
			for (const name of plan.loaded) {
				if (fresh.has(name) && name !== TOOL_SEARCH_TOOL_NAME && !present.has(name)) next.push(name);
			}
		}
		const search = plan.searchEnabled || (options.keepSearchOn === true && plan.mode !== "off");
		if (names.includes(TOOL_SEARCH_TOOL_NAME) && search !== searching) {
			next = next.filter((name) => name !== TOOL_SEARCH_TOOL_NAME);
			if (search) next.push(TOOL_SEARCH_TOOL_NAME);
			searching = search;
		}
		if (next.length !== active.length || next.some((name, at) => name !== active[at]))
			host.setActiveTools(next);
		last = version === undefined ? undefined : { version, plan };
		return plan;
	};
}
