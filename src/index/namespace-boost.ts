/**
 * The namespace rule within the candidate pool: a tool gets a share of the best score among the
 * other pool tools of its namespace (siblings of a strong match are likely what the agent needs
 * next). Per namespace, the pool's best and second-best scores, kept in typed scratch arrays per
 * store and stamped per query: a Map of records per query was 4% of a query on a 500-tool catalogue.
 * @internal
 */
import type { IndexStore } from "./index-store.js";
import { namespaceBoostOf } from "./scoring.js";

/** Per namespace id: the stamp of the query that wrote the entry, the best and second-best scores. */
interface NamespaceScratch {
	stamp: Int32Array;
	first: Float64Array;
	firstSlot: Int32Array;
	second: Float64Array;
	query: number;
}

const scratchOf = new WeakMap<IndexStore, NamespaceScratch>();

function scratch(store: IndexStore): NamespaceScratch {
	const size = Math.max(16, store.namespaceIds.size);
	let held = scratchOf.get(store);
	if (held === undefined || held.stamp.length < size) {
		held = {
			stamp: new Int32Array(size * 2),
			first: new Float64Array(size * 2),
			firstSlot: new Int32Array(size * 2),
			second: new Float64Array(size * 2),
			query: 0,
		};
		scratchOf.set(store, held);
	}
	if (held.query >= 0x3fffffff) {
		held.stamp.fill(0);
		held.query = 0;
	}
	held.query++;
	return held;
}

/**
 * The namespace boost of each pool tool, `namespaceBoostOf(weight, best other pool score of its
 * namespace)` (0 without a namespace or a sibling), reading `store.score`. Valid until the next
 * query on `store`, like the rest of a query's scratch values.
 */
export function namespaceBoosts(
	store: IndexStore,
	pool: readonly number[],
	weight: number,
): (slot: number) => number {
	if (weight <= 0 || pool.length === 0) return () => 0;
	const { namespaceOf, score } = store;
	const held = scratch(store);
	const { stamp, first, firstSlot, second, query } = held;
	for (let i = 0; i < pool.length; i++) {
		const slot = pool[i] as number;
		const ns = namespaceOf[slot] as number;
		if (ns < 0) continue;
		const value = score[slot] as number;
		if (stamp[ns] !== query) {
			stamp[ns] = query;
			first[ns] = value;
			firstSlot[ns] = slot;
			second[ns] = 0;
		} else if (value > (first[ns] as number)) {
			second[ns] = first[ns] as number;
			first[ns] = value;
			firstSlot[ns] = slot;
		} else if (value > (second[ns] as number)) second[ns] = value;
	}
	return (slot) => {
		const ns = namespaceOf[slot] as number;
		if (ns < 0 || stamp[ns] !== query) return 0;
		return namespaceBoostOf(weight, firstSlot[ns] === slot ? (second[ns] as number) : (first[ns] as number));
	};
}
