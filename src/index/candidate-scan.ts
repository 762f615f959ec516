/**
 * The terms MaxScore looks up for its candidates only, once they are few next to the pairs left
 * (`maxscore.ts`): a term's contribution, as on every other path (`bm25PlusTermScore` of its best
 * variant), added to the candidates' totals; by seeking through a variant's pairs (interpolation,
 * `seek`) when the candidates are few next to them, else by scanning the pairs for marked tools.
 * @internal
 */
import { forEachOther, mainOnly } from "./dense-scan.js";
import { mainImpacts } from "./impacts.js";
import { bm25PlusTermScore } from "./scoring.js";
import type { ScoringContext } from "./scoring-context.js";
import { seek } from "./term-lookup.js";
import type { PreparedTerm, PreparedVariant } from "./term-scan.js";

/**
 * One main-segment variant's contributions for the candidates only (`sorted`, ascending, each
 * carrying `mark[slot] === epoch`): by seeking through the pairs (`seek`) when the candidates are few
 * next to them, else by scanning the pairs for marked tools. Added to the totals (`add`) or staged.
 */
function candidatesMain(
	ctx: ScoringContext,
	variant: PreparedVariant,
	sorted: Int32Array,
	mark: Int32Array,
	epoch: number,
	add: boolean,
): void {
	const { termId, idf } = variant;
	const impacts = mainImpacts(ctx, termId);
	const { store, k1, delta } = ctx;
	const { offsets, docs } = store.postings;
	const target = add ? store.score : store.termScore;
	const start = offsets[termId] as number;
	const end = offsets[termId + 1] as number;
	// A seek costs a few reads where a scan costs one per pair: worth it past a line of pairs apart.
	const intersect = sorted.length * 16 < end - start;
	let p = start;
	let i = 0;
	for (;;) {
		let slot: number;
		if (intersect) {
			if (i >= sorted.length || p >= end) break;
			slot = sorted[i++] as number;
			p = seek(docs, p, end, slot);
			if (p >= end || docs[p] !== slot) continue;
		} else {
			if (p >= end) break;
			slot = docs[p] as number;
			if (mark[slot] !== epoch) {
				p++;
				continue;
			}
		}
		const tf = impacts[p++] as number;
		if (tf <= 0) continue;
		// Inlined for speed; must equal bm25PlusTermScore(tf, idf, ctx) in scoring.ts.
		const contribution = idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		if (add) target[slot] = (target[slot] as number) + contribution;
		else if (contribution > (target[slot] as number)) target[slot] = contribution;
	}
}

/**
 * Adds `term`'s contribution to the candidates only (`sorted`: ascending slots, each carrying
 * `mark[slot] === epoch`).
 */
export function addToCandidates(
	ctx: ScoringContext,
	term: PreparedTerm,
	sorted: Int32Array,
	mark: Int32Array,
	epoch: number,
): void {
	const only = mainOnly(ctx, term);
	if (only !== undefined) {
		candidatesMain(ctx, only, sorted, mark, epoch, true);
		return;
	}
	const { score, termScore, postings } = ctx.store;
	for (const variant of term.variants) {
		if (variant.slots === undefined && variant.termId < postings.mainTerms)
			candidatesMain(ctx, variant, sorted, mark, epoch, false);
		forEachOther(ctx, variant, (slot, tf) => {
			if (tf <= 0 || mark[slot] !== epoch) return;
			const contribution = bm25PlusTermScore(tf, variant.idf, ctx);
			if (contribution > (termScore[slot] as number)) termScore[slot] = contribution;
		});
	}
	for (let i = 0; i < sorted.length; i++) {
		const slot = sorted[i] as number;
		const staged = termScore[slot] as number;
		if (staged === 0) continue;
		termScore[slot] = 0;
		score[slot] = (score[slot] as number) + staged;
	}
}
