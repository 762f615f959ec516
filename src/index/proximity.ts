/**
 * The proximity rule: consecutive query words that also stand next to each other in a tool's
 * summary (the first sentence of its description) say more than the two words apart ("weather
 * forecast", "area of a triangle"). A light form of the sequential dependence model: adjacency only,
 * either order, in one short field, and scored only for the candidate pool.
 * @internal
 */
import type { IndexStore } from "./index-store.js";
import type { QueryPlan } from "./query-plan.js";
import { proximityPairBonus, type SaturationParams } from "./scoring.js";
import type { PreparedTerm, PreparedVariant } from "./term-scan.js";

/**
 * Per store, a mark per term id: `marks[id] === stamp` while `id` occurs in a pair of the current
 * query (a typed read per summary word, where a Set lookup was 4% of a small catalogue's query).
 */
interface PairMarks {
	marks: Int32Array;
	stamp: number;
}

const marksOf = new WeakMap<IndexStore, PairMarks>();

/** The store's marks, sized for its vocabulary, with a fresh stamp. */
function freshMarks(store: IndexStore): PairMarks {
	let held = marksOf.get(store);
	if (held === undefined || held.marks.length < store.terms.length) {
		held = { marks: new Int32Array(Math.max(256, store.terms.length * 2)), stamp: 0 };
		marksOf.set(store, held);
	}
	if (held.stamp >= 0x3fffffff) {
		held.marks.fill(0);
		held.stamp = 0;
	}
	held.stamp++;
	return held;
}

/** The query's adjacent word pairs (term ids, either order) and the bonus each earns. */
export interface ProximityPairs {
	/** `marks[id] === stamp` for the term ids that occur in some pair: a fast test before the pair lookup. */
	readonly marks: Int32Array;
	readonly stamp: number;
	/** Each pair's {@link pairKey}, in the order of `bonus`. */
	readonly keys: readonly number[];
	/** {@link pairKey} → index in `bonus`, once the query has more than {@link SCANNED_PAIRS} pairs (else `keys` is scanned). */
	readonly index: ReadonlyMap<number, number> | undefined;
	/** Each pair's bonus, in the order the query first pairs them. */
	readonly bonus: readonly number[];
	/** The sum of all pairs' bonuses: no tool gets more. */
	readonly bound: number;
}

/**
 * Per pair index, the last {@link proximityBonus} call that counted it (so a tool counts a pair
 * once), shared by every query: call numbers only grow (until they start over from a cleared
 * array), so an entry left by an earlier call never equals the current one, and a call runs to its
 * end before the next. A typed array per query was an allocation out of the JS heap per query.
 */
let counted = new Int32Array(64);
/** The number of the last {@link proximityBonus} call. */
let calls = 0;

/** Makes room in {@link counted} for `pairs` pairs. */
function roomForPairs(pairs: number): void {
	if (counted.length < pairs) counted = new Int32Array(Math.max(pairs, 2 * counted.length));
}

/** Marks of a query without pairs: none set. */
const NO_MARKS = new Int32Array(0);

/**
 * One number per unordered pair of term ids: `lo * terms + hi`, exact because a vocabulary (a `Map`,
 * at most 2^24 entries) squared stays below 2^53.
 */
const pairKey = (a: number, b: number, terms: number): number => (a < b ? a * terms + b : b * terms + a);

/**
 * The pairs of consecutive query tokens (stop words already dropped) that are two different indexed
 * words, each worth `weight * (k1 + 1 + delta) * (idf(a) + idf(b)) / 2`; a pair counts once however
 * often and in whichever order the query repeats it. Synonyms and typo corrections do not pair.
 */
export function proximityPairs(
	store: IndexStore,
	plan: QueryPlan,
	terms: readonly PreparedTerm[],
	weight: number,
	params: SaturationParams,
): ProximityPairs {
	const { tokens } = plan;
	if (weight <= 0 || tokens.length < 2) return NO_PROXIMITY_PAIRS;
	const { marks, stamp } = freshMarks(store);
	const size = store.terms.length;
	// The query words' own variants: a scan of the terms for a short query (no Map per query).
	let byWord: Map<string, PreparedVariant> | undefined;
	if (terms.length > SCANNED_TERMS) {
		byWord = new Map();
		for (let t = 0; t < terms.length; t++) {
			const term = terms[t] as PreparedTerm;
			const self = selfVariant(term);
			if (self !== undefined) byWord.set(term.term, self);
		}
	}
	const keys: number[] = [];
	const bonus: number[] = [];
	let index: Map<number, number> | undefined;
	let bound = 0;
	for (let i = 0; i + 1 < tokens.length; i++) {
		const a = ownVariant(terms, byWord, tokens[i] as string);
		const b = ownVariant(terms, byWord, tokens[i + 1] as string);
		if (a === undefined || b === undefined || a.termId === b.termId) continue;
		marks[a.termId] = stamp;
		marks[b.termId] = stamp;
		const key = pairKey(a.termId, b.termId, size);
		if (index !== undefined ? index.has(key) : keys.includes(key)) continue;
		keys.push(key);
		if (index !== undefined) index.set(key, bonus.length);
		else if (keys.length > SCANNED_PAIRS) index = new Map(keys.map((k, at) => [k, at]));
		const value = proximityPairBonus(weight, params, a.idf, b.idf);
		bonus.push(value);
		bound += value;
	}
	roomForPairs(bonus.length);
	return { marks, stamp, keys, index, bonus, bound };
}

