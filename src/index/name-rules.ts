/**
 * The name rules' tools for a query: those whose name or local name is the whole query (the
 * exact-name rule) and those whose name appears as consecutive words of it (the local-name bonus).
 * @internal
 */
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import type { IndexStore } from "./index-store.js";
import type { QueryPlan } from "./query-plan.js";

/** Longest run of query words compared with tool names for the local-name bonus. */
const MAX_NAME_WORDS = 8;
/** Query tokens scanned for names (exact and local-name rules). */
const MAX_NAME_SCAN_TOKENS = 256;

/** The slots of the tools each name rule applies to. */
export interface NamedTools {
	/** The query is the tool's name or local name. */
	readonly exact: ReadonlySet<number>;
	/** The tool's name or local name appears in the query. */
	readonly named: ReadonlySet<number>;
}

/** Looks the query's word runs up among the indexed name keys. */
export function nameRules(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
): NamedTools {
	const exact = new Set<number>();
	const named = new Set<number>();
	const { alive } = store;
	if (options.rules.exactName && plan.tokens.length > 0 && plan.tokens.length <= MAX_NAME_SCAN_TOKENS) {
		store.keys.forEach(plan.tokens.join(" "), (slot) => {
			if (alive[slot] === 1) exact.add(slot);
		});
	}
	if (options.rules.localNameBonus > 0) {
		const tokens = plan.tokens.slice(0, MAX_NAME_SCAN_TOKENS);
		for (let i = 0; i < tokens.length; i++) {
			let key = "";
			// No name has more words than the longest key indexed: no longer runs need looking up.
			for (let j = i; j < Math.min(tokens.length, i + Math.min(MAX_NAME_WORDS, store.keys.maxWords)); j++) {
				key = j === i ? (tokens[j] as string) : `${key} ${tokens[j] as string}`;
				store.keys.forEach(key, (slot) => {
					if (alive[slot] === 1) named.add(slot);
				});
			}
		}
	}
	return { exact, named };
}
