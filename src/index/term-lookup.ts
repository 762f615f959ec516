/**
 * Looking terms up for given tools rather than scanning them: interpolation (`seek`) and galloping
 * search through a term's pairs, one tool's postings of a term (explain), one tool's tf and
 * contribution for a term, its score (named tools, which MaxScore may not have scanned) and its
 * local-name bonus unit.
 * @internal
 */
import { mainImpacts } from "./impacts.js";
import type { IndexStore } from "./index-store.js";
import { PAIR_START } from "./postings.js";
import { bm25PlusTermScore, localNameUnit } from "./scoring.js";
import { NAME_FIELD, type ScoringContext } from "./scoring-context.js";
import { type PreparedTerm, type PreparedVariant, tailPairEnd, tailTf } from "./term-scan.js";

/** The first index in `[from, to)` whose value (at `index * stride` of `values`) is ≥ `slot`: galloping search. */
export function gallop(
	values: ArrayLike<number>,
	stride: number,
	from: number,
	to: number,
	slot: number,
): number {
	if (from >= to || (values[from * stride] as number) >= slot) return from;
	let low = from;
	let step = 1;
	let high = from + 1;
	while (high < to && (values[high * stride] as number) < slot) {
		low = high;
		step *= 2;
		high = low + step;
	}
	let lo = low + 1;
	let hi = Math.min(high, to);
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if ((values[mid * stride] as number) < slot) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/**
 * The first index in `[from, to)` of `slots` (ascending) whose slot is ≥ `slot`, as {@link gallop}
 * gives it, found from a guess: slots are spread over their range about evenly, so the slot is
 * looked for where it would be if they were (interpolation), then by galloping away from the guess
 * (forward or back) and a binary search. A few reads where a gallop from `from` takes two per
 * doubling of the distance, each a cache miss in a long list.
 */
export function seek(slots: Int32Array, from: number, to: number, slot: number): number {
	if (from >= to) return from;
	const first = slots[from] as number;
	if (first >= slot) return from;
	const lastAt = to - 1;
	const last = slots[lastAt] as number;
	if (last < slot) return to;
	// first < slot <= last: the answer is in (from, lastAt]; slots rise by at least 1 a pair, so the
	// guess is at most `slot - first` past `from`.
	const guess = Math.min(lastAt, from + Math.floor(((slot - first) * (lastAt - from)) / (last - first)));
	let below: number;
	let atOrAbove: number;
	if ((slots[guess] as number) < slot) {
		below = guess;
		let step = 1;
		atOrAbove = guess + 1;
		while (atOrAbove < lastAt && (slots[atOrAbove] as number) < slot) {
			below = atOrAbove;
			step *= 2;
			atOrAbove = below + step;
		}
		if (atOrAbove > lastAt) atOrAbove = lastAt;
	} else {
		atOrAbove = guess;
		let step = 1;
		below = guess - 1;
		while (below > from && (slots[below] as number) >= slot) {
			atOrAbove = below;
			step *= 2;
			below = atOrAbove - step;
		}
		if (below < from) below = from;
	}
	// slots[below] < slot <= slots[atOrAbove]
	while (atOrAbove - below > 1) {
		const mid = (below + atOrAbove) >>> 1;
		if ((slots[mid] as number) < slot) below = mid;
		else atOrAbove = mid;
	}
	return atOrAbove;
}

/**
 * The postings (packed field and frequency, without {@link PAIR_START}) of `termId` in `slot`, in
 * field order: a search for the pair, then a walk to its entries.
 */
export function postingsIn(store: IndexStore, termId: number, slot: number): number[] {
	const found: number[] = [];
	const { offsets, docs, metaOffsets, meta, tail, mainTerms } = store.postings;
	if (termId < mainTerms) {
		const end = offsets[termId + 1] as number;
		const at = gallop(docs, 1, offsets[termId] as number, end, slot);
		if (at < end && docs[at] === slot) {
			const metaEnd = metaOffsets[termId + 1] as number;
			let e = metaOffsets[termId] as number;
			for (let k = offsets[termId] as number; k < at; k++) {
				do e++;
				while (e < metaEnd && ((meta[e] as number) & PAIR_START) === 0);
			}
			do found.push((meta[e++] as number) & ~PAIR_START);
			while (e < metaEnd && ((meta[e] as number) & PAIR_START) === 0);
		}
	}
	const list = tail[termId];
	if (list !== undefined) {
		// Tail entries are in slot order too: search over the pairs.
		const at = gallop(list, 2, 0, list.length >>> 1, slot);
		for (let i = at * 2; i < list.length && list[i] === slot; i += 2) found.push(list[i + 1] as number);
	}
	return found;
}

/** The tf of `termId` in the tool in `slot` (0 when it has none): cached impact or tail entries. */
export function slotTf(ctx: ScoringContext, termId: number, slot: number): number {
	const { offsets, docs, tail, mainTerms } = ctx.store.postings;
	if (termId < mainTerms) {
		const end = offsets[termId + 1] as number;
		const p = seek(docs, offsets[termId] as number, end, slot);
		if (p < end && docs[p] === slot) return mainImpacts(ctx, termId)[p] as number;
	}
	const list = tail[termId];
	if (list === undefined) return 0;
	const pairs = list.length >>> 1;
	const p = gallop(list, 2, 0, pairs, slot);
	if (p >= pairs || list[p * 2] !== slot) return 0;
	return tailTf(ctx, list, p * 2, tailPairEnd(list, p * 2), slot);
}

/**
 * What `term` gives the tool in `slot`, by lookups: its best variant's contribution (0 when none
 * has the tool) and that variant (the first of equals, as scans keep it).
 */
export function lookUpTerm(
	ctx: ScoringContext,
	term: PreparedTerm,
	slot: number,
): { readonly contribution: number; readonly variant: PreparedVariant | undefined } {
	const { weights } = ctx;
	let contribution = 0;
	let best: PreparedVariant | undefined;
	const { variants } = term;
	for (let i = 0; i < variants.length; i++) {
		const variant = variants[i] as PreparedVariant;
		const tf =
			variant.slots !== undefined
				? variant.slots.includes(slot)
					? (weights[NAME_FIELD] as number)
					: 0
				: slotTf(ctx, variant.termId, slot);
		if (tf <= 0) continue;
		const score = bm25PlusTermScore(tf, variant.idf, ctx);
		if (score > contribution) {
			contribution = score;
			best = variant;
		}
	}
	return { contribution, variant: best };
}

/**
 * The score of the tool in `slot` by lookups: its terms' contributions added in `order` (the scan
 * order), as a scan of every term adds them — so equal to the last bit.
 */
export function lookUpScore(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	order: readonly number[],
	slot: number,
): number {
	if (ctx.store.alive[slot] !== 1) return 0;
	let total = 0;
	for (let i = 0; i < order.length; i++) {
		const { contribution } = lookUpTerm(ctx, terms[order[i] as number] as PreparedTerm, slot);
		if (contribution > 0) total += contribution;
	}
	return total;
}

/**
 * The local-name bonus unit of the tool in `slot`: over the query terms it matches, the sum of
 * `idf · (1 + δ)` of the variant that scored best for it (the first of equals, as scans keep it).
 * Computed only for the few tools whose name is in the query, so scans do not carry it.
 */
export function matchedUnits(ctx: ScoringContext, terms: readonly PreparedTerm[], slot: number): number {
	if (ctx.store.alive[slot] !== 1) return 0;
	let units = 0;
	for (let i = 0; i < terms.length; i++) {
		const { variant } = lookUpTerm(ctx, terms[i] as PreparedTerm, slot);
		if (variant !== undefined) units += localNameUnit(variant.idf, ctx.delta);
	}
	return units;
}
