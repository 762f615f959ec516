/**
 * Looking terms up for given tools rather than scanning them: intersecting a sorted list of tools
 * with a term's postings (MaxScore's second phase), one tool's postings of a term (explain), one
 * tool's tf for a term, and the local-name bonus unit of one tool.
 * @internal
 */
import { mainImpacts } from "./impacts.js";
import type { IndexStore } from "./index-store.js";
import { PAIR_START } from "./postings.js";
import { bm25PlusTermScore, localNameUnit } from "./scoring.js";
import { NAME_FIELD, type ScoringContext } from "./scoring-context.js";
import { credit, type PreparedTerm, type ScanSink, tailPairEnd, tailTf } from "./term-scan.js";

/** The first index in `[from, to)` whose value (at `index * stride` of `values`) is ≥ `slot`: galloping search. */
function gallop(values: ArrayLike<number>, stride: number, from: number, to: number, slot: number): number {
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
 * Adds a term's contribution to the given tools only (`sorted`: slots in ascending order), by
 * intersecting them with the term's postings (galloping, so the cost follows the smaller list).
 */
export function intersectTerm(ctx: ScoringContext, term: PreparedTerm, sorted: ArrayLike<number>): void {
	const { store, weights } = ctx;
	const direct = term.variants.length === 1 && term.variants[0]?.slots === undefined;
	const sink: ScanSink = { direct, touched: [], termTouched: [], onlyMark: undefined, onlyEpoch: 0 };
	const { offsets, docs, tail, mainTerms } = store.postings;
	for (const variant of term.variants) {
		if (variant.slots !== undefined) {
			const tf = weights[NAME_FIELD] as number;
			for (let i = 0; i < sorted.length; i++) {
				const slot = sorted[i] as number;
				if (variant.slots.includes(slot)) credit(ctx, sink, slot, tf, variant.idf);
			}
			continue;
		}
		const id = variant.termId;
		if (id < mainTerms) {
			const impacts = mainImpacts(ctx, id);
			const end = offsets[id + 1] as number;
			let p = offsets[id] as number;
			for (let i = 0; i < sorted.length && p < end; i++) {
				const slot = sorted[i] as number;
				p = gallop(docs, 1, p, end, slot);
				if (p < end && docs[p] === slot) credit(ctx, sink, slot, impacts[p++] as number, variant.idf);
			}
		}
		const list = tail[id];
		if (list !== undefined) {
			const pairs = list.length >>> 1;
			let p = 0;
			for (let i = 0; i < sorted.length && p < pairs; i++) {
				const slot = sorted[i] as number;
				p = gallop(list, 2, p, pairs, slot);
				if (p >= pairs || list[p * 2] !== slot) continue;
				const to = tailPairEnd(list, p * 2);
				credit(ctx, sink, slot, tailTf(ctx, list, p * 2, to, slot), variant.idf);
				p = to >>> 1;
			}
		}
	}
	if (direct) return;
	const { termScore, score, cover } = store;
	for (const slot of sink.termTouched) {
		score[slot] = (score[slot] as number) + (termScore[slot] as number);
		cover[slot] = (cover[slot] as number) + 1;
		termScore[slot] = 0;
	}
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
function slotTf(ctx: ScoringContext, termId: number, slot: number): number {
	const { offsets, docs, tail, mainTerms } = ctx.store.postings;
	if (termId < mainTerms) {
		const end = offsets[termId + 1] as number;
		const p = gallop(docs, 1, offsets[termId] as number, end, slot);
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
 * The local-name bonus unit of the tool in `slot`: over the query terms it matches, the sum of
 * `idf · (1 + δ)` of the variant that scored best for it (the first of equals, as scans keep it).
 * Computed only for the few tools whose name is in the query, so scans do not carry it.
 */
export function matchedUnits(ctx: ScoringContext, terms: readonly PreparedTerm[], slot: number): number {
	const { store, weights, delta } = ctx;
	if (store.alive[slot] !== 1) return 0;
	let units = 0;
	for (const term of terms) {
		let best = 0;
		let unit = 0;
		for (const variant of term.variants) {
			const tf =
				variant.slots !== undefined
					? variant.slots.includes(slot)
						? (weights[NAME_FIELD] as number)
						: 0
					: slotTf(ctx, variant.termId, slot);
			if (tf <= 0) continue;
			const score = bm25PlusTermScore(tf, variant.idf, ctx);
			if (score > best) {
				best = score;
				unit = localNameUnit(variant.idf, delta);
			}
		}
		units += unit;
	}
	return units;
}
