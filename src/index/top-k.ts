/**
 * The engine's one heap: a typed min-heap of the `k` largest scores (MaxScore's threshold), and the
 * best `k` slots in order (the candidate pool and the final cut) derived from it. Measured against
 * a class heap of slots with a name tie-break in each comparison: the typed heap of scores took
 * half the time on 20k candidates, and the pool built on it no longer.
 * @internal
 */

/**
 * The `k`-th largest of `score` among `slots` that pass `keep` (0 when fewer pass). `keep` is
 * called only for slots that would enter the top `k` when offered.
 */
export function kthBest(
	score: Float64Array,
	slots: ArrayLike<number>,
	k: number,
	keep: (slot: number) => boolean,
): number {
	// One heap reused from call to call (a typed array of 100 scores lives outside the JS heap: an
	// allocation per query, and its release, cost more than filling it); taken while in use, since
	// `keep` may run a nested search.
	// At most `slots.length` offers: a heap with room for more never fills and answers 0, as one of
	// `k` (a limit such as 2^53 - 1 asked for an array of that many scores: RangeError).
	const size = Math.min(k, slots.length + 1);
	const best = spare ?? new KthBest(size);
	spare = undefined;
	best.reset(size);
	for (let n = 0; n < slots.length; n++) {
		const slot = slots[n] as number;
		best.offer(slot, score[slot] as number, keep);
	}
	const { threshold } = best;
	spare = best;
	return threshold;
}

/** The heap {@link kthBest} reuses (undefined while a call holds it). */
let spare: KthBest | undefined;

const keepAll = (): boolean => true;

/**
 * The best `k` of `slots` that pass `keep`, by score descending then name ascending (UTF-16 code
 * units): every kept slot scoring at least the {@link kthBest} score, sorted and cut. Scores must
 * be `>= 0`. `keep` is asked only about slots that would enter the top `k` when offered, and again
 * about those at or above the cut (the engine's gate caches its answers, so `exclude` runs once).
 */
export function topK(
	score: Float64Array,
	names: readonly (string | undefined)[],
	slots: ArrayLike<number>,
	k: number,
	keep: (slot: number) => boolean = keepAll,
): number[] {
	if (k <= 0) return [];
	const threshold = kthBest(score, slots, k, keep);
	const found: number[] = [];
	for (let n = 0; n < slots.length; n++) {
		const slot = slots[n] as number;
		if ((score[slot] as number) >= threshold && keep(slot)) found.push(slot);
	}
	if (found.length <= INSERTION_SORTED) insertionSort(found, score, names);
	else found.sort((a, b) => ranked(score, names, a, b));
	if (found.length > k) found.length = k;
	return found;
}

/** Up to this many slots are ranked by insertion: `Array.prototype.sort` allocates its work arrays per call. */
const INSERTION_SORTED = 32;

/** Best first: score descending, then name ascending (code units). */
function ranked(score: Float64Array, names: readonly (string | undefined)[], a: number, b: number): number {
	const sa = score[a] as number;
	const sb = score[b] as number;
	if (sa !== sb) return sb - sa;
	const na = names[a] as string;
	const nb = names[b] as string;
	return na < nb ? -1 : na > nb ? 1 : 0;
}

/** Sorts `slots` in place by {@link ranked} (stable), without allocating. */
function insertionSort(slots: number[], score: Float64Array, names: readonly (string | undefined)[]): void {
	for (let i = 1; i < slots.length; i++) {
		const slot = slots[i] as number;
		let at = i;
		while (at > 0 && ranked(score, names, slots[at - 1] as number, slot) > 0) {
			slots[at] = slots[at - 1] as number;
			at--;
		}
		slots[at] = slot;
	}
}

/**
 * The `k` largest scores offered so far, as a typed min-heap: {@link threshold} is the `k`-th
 * largest (0 while fewer than `k` were kept), the value {@link kthBest} gives for the same offers.
 * For a search that scores tools in batches and raises its pruning threshold as it goes.
 */
export class KthBest {
	#heap: Float64Array;
	#size = 0;
	#k: number;

	constructor(k: number) {
		this.#k = k;
		this.#heap = new Float64Array(Math.max(1, k));
	}

	/** How many best scores are kept. */
	get k(): number {
		return this.#k;
	}

	/** Empties the heap, to keep the `k` best from now on (the same heap, grown if `k` needs it). */
	reset(k: number = this.#k): void {
		if (this.#heap.length < k) this.#heap = new Float64Array(k);
		this.#k = k;
		this.#size = 0;
	}

	/** The `k`-th largest score kept, or 0 while fewer than `k` were kept. */
	get threshold(): number {
		return this.#size < this.#k ? 0 : (this.#heap[0] as number);
	}

	/**
	 * Offers `slot` with `value`; `keep` is asked only when the value would enter the top `k`
	 * (as in {@link kthBest}).
	 */
	offer(slot: number, value: number, keep: (slot: number) => boolean): void {
		const heap = this.#heap;
		const k = this.#k;
		if (k <= 0 || (this.#size === k && value <= (heap[0] as number)) || !keep(slot)) return;
		let i: number;
		if (this.#size < k) {
			i = this.#size++;
			while (i > 0) {
				const parent = (i - 1) >> 1;
				const above = heap[parent] as number;
				if (above <= value) break;
				heap[i] = above;
				i = parent;
			}
		} else {
			i = 0;
			for (;;) {
				const left = 2 * i + 1;
				if (left >= k) break;
				const right = left + 1;
				const child = right < k && (heap[right] as number) < (heap[left] as number) ? right : left;
				const below = heap[child] as number;
				if (below >= value) break;
				heap[i] = below;
				i = child;
			}
		}
		heap[i] = value;
	}
}
