import { mergeRuns } from "../internal/merge-runs.js";
import type { ToolSearchMatch } from "../types.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import type { IndexStore } from "./index-store.js";
import { proximityBonus, proximityPairs } from "./proximity.js";
import type { QueryPlan } from "./query-plan.js";
import {
	finalScore,
	liftByTiers,
	localNameBonus as localNameBonusOf,
	namespaceBoostOf,
	tierStep as tierStepOf,
	tierOf as tiersOf,
} from "./scoring.js";
import { scoringContext } from "./scoring-context.js";
import { intersectTerm, matchedUnits } from "./term-lookup.js";
import { type PreparedTerm, prepareTerms, scanTerm } from "./term-scan.js";
import { TopK } from "./top-k.js";

/**
 * How many tools the final ordering considers, at least: the best by BM25 (plus bonus), among which
 * the namespace boost is computed. Independent of `limit` up to this size, so a search for 8 tools
 * returns the first 8 of a search for 20.
 */
export const CANDIDATE_POOL = 100;
/** Longest run of query words compared with tool names for the local-name bonus. */
const MAX_NAME_WORDS = 8;
/** Query tokens scanned for names (exact and local-name rules). */
const MAX_NAME_SCAN_TOKENS = 256;

/** How a query term fared: whether any indexed tool has it, and whether it is too common to count. */
export interface QueryTermInfo {
	/** The query term (after tokenizing: lowercase, stemmed). */
	readonly term: string;
	/** Some indexed tool has it (itself or an expansion). */
	readonly matched: boolean;
	/** It occurs in more than half of the tools (and in more than 8), so it says little on its own. */
	readonly generic: boolean;
}

/** A search's matches and how each query term fared. */
export interface IndexSearchResult {
	/** Best first. */
	readonly matches: ToolSearchMatch[];
	/** Each distinct query term, in query order. */
	readonly terms: readonly QueryTermInfo[];
	/** True when tools matched only generic terms and none was returned (see `rules.abstain`). */
	readonly abstained: boolean;
}

/** One query's scores, left in the store's scratch arrays until {@link clearRun}. */
export interface QueryRun {
	readonly terms: readonly PreparedTerm[];
	/** Every slot whose scratch values were written. */
	readonly written: number[];
	/** Slots scored completely (all others were pruned and cannot reach the pool). */
	readonly scored: number[];
	/** The candidate pool, none of them excluded. */
	readonly pool: number[];
	readonly exact: ReadonlySet<number>;
	readonly named: ReadonlySet<number>;
	/** Bound above any slot's score, bonus and boost: one tier step. */
	readonly tierStep: number;
	/** Whether MaxScore pruning cut the scan short. */
	readonly pruned: boolean;
	/** Namespace boost of a slot against the pool's best other tool of its namespace. */
	readonly boostOf: (slot: number) => number;
	/** Proximity bonus of a slot: the query's word pairs that stand together in its summary. */
	readonly proximityOf: (slot: number) => number;
}