/** Queries of at most this many terms find a word's term by scanning them. */
const SCANNED_TERMS = 16;
/** Queries of at most this many pairs find a pair by scanning their keys. */
const SCANNED_PAIRS = 8;

/** No pairs (shared: {@link proximityBonus} changes nothing of a query without pairs). */
export const NO_PROXIMITY_PAIRS: ProximityPairs = {
	marks: NO_MARKS,
	stamp: 1,
	keys: [],
	index: undefined,
	bonus: [],
	bound: 0,
};

/** The own variant of the query term `word` (by `byWord` when given, else by a scan of `terms`). */
function ownVariant(
	terms: readonly PreparedTerm[],
	byWord: ReadonlyMap<string, PreparedVariant> | undefined,
	word: string,
): PreparedVariant | undefined {
	if (byWord !== undefined) return byWord.get(word);
	for (let t = 0; t < terms.length; t++) {
		const term = terms[t] as PreparedTerm;
		if (term.term === word) return selfVariant(term);
	}
	return undefined;
}

/** The term's own variant (the query word as indexed), if the index has it. */
function selfVariant(term: PreparedTerm): PreparedVariant | undefined {
	const { variants } = term;
	for (let i = 0; i < variants.length; i++)
		if ((variants[i] as PreparedVariant).via === "term") return variants[i];
	return undefined;
}

/**
 * Below this many slots, a store's summaries stay in the caches from query to query and
 * {@link touchSummaries} would only add reads.
 */
const TOUCHED_FROM_SLOTS = 16_384;

/**
 * Reads where each given tool's summary lies and its first term id, in two loops of independent
 * reads, before {@link proximityBonus} walks the summaries one tool at a time (the final cut
 * touches the pool tools that can still reach it, and only those): at 100k tools the summaries
 * are cache misses, and a loop that only reads lets the processor wait for many
 * at once, where the walk waits for each in turn (head-terms-100k: the pool's proximity bonuses
 * 0.071–0.079 → 0.049 ms at p50, touching included). Returns a value that depends on the reads,
 * so that they are not dropped.
 */
export function touchSummaries(store: IndexStore, pairs: ProximityPairs, slots: readonly number[]): number {
	if (pairs.bonus.length === 0 || store.slots < TOUCHED_FROM_SLOTS) return 0;
	const { start: starts, count, values } = store.summary;
	const { cover } = store;
	let sink = 0;
	for (let i = 0; i < slots.length; i++) {
		const slot = slots[i] as number;
		sink += (starts[slot] as number) + (count[slot] as number) + (cover[slot] as number);
	}
	for (let i = 0; i < slots.length; i++) sink += values[starts[slots[i] as number] as number] ?? 0;
	return sink;
}

/** The proximity bonus of the tool in `slot`: the sum over the pairs adjacent in its summary. */
export function proximityBonus(store: IndexStore, pairs: ProximityPairs, slot: number): number {
	if (pairs.bonus.length === 0) return 0;
	const { marks, stamp, keys, index, bonus } = pairs;
	if (calls >= 0x3fffffff) {
		counted.fill(0);
		calls = 0;
	}
	const call = ++calls;
	const { start: starts, count, values } = store.summary;
	const size = store.terms.length;
	const start = starts[slot] as number;
	const end = start + (count[slot] as number);
	let total = 0;
	for (let i = start; i + 1 < end; i++) {
		const a = values[i] as number;
		const b = values[i + 1] as number;
		if (marks[a] !== stamp || marks[b] !== stamp) continue;
		const key = pairKey(a, b, size);
		const k = index !== undefined ? index.get(key) : keys.indexOf(key);
		if (k === undefined || k < 0 || counted[k] === call) continue;
		counted[k] = call;
		total += bonus[k] as number;
	}
	return total;
}
