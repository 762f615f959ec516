import { mainImpacts } from "./impacts.js";
import { FIELD_COUNT } from "./index-store.js";
import { MAX_POSTING_TF, metaField } from "./postings.js";
import type { PlannedTerm, QueryPlan, TermVariant } from "./query-plan.js";
import { bm25PlusTermBound, bm25PlusTermScore, fieldShare, variantIdf } from "./scoring.js";
import { NAME_FIELD, type ScoringContext } from "./scoring-context.js";

/** A variant with its idf (times its weight) resolved. */
export interface PreparedVariant extends TermVariant {
	readonly idf: number;
	readonly documentFrequency: number;
}

/** A query term ready to score: its usable variants, an upper bound of its contribution, and how it fared. */
export interface PreparedTerm {
	readonly term: string;
	readonly variants: readonly PreparedVariant[];
	/**
	 * No tool can get more than this from the term: its best variant's contribution at the largest
	 * tf any tool has for it (at most `idf * (k1 + 1 + delta)`).
	 */
	readonly ub: number;
	/** The largest variant idf (for the tier bound). */
	readonly idf: number;
	/** Some indexed tool has it (itself or an expansion). */
	readonly matched: boolean;
	/**
	 * Every matching variant is in more than half the tools (and more than 8), or the term is
	 * filler (a conversational word or a bare number).
	 */
	readonly generic: boolean;
}

/** A term in more than half the tools, and in more than 8 (small catalogues have none), is generic. */
export function isGeneric(documentFrequency: number, documentCount: number): boolean {
	return documentFrequency > Math.max(8, documentCount / 2);
}

/** Queries of at most this many terms are put in scan order by insertion (see {@link scanOrder}). */
const INSERTION_SORTED_TERMS = 32;

/**
 * The order every path adds a tool's term contributions in: decreasing bound, then query order.
 * One order for all, so that a pruned search's scores equal an exhaustive one's to the last bit.
 */
export function scanOrder(terms: readonly PreparedTerm[]): number[] {
	if (terms.length > INSERTION_SORTED_TERMS) {
		return terms
			.map((_, i) => i)
			.sort((a, b) => (terms[b] as PreparedTerm).ub - (terms[a] as PreparedTerm).ub || a - b);
	}
	// Insertion sort (stable, so equal bounds stay in query order): a query has few terms, and a
	// sort with a comparator closure cost more than the terms' scans on a small catalogue.
	const order: number[] = [];
	for (let i = 0; i < terms.length; i++) {
		const ub = (terms[i] as PreparedTerm).ub;
		let at = order.length;
		order.push(i);
		while (at > 0 && (terms[order[at - 1] as number] as PreparedTerm).ub < ub) {
			order[at] = order[at - 1] as number;
			at--;
		}
		order[at] = i;
	}
	return order;
}

/** Resolves each planned term's variants (document frequency, idf) and bounds. */
export function prepareTerms(ctx: ScoringContext, plan: QueryPlan): PreparedTerm[] {
	const out: PreparedTerm[] = [];
	for (let i = 0; i < plan.terms.length; i++) out.push(prepareTerm(ctx, plan.terms[i] as PlannedTerm));
	return out;
}

