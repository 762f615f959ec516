/**
 * Vocabulary compaction: terms no live tool has (document frequency 0, left behind by `remove` and
 * `update`) are dropped from the term map, the postings, the forward lists and the summary
 * sequences, and the live terms renumbered in order. Without it, an index whose tools keep changing
 * words (a timestamp in a description, say) grows by a term per update forever.
 * @internal
 */
import { grow } from "../internal/grow.js";
import type { Postings } from "./postings.js";
import type { SlotLists } from "./slot-lists.js";

/** What compaction reads and rewrites of the index store (a structural type: no import cycle). */
export interface VocabularyStore {
	readonly termIds: Map<string, number>;
	readonly terms: string[];
	readonly df: Int32Array;
	deadTerms: number;
	vocabularyVersion: number;
	readonly slots: number;
	readonly forward: SlotLists<Int32Array, Uint8Array>;
	readonly summary: SlotLists<Uint8Array, Int32Array>;
	readonly postings: Postings;
	merge(): void;
}

import { encodeTermSet, forEachTerm, MAX_BYTES_PER_TERM } from "./term-set-bytes.js";

/** Whether dead terms dominate enough to pay for a compaction (amortised: at least `minimum` of them). */
export function vocabularyNeedsCompaction(store: VocabularyStore, minimum: number): boolean {
	const dead = store.deadTerms;
	return dead > minimum && dead > store.terms.length - dead;
}

/**
 * Drops the dead terms. Merges first (the tail and any dead slots folded away), so that a dead term
 * has no postings left and only the offsets move. Term ids keep their order, so the sorted forward
 * lists stay sorted and every ranking stays the same.
 */
export function compactVocabulary(store: VocabularyStore): void {
	store.merge();
	const count = store.terms.length;
	const remap = new Int32Array(count);
	let next = 0;
	for (let t = 0; t < count; t++) remap[t] = (store.df[t] as number) > 0 ? next++ : -1;
	if (next === count) {
		store.deadTerms = 0;
		return;
	}
	dropTerms(store.postings, remap, next);
	const terms = store.terms;
	store.termIds.clear();
	for (let t = 0; t < count; t++) {
		const to = remap[t] as number;
		if (to < 0) continue;
		terms[to] = terms[t] as string;
		store.df[to] = store.df[t] as number;
		store.termIds.set(terms[to] as string, to);
	}
	terms.length = next;
	store.df.fill(0, next, count);
	store.vocabularyVersion++;
	renumberForward(store, remap);
	const { values, used } = store.summary;
	for (let i = 0; i < used; i++) values[i] = remap[values[i] as number] as number;
	store.deadTerms = 0;
}

/** Re-encodes each slot's forward list with the new term ids (never longer: gaps only shrink). */
function renumberForward(store: VocabularyStore, remap: Int32Array): void {
	const forward = store.forward;
	const { start, count, values } = forward;
	const out = new Uint8Array(Math.max(1024, forward.used));
	let ids = new Int32Array(256);
	let sorted = new Int32Array(256);
	let bytes = new Uint8Array(256 * MAX_BYTES_PER_TERM);
	let used = 0;
	for (let slot = 0; slot < store.slots; slot++) {
		const from = start[slot] as number;
		const length = count[slot] as number;
		let n = 0;
		forEachTerm(values, from, from + length, (term) => {
			if (n === ids.length) {
				ids = grow(ids, n + 1);
				sorted = new Int32Array(ids.length);
				bytes = new Uint8Array(ids.length * MAX_BYTES_PER_TERM);
			}
			ids[n++] = remap[term] as number;
		});
		const size = encodeTermSet(ids, n, sorted, bytes);
		out.set(bytes.subarray(0, size), used);
		start[slot] = used;
		count[slot] = size;
		used += size;
	}
	forward.values = out;
	forward.used = used;
}

/**
 * Renumbers the main segment's terms by `remap` (`-1`: dropped, and its range must be empty): only
 * the offsets and the per-term impact bookkeeping move; the pairs, entries and impacts stay.
 */
function dropTerms(postings: Postings, remap: Int32Array, live: number): void {
	const { offsets, metaOffsets, impactStamp, largestImpact, mainTerms } = postings;
	const newOffsets = new Int32Array(live + 1);
	const newMetaOffsets = new Int32Array(live + 1);
	const newStamp = new Int32Array(live);
	const newLargest = new Float32Array(live);
	for (let t = 0; t < mainTerms; t++) {
		const to = remap[t] as number;
		if (to < 0) {
			if (offsets[t + 1] !== offsets[t])
				throw new Error(`tool-search: internal error: dead term ${t} has postings`);
			continue;
		}
		newOffsets[to] = offsets[t] as number;
		newMetaOffsets[to] = metaOffsets[t] as number;
		newStamp[to] = impactStamp[t] as number;
		newLargest[to] = largestImpact[t] as number;
	}
	newOffsets[live] = offsets[mainTerms] as number;
	newMetaOffsets[live] = metaOffsets[mainTerms] as number;
	postings.offsets = newOffsets;
	postings.metaOffsets = newMetaOffsets;
	postings.impactStamp = newStamp;
	postings.largestImpact = newLargest;
	postings.mainTerms = live;
}
