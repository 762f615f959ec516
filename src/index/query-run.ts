/**
 * One query's scores and the per-tool rules read from them after the pool is known (namespace
 * boost, proximity bonus), as one object: no closures made per query.
 * @internal
 */
import type { IndexStore } from "./index-store.js";
import type { NamedTools } from "./name-rules.js";
import { type ProximityPairs, proximityBonus, touchSummaries } from "./proximity.js";
import type { PreparedTerm } from "./term-scan.js";

/** One query's scores, left in the store's scratch arrays until `clearRun`. */
export interface QueryRun {
	readonly terms: readonly PreparedTerm[];
	/** Every slot whose scratch values were written. */
	readonly written: number[];
	/** Slots scored completely (all others were pruned and cannot reach the pool). */
	readonly scored: number[];
	/** The candidate pool, none of them excluded, in no particular order. */
	readonly pool: number[];
	readonly exact: ReadonlySet<number>;
	readonly named: ReadonlySet<number>;
	/** Bound above any slot's score, bonus and boost: one tier step. */
	readonly tierStep: number;
	/** Whether MaxScore pruning cut the scan short. */
	readonly pruned: boolean;
	/** No tool's proximity bonus is larger (the sum of the query's pair bonuses; 0 without pairs). */
	readonly proximityBound: number;
	/** Abstained before any scan (`abstainEarly`): nothing was scored, the pool is empty. */
	readonly abstained: boolean;
	/** Namespace boost of a slot against the pool's best other tool of its namespace. */
	boostOf(slot: number): number;
	/** Proximity bonus of a slot: the query's word pairs that stand together in its summary. */
	proximityOf(slot: number): number;
	/** Whether {@link proximityOf} may be above 0 for the slot (else it is 0). */
	mayPair(slot: number): boolean;
	/** Reads where the summaries of `slots` lie, together, before {@link proximityOf} walks them one by one. */
	touchSummaries(slots: readonly number[]): void;
}

/** What scoring left: the slots written and scored, the pool, the tier step, whether it pruned. */
export interface RunScores {
	readonly written: number[];
	readonly scored: number[];
	readonly pool: number[];
	readonly tierStep: number;
	readonly pruned: boolean;
}

/** A query's run (see {@link QueryRun}). */
export class PoolRun implements QueryRun {
	readonly exact: ReadonlySet<number>;
	readonly named: ReadonlySet<number>;
	readonly written: number[];
	readonly scored: number[];
	readonly pool: number[];
	readonly tierStep: number;
	readonly pruned: boolean;
	readonly proximityBound: number;
	readonly abstained: boolean;
	readonly #store: IndexStore;
	readonly #boosts: (slot: number) => number;
	readonly #pairs: ProximityPairs;
	readonly #fewest: number;

	/**
	 * `fewest`: the matched-term count (`store.cover`) below which a tool has no pair to look for
	 * (2 after an exhaustive scan, which counts; 1 after MaxScore, which does not).
	 */
	constructor(
		store: IndexStore,
		readonly terms: readonly PreparedTerm[],
		names: NamedTools,
		scores: RunScores,
		boosts: (slot: number) => number,
		pairs: ProximityPairs,
		fewest: number,
		abstained: boolean,
	) {
		this.exact = names.exact;
		this.named = names.named;
		this.written = scores.written;
		this.scored = scores.scored;
		this.pool = scores.pool;
		this.tierStep = scores.tierStep;
		this.pruned = scores.pruned;
		this.proximityBound = pairs.bound;
		this.abstained = abstained;
		this.#store = store;
		this.#boosts = boosts;
		this.#pairs = pairs;
		this.#fewest = fewest;
	}

	/** What {@link touchSummaries} read last (kept so that the reads are not optimised away). */
	touched = 0;

	boostOf(slot: number): number {
		return this.#boosts(slot);
	}

	proximityOf(slot: number): number {
		const store = this.#store;
		return (store.cover[slot] as number) < this.#fewest ? 0 : proximityBonus(store, this.#pairs, slot);
	}

	mayPair(slot: number): boolean {
		return (this.#store.cover[slot] as number) >= this.#fewest && this.#pairs.bonus.length > 0;
	}

	touchSummaries(slots: readonly number[]): void {
		this.touched = touchSummaries(this.#store, this.#pairs, slots);
	}
}
