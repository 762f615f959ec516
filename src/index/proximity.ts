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

/** The query's adjacent word pairs (term ids, either order) and the bonus each earns. */
export interface ProximityPairs {
	/** Term ids that occur in some pair: a fast test before the pair lookup. */
	readonly ids: ReadonlySet<number>;
	/** `"lo hi"` term ids → bonus. */
	readonly bonus: ReadonlyMap<string, number>;
	/** The sum of all pairs' bonuses: no tool gets more. */
	readonly bound: number;
}

const pairKey = (a: number, b: number): string => (a < b ? `${a} ${b}` : `${b} ${a}`);

/**
 * The pairs of consecutive query tokens (stop words already dropped) that are two different indexed
 * words, each worth `weight * (k1 + 1 + delta) * (idf(a) + idf(b)) / 2`; a pair counts once however
 * often and in whichever order the query repeats it. Synonyms and typo corrections do not pair.
 */
export function proximityPairs(
	plan: QueryPlan,
	terms: readonly PreparedTerm[],
	weight: number,
	params: SaturationParams,
): ProximityPairs {
	const ids = new Set<number>();
	const bonus = new Map<string, number>();
	if (weight <= 0) return { ids, bonus, bound: 0 };
	const idf = new Map<string, { id: number; idf: number }>();
	for (const term of terms) {
		const self = term.variants.find((variant) => variant.via === "term");
		if (self !== undefined) idf.set(term.term, { id: self.termId, idf: self.idf });
	}
	for (let i = 0; i + 1 < plan.tokens.length; i++) {
		const a = idf.get(plan.tokens[i] as string);
		const b = idf.get(plan.tokens[i + 1] as string);
		if (a === undefined || b === undefined || a.id === b.id) continue;
		ids.add(a.id);
		ids.add(b.id);
		bonus.set(pairKey(a.id, b.id), proximityPairBonus(weight, params, a.idf, b.idf));
	}
	let bound = 0;
	for (const value of bonus.values()) bound += value;
	return { ids, bonus, bound };
}

/** The proximity bonus of the tool in `slot`: the sum over the pairs adjacent in its summary. */
export function proximityBonus(store: IndexStore, pairs: ProximityPairs, slot: number): number {
	if (pairs.bonus.size === 0) return 0;
	const { start: starts, count, values } = store.summary;
	const start = starts[slot] as number;
	const end = start + (count[slot] as number);
	let total = 0;
	const found: string[] = [];
	for (let i = start; i + 1 < end; i++) {
		const a = values[i] as number;
		const b = values[i + 1] as number;
		if (!pairs.ids.has(a) || !pairs.ids.has(b)) continue;
		const key = pairKey(a, b);
		const value = pairs.bonus.get(key);
		if (value === undefined || found.includes(key)) continue;
		found.push(key);
		total += value;
	}
	return total;
}
