/**
 * The exhaustive search: every term scanned whole, term at a time, each tool's contributions added
 * in the scan order with its matched-term count — what the coverage rule ranks by and `explain`
 * reports, and what MaxScore (`maxscore.ts`) must equal.
 * @internal
 */
import type { NamedTools } from "./name-rules.js";
import type { ScoringContext } from "./scoring-context.js";
import { type PreparedTerm, scanOrder, scanTerm } from "./term-scan.js";

/** What a search scored: the slots written, those scored completely, and whether any was skipped. */
export interface ScoredRun {
	/** Every slot whose scratch values were written. */
	readonly written: number[];
	/** Slots scored completely that can reach the pool, plus the named tools. */
	readonly scored: number[];
	/** Whether some tool's pairs were skipped (never, here). */
	readonly pruned: boolean;
	/** Whether `store.cover` holds each scored tool's matched-term count (else 1 for a match). */
	readonly counted: boolean;
}

/**
 * Scans every term of the query into `store.score` and `store.cover`; the exact-name tools are
 * scored too, matched or not (the exact-name tier lifts them).
 */
export function exhaustiveSearch(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	names: NamedTools,
): ScoredRun {
	const touched: number[] = [];
	const order = scanOrder(terms);
	for (let i = 0; i < order.length; i++) scanTerm(ctx, terms[order[i] as number] as PreparedTerm, touched);
	const { cover } = ctx.store;
	for (const slot of names.exact) if (cover[slot] === 0) touched.push(slot);
	return { written: touched, scored: touched, pruned: false, counted: true };
}
