/**
 * The namespaces of one call's view, tallied once per view: a call without matches lists them
 * (namespace-listing.ts) minus the active tools, so over 100,000 tools it costs the active tools,
 * not a pass over the catalogue (which cost 30–80 ms per miss, measured at 100k).
 * @internal
 */
import type { ToolNamespace } from "../types.js";
import {
	byToolCount,
	listedDescription as descriptionOf,
	listedName as nameOf,
} from "./namespace-listing.js";
import type { ToolSearchNamespaceSummary } from "./result-types.js";

/** One namespace: how many tools have it, and the first non-blank description line and whose it is. */
interface Tally {
	readonly name: string;
	count: number;
	description: string;
	/** The tool that gave `description` (-1: none did). */
	from: number;
}

export class NamespaceTally {
	/** Each tool's namespace, by its index in the view. */
	readonly #namespaces: readonly (ToolNamespace | undefined)[];
	readonly #tallies = new Map<string, Tally>();

	constructor(namespaces: readonly (ToolNamespace | undefined)[]) {
		this.#namespaces = namespaces;
		for (let at = 0; at < namespaces.length; at++) {
			const namespace = namespaces[at];
			const name = nameOf(namespace);
			if (name === "") continue;
			let tally = this.#tallies.get(name);
			if (tally === undefined) {
				tally = { name, count: 0, description: "", from: -1 };
				this.#tallies.set(name, tally);
			}
			tally.count++;
			if (tally.from >= 0) continue;
			tally.description = descriptionOf(namespace);
			if (tally.description !== "") tally.from = at;
		}
	}

	/**
	 * What `summarizeNamespaces` gives for the view's tools but those at `hidden` (indexes in
	 * the view): the same namespaces, counts, descriptions and order.
	 */
	summary(hidden: ReadonlySet<number>): ToolSearchNamespaceSummary[] {
		const less = new Map<string, number>();
		for (const at of hidden) {
			const name = nameOf(this.#namespaces[at]);
			if (name !== "") less.set(name, (less.get(name) ?? 0) + 1);
		}
		const out: ToolSearchNamespaceSummary[] = [];
		for (const tally of this.#tallies.values()) {
			const count = tally.count - (less.get(tally.name) ?? 0);
			if (count <= 0) continue;
			const description = hidden.has(tally.from) ? this.#nextDescription(tally, hidden) : tally.description;
			out.push({ name: tally.name, ...(description === "" ? {} : { description }), tool_count: count });
		}
		return out.sort(byToolCount);
	}

	/** The first non-blank description of `tally`'s namespace after its hidden giver, among tools not hidden. */
	#nextDescription(tally: Tally, hidden: ReadonlySet<number>): string {
		const namespaces = this.#namespaces;
		for (let at = tally.from + 1; at < namespaces.length; at++) {
			if (hidden.has(at) || nameOf(namespaces[at]) !== tally.name) continue;
			const description = descriptionOf(namespaces[at]);
			if (description !== "") return description;
		}
		return "";
	}
}
