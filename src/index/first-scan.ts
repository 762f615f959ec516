/**
 * The first term of a query in MaxScore's scan order (`maxscore.ts`), scanned while every total is
 * still 0: a tool's total after it is simply its best variant's contribution (`0 + c` is `c` to
 * the last bit), so each variant writes into the totals in place — no read of the total before,
 * no staging of the other variants (`dense-scan.ts` stages them for the later terms). Each tool is
 * offered to the leaders once, with its final total for the term.
 * @internal
 */
import { forEachOther, largestMain, mainOnly } from "./dense-scan.js";
import { mainImpacts } from "./impacts.js";
import type { Leaders } from "./leaders.js";
import { bm25PlusTermScore } from "./scoring.js";
import type { ScoringContext } from "./scoring-context.js";
import type { PreparedTerm, PreparedVariant } from "./term-scan.js";

/**
 * Scans the query's first term into totals that are all 0 (dead tools too: the caller leaves them
 * out), offering each new total to `leaders`. Returns how many tools got a contribution.
 */
export function scanFirst(ctx: ScoringContext, term: PreparedTerm, leaders: Leaders): number {
	leaders.startScan();
	const only = mainOnly(ctx, term);
	const passed = only !== undefined ? writeMain(ctx, only, leaders) : writeVariants(ctx, term, leaders);
	leaders.endScan();
	return passed;
}

/** A single main-segment variant: each tool's total is its contribution. */
function writeMain(ctx: ScoringContext, variant: PreparedVariant, leaders: Leaders): number {
	const { termId, idf } = variant;
	const impacts = mainImpacts(ctx, termId);
	const { store, k1, delta } = ctx;
	const { offsets, docs } = store.postings;
	const { score } = store;
	const end = offsets[termId + 1] as number;
	let floor = leaders.floor;
	let passed = 0;
	for (let p = offsets[termId] as number; p < end; p++) {
		const tf = impacts[p] as number;
		if (tf <= 0) continue;
		passed++;
		const slot = docs[p] as number;
		// Inlined for speed; must equal bm25PlusTermScore(tf, idf, ctx) in scoring.ts.
		const total = idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		score[slot] = total;
		if (total >= floor) floor = leaders.offer(slot, total);
	}
	return passed;
}

/**
 * Several variants (or pairs in the tail, or tools a glossary names). The variants other than the
 * largest main-segment one keep each tool's best contribution so far in its total, negated (a
 * total below 0 is one not offered yet); the largest's scan takes the larger of its own and that,
 * and offers it; a last pass over the others offers the tools the largest does not have.
 */
function writeVariants(ctx: ScoringContext, term: PreparedTerm, leaders: Leaders): number {
	const { score, postings } = ctx.store;
	const { mainTerms } = postings;
	const largest = largestMain(ctx, term);
	const { variants } = term;
	for (let v = 0; v < variants.length; v++) {
		const variant = variants[v] as PreparedVariant;
		if (variant !== largest && variant.slots === undefined && variant.termId < mainTerms)
			keepBestNegated(ctx, variant);
		forEachOther(ctx, variant, (slot, tf) => {
			if (tf <= 0) return;
			const contribution = bm25PlusTermScore(tf, variant.idf, ctx);
			if (-contribution < (score[slot] as number)) score[slot] = -contribution;
		});
	}
	let passed = largest === undefined ? 0 : mergeLargest(ctx, largest, leaders);
	let floor = leaders.floor;
	const offer = (slot: number): void => {
		const held = score[slot] as number;
		if (held >= 0) return;
		passed++;
		score[slot] = -held;
		if (-held >= floor) floor = leaders.offer(slot, -held);
	};
	for (let v = 0; v < variants.length; v++) {
		const variant = variants[v] as PreparedVariant;
		if (variant !== largest && variant.slots === undefined && variant.termId < mainTerms) {
			passed += offerNegated(ctx, variant, leaders);
			floor = leaders.floor;
		}
		forEachOther(ctx, variant, (slot, tf) => {
			if (tf > 0) offer(slot);
		});
	}
	return passed;
}

/**
 * A main-segment variant's pairs with a tf above 0: each tool's best contribution so far kept in
 * its total, negated (one loop, no call per pair: ~5.7k pairs a head-term query).
 */
function keepBestNegated(ctx: ScoringContext, variant: PreparedVariant): void {
	const { termId, idf } = variant;
	const impacts = mainImpacts(ctx, termId);
	const { store, k1, delta } = ctx;
	const { offsets, docs } = store.postings;
	const { score } = store;
	const end = offsets[termId + 1] as number;
	for (let p = offsets[termId] as number; p < end; p++) {
		const tf = impacts[p] as number;
		if (tf <= 0) continue;
		const slot = docs[p] as number;
		// Inlined for speed; must equal bm25PlusTermScore(tf, idf, ctx) in scoring.ts.
		const negated = -(idf * (((k1 + 1) * tf) / (k1 + tf) + delta));
		if (negated < (score[slot] as number)) score[slot] = negated;
	}
}

/**
 * Offers the tools of a main-segment variant's pairs (tf above 0) whose total is still negated
 * (the largest variant does not have them), in pair order; returns how many.
 */
function offerNegated(ctx: ScoringContext, variant: PreparedVariant, leaders: Leaders): number {
	const { termId } = variant;
	const impacts = mainImpacts(ctx, termId);
	const { offsets, docs } = ctx.store.postings;
	const { score } = ctx.store;
	const end = offsets[termId + 1] as number;
	let floor = leaders.floor;
	let passed = 0;
	for (let p = offsets[termId] as number; p < end; p++) {
		if ((impacts[p] as number) <= 0) continue;
		const slot = docs[p] as number;
		const held = score[slot] as number;
		if (held >= 0) continue;
		passed++;
		score[slot] = -held;
		if (-held >= floor) floor = leaders.offer(slot, -held);
	}
	return passed;
}

/**
 * The largest variant's scan: a tool's total is the larger of its contribution and the best of
 * the others (held negated, or 0), offered.
 */
function mergeLargest(ctx: ScoringContext, variant: PreparedVariant, leaders: Leaders): number {
	const { termId, idf } = variant;
	const impacts = mainImpacts(ctx, termId);
	const { store, k1, delta } = ctx;
	const { offsets, docs } = store.postings;
	const { score } = store;
	const end = offsets[termId + 1] as number;
	let floor = leaders.floor;
	let passed = 0;
	for (let p = offsets[termId] as number; p < end; p++) {
		const tf = impacts[p] as number;
		if (tf <= 0) continue;
		passed++;
		const slot = docs[p] as number;
		const other = -(score[slot] as number);
		// Inlined for speed; must equal bm25PlusTermScore(tf, idf, ctx) in scoring.ts.
		const contribution = idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		const total = Math.max(other, contribution);
		score[slot] = total;
		if (total >= floor) floor = leaders.offer(slot, total);
	}
	return passed;
}
