/**
 * The index store's merge: the tail's postings folded into the main segment and, when tools were
 * removed, the live slots renumbered in order (postings, name keys, forward and summary lists,
 * per-slot arrays and the name → slot map together).
 * @internal
 */
import type { KeyMap } from "./key-map.js";
import type { Postings } from "./postings.js";
import type { SlotLists } from "./slot-lists.js";

/** What a merge reads and rewrites of the index store (a structural type: no import cycle). */
export interface MergeStore {
	merges: number;
	revision: number;
	slots: number;
	dead: number;
	readonly terms: readonly string[];
	readonly postings: Postings;
	readonly keys: KeyMap;
	readonly forward: SlotLists<Int32Array, Uint8Array>;
	readonly summary: SlotLists<Uint8Array, Int32Array>;
	names: (string | undefined)[];
	readonly alive: Uint8Array;
	readonly mark: Uint32Array;
	readonly namespaceOf: Int32Array;
	readonly fieldLength: Uint16Array;
	readonly slotOf: Map<string, number>;
}

/** Folds the tail into the main segment and, when slots died, renumbers the live ones in order. */
export function mergeStore(store: MergeStore, fieldCount: number): void {
	store.merges++;
	store.revision++;
	if (store.dead === 0) {
		store.postings.merge(store.terms.length, undefined);
		store.forward.trim();
		store.summary.trim();
		return;
	}
	const { alive, mark, names, namespaceOf, fieldLength, slotOf } = store;
	const slots = store.slots;
	const remap = new Int32Array(slots);
	let next = 0;
	for (let slot = 0; slot < slots; slot++) remap[slot] = alive[slot] === 1 ? next++ : -1;
	store.postings.merge(store.terms.length, remap);
	store.keys.remap(remap);
	store.forward.compact(remap, slots);
	store.summary.compact(remap, slots);
	for (let slot = 0; slot < slots; slot++) {
		const to = remap[slot] as number;
		if (to < 0) continue;
		names[to] = names[slot];
		alive[to] = 1;
		mark[to] = mark[slot] as number;
		namespaceOf[to] = namespaceOf[slot] as number;
		fieldLength.copyWithin(to * fieldCount, slot * fieldCount, slot * fieldCount + fieldCount);
		slotOf.set(names[to] as string, to);
	}
	store.forward.trim();
	store.summary.trim();
	alive.fill(0, next);
	mark.fill(0, next);
	names.length = next;
	store.slots = next;
	store.dead = 0;
}
