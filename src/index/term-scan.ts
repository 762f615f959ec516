import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { FIELD_COUNT, type IndexStore } from "./index-store.js";
import type { QueryPlan, TermVariant } from "./query-plan.js";

const NAME_FIELD = TOOL_SEARCH_FIELDS.indexOf("name");

/** Everything the scoring loops read, computed once per query. */
export interface ScoringContext {
	readonly store: IndexStore;
	/** Field weights in field order. */
	readonly weights: Float64Array;
	/** Per field: dividing by `c0 + c1 * length` is BM25's length normalisation. */
	readonly c0: Float64Array;
	readonly c1: Float64Array;
	readonly k1: number;
	readonly delta: number;
}

/** A variant with its idf (times its weight) resolved. */
export interface PreparedVariant extends TermVariant {
	readonly idf: number;
	readonly documentFrequency: number;
}

/** A query term ready to score: its usable variants, an upper bound of its contribution, and how it fared. */
export interface PreparedTerm {
	readonly term: string;
	readonly variants: readonly PreparedVariant[];
	/** No tool can get more than this from the term: `max idf * (k1 + 1 + delta)`. */
	readonly ub: number;
	/** The largest variant idf (for the tier bound). */
	readonly idf: number;
	/** Some indexed tool has it (itself or an expansion). */
	readonly matched: boolean;
	/** Every matching variant is in more than half the tools (and more than 8). */
	readonly generic: boolean;
}

/** A term in more than half the tools, and in more than 8 (small catalogues have none), is generic. */
export function isGeneric(documentFrequency: number, documentCount: number): boolean {
	return documentFrequency > Math.max(8, documentCount / 2);
}