/** Resolves one planned term's variants (document frequency, idf) and bound (see {@link prepareTerms}). */
export function prepareTerm(ctx: ScoringContext, planned: PlannedTerm): PreparedTerm {
	const { store, weights } = ctx;
	const n = store.live;
	const variants: PreparedVariant[] = [];
	let best = 0;
	let bound = 0;
	let generic = true;
	const planVariants = planned.variants;
	for (let i = 0; i < planVariants.length; i++) {
		const variant = planVariants[i] as TermVariant;
		if (!(variant.weight > 0)) continue;
		let df: number;
		if (variant.slots !== undefined) {
			df = variant.slots.filter((slot) => store.alive[slot] === 1).length;
			if (df > 0) generic = false;
		} else {
			df = store.df[variant.termId] as number;
			if (df > 0 && !isGeneric(df, n)) generic = false;
		}
		if (df <= 0) continue;
		const idf = variantIdf(n, df, variant.weight);
		if (idf > best) best = idf;
		// The largest tf any tool has for the variant bounds its contribution (BM25 grows with tf).
		const tf = variant.slots !== undefined ? (weights[NAME_FIELD] as number) : largestTf(ctx, variant.termId);
		const variantBound = bm25PlusTermBound(tf, idf, ctx);
		if (variantBound > bound) bound = variantBound;
		// Written out, not spread: spreading variants of two shapes took 15% of a small catalogue's query.
		const { term, termId, weight, via, slots } = variant;
		variants.push(
			slots === undefined
				? { term, termId, weight, via, idf, documentFrequency: df }
				: { term, termId, weight, via, slots, idf, documentFrequency: df },
		);
	}
	const matched = variants.length > 0;
	return {
		term: planned.term,
		variants,
		ub: bound,
		idf: best,
		matched,
		generic: matched && (generic || planned.filler),
	};
}

/**
 * The largest tf of `termId` in any tool: the main segment's largest cached impact, or unbounded
 * while the tail holds entries of the term (they are few and not cached).
 */
function largestTf(ctx: ScoringContext, termId: number): number {
	const postings = ctx.store.postings;
	if (postings.tail[termId] !== undefined || termId >= postings.mainTerms) return Number.POSITIVE_INFINITY;
	mainImpacts(ctx, termId);
	return postings.largestImpact[termId] as number;
}

/**
 * The weighted, normalised frequency of one packed posting in `slot` (`fieldShare`). A pair's tf is
 * the float32 rounding of the sum of its postings' shares in field order (`pairTf`), on every path
 * (cached impacts, tail scans, explain), so that scores do not depend on which part of the index
 * holds a tool.
 */
export function postingShare(ctx: ScoringContext, slot: number, packed: number): number {
	const f = metaField(packed);
	return fieldShare(
		packed & MAX_POSTING_TF,
		ctx.weights[f] as number,
		ctx.c0[f] as number,
		ctx.c1[f] as number,
		ctx.store.fieldLength[slot * FIELD_COUNT + f] as number,
	);
}

/** Where a scan puts what it finds: the totals directly, or per-term staging (several variants). */
export interface ScanSink {
	readonly direct: boolean;
	readonly touched: number[];
	readonly termTouched: number[];
}

/** Credits one tool with a variant's contribution, given its summed weighted frequency `tf`. */
export function credit(ctx: ScoringContext, sink: ScanSink, slot: number, tf: number, idf: number): void {
	const { store } = ctx;
	if (tf <= 0 || store.alive[slot] !== 1) return;
	const contribution = bm25PlusTermScore(tf, idf, ctx);
	if (sink.direct) {
		store.score[slot] = (store.score[slot] as number) + contribution;
		if (store.cover[slot] === 0) sink.touched.push(slot);
		store.cover[slot] = (store.cover[slot] as number) + 1;
		return;
	}
	const held = store.termScore[slot] as number;
	if (held === 0) sink.termTouched.push(slot);
	if (contribution > held) store.termScore[slot] = contribution;
}

/**
 * The hot loop of a query: one term's main-segment pairs straight into the totals, reading the
 * cached impacts (the same arithmetic as {@link credit}).
 */
function scanMainDirect(ctx: ScoringContext, touched: number[], termId: number, idf: number): void {
	const impacts = mainImpacts(ctx, termId);
	const { store, k1, delta } = ctx;
	const { offsets, docs } = store.postings;
	const { alive, score, cover } = store;
	const end = offsets[termId + 1] as number;
	for (let p = offsets[termId] as number; p < end; p++) {
		const tf = impacts[p] as number;
		const slot = docs[p] as number;
		if (tf <= 0 || alive[slot] !== 1) continue;
		// Inlined for speed; must equal bm25PlusTermScore(tf, idf, ctx) in scoring.ts.
		score[slot] = (score[slot] as number) + idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		const covered = cover[slot] as number;
		if (covered === 0) touched.push(slot);
		cover[slot] = covered + 1;
	}
}

