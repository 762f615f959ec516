/**
 * Prefix lookups over the vocabulary: which indexed words begin with a query word. A sorted copy of
 * the vocabulary answers by binary search; words added since the last sort sit in a short unsorted
 * tail that is scanned, and the copy is re-sorted when the tail grows past an eighth of it (so a
 * host adding tools one at a time pays for a sort rarely) or the vocabulary is compacted.
 */
import type { IndexStore } from "./index-store.js";

interface SortedVocabulary {
	/** `store.vocabularyVersion` when built: a compaction renumbers the terms. */
	readonly version: number;
	/** Term ids `[0, covered)` sorted by their words (code units). */
	readonly sorted: Int32Array;
	readonly covered: number;
}

const cache = new WeakMap<IndexStore, SortedVocabulary>();

/** Fewest unsorted terms scanned before a re-sort is considered. */
const MIN_TAIL = 1024;

function sortedVocabulary(store: IndexStore): SortedVocabulary {
	const held = cache.get(store);
	const count = store.terms.length;
	if (
		held !== undefined &&
		held.version === store.vocabularyVersion &&
		count - held.covered <= Math.max(MIN_TAIL, held.covered >>> 3)
	) {
		return held;
	}
	const { terms } = store;
	const ids = Array.from({ length: count }, (_, id) => id);
	ids.sort((a, b) => {
		const x = terms[a] as string;
		const y = terms[b] as string;
		return x < y ? -1 : x > y ? 1 : 0;
	});
	const built = { version: store.vocabularyVersion, sorted: Int32Array.from(ids), covered: count };
	cache.set(store, built);
	return built;
}

/** The first position in `sorted` whose word is not below `word`. */
function lowerBound(store: IndexStore, sorted: Int32Array, word: string): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if ((store.terms[sorted[mid] as number] as string) < word) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/**
 * Calls `visit(id)` for every term id (live or not) whose word is longer than `word` and begins
 * with it, sorted ones first in word order, then the unsorted tail in id order.
 */
export function forEachCompletion(store: IndexStore, word: string, visit: (id: number) => void): void {
	const { sorted, covered } = sortedVocabulary(store);
	const { terms } = store;
	for (let i = lowerBound(store, sorted, word); i < sorted.length; i++) {
		const id = sorted[i] as number;
		const candidate = terms[id] as string;
		if (!candidate.startsWith(word)) break;
		if (candidate.length > word.length) visit(id);
	}
	for (let id = covered; id < terms.length; id++) {
		const candidate = terms[id] as string;
		if (candidate.length > word.length && candidate.startsWith(word)) visit(id);
	}
}
