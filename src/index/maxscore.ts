/**
 * MaxScore over dense totals. The query terms are taken in the scan order (`scanOrder`: decreasing
 * bound) and scanned into per-slot totals (`store.score`) with no list of the tools touched, no
 * matched-term count and no liveness test per pair — what a pair cost term at a time. While a term
 * is scanned, the new totals go through a heap of that scan's `poolSize` best (`Leaders`), whose
 * last is a lower bound of the pool's last score: the threshold. A tool whose total plus the bounds
 * of the terms left is below it cannot reach the pool, so the next scans skip its pairs (and, once
 * the bounds left are below it, every tool not seen yet). When the tools that can still make it are
 * few next to the pairs left, they are collected (from the first term's tools when no tool without
 * it can make it, else in one pass over the totals) and the terms left are looked up for them only
 * (seeking through the pairs by interpolation), cutting them after each term.
 *
 * Every tool that can reach the pool gets every term, added in the scan order, so its score equals
 * an exhaustive scan's to the last bit; a skipped tool's total stays below the threshold from then
 * on, so the final cut leaves it out. The named tools (exact name, local name) are summed again by
 * lookups, whatever the scans skipped. At the end only the scored tools keep a total, with a
 * matched count of 1 (the count is read only by the coverage rule, which searches exhaustively).
 * @internal
 */
import { addToCandidates } from "./candidate-scan.js";
import { clearStaged, mainOnly, scanDense } from "./dense-scan.js";
import type { ScoredRun } from "./exhaustive-scan.js";
import { scanFirst } from "./first-scan.js";
import { type Keep, Leaders } from "./leaders.js";
import type { NamedTools } from "./name-rules.js";
import type { ScoringContext } from "./scoring-context.js";
import { lookUpScore } from "./term-lookup.js";
import { type PreparedTerm, type PreparedVariant, scanOrder } from "./term-scan.js";
import { kthBest } from "./top-k.js";

/** Which tools may enter the pool (not excluded), and the query's epoch the marks carry. */
export interface PoolGate {
	readonly epoch: number;
	readonly keep: (slot: number) => boolean;
}

/**
 * When the tools that passed a term's scan, times this, are fewer than the pairs of the terms
 * left, the terms left are looked up for the candidates instead of scanned (a lookup costs a few
 * reads where a scan reads every pair; measured at 100k tools).
 */
export const LOOKUP_SHARE = 16;

/**
 * A query whose terms hold fewer pairs than this (their variants' document frequencies summed) is
 * scored exhaustively, term at a time: there MaxScore's fixed costs (a heap per term, offers of
 * nearly every tool while the pool is not full, a pass over every slot's total at the end) cost
 * more than it saves — on the 527-tool livemcpbench catalogue it doubled p50 (interleaved A/B) —
 * and the exhaustive scan's matched-term counts let the proximity rule skip tools matching one term.
 */
export const MAX_SCORE_FROM_PAIRS = 4096;

/** The pairs a term's variants hold (its document frequencies summed). */
function pairsOf(term: PreparedTerm): number {
	let pairs = 0;
	const { variants } = term;
	for (let i = 0; i < variants.length; i++) pairs += (variants[i] as PreparedVariant).documentFrequency;
	return pairs;
}

/** The pairs a query's terms hold: below {@link MAX_SCORE_FROM_PAIRS}, search exhaustively. */
export function queryPairs(terms: readonly PreparedTerm[]): number {
	let pairs = 0;
	for (let i = 0; i < terms.length; i++) pairs += pairsOf(terms[i] as PreparedTerm);
	return pairs;
}

/** Scratch of {@link collect}. */
let collected = new Int32Array(1024);