/** A tail pair's tf: its shares summed in field order, rounded like a cached impact. */
export function tailTf(
	ctx: ScoringContext,
	list: readonly number[],
	from: number,
	to: number,
	slot: number,
): number {
	let tf = 0;
	for (let i = from; i < to; i += 2) tf += postingShare(ctx, slot, list[i + 1] as number);
	// Inlined (no array per pair); must equal pairTf(shares) in scoring.ts.
	return Math.fround(tf);
}

/** The end (exclusive, in `list`) of the tail pair that starts at `from`. */
export function tailPairEnd(list: readonly number[], from: number): number {
	const slot = list[from];
	let to = from + 2;
	while (to < list.length && list[to] === slot) to += 2;
	return to;
}

/**
 * Scans one indexed term's postings. The main segment (typed arrays) and the tail (interleaved
 * plain array) get a loop each, so that each loop sees one array type and stays fast.
 */
function scanPostings(ctx: ScoringContext, sink: ScanSink, termId: number, idf: number): void {
	const { offsets, docs, tail, mainTerms } = ctx.store.postings;
	if (termId < mainTerms) {
		if (!sink.direct) {
			const impacts = mainImpacts(ctx, termId);
			const end = offsets[termId + 1] as number;
			for (let p = offsets[termId] as number; p < end; p++) {
				credit(ctx, sink, docs[p] as number, impacts[p] as number, idf);
			}
		} else scanMainDirect(ctx, sink.touched, termId, idf);
	}
	const list = tail[termId];
	if (list === undefined) return;
	for (let p = 0; p < list.length; ) {
		const to = tailPairEnd(list, p);
		const slot = list[p] as number;
		credit(ctx, sink, slot, tailTf(ctx, list, p, to, slot), idf);
		p = to;
	}
}

/**
 * Term-at-a-time: scans every posting of the term's variants and adds its best variant's
 * contribution to each tool's accumulator (`store.score`) and its matched-term count
 * (`store.cover`). Tools seen for the first time are pushed to `touched`. A term with a single
 * indexed variant (the usual case) accumulates straight into the totals; several variants are
 * staged so that only the best one counts.
 */
export function scanTerm(ctx: ScoringContext, term: PreparedTerm, touched: number[]): void {
	const { store, weights } = ctx;
	const direct = term.variants.length === 1 && term.variants[0]?.slots === undefined;
	const sink: ScanSink = { direct, touched, termTouched: [] };
	// Indexed loops, here and in the rest of a query's path: until V8 optimises the code (hundreds
	// of queries), `for … of` over an array runs the iterator protocol, a call per element.
	const { variants } = term;
	for (let v = 0; v < variants.length; v++) {
		const variant = variants[v] as PreparedVariant;
		const { slots } = variant;
		if (slots === undefined) {
			scanPostings(ctx, sink, variant.termId, variant.idf);
			continue;
		}
		// A glossary entry naming tools: as if the term were once in their name.
		const tf = weights[NAME_FIELD] as number;
		for (let i = 0; i < slots.length; i++) credit(ctx, sink, slots[i] as number, tf, variant.idf);
	}
	if (direct) return;
	const { termScore, score, cover } = store;
	const { termTouched } = sink;
	for (let i = 0; i < termTouched.length; i++) {
		const slot = termTouched[i] as number;
		if (cover[slot] === 0) touched.push(slot);
		score[slot] = (score[slot] as number) + (termScore[slot] as number);
		cover[slot] = (cover[slot] as number) + 1;
		termScore[slot] = 0;
	}
}
