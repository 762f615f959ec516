/**
 * Scanning a query term into dense per-slot totals (`store.score`), with no list of the tools
 * touched, no count of matched terms and no liveness test per pair: the loops of MaxScore
 * (`maxscore.ts`). A tool whose total so far is below `need` is skipped (it cannot reach the pool
 * any more). A term's contribution to a tool is its best variant's, `bm25PlusTermScore` of the
 * cached impact, the tail pair's tf or the glossary's name tf, as on every other path; the other
 * variants of a term are staged in `store.termScore` (0 again after the term) and merged into the
 * largest one's scan.
 * @internal
 */
import { mainImpacts } from "./impacts.js";
import type { Leaders } from "./leaders.js";
import { bm25PlusTermScore } from "./scoring.js";
import { NAME_FIELD, type ScoringContext } from "./scoring-context.js";
import { type PreparedTerm, type PreparedVariant, tailPairEnd, tailTf } from "./term-scan.js";

/** The term's one variant when all its pairs are in the main segment (the fast loop applies). */
export function mainOnly(ctx: ScoringContext, term: PreparedTerm): PreparedVariant | undefined {
	const only = term.variants[0];
	if (term.variants.length !== 1 || only === undefined || only.slots !== undefined) return undefined;
	const { postings } = ctx.store;
	return only.termId < postings.mainTerms && postings.tail[only.termId] === undefined ? only : undefined;
}

/**
 * Adds a single main-segment variant's contributions to the totals of the tools at `need` or
 * above, offering each new total to `leaders` (a tool once: a term's pairs have distinct slots).
 * Returns how many tools got a contribution.
 */
function addMain(ctx: ScoringContext, variant: PreparedVariant, need: number, leaders: Leaders): number {
	const { termId, idf } = variant;
	const impacts = mainImpacts(ctx, termId);
	const { store, k1, delta } = ctx;
	const { offsets, docs } = store.postings;
	const { score } = store;
	const end = offsets[termId + 1] as number;
	let floor = leaders.floor;
	let passed = 0;
	for (let p = offsets[termId] as number; p < end; p++) {
		const slot = docs[p] as number;
		const held = score[slot] as number;
		if (held < need) continue;
		const tf = impacts[p] as number;
		if (tf <= 0) continue;
		passed++;
		// Inlined for speed; must equal bm25PlusTermScore(tf, idf, ctx) in scoring.ts.
		const total = held + idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		score[slot] = total;
		if (total >= floor) floor = leaders.offer(slot, total);
	}
	return passed;
}

/**
 * The tools staged for a term of several variants besides its largest: their slots, and a bit per
 * slot (both clear again after the term), so that the largest variant's scan reads a tool's staged
 * contribution only when there is one.
 */
class Staged {
	slots = new Int32Array(1024);
	count = 0;
	bits = new Int32Array(64);

	/** Makes room for `slots` slots' bits. */
	reserve(slots: number): void {
		const words = (slots + 31) >>> 5;
		if (this.bits.length < words) this.bits = new Int32Array(words);
	}

	/** Records `slot` as staged (the first time its contribution is staged). */
	add(slot: number): void {
		if (this.count === this.slots.length) {
			const grown = new Int32Array(this.slots.length * 2);
			grown.set(this.slots);
			this.slots = grown;
		}
		this.slots[this.count++] = slot;
		const w = slot >>> 5;
		this.bits[w] = (this.bits[w] as number) | (1 << (slot & 31));
	}

	/** Clears the record. */
	clear(): void {
		for (let i = 0; i < this.count; i++) this.bits[(this.slots[i] as number) >>> 5] = 0;
		this.count = 0;
	}
}

/**
 * One record per index, like its other scratch arrays: `exclude`, called during a scan, may search
 * another index.
 */
const stagedOf = new WeakMap<object, Staged>();

function stagedFor(store: object): Staged {
	let held = stagedOf.get(store);
	if (held === undefined) {
		held = new Staged();
		stagedOf.set(store, held);
	}
	return held;
}

/** Forgets what a scan that did not finish staged (the caller clears `termScore`). */
export function clearStaged(store: object): void {
	stagedOf.get(store)?.clear();
}

/** Keeps `contribution` as `slot`'s staged one when it is the tool's best so far. */
function stage(staged: Staged, termScore: Float64Array, slot: number, contribution: number): void {
	const held = termScore[slot] as number;
	if (contribution <= held) return;
	if (held === 0) staged.add(slot);
	termScore[slot] = contribution;
}

/** Stages a variant's main-segment contributions (of the tools at `need` or above). */
function stageMain(ctx: ScoringContext, staged: Staged, termId: number, idf: number, need: number): void {
	const impacts = mainImpacts(ctx, termId);
	const { store, k1, delta } = ctx;
	const { offsets, docs } = store.postings;
	const { score, termScore } = store;
	const end = offsets[termId + 1] as number;
	const { bits } = staged;
	for (let p = offsets[termId] as number; p < end; p++) {
		const slot = docs[p] as number;
		if ((score[slot] as number) < need) continue;
		const tf = impacts[p] as number;
		if (tf <= 0) continue;
		// Inlined for speed; must equal bm25PlusTermScore(tf, idf, ctx) in scoring.ts.
		const contribution = idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		// Inlined for speed; must equal stage(staged, termScore, slot, contribution).
		const held = termScore[slot] as number;
		if (contribution <= held) continue;
		termScore[slot] = contribution;
		if (held !== 0) continue;
		if (staged.count === staged.slots.length) staged.add(slot);
		else {
			staged.slots[staged.count++] = slot;
			const w = slot >>> 5;
			bits[w] = (bits[w] as number) | (1 << (slot & 31));
		}
	}
}