/** The live slots whose total is at least `need` (> 0), ascending: one pass over the totals. */
function collect(score: Float64Array, alive: Uint8Array, slots: number, need: number): Int32Array {
	if (collected.length < slots + 1) collected = new Int32Array(slots + 1);
	const out = collected;
	let n = 0;
	for (let slot = 0; slot < slots; slot++) {
		// A branch: collect runs when few tools can still make the pool (~0.5% of the slots on the
		// head-term catalogue), so it is predicted, and the pass reads one array instead of writing
		// a slot per slot: 0.2 → 0.07 ms at 100k slots. With half the slots passing at random, the
		// branch-free form it replaced was no faster (micro-benchmark: 156–223 against 177–198 µs).
		if ((score[slot] as number) >= need && alive[slot] === 1) out[n++] = slot;
	}
	return out.slice(0, n);
}

/**
 * The live slots whose total is at least `need` (> 0), ascending, after the scans of the terms
 * before `next` in the scan order (whose first is `first`). A tool without the first term has at
 * most the bounds of the others scanned, `remaining[1] - remaining[next]`; when that is below
 * `need`, every candidate has the first term, and its pairs (a few thousand on the head-term
 * catalogue) are walked instead of every slot's total.
 */
function collectCandidates(
	ctx: ScoringContext,
	first: PreparedTerm,
	need: number,
	remaining: Float64Array,
	next: number,
): Int32Array {
	const { store } = ctx;
	const only = mainOnly(ctx, first);
	const others = (remaining[1] as number) - (remaining[next] as number);
	if (only === undefined || !(others < need) || only.documentFrequency * 4 > store.slots)
		return collect(store.score, store.alive, store.slots, need);
	const { offsets, docs } = store.postings;
	const { score, alive } = store;
	const start = offsets[only.termId] as number;
	const end = offsets[only.termId + 1] as number;
	if (collected.length < end - start + 1) collected = new Int32Array(end - start + 1);
	const out = collected;
	let n = 0;
	for (let p = start; p < end; p++) {
		const slot = docs[p] as number;
		if ((score[slot] as number) >= need && alive[slot] === 1) out[n++] = slot;
	}
	return out.slice(0, n);
}

/**
 * The terms from `from` on, looked up for the candidates only (`sorted`, ascending), which are
 * cut after each term to those that can still reach the threshold. Returns the candidates left,
 * whose totals are complete.
 */
function lookUpRest(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	rest: {
		readonly order: readonly number[];
		readonly remaining: Float64Array;
		readonly from: number;
		threshold: number;
	},
	sorted: Int32Array,
	poolSize: number,
	gate: PoolGate,
	keep: Keep,
): Int32Array {
	const { order, remaining, from } = rest;
	let { threshold } = rest;
	const { score, candidate: mark } = ctx.store;
	const { epoch } = gate;
	let candidates = sorted;
	for (const slot of candidates) mark[slot] = epoch;
	for (let i = from; i < order.length; i++) {
		addToCandidates(ctx, terms[order[i] as number] as PreparedTerm, candidates, mark, epoch);
		const bound = remaining[i + 1] as number;
		if (i + 1 < order.length && candidates.length > poolSize) {
			threshold = Math.max(threshold, kthBest(score, candidates, poolSize, keep));
			let kept = 0;
			for (const slot of candidates) {
				if ((score[slot] as number) + bound >= threshold) candidates[kept++] = slot;
				else mark[slot] = 0;
			}
			candidates = candidates.subarray(0, kept);
		}
	}
	for (const slot of candidates) mark[slot] = 0;
	return candidates;
}

/**
 * Scores a query by MaxScore (see the module comment). Returns the scored slots — those that can
 * reach the best `poolSize` not excluded by `gate`, plus the named tools — with their complete
 * scores in `store.score` and `store.cover` 1 for a matched tool; every other slot's total is 0.
 * `lookupShare` is {@link LOOKUP_SHARE} (tests vary it).
 */
