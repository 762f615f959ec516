/**
 * The per-query constants the scoring loops read (field weights, length normalisation, BM25
 * parameters), and the epoch of the cached impacts they are valid for.
 * @internal
 */
import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { FIELD_COUNT, type IndexStore } from "./index-store.js";
import { lengthNorm } from "./scoring.js";

/** The index of the name field (a glossary entry naming tools counts as once in their name). */
export const NAME_FIELD = TOOL_SEARCH_FIELDS.indexOf("name");

/** Everything the scoring loops read, computed once per query. */
export interface ScoringContext {
	readonly store: IndexStore;
	/** Field weights in field order. */
	readonly weights: Float64Array;
	/** Per field: dividing by `c0 + c1 * length` is BM25's length normalisation (`lengthNorm`). */
	readonly c0: Float64Array;
	readonly c1: Float64Array;
	readonly k1: number;
	readonly delta: number;
	/** The stamp of main-segment impacts computed with these parameters. */
	readonly impactEpoch: number;
}

/** The context last built for a store, and what it was built from. */
interface HeldContext {
	readonly options: ResolvedToolSearchIndexOptions;
	readonly live: number;
	readonly totalLength: Float64Array;
	/** `postings.impactKey` when built: replaced whenever the impact epoch moves. */
	readonly impactKey: Float64Array;
	readonly ctx: ScoringContext;
}

/**
 * Per store, its last context: a query on an unchanged index reuses it instead of allocating five
 * arrays and comparing impact keys (5–7% of a query on a 500-tool catalogue).
 */
const held = new WeakMap<IndexStore, HeldContext>();

/**
 * The scoring constants of a query; starts a new impact epoch when they changed. The same object
 * while the options (resolved options are frozen), the live tool count, the field length totals
 * and the impact key stay the same: everything the constants are computed from.
 */
export function scoringContext(store: IndexStore, options: ResolvedToolSearchIndexOptions): ScoringContext {
	const last = held.get(store);
	if (
		last !== undefined &&
		last.options === options &&
		last.live === store.live &&
		last.impactKey === store.postings.impactKey &&
		sameValues(last.totalLength, store.totalLength)
	) {
		return last.ctx;
	}
	const ctx = buildScoringContext(store, options);
	held.set(store, {
		options,
		live: store.live,
		totalLength: store.totalLength.slice(),
		impactKey: store.postings.impactKey,
		ctx,
	});
	return ctx;
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
	return true;
}

/** {@link scoringContext} computed afresh. */
function buildScoringContext(store: IndexStore, options: ResolvedToolSearchIndexOptions): ScoringContext {
	const { k1, b, delta } = options.bm25;
	const c0 = new Float64Array(FIELD_COUNT);
	const c1 = new Float64Array(FIELD_COUNT);
	for (let f = 0; f < FIELD_COUNT; f++) {
		const norm = lengthNorm(b, store.live > 0 ? (store.totalLength[f] as number) / store.live : 0);
		c0[f] = norm.c0;
		c1[f] = norm.c1;
	}
	const weights = Float64Array.from(TOOL_SEARCH_FIELDS, (field) => options.fieldWeights[field]);
	// Cached impacts stay valid while weights and length normalisation are the same: a tool added or
	// removed moves the average lengths and so starts a new epoch.
	const postings = store.postings;
	const key = new Float64Array(3 * FIELD_COUNT);
	key.set(weights, 0);
	key.set(c0, FIELD_COUNT);
	key.set(c1, 2 * FIELD_COUNT);
	const current = postings.impactKey;
	if (current.length !== key.length || key.some((value, i) => value !== current[i])) {
		postings.impactKey = key;
		postings.impactEpoch++;
	}
	return { store, weights, c0, c1, k1, delta, impactEpoch: postings.impactEpoch };
}