/**
 * {@link addMain} for a term's largest variant once the others are staged: a tool's contribution is
 * the larger of this variant's and its staged one, which is consumed.
 */
function addMainWithStaged(
	ctx: ScoringContext,
	staged: Staged,
	variant: PreparedVariant,
	need: number,
	leaders: Leaders,
): number {
	const { termId, idf } = variant;
	const impacts = mainImpacts(ctx, termId);
	const { store, k1, delta } = ctx;
	const { offsets, docs } = store.postings;
	const { score, termScore } = store;
	const { bits } = staged;
	const end = offsets[termId + 1] as number;
	let floor = leaders.floor;
	let passed = 0;
	for (let p = offsets[termId] as number; p < end; p++) {
		const slot = docs[p] as number;
		const held = score[slot] as number;
		if (held < need) continue;
		const tf = impacts[p] as number;
		if (tf <= 0) continue;
		passed++;
		// Inlined for speed; must equal bm25PlusTermScore(tf, idf, ctx) in scoring.ts.
		let contribution = idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		if (((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0) {
			const other = termScore[slot] as number;
			if (other > contribution) contribution = other;
			termScore[slot] = 0;
		}
		const total = held + contribution;
		score[slot] = total;
		if (total >= floor) floor = leaders.offer(slot, total);
	}
	return passed;
}

/** Calls `visit(slot, tf)` for each of a variant's tail pairs and named tools (not its main pairs). */
export function forEachOther(
	ctx: ScoringContext,
	variant: PreparedVariant,
	visit: (slot: number, tf: number) => void,
): void {
	if (variant.slots !== undefined) {
		const tf = ctx.weights[NAME_FIELD] as number;
		for (const slot of variant.slots) visit(slot, tf);
		return;
	}
	const list = ctx.store.postings.tail[variant.termId];
	if (list === undefined) return;
	for (let p = 0; p < list.length; ) {
		const to = tailPairEnd(list, p);
		const slot = list[p] as number;
		visit(slot, tailTf(ctx, list, p, to, slot));
		p = to;
	}
}

/** The term's main-segment variant with the most pairs (the first of equals), if any. */
export function largestMain(ctx: ScoringContext, term: PreparedTerm): PreparedVariant | undefined {
	const { mainTerms } = ctx.store.postings;
	let largest: PreparedVariant | undefined;
	for (const variant of term.variants) {
		if (variant.slots !== undefined || variant.termId >= mainTerms) continue;
		if (largest === undefined || variant.documentFrequency > largest.documentFrequency) largest = variant;
	}
	return largest;
}

/**
 * Adds `term`'s contribution to every tool that has it and whose total so far is at least `need`
 * (dead tools too: the caller leaves them out), offering the new totals to `leaders`. With
 * `need <= 0`, every tool that has the term.
 */
export function scanDense(ctx: ScoringContext, term: PreparedTerm, need: number, leaders: Leaders): number {
	leaders.startScan();
	const passed = scanVariants(ctx, term, need, leaders);
	leaders.endScan();
	return passed;
}

/** {@link scanDense}'s scan; returns how many tools got a contribution. */
function scanVariants(ctx: ScoringContext, term: PreparedTerm, need: number, leaders: Leaders): number {
	const only = mainOnly(ctx, term);
	if (only !== undefined) return addMain(ctx, only, need, leaders);
	const { store } = ctx;
	const { score, termScore, postings } = store;
	// The largest main-segment variant is scanned last, straight into the totals; the others are staged.
	const largest = largestMain(ctx, term);
	const staged = stagedFor(store);
	staged.reserve(store.slots);
	for (const variant of term.variants) {
		if (variant !== largest && variant.slots === undefined && variant.termId < postings.mainTerms)
			stageMain(ctx, staged, variant.termId, variant.idf, need);
		forEachOther(ctx, variant, (slot, tf) => {
			if (tf <= 0 || (score[slot] as number) < need) return;
			stage(staged, termScore, slot, bm25PlusTermScore(tf, variant.idf, ctx));
		});
	}
	let passed = largest === undefined ? 0 : addMainWithStaged(ctx, staged, largest, need, leaders);
	// What only the staged variants have.
	const { slots, count } = staged;
	let floor = leaders.floor;
	for (let i = 0; i < count; i++) {
		const slot = slots[i] as number;
		const contribution = termScore[slot] as number;
		if (contribution === 0) continue;
		termScore[slot] = 0;
		passed++;
		const total = (score[slot] as number) + contribution;
		score[slot] = total;
		if (total >= floor) floor = leaders.offer(slot, total);
	}
	staged.clear();
	return passed;
}
