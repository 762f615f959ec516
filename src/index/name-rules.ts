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

/** No tool: shared by the queries that name none (most), and never written to. */
const NONE: ReadonlySet<number> = new Set<number>();

/** Adds the live slots of `held` (a key's slots, see `KeyMap.get`) to `into`, created when needed. */
function addLive(
	into: Set<number> | undefined,
	held: number | readonly number[],
	alive: Uint8Array,
): Set<number> | undefined {
	let found = into;
	const count = typeof held === "number" ? 1 : held.length;
	for (let k = 0; k < count; k++) {
		const slot = typeof held === "number" ? held : (held[k] as number);
		if (alive[slot] !== 1) continue;
		found ??= new Set();
		found.add(slot);
	}
	return found;
}

/**
 * Looks the query's word runs up among the indexed name keys (a name's tokens joined by spaces):
 * the whole query for the exact-name rule, every run of up to `MAX_NAME_WORDS` words (and no
 * longer than the longest key) for the local-name bonus.
 */
export function nameRules(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
): NamedTools {
	const { alive, keys } = store;
	const { tokens } = plan;
	let exact: Set<number> | undefined;
	let named: Set<number> | undefined;
	if (
		options.rules.exactName &&
		tokens.length > 0 &&
		tokens.length <= MAX_NAME_SCAN_TOKENS &&
		keys.mayBegin(tokens[0] as string)
	) {
		const held = keys.get(tokens.length === 1 ? (tokens[0] as string) : tokens.join(" "));
		if (held !== undefined) exact = addLive(exact, held, alive);
	}
	if (options.rules.localNameBonus > 0) {
		const count = Math.min(tokens.length, MAX_NAME_SCAN_TOKENS);
		// No name has more words than the longest key indexed: no longer runs need looking up.
		const longest = Math.min(MAX_NAME_WORDS, keys.maxWords);
		for (let i = 0; i < count; i++) {
			// No key begins with this word: no run starting here is one.
			if (!keys.mayBegin(tokens[i] as string)) continue;
			const end = Math.min(count, i + longest);
			let key = tokens[i] as string;
			for (let j = i; j < end; j++) {
				if (j > i) key = `${key} ${tokens[j] as string}`;
				const held = keys.get(key);
				if (held !== undefined) named = addLive(named, held, alive);
			}
		}
	}
	return { exact: exact ?? NONE, named: named ?? NONE };
}
