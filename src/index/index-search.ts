import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import type { ToolSearchMatch } from "../types.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { FIELD_COUNT, type IndexStore } from "./index-store.js";
import type { QueryPlan } from "./query-plan.js";
import { TopK } from "./top-k.js";

const SOFT = Number(process.env.TS_SOFT ?? 0);
const NAME_FIELD = TOOL_SEARCH_FIELDS.indexOf("name");
/** Longest run of query words compared with tool names for the local-name bonus. */
const MAX_NAME_WORDS = 8;
/** Query tokens scanned for names (exact and local-name rules). */
const MAX_NAME_SCAN_TOKENS = 256;

/** How a query term fared: whether any searched tool matched it, and whether it is too common to count. */
export interface QueryTermInfo {
	/** The query term (after tokenizing: lowercase, stemmed). */
	readonly term: string;
	/** Some searched tool matched it (itself or an expansion). */
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

/** What {@link scoreQuery} computed; the per-slot numbers stay in the store's scratch arrays until {@link clearScores}. */
export interface QueryScores {
	/** Slots with any match, or an exact-name match. */
	readonly touched: number[];
	/** Slots whose name or local name equals the query. */
	readonly exact: Set<number>;
	/** Slots whose local name (or name) appears in the query and that got the bonus. */
	readonly named: Set<number>;
	/** Per planned term. */
	readonly terms: QueryTermInfo[];
	/** Bound above any slot's BM25 score plus bonus: one tier step. */
	readonly tierStep: number;
}

/** A term in more than half the tools, and in more than 8 (small catalogues have none), is generic. */
export function isGeneric(documentFrequency: number, documentCount: number): boolean {
	return documentFrequency > Math.max(8, documentCount / 2);
}

/** Field normalisation constants: dividing by `c0[f] + c1[f] * length` is BM25's length normalisation. */
export function fieldNorms(store: IndexStore, b: number): { c0: Float64Array; c1: Float64Array } {
	const c0 = new Float64Array(FIELD_COUNT);
	const c1 = new Float64Array(FIELD_COUNT);
	for (let f = 0; f < FIELD_COUNT; f++) {
		const average = store.live > 0 ? (store.totalLength[f] as number) / store.live : 0;
		c0[f] = average > 0 ? 1 - b : 1;
		c1[f] = average > 0 ? b / average : 0;
	}
	return { c0, c1 };
}

/** The idf of a term with document frequency `df` among `n` tools. */
export function idfOf(n: number, df: number): number {
	return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * Scores every tool matching a query into `store.score` (BM25F+ plus the local-name bonus) and
 * `store.cover` (distinct query terms matched). A query term searched through several variants
 * (synonyms, typo corrections) counts its best variant only.
 */
export function scoreQuery(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
): QueryScores {
	const { k1, b, delta } = options.bm25;
	const weights = Float64Array.from(TOOL_SEARCH_FIELDS, (field) => options.fieldWeights[field]);
	const n = store.live;
	const { c0, c1 } = fieldNorms(store, b);
	const { score, cover, matchedIdf, termScore, termUnit, alive, fieldLength } = store;
	const { offsets, docs, meta, tail, mainTerms } = store.postings;
	const touched: number[] = [];
	const terms: QueryTermInfo[] = [];
	let idfSum = 0;

	for (const planned of plan.terms) {
		const termTouched: number[] = [];
		let generic = true;
		let bestIdf = 0;
		for (const variant of planned.variants) {
			// A glossary entry naming tools matches them as if the term were once in their name.
			const df = variant.slots !== undefined ? variant.slots.length : (store.df[variant.termId] as number);
			if (df <= 0 || !(variant.weight > 0)) continue;
			const idf = idfOf(n, df) * variant.weight;
			if (idf > bestIdf) bestIdf = idf;
			let variantHit = false;
			const flush = (slot: number, tf: number): void => {
				// A term found only in zero-weight fields is no match.
				if (tf <= 0 || alive[slot] !== 1) return;
				variantHit = true;
				const contribution = idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
				const held = termScore[slot] as number;
				if (held === 0) termTouched.push(slot);
				if (contribution > held) {
					termScore[slot] = contribution;
					termUnit[slot] = idf * (1 + delta);
				}
			};
			if (variant.slots !== undefined) {
				for (const slot of variant.slots) flush(slot, weights[NAME_FIELD] as number);
				if (variantHit) generic = false;
				continue;
			}
			const id = variant.termId;
			let previous = -1;
			let tf = 0;
			if (id < mainTerms) {
				const end = offsets[id + 1] as number;
				for (let p = offsets[id] as number; p < end; p++) {
					const slot = docs[p] as number;
					if (slot !== previous) {
						if (previous >= 0) flush(previous, tf);
						previous = slot;
						tf = 0;
					}
					const packed = meta[p] as number;
					const f = packed >>> 12;
					tf +=
						((weights[f] as number) * (packed & 4095)) /
						((c0[f] as number) + (c1[f] as number) * (fieldLength[slot * FIELD_COUNT + f] as number));
				}
			}
			const list = tail[id];
			if (list !== undefined) {
				for (let i = 0; i < list.length; i += 2) {
					const slot = list[i] as number;
					if (slot !== previous) {
						if (previous >= 0) flush(previous, tf);
						previous = slot;
						tf = 0;
					}
					const packed = list[i + 1] as number;
					const f = packed >>> 12;
					tf +=
						((weights[f] as number) * (packed & 4095)) /
						((c0[f] as number) + (c1[f] as number) * (fieldLength[slot * FIELD_COUNT + f] as number));
				}
			}
			if (previous >= 0) flush(previous, tf);
			if (variantHit && !isGeneric(df, n)) generic = false;
		}
		idfSum += bestIdf;
		for (const slot of termTouched) {
			if (cover[slot] === 0) touched.push(slot);
			score[slot] = (score[slot] as number) + (termScore[slot] as number);
			cover[slot] = (cover[slot] as number) + 1;
			matchedIdf[slot] = (matchedIdf[slot] as number) + (termUnit[slot] as number);
			termScore[slot] = 0;
			termUnit[slot] = 0;
		}
		const matched = termTouched.length > 0;
		terms.push({ term: planned.term, matched, generic: matched && generic });
	}

	const { exactName, localNameBonus } = options.rules;
	const exact = new Set<number>();
	const named = new Set<number>();
	const usable = (slot: number): boolean => alive[slot] === 1;
	const tokens =
		plan.tokens.length > MAX_NAME_SCAN_TOKENS ? plan.tokens.slice(0, MAX_NAME_SCAN_TOKENS) : plan.tokens;
	if (exactName && plan.tokens.length > 0 && plan.tokens.length <= MAX_NAME_SCAN_TOKENS) {
		store.keys.forEach(plan.tokens.join(" "), (slot) => {
			if (!usable(slot)) return;
			exact.add(slot);
			if (cover[slot] === 0) touched.push(slot);
		});
	}
	if (localNameBonus > 0) {
		for (let i = 0; i < tokens.length; i++) {
			let key = "";
			for (let j = i; j < Math.min(tokens.length, i + MAX_NAME_WORDS); j++) {
				key = j === i ? (tokens[j] as string) : `${key} ${tokens[j] as string}`;
				store.keys.forEach(key, (slot) => {
					if (usable(slot) && (cover[slot] as number) > 0) named.add(slot);
				});
			}
		}
		for (const slot of named)
			score[slot] = (score[slot] as number) + localNameBonus * (matchedIdf[slot] as number);
	}
	const { namespaceBoost } = options.rules;
	if (namespaceBoost > 0 && touched.length > 0) {
		// The best and second-best score per namespace, so that each tool gets its best sibling's.
		const best = new Map<number, { first: number; firstSlot: number; second: number }>();
		for (const slot of touched) {
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
		const boosts: number[] = [];
		for (const slot of touched) {
			const held = best.get(store.namespaceOf[slot] as number);
			boosts.push(
				held === undefined ? 0 : namespaceBoost * (held.firstSlot === slot ? held.second : held.first),
			);
		}
		for (const [i, slot] of touched.entries()) score[slot] = (score[slot] as number) + (boosts[i] as number);
	}
	const tierStep = (1 + localNameBonus) * (1 + namespaceBoost) * (k1 + 1 + delta) * idfSum + 1;
	return { touched, exact, named, terms, tierStep };
}

/**
 * The order-defining score of a slot: BM25 score and bonus, lifted by whole tier steps for the
 * rules that order before BM25 (exact name, then coverage).
 */
export function tieredScore(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	scores: QueryScores,
	slot: number,
): number {
	if (SOFT > 0)
		return (
			(store.score[slot] as number) * (1 + (SOFT * (store.cover[slot] as number)) / scores.terms.length) +
			(scores.exact.has(slot) ? 1e6 : 0)
		);
	let tier = options.rules.coverage ? (store.cover[slot] as number) : 0;
	if (scores.exact.has(slot)) tier += scores.terms.length + 1;
	return (store.score[slot] as number) + tier * scores.tierStep;
}

/** Resets the scratch arrays a {@link scoreQuery} call wrote. */
export function clearScores(store: IndexStore, scores: QueryScores): void {
	for (const slot of scores.touched) {
		store.score[slot] = 0;
		store.cover[slot] = 0;
		store.matchedIdf[slot] = 0;
	}
}

/**
 * Runs a query end to end: score, apply the abstain rule, order by tiered score then name,
 * filter lazily, cut to `limit`.
 */
export function searchStore(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	limit: number,
	filter: ((name: string) => boolean) | undefined,
): IndexSearchResult {
	if (plan.terms.length === 0 || store.live === 0) {
		return {
			matches: [],
			terms: plan.terms.map((t) => ({ term: t.term, matched: false, generic: false })),
			abstained: false,
		};
	}
	const scores = scoreQuery(store, options, plan);
	try {
		const meaningful = scores.terms.some((t) => t.matched && !t.generic);
		if (options.rules.abstain && scores.exact.size === 0 && scores.touched.length > 0 && !meaningful) {
			return { matches: [], terms: scores.terms, abstained: true };
		}
		// The tiered score replaces the raw one in the scratch array; clearScores resets it.
		const finals = store.score;
		for (const slot of scores.touched) finals[slot] = tieredScore(store, options, scores, slot);
		const top = new TopK(Math.min(limit, scores.touched.length), finals, store.names);
		for (const slot of scores.touched) {
			if (!top.accepts(slot)) continue;
			if (filter !== undefined && !filter(store.names[slot] as string)) continue;
			top.push(slot);
		}
		const matches = top
			.sorted()
			.map((slot) => ({ name: store.names[slot] as string, score: finals[slot] as number }));
		return { matches, terms: scores.terms, abstained: false };
	} finally {
		clearScores(store, scores);
	}
}
