/**
 * The abstain rule (`rules.abstain`) decided before any scan: a query whose every term is unmatched
 * or generic (in more than half the tools, or filler), and that names no tool exactly, returns no
 * match whatever the scores, provided some tool it matches is not excluded (else it returns no
 * match without abstaining). That tool is found among the first pairs of a matched term, so a query
 * of one word in half of 100,000 tools ("4", "get") no longer reads 50,000 pairs (20–30 ms) to
 * abstain. Equal to deciding after scoring (a property test holds the two paths together).
 * @internal
 */
import { mainImpacts } from "./impacts.js";
import type { PoolGate } from "./maxscore.js";
import type { ScoringContext } from "./scoring-context.js";
import { type PreparedTerm, type PreparedVariant, tailPairEnd, tailTf } from "./term-scan.js";

/** Whether the search abstains: see the module's comment. `exact`: the tools the query names exactly. */
export function abstainsBeforeScoring(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	exact: ReadonlySet<number>,
	gate: PoolGate,
): boolean {
	let matched = false;
	for (let i = 0; i < terms.length; i++) {
		const term = terms[i] as PreparedTerm;
		if (!term.matched) continue;
		if (!term.generic) return false;
		matched = true;
	}
	if (!matched || exact.size > 0) return false;
	for (let i = 0; i < terms.length; i++) {
		const { variants } = terms[i] as PreparedTerm;
		for (let v = 0; v < variants.length; v++)
			if (keepsSome(ctx, variants[v] as PreparedVariant, gate)) return true;
	}
	return false;
}

/** Whether some live tool has a pair of `variant` with a tf above 0 (so a scan scores it) and is kept. */
function keepsSome(ctx: ScoringContext, variant: PreparedVariant, gate: PoolGate): boolean {
	const { alive, postings } = ctx.store;
	const kept = (slot: number) => alive[slot] === 1 && gate.keep(slot);
	if (variant.slots !== undefined) return variant.slots.some(kept);
	const { termId } = variant;
	if (termId < postings.mainTerms) {
		const impacts = mainImpacts(ctx, termId);
		const { offsets, docs } = postings;
		const end = offsets[termId + 1] as number;
		for (let p = offsets[termId] as number; p < end; p++)
			if ((impacts[p] as number) > 0 && kept(docs[p] as number)) return true;
	}
	const list = postings.tail[termId];
	if (list === undefined) return false;
	for (let p = 0; p < list.length; ) {
		const to = tailPairEnd(list, p);
		const slot = list[p] as number;
		if (tailTf(ctx, list, p, to, slot) > 0 && kept(slot)) return true;
		p = to;
	}
	return false;
}
