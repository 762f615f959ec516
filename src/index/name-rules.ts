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
	if (!store.keys.byWordNumbers) return nameRulesByStrings(store, options, plan);
	const { alive, keys } = store;
	const { tokens } = plan;
	const count = Math.min(tokens.length, MAX_NAME_SCAN_TOKENS);
	const wantsExact = options.rules.exactName && tokens.length > 0 && tokens.length <= MAX_NAME_SCAN_TOKENS;
	const wantsNamed = options.rules.localNameBonus > 0;
	if ((!wantsExact && !wantsNamed) || count === 0) return { exact: NONE, named: NONE };
	// Each query word's number in the keys (-1: in no key), looked up once: a run holding a word
	// that no key has matches no key, nor does any longer run through it.
	if (numbers.length < count) numbers = new Int32Array(Math.max(2 * numbers.length, count));
	let known = 0;
	for (let i = 0; i < count; i++) {
		const word = keys.wordNumber(tokens[i] as string);
		numbers[i] = word;
		if (word >= 0) known++;
	}
	let exact: Set<number> | undefined;
	let named: Set<number> | undefined;
	if (wantsExact && known === count && keys.mayBeginNumber(numbers[0] as number)) {
		const held = keys.getWords(numbers, 0, count);
		if (held !== undefined) exact = addLive(exact, held, alive);
	}
	if (wantsNamed) {
		const longest = Math.min(MAX_NAME_WORDS, keys.maxWords);
		for (let i = 0; i < count; i++) {
			if (!keys.mayBeginNumber(numbers[i] as number)) continue;
			const end = Math.min(count, i + longest);
			for (let j = i; j < end; j++) {
				if ((numbers[j] as number) < 0) break;
				const held = keys.getWords(numbers, i, j - i + 1);
				if (held !== undefined) named = addLive(named, held, alive);
			}
		}
	}
	return { exact: exact ?? NONE, named: named ?? NONE };
}

/** Scratch of {@link nameRules}: the query words' numbers in the keys. */
let numbers = new Int32Array(64);

/**
 * {@link nameRules} by the keys' strings: while a loaded table holds keys (`KeyMap.byWordNumbers`
 * is false), and the reference the word-number path must equal (a property test holds it there).
 */
export function nameRulesByStrings(
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