export function maxScoreSearch(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	names: NamedTools,
	poolSize: number,
	gate: PoolGate,
	lookupShare: number = LOOKUP_SHARE,
): ScoredRun {
	try {
		return search(ctx, terms, names, poolSize, gate, lookupShare);
	} catch (error) {
		// `exclude` threw mid-scan: leave no total, staged contribution or mark behind for the next query.
		const { store } = ctx;
		store.score.fill(0);
		store.termScore.fill(0);
		store.candidate.fill(0);
		clearStaged(store);
		throw error;
	}
}

function search(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	names: NamedTools,
	poolSize: number,
	gate: PoolGate,
	lookupShare: number,
): ScoredRun {
	const { store } = ctx;
	const { alive, candidate: mark } = store;
	const keep: Keep = (slot) => alive[slot] === 1 && gate.keep(slot);
	const order = scanOrder(terms);
	const n = order.length;
	// remaining[i]: the bounds of the terms from order[i] on, summed from the last (exact suffix sums).
	const remaining = new Float64Array(n + 1);
	const pairsLeft = new Float64Array(n + 1);
	for (let i = n - 1; i >= 0; i--) {
		const term = terms[order[i] as number] as PreparedTerm;
		remaining[i] = (remaining[i + 1] as number) + term.ub;
		pairsLeft[i] = (pairsLeft[i + 1] as number) + pairsOf(term);
	}
	const leaders = new Leaders(poolSize, keep, mark, gate.epoch);
	let pruned = false;
	let next = 0;
	while (next < n) {
		// A tool below `need` cannot reach the threshold even with every term left; `remaining`
		// carries a relative margin far above rounding. With `need <= 0`, no tool is skipped.
		const need = leaders.threshold - (remaining[next] as number);
		if (need > 0) pruned = true;
		const term = terms[order[next] as number] as PreparedTerm;
		// Every total is 0 before the first term: it writes them in place.
		const passed = next === 0 ? scanFirst(ctx, term, leaders) : scanDense(ctx, term, need, leaders);
		next++;
		if (need > 0 && next < n && passed * lookupShare < (pairsLeft[next] as number)) break;
	}
	for (const slot of leaders.listed) mark[slot] = 0;
	let candidates: Int32Array;
	if (next < n) {
		const need = leaders.threshold - (remaining[next] as number);
		const sorted = collectCandidates(ctx, terms[order[0] as number] as PreparedTerm, need, remaining, next);
		const rest = { order, remaining, from: next, threshold: leaders.threshold };
		candidates = lookUpRest(ctx, terms, rest, sorted, poolSize, gate, keep);
	} else candidates = Int32Array.from(leaders.listed);
	return { ...finish(ctx, terms, order, names, candidates, poolSize, keep), pruned };
}

/**
 * The scored tools — the candidates at or above the `poolSize`-th best of them, and the named
 * tools — keep their totals, with a matched count of 1; every other total goes back to 0.
 */
function finish(
	ctx: ScoringContext,
	terms: readonly PreparedTerm[],
	order: readonly number[],
	names: NamedTools,
	candidates: Int32Array,
	poolSize: number,
	keep: Keep,
): Omit<ScoredRun, "pruned"> {
	const { store } = ctx;
	const { score, alive, cover } = store;
	const named = new Set([...names.exact, ...names.named]);
	for (const slot of named) score[slot] = lookUpScore(ctx, terms, order, slot);
	const last = kthBest(score, candidates, poolSize, keep);
	const scored: number[] = [];
	for (const slot of candidates) {
		const total = score[slot] as number;
		if (total >= last && total > 0 && alive[slot] === 1 && !named.has(slot)) scored.push(slot);
	}
	for (const slot of named) if ((score[slot] as number) > 0 || names.exact.has(slot)) scored.push(slot);
	const kept = Float64Array.from(scored, (slot) => score[slot] as number);
	score.fill(0, 0, store.slots);
	for (let i = 0; i < scored.length; i++) {
		const slot = scored[i] as number;
		const total = kept[i] as number;
		score[slot] = total;
		cover[slot] = total > 0 ? 1 : 0;
	}
	return { written: scored, scored, counted: false };
}
