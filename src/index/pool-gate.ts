/**
 * The exclusion test of one query, `exclude` read through marks in the store.
 * @internal
 */
import type { ToolExclusion } from "./exclusion.js";
import type { IndexStore } from "./index-store.js";
import type { PoolGate } from "./maxscore.js";

/** Keeps every tool: the gate of a query without `exclude` (one function, not one per query). */
const keepAll = (_slot: number): boolean => true;

/**
 * The exclusion test of one query (marks in the store): a set of names is marked up front, one
 * lookup per name, so the test is a read of the mark; a function is asked at most once per tool.
 */
export function poolGate(store: IndexStore, exclude: ToolExclusion | undefined): PoolGate {
	if (store.queryEpoch >= 0x3fffffff) {
		store.filterMark.fill(0);
		store.queryEpoch = 0;
	}
	const epoch = ++store.queryEpoch;
	const { filterMark, names } = store;
	if (exclude === undefined) return { epoch, keep: keepAll };
	if (typeof exclude !== "function") {
		for (const name of exclude) {
			const slot = store.slotOfName(name);
			if (slot !== undefined) filterMark[slot] = -epoch;
		}
		return { epoch, keep: (slot) => filterMark[slot] !== -epoch };
	}
	const keep = (slot: number): boolean => {
		const held = filterMark[slot] as number;
		if (held === epoch) return true;
		if (held === -epoch) return false;
		const ok = !exclude(names[slot] as string);
		filterMark[slot] = ok ? epoch : -epoch;
		return ok;
	};
	return { epoch, keep };
}