function nameRules(store: IndexStore, options: ResolvedToolSearchIndexOptions, plan: QueryPlan) {
	const exact = new Set<number>();
	const named = new Set<number>();
	const { alive } = store;
	if (options.rules.exactName && plan.tokens.length > 0 && plan.tokens.length <= MAX_NAME_SCAN_TOKENS) {
		store.keys.forEach(plan.tokens.join(" "), (slot) => {
			if (alive[slot] === 1) exact.add(slot);
		});
	}
	if (options.rules.localNameBonus > 0) {
		const tokens = plan.tokens.slice(0, MAX_NAME_SCAN_TOKENS);
		for (let i = 0; i < tokens.length; i++) {
			let key = "";
			// No name has more words than the longest key indexed: no longer runs need looking up.
			for (let j = i; j < Math.min(tokens.length, i + Math.min(MAX_NAME_WORDS, store.keys.maxWords)); j++) {
				key = j === i ? (tokens[j] as string) : `${key} ${tokens[j] as string}`;
				store.keys.forEach(key, (slot) => {
					if (alive[slot] === 1) named.add(slot);
				});
			}
		}
	}
	return { exact, named };
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

/** The `k`-th largest accumulator among `slots` that pass `keep` (0 when fewer pass): a min-heap of `k`. @internal */
export function kthBest(
	score: Float64Array,
	slots: ArrayLike<number>,
	k: number,
	keep: (slot: number) => boolean,
): number {
	const heap = new Float64Array(k);
	let size = 0;
	for (let n = 0; n < slots.length; n++) {
		const slot = slots[n] as number;
		const value = score[slot] as number;
		if (size === k && value <= (heap[0] as number)) continue;
		if (!keep(slot)) continue;
		let i: number;
		if (size < k) {
			// Sift up from the end.
			i = size++;
			while (i > 0) {
				const parent = (i - 1) >> 1;
				const above = heap[parent] as number;
				if (above <= value) break;
				heap[i] = above;
				i = parent;
			}
		} else {
			// Replace the root and sift down.
			i = 0;
			for (;;) {
				const left = 2 * i + 1;
				if (left >= k) break;
				const right = left + 1;
				const child = right < k && (heap[right] as number) < (heap[left] as number) ? right : left;
				const below = heap[child] as number;
				if (below >= value) break;
				heap[i] = below;
				i = child;
			}
		}
		heap[i] = value;
	}
	return size < k ? 0 : (heap[0] as number);
}

/**
 * Scores a query: term-at-a-time over the query terms in decreasing order of their score bound;
 * once the bound of the remaining terms falls below the `poolSize`-th best score so far, no tool
 * not yet seen can enter the pool (MaxScore), so the remaining terms are looked up only for the
 * tools that still can. Then the local-name bonus, the pool (best `poolSize` not `exclude`d,
 * exact names first), and the namespace boost and proximity bonus within the pool. Results equal an
 * exhaustive scan's.
 */
export function runQuery(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	poolSize: number,
	exclude: ((name: string) => boolean) | undefined,
	allowPruning = true,
): QueryRun {
	const ctx = scoringContext(store, options);
	const terms = prepareTerms(ctx, plan);
	const { exact, named } = nameRules(store, options, plan);
	const { score, cover, names } = store;
	const { coverage, localNameBonus, namespaceBoost } = options.rules;
	if (store.queryEpoch >= 0x3fffffff) {
		store.filterMark.fill(0);
		store.queryEpoch = 0;
	}
	const epoch = ++store.queryEpoch;
	const keep = (slot: number): boolean => {
		if (exclude === undefined) return true;
		const held = store.filterMark[slot] as number;
		if (held === epoch) return true;
		if (held === -epoch) return false;
		const ok = !exclude(names[slot] as string);
		store.filterMark[slot] = ok ? epoch : -epoch;
		return ok;
	};

	const order = terms
		.map((_, i) => i)
		.sort((a, b) => (terms[b] as PreparedTerm).ub - (terms[a] as PreparedTerm).ub || a - b);
	const remaining = new Float64Array(order.length + 1);
	for (let i = order.length - 1; i >= 0; i--) {
		remaining[i] = (remaining[i + 1] as number) + (terms[order[i] as number] as PreparedTerm).ub;
	}
	const canPrune = allowPruning && !coverage && Number.isFinite(poolSize);
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
			threshold = kthBest(score, touched, poolSize, keep);
			// A tool not seen yet can score at most remaining[i]: below the threshold, it cannot enter.
			if ((remaining[i] as number) < threshold) break;
		}
		scanTerm(ctx, terms[order[i] as number] as PreparedTerm, touched);
		runEnds.push(touched.length);
	}
	const pruned = i < order.length;
	// `touched` also serves as the list of written slots: forced slots are appended to it.
	const written = touched;
	let scored: number[];
	if (pruned) {
		// MaxScore, second phase: only tools that can still reach the pool, term by term, tightening.
		const mark = store.candidate;
		let bound = remaining[i] as number;
		const forced = (slot: number): boolean => exact.has(slot) || named.has(slot);
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
		for (const slot of new Set([...exact, ...named])) {
			if ((score[slot] as number) + bound >= threshold && (cover[slot] as number) > 0) continue; // already in
			if ((cover[slot] as number) === 0) written.push(slot);
			list.push(slot);
		}
		sortFrom(list, extra);
		listEnds.push(list.length);
		// In slot order once, the order postings are in (a merge of the runs: no comparator calls);
		// filtering below keeps it.
		let candidates = mergeRuns(list, listEnds);
		for (const slot of candidates) mark[slot] = epoch;
		const ignore: number[] = [];
		for (let j = i; j < order.length; j++) {
			const term = terms[order[j] as number] as PreparedTerm;
			// The exact suffix sum, not a running subtraction: that ends a few ulps below 0, and a
			// later zero-bound term (a word no tool has) then cut the candidate equal to the threshold.
			bound = remaining[j + 1] as number;
			let postings = 0;
			for (const variant of term.variants) postings += variant.documentFrequency;
			// Few candidates: intersect them with the postings (galloping); many: scan the postings,
			// skipping non-candidates.
			if (candidates.length * 4 < postings) intersectTerm(ctx, term, candidates);
			else scanTerm(ctx, term, ignore, { mark, epoch });
			if (j + 1 < order.length && candidates.length > poolSize) {
				threshold = kthBest(score, candidates, poolSize, keep);
				let kept = 0;
				for (const slot of candidates) {
					if ((score[slot] as number) + bound >= threshold || forced(slot)) candidates[kept++] = slot;
					else mark[slot] = 0;
				}
				candidates = candidates.subarray(0, kept);
			}
		}
		for (const slot of candidates) mark[slot] = 0;
		scored = [];
		for (const slot of candidates) if ((cover[slot] as number) > 0 || exact.has(slot)) scored.push(slot);
	} else {
		for (const slot of exact) if (cover[slot] === 0) touched.push(slot);
		scored = touched;
	}
	for (const slot of named) {
		if ((cover[slot] as number) > 0)
			score[slot] =
				(score[slot] as number) + localNameBonusOf(localNameBonus, matchedUnits(ctx, terms, slot));
	}

	// The rule reads the summary: with the summary field weighted 0, it is off too.
	const proximity = options.fieldWeights.summary > 0 ? options.rules.proximity : 0;
	const pairs = proximityPairs(plan, terms, proximity, options.bm25);
	const tierStep = tierStepOf(
		options.rules,
		options.bm25,
		terms.map((term) => term.idf),
		pairs.bound,
	);
	const { final } = store;
	const tierOf = (slot: number): number =>
		tiersOf(coverage, cover[slot] as number, exact.has(slot), terms.length);
	// Without tiers, the pool is the best by score: no pass to fill `final` for every scored slot.
	const tiered = coverage || exact.size > 0;
	if (tiered)
		for (const slot of scored) final[slot] = liftByTiers(score[slot] as number, tierOf(slot), tierStep);
	const top = new TopK(Math.min(poolSize, scored.length), tiered ? final : score, names);
	for (const slot of scored) if (top.accepts(slot) && keep(slot)) top.push(slot);
	const pool = top.sorted();
	// No tiers: liftByTiers(score, 0, tierStep) is the score itself.
	if (!tiered) for (const slot of pool) final[slot] = score[slot] as number;

	// Namespace boost: the best and second-best score per namespace within the pool.
	const best = new Map<number, { first: number; firstSlot: number; second: number }>();
	if (namespaceBoost > 0) {
		for (const slot of pool) {
			const ns = store.namespaceOf[slot] as number;
			if (ns < 0) continue;
			const value = score[slot] as number;
			const held = best.get(ns);
			if (held === undefined) best.set(ns, { first: value, firstSlot: slot, second: 0 });
			else if (value > held.first) {
				held.second = held.first;
				held.first = value;
				held.firstSlot = slot;
			} else if (value > held.second) held.second = value;
		}
	}
	const boostOf = (slot: number): number => {
		const held = best.get(store.namespaceOf[slot] as number);
		if (held === undefined) return 0;
		return namespaceBoostOf(namespaceBoost, held.firstSlot === slot ? held.second : held.first);
	};
	const proximityOf = (slot: number): number => proximityBonus(store, pairs, slot);
	return { terms, written, scored, pool, exact, named, tierStep, pruned, boostOf, proximityOf };
}

