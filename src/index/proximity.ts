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
import type { PreparedTerm } from "./term-scan.js";

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
	/** `"lo hi"` term ids → bonus. */
	readonly bonus: ReadonlyMap<string, number>;
	/** The sum of all pairs' bonuses: no tool gets more. */
	readonly bound: number;
}

/** Marks of a query without pairs: none set. */
const NO_MARKS = new Int32Array(0);

const pairKey = (a: number, b: number): string => (a < b ? `${a} ${b}` : `${b} ${a}`);

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
	const bonus = new Map<string, number>();
	if (weight <= 0 || plan.tokens.length < 2) return { marks: NO_MARKS, stamp: 1, bonus, bound: 0 };
	const { marks, stamp } = freshMarks(store);
	const idf = new Map<string, { id: number; idf: number }>();
	for (const term of terms) {
		const self = term.variants.find((variant) => variant.via === "term");
		if (self !== undefined) idf.set(term.term, { id: self.termId, idf: self.idf });
	}
	for (let i = 0; i + 1 < plan.tokens.length; i++) {
		const a = idf.get(plan.tokens[i] as string);
		const b = idf.get(plan.tokens[i + 1] as string);
		if (a === undefined || b === undefined || a.id === b.id) continue;
		marks[a.id] = stamp;
		marks[b.id] = stamp;
		bonus.set(pairKey(a.id, b.id), proximityPairBonus(weight, params, a.idf, b.idf));
	}
	let bound = 0;
	for (const value of bonus.values()) bound += value;
	return { marks, stamp, bonus, bound };
}

/** The proximity bonus of the tool in `slot`: the sum over the pairs adjacent in its summary. */
export function proximityBonus(store: IndexStore, pairs: ProximityPairs, slot: number): number {
	if (pairs.bonus.size === 0) return 0;
	const { marks, stamp } = pairs;
	const { start: starts, count, values } = store.summary;
	const start = starts[slot] as number;
	const end = start + (count[slot] as number);
	let total = 0;
	const found: string[] = [];
	for (let i = start; i + 1 < end; i++) {
		const a = values[i] as number;
		const b = values[i + 1] as number;
		if (marks[a] !== stamp || marks[b] !== stamp) continue;
		const key = pairKey(a, b);
		const value = pairs.bonus.get(key);
		if (value === undefined || found.includes(key)) continue;
		found.push(key);
		total += value;
	}
	return total;
}
