/**
 * MaxScore, term at a time: the query terms are scanned in decreasing order of their score bound;
 * once the bounds of the terms not yet scanned sum below the `poolSize`-th best score so far, no
 * tool not yet seen can enter the pool, so the remaining terms are looked up only for the tools
 * that still can (the second phase). Results equal an exhaustive scan's.
 * @internal
 */
import { mergeRuns } from "../internal/merge-runs.js";
import type { NamedTools } from "./name-rules.js";
import type { ScoringContext } from "./scoring-context.js";
import { intersectTerm } from "./term-lookup.js";
import { type PreparedTerm, scanTerm } from "./term-scan.js";
import { kthBest } from "./top-k.js";

/** Which tools may enter the pool (not excluded), and the query's epoch the marks carry. */
export interface PoolGate {
	readonly epoch: number;
	readonly keep: (slot: number) => boolean;
}

/** Where the first phase stopped. */
export interface FirstPhase {
	/** Term indexes in scan order (decreasing bound). */
	readonly order: readonly number[];
	/** `remaining[i]`: the sum of the bounds of the terms from `order[i]` on. */
	readonly remaining: Float64Array;
	/** Slots touched, in runs (one per scanned term) that end at `runEnds`. */
	readonly touched: number[];
	readonly runEnds: readonly number[];
	/** The first term (in `order`) not scanned: `order.length` unless MaxScore pruned. */
	readonly next: number;
	/** The `poolSize`-th best score when the scan stopped. */
	readonly threshold: number;
}

/** Scans terms in decreasing order of their bound until (with `canPrune`) no unseen tool can enter the pool. */
export function firstPhase(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	poolSize: number,
	gate: PoolGate,
	canPrune: boolean,
): FirstPhase {
	const { score } = ctx.store;
	const order = terms
		.map((_, i) => i)
		.sort((a, b) => (terms[b] as PreparedTerm).ub - (terms[a] as PreparedTerm).ub || a - b);
	const remaining = new Float64Array(order.length + 1);
	for (let i = order.length - 1; i >= 0; i--) {
		remaining[i] = (remaining[i + 1] as number) + (terms[order[i] as number] as PreparedTerm).ub;
	}
	const touched: number[] = [];
	// Where each scanned term's newly touched slots end: a run, ascending in slot order unless the
	// term had several variants or named tools directly.
	const runEnds: number[] = [];
	let i = 0;
	let threshold = 0;
	for (; i < order.length; i++) {
		// No tool can have more than the bounds of the terms scanned so far; while the remaining
		// bound is at least that, the threshold cannot beat it, so skip computing it.
		const scannedBound = (remaining[0] as number) - (remaining[i] as number);
		if (canPrune && touched.length >= poolSize && (remaining[i] as number) < scannedBound) {
			threshold = kthBest(score, touched, poolSize, gate.keep);
			// A tool not seen yet can score at most remaining[i]: below the threshold, it cannot enter.
			if ((remaining[i] as number) < threshold) break;
		}
		scanTerm(ctx, terms[order[i] as number] as PreparedTerm, touched);
		runEnds.push(touched.length);
	}
	return { order, remaining, touched, runEnds, next: i, threshold };
}

/** Sorts `values[from, end)` ascending in place, unless it already is (the usual case). */
function sortFrom(values: number[], from: number): void {
	let sorted = true;
	for (let k = from + 1; k < values.length && sorted; k++)
		sorted = (values[k - 1] as number) <= (values[k] as number);
	if (sorted) return;
	const part = values.slice(from).sort((a, b) => a - b);
	for (let k = 0; k < part.length; k++) values[from + k] = part[k] as number;
}

/**
 * The tools that can still reach the pool after the first phase, plus the named tools (always
 * candidates), in slot order: the first phase's runs, filtered and merged. Named tools not touched
 * yet are appended to `first.touched`, the list of written slots.
 */
function candidatesOf(ctx: ScoringContext, first: FirstPhase, names: NamedTools): Int32Array {
	const { score, cover } = ctx.store;
	const { touched, runEnds, threshold } = first;
	const bound = first.remaining[first.next] as number;
	const list: number[] = [];
	const listEnds: number[] = [];
	let from = 0;
	for (const end of runEnds) {
		const runStart = list.length;
		for (let k = from; k < end; k++) {
			const slot = touched[k] as number;
			if ((score[slot] as number) + bound >= threshold) list.push(slot);
		}
		sortFrom(list, runStart);
		listEnds.push(list.length);
		from = end;
	}
	const extra = list.length;
	for (const slot of new Set([...names.exact, ...names.named])) {
		if ((score[slot] as number) + bound >= threshold && (cover[slot] as number) > 0) continue; // already in
		if ((cover[slot] as number) === 0) touched.push(slot);
		list.push(slot);
	}
	sortFrom(list, extra);
	listEnds.push(list.length);
	// In slot order once, the order postings are in (a merge of the runs: no comparator calls);
	// filtering below keeps it.
	return mergeRuns(list, listEnds);
}

/**
 * MaxScore's second phase: the remaining terms, only for the candidates, cutting them after each
 * term to those that can still reach the pool. Returns the slots scored completely.
 */
export function secondPhase(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	first: FirstPhase,
	names: NamedTools,
	poolSize: number,
	gate: PoolGate,
): number[] {
	const { store } = ctx;
	const { score, cover, candidate: mark } = store;
	const { order, remaining } = first;
	const { epoch } = gate;
	const forced = (slot: number): boolean => names.exact.has(slot) || names.named.has(slot);
	let candidates = candidatesOf(ctx, first, names);
	for (const slot of candidates) mark[slot] = epoch;
	const ignore: number[] = [];
	for (let j = first.next; j < order.length; j++) {
		const term = terms[order[j] as number] as PreparedTerm;
		// The exact suffix sum, not a running subtraction: that ends a few ulps below 0, and a
		// later zero-bound term (a word no tool has) then cut the candidate equal to the threshold.
		const bound = remaining[j + 1] as number;
		let postings = 0;
		for (const variant of term.variants) postings += variant.documentFrequency;
		// Few candidates: intersect them with the postings (galloping); many: scan the postings,
		// skipping non-candidates.
		if (candidates.length * 4 < postings) intersectTerm(ctx, term, candidates);
		else scanTerm(ctx, term, ignore, { mark, epoch });
		if (j + 1 < order.length && candidates.length > poolSize) {
			const threshold = kthBest(score, candidates, poolSize, gate.keep);
			let kept = 0;
			for (const slot of candidates) {
				if ((score[slot] as number) + bound >= threshold || forced(slot)) candidates[kept++] = slot;
				else mark[slot] = 0;
			}
			candidates = candidates.subarray(0, kept);
		}
	}
	for (const slot of candidates) mark[slot] = 0;
	const scored: number[] = [];
	for (const slot of candidates) if ((cover[slot] as number) > 0 || names.exact.has(slot)) scored.push(slot);
	return scored;
}