/** Resets the scratch arrays a {@link runQuery} wrote. */
export function clearRun(store: IndexStore, run: QueryRun): void {
	for (const slot of run.written) {
		store.score[slot] = 0;
		store.cover[slot] = 0;
		store.final[slot] = 0;
	}
}

/**
 * Runs a query end to end: score (with pruning), apply the abstain rule, pool, namespace boost and
 * proximity bonus, order by final score then name, cut to `limit`.
 */
export function searchStore(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	limit: number,
	exclude: ((name: string) => boolean) | undefined,
	allowPruning = true,
	poolSize = CANDIDATE_POOL,
): IndexSearchResult {
	if (plan.terms.length === 0 || store.live === 0) {
		return {
			matches: [],
			terms: plan.terms.map((t) => ({ term: t.term, matched: false, generic: false })),
			abstained: false,
		};
	}
	const run = runQuery(store, options, plan, Math.max(limit, poolSize), exclude, allowPruning);
	try {
		const terms = run.terms.map(({ term, matched, generic }) => ({ term, matched, generic }));
		const meaningful = run.terms.some((t) => t.matched && !t.generic);
		if (options.rules.abstain && run.exact.size === 0 && run.pool.length > 0 && !meaningful) {
			return { matches: [], terms, abstained: true };
		}
		const { final, names } = store;
		for (const slot of run.pool)
			final[slot] = finalScore(final[slot] as number, run.boostOf(slot), run.proximityOf(slot));
		const top = new TopK(Math.min(limit, run.pool.length), final, names);
		for (const slot of run.pool) if (top.accepts(slot)) top.push(slot);
		const matches = top
			.sorted()
			.map((slot) => ({ name: names[slot] as string, score: final[slot] as number }));
		return { matches, terms, abstained: false };
	} finally {
		clearRun(store, run);
	}
}
