/**
 * Cached impacts of the main segment: per (term, tool) pair, BM25F's weighted, length-normalised
 * term frequency `Σ weight_f · tf_f / (1 − b + b · length_f / average_f)`, rounded to float32.
 *
 * Computing it reads the tool's field lengths, a random access per pair; a scan that reads the
 * cached value instead walks two sequential arrays, which halves the cost of a long posting list.
 * A term's impacts are computed on the first scan that needs them and kept while the scoring
 * parameters (field weights, `b`, and the average field lengths, which move with every tool added
 * or removed) stay the same; `scoringContext` starts a new epoch when they change.
 * @internal
 */
import { FIELD_COUNT } from "./index-store.js";
import { largeFloat32Array } from "./large-arrays.js";
import { MAX_POSTING_TF, metaField, PAIR_START } from "./postings.js";
import type { ScoringContext } from "./scoring-context.js";

/**
 * The main segment's impacts array with term `termId`'s pairs (`[offsets[t], offsets[t + 1])`)
 * valid for `ctx`'s parameters: computed now unless they already are.
 */
export function mainImpacts(ctx: ScoringContext, termId: number): Float32Array {
	const { store, weights, c0, c1, impactEpoch } = ctx;
	const postings = store.postings;
	const { impactStamp } = postings;
	if (impactStamp[termId] === impactEpoch) return postings.impacts;
	const { offsets, docs, metaOffsets, meta } = postings;
	if (postings.impacts.length !== docs.length) postings.impacts = largeFloat32Array(docs.length);
	const impacts = postings.impacts;
	const { fieldLength } = store;
	const end = offsets[termId + 1] as number;
	const metaEnd = metaOffsets[termId + 1] as number;
	let e = metaOffsets[termId] as number;
	let largest = 0;
	for (let p = offsets[termId] as number; p < end; p++) {
		const base = (docs[p] as number) * FIELD_COUNT;
		// Inlined for speed; must equal pairTf over fieldShare(tf_f, weight_f, c0_f, c1_f, length_f) in
		// scoring.ts (the float32 store below is pairTf's rounding).
		let tf = 0;
		do {
			const packed = meta[e++] as number;
			const f = metaField(packed);
			tf +=
				((weights[f] as number) * (packed & MAX_POSTING_TF)) /
				((c0[f] as number) + (c1[f] as number) * (fieldLength[base + f] as number));
		} while (e < metaEnd && ((meta[e] as number) & PAIR_START) === 0);
		impacts[p] = tf;
		// Compared as stored (float32), the value scans will read.
		const stored = impacts[p] as number;
		if (stored > largest) largest = stored;
	}
	postings.largestImpact[termId] = largest;
	impactStamp[termId] = impactEpoch;
	return impacts;
}

/**
 * Computes every term's impacts now, so that the first queries after a bulk add or a load do not
 * pay for them; one pass over the main segment.
 */
export function computeAllImpacts(ctx: ScoringContext): void {
	const terms = ctx.store.postings.mainTerms;
	for (let t = 0; t < terms; t++) mainImpacts(ctx, t);
}