/** The idf of a term with document frequency `df` among `n` tools. */
export function idfOf(n: number, df: number): number {
	return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The scoring constants of a query. */
export function scoringContext(store: IndexStore, options: ResolvedToolSearchIndexOptions): ScoringContext {
	const { k1, b, delta } = options.bm25;
	const c0 = new Float64Array(FIELD_COUNT);
	const c1 = new Float64Array(FIELD_COUNT);
	for (let f = 0; f < FIELD_COUNT; f++) {
		const average = store.live > 0 ? (store.totalLength[f] as number) / store.live : 0;
		c0[f] = average > 0 ? 1 - b : 1;
		c1[f] = average > 0 ? b / average : 0;
	}
	const weights = Float64Array.from(TOOL_SEARCH_FIELDS, (field) => options.fieldWeights[field]);
	return { store, weights, c0, c1, k1, delta };
}

/** Resolves each planned term's variants (document frequency, idf) and bounds. */
export function prepareTerms(ctx: ScoringContext, plan: QueryPlan): PreparedTerm[] {
	const { store, k1, delta } = ctx;
	const n = store.live;
	return plan.terms.map((planned) => {
		const variants: PreparedVariant[] = [];
		let best = 0;
		let generic = true;
		for (const variant of planned.variants) {
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
			const idf = idfOf(n, df) * variant.weight;
			if (idf > best) best = idf;
			variants.push({ ...variant, idf, documentFrequency: df });
		}
		const matched = variants.length > 0;
		return {
			term: planned.term,
			variants,
			ub: best * (k1 + 1 + delta),
			idf: best,
			matched,
			generic: matched && generic,
		};
	});
}

/** The weighted, normalised frequency of one packed posting (field << 12 | tf) in `slot`. */
function share(ctx: ScoringContext, slot: number, packed: number): number {
	const f = packed >>> 12;
	return (
		((ctx.weights[f] as number) * (packed & 4095)) /
		((ctx.c0[f] as number) +
			(ctx.c1[f] as number) * (ctx.store.fieldLength[slot * FIELD_COUNT + f] as number))
	);
}

/** Where a scan puts what it finds: the totals directly, or per-term staging (several variants). */
interface ScanSink {
	readonly direct: boolean;
	readonly touched: number[];
	readonly termTouched: number[];
	readonly onlyMark: Int32Array | undefined;
	readonly onlyEpoch: number;
}

/** Credits one tool with a variant's contribution, given its summed weighted frequency `tf`. */
function credit(
	ctx: ScoringContext,
	sink: ScanSink,
	slot: number,
	tf: number,
	idf: number,
	unit: number,
): void {
	const { store, k1, delta } = ctx;
	if (tf <= 0 || store.alive[slot] !== 1) return;
	if (sink.onlyMark !== undefined && sink.onlyMark[slot] !== sink.onlyEpoch) return;
	const contribution = idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
	if (sink.direct) {
		store.score[slot] = (store.score[slot] as number) + contribution;
		if (store.cover[slot] === 0) sink.touched.push(slot);
		store.cover[slot] = (store.cover[slot] as number) + 1;
		store.matchedIdf[slot] = (store.matchedIdf[slot] as number) + unit;
		return;
	}
	const held = store.termScore[slot] as number;
	if (held === 0) sink.termTouched.push(slot);
	if (contribution > held) {
		store.termScore[slot] = contribution;
		store.termUnit[slot] = unit;
	}
}

/**
 * The hot loop of a query: one term's main-segment postings straight into the totals, with
 * everything it reads hoisted into locals (the same arithmetic as {@link share} and {@link credit}).
 */
function scanMainDirect(
	ctx: ScoringContext,
	touched: number[],
	termId: number,
	idf: number,
	unit: number,
): void {
	const { store, weights, c0, c1, k1, delta } = ctx;
	const { offsets, docs, meta } = store.postings;
	const { fieldLength, alive, score, cover, matchedIdf } = store;
	const end = offsets[termId + 1] as number;
	let p = offsets[termId] as number;
	while (p < end) {
		const slot = docs[p] as number;
		const base = slot * FIELD_COUNT;
		let tf = 0;
		do {
			const packed = meta[p++] as number;
			const f = packed >>> 12;
			tf +=
				((weights[f] as number) * (packed & 4095)) /
				((c0[f] as number) + (c1[f] as number) * (fieldLength[base + f] as number));
		} while (p < end && docs[p] === slot);
		if (tf <= 0 || alive[slot] !== 1) continue;
		score[slot] = (score[slot] as number) + idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		const covered = cover[slot] as number;
		if (covered === 0) touched.push(slot);
		cover[slot] = covered + 1;
		matchedIdf[slot] = (matchedIdf[slot] as number) + unit;
	}
}

/**
 * Scans one indexed term's postings. The main segment (typed arrays) and the tail (interleaved
 * plain array) get a loop each, so that each loop sees one array type and stays fast.
 */
function scanPostings(ctx: ScoringContext, sink: ScanSink, termId: number, idf: number, unit: number): void {
	const { offsets, docs, meta, tail, mainTerms } = ctx.store.postings;
	if (termId < mainTerms && sink.direct && sink.onlyMark === undefined) {
		scanMainDirect(ctx, sink.touched, termId, idf, unit);
	} else if (termId < mainTerms) {
		const end = offsets[termId + 1] as number;
		let p = offsets[termId] as number;
		while (p < end) {
			// One tool's entries for the term are contiguous: sum its fields.
			const slot = docs[p] as number;
			let tf = 0;
			do tf += share(ctx, slot, meta[p++] as number);
			while (p < end && docs[p] === slot);
			credit(ctx, sink, slot, tf, idf, unit);
		}
	}
	const list = tail[termId];
	if (list === undefined) return;
	let p = 0;
	while (p < list.length) {
		const slot = list[p] as number;
		let tf = 0;
		do {
			tf += share(ctx, slot, list[p + 1] as number);
			p += 2;
		} while (p < list.length && list[p] === slot);
		credit(ctx, sink, slot, tf, idf, unit);
	}
}

/**
 * Term-at-a-time: scans every posting of the term's variants and adds its best variant's
 * contribution to each tool's accumulator (`store.score`), its matched-term count (`store.cover`)
 * and its bonus unit (`store.matchedIdf`). Tools seen for the first time are pushed to `touched`.
 * With `only`, tools not carrying the mark are skipped. A term with a single indexed variant (the
 * usual case) accumulates straight into the totals; several variants are staged so that only the
 * best one counts.
 */
export function scanTerm(
	ctx: ScoringContext,
	term: PreparedTerm,
	touched: number[],
	only?: { readonly mark: Int32Array; readonly epoch: number },
): void {
	const { store, weights, delta } = ctx;
	const direct = term.variants.length === 1 && term.variants[0]?.slots === undefined;
	const sink: ScanSink = {
		direct,
		touched,
		termTouched: [],
		onlyMark: only?.mark,
		onlyEpoch: only?.epoch ?? 0,
	};
	for (const variant of term.variants) {
		const unit = variant.idf * (1 + delta);
		if (variant.slots === undefined) {
			scanPostings(ctx, sink, variant.termId, variant.idf, unit);
			continue;
		}
		// A glossary entry naming tools: as if the term were once in their name.
		const tf = weights[NAME_FIELD] as number;
		for (const slot of variant.slots) credit(ctx, sink, slot, tf, variant.idf, unit);
	}
	if (direct) return;
	const { termScore, termUnit, score, cover, matchedIdf } = store;
	for (const slot of sink.termTouched) {
		if (cover[slot] === 0) touched.push(slot);
		score[slot] = (score[slot] as number) + (termScore[slot] as number);
		cover[slot] = (cover[slot] as number) + 1;
		matchedIdf[slot] = (matchedIdf[slot] as number) + (termUnit[slot] as number);
		termScore[slot] = 0;
		termUnit[slot] = 0;
	}
}

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
	const { store, weights, delta } = ctx;
	const direct = term.variants.length === 1 && term.variants[0]?.slots === undefined;
	const sink: ScanSink = { direct, touched: [], termTouched: [], onlyMark: undefined, onlyEpoch: 0 };
	const { offsets, docs, meta, tail, mainTerms } = store.postings;
	for (const variant of term.variants) {
		const unit = variant.idf * (1 + delta);
		if (variant.slots !== undefined) {
			const tf = weights[NAME_FIELD] as number;
			for (let i = 0; i < sorted.length; i++) {
				const slot = sorted[i] as number;
				if (variant.slots.includes(slot)) credit(ctx, sink, slot, tf, variant.idf, unit);
			}
			continue;
		}
		const id = variant.termId;
		if (id < mainTerms) {
			const end = offsets[id + 1] as number;
			let p = offsets[id] as number;
			for (let i = 0; i < sorted.length && p < end; i++) {
				const slot = sorted[i] as number;
				p = gallop(docs, 1, p, end, slot);
				let tf = 0;
				while (p < end && docs[p] === slot) tf += share(ctx, slot, meta[p++] as number);
				if (tf > 0) credit(ctx, sink, slot, tf, variant.idf, unit);
			}
		}
		const list = tail[id];
		if (list !== undefined) {
			const pairs = list.length >>> 1;
			let p = 0;
			for (let i = 0; i < sorted.length && p < pairs; i++) {
				const slot = sorted[i] as number;
				p = gallop(list, 2, p, pairs, slot);
				let tf = 0;
				while (p < pairs && list[p * 2] === slot) tf += share(ctx, slot, list[p++ * 2 + 1] as number);
				if (tf > 0) credit(ctx, sink, slot, tf, variant.idf, unit);
			}
		}
	}
	if (direct) return;
	const { termScore, termUnit, score, cover, matchedIdf } = store;
	for (const slot of sink.termTouched) {
		score[slot] = (score[slot] as number) + (termScore[slot] as number);
		cover[slot] = (cover[slot] as number) + 1;
		matchedIdf[slot] = (matchedIdf[slot] as number) + (termUnit[slot] as number);
		termScore[slot] = 0;
		termUnit[slot] = 0;
	}
}

/** The packed postings (field << 12 | tf) of `termId` in `slot`, by binary search. */
export function postingsIn(store: IndexStore, termId: number, slot: number): number[] {
	const found: number[] = [];
	const { offsets, docs, meta, tail, mainTerms } = store.postings;
	if (termId < mainTerms) {
		let lo = offsets[termId] as number;
		let hi = offsets[termId + 1] as number;
		const end = hi;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if ((docs[mid] as number) < slot) lo = mid + 1;
			else hi = mid;
		}
		for (let p = lo; p < end && docs[p] === slot; p++) found.push(meta[p] as number);
	}
	const list = tail[termId];
	if (list !== undefined) {
		// Tail entries are in slot order too: binary search over the pairs.
		let lo = 0;
		let hi = list.length >>> 1;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if ((list[mid * 2] as number) < slot) lo = mid + 1;
			else hi = mid;
		}
		for (let i = lo * 2; i < list.length && list[i] === slot; i += 2) found.push(list[i + 1] as number);
	}
	return found;
}

/** Exported for explain: the weighted share of one packed posting. */
export { share as postingShare };
