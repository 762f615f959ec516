/**
 * The best `k` slots as a set, in no particular order: the slots `topK` returns, without sorting
 * them. The candidate pool needs only its members (its order is never read: the final cut sorts
 * again), and sorting 100 pool slots by score and name was a tenth of a query on a 500-tool
 * catalogue.
 * @internal
 */
import { kthBest } from "./top-k.js";

const keepAll = (): boolean => true;

/**
 * The slots of `topK(score, names, slots, k, keep)`, in slot-list order rather than ranked: every
 * kept slot scoring above the {@link kthBest} score, and of those scoring exactly that, the first
 * by name (code units) until there are `k`. Scores must be `>= 0`; `keep` is asked about the
 * slots `topK` asks about (once each when all fit).
 */
export function bestSet(
	score: Float64Array,
	names: readonly (string | undefined)[],
	slots: ArrayLike<number>,
	k: number,
	keep: (slot: number) => boolean = keepAll,
): number[] {
	if (k <= 0) return [];
	// Room for every slot: all the kept ones (kthBest would be 0, or the least of them).
	if (k >= slots.length) {
		const kept: number[] = [];
		for (let n = 0; n < slots.length; n++) if (keep(slots[n] as number)) kept.push(slots[n] as number);
		return kept;
	}
	const threshold = kthBest(score, slots, k, keep);
	const found: number[] = [];
	let tied: number[] | undefined;
	for (let n = 0; n < slots.length; n++) {
		const slot = slots[n] as number;
		const value = score[slot] as number;
		if (value < threshold || !keep(slot)) continue;
		if (value > threshold) found.push(slot);
		else {
			tied ??= [];
			tied.push(slot);
		}
	}
	if (tied === undefined) return found;
	if (found.length + tied.length > k) {
		tied.sort((a, b) => {
			const na = names[a] as string;
			const nb = names[b] as string;
			return na < nb ? -1 : na > nb ? 1 : 0;
		});
		tied.length = k - found.length;
	}
	for (let i = 0; i < tied.length; i++) found.push(tied[i] as number);
	return found;
}
