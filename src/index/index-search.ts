import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type { ToolSearchMatch } from "../types.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { FIELD_COUNT, type IndexStore } from "./index-store.js";
import { TopK } from "./top-k.js";

/** Distinct query terms scored; the rest of an absurdly long query is ignored. */
export const MAX_QUERY_TERMS = 1024;
/** Longest run of query words compared with tool names for the local-name bonus. */
const MAX_NAME_WORDS = 8;
/** Query tokens scanned for names (exact and local-name rules). */
const MAX_NAME_SCAN_TOKENS = 256;

/** A query, tokenized once. */
export interface ParsedQuery {
	/** All tokens, in order (stop words dropped, stemmed). */
	tokens: string[];
	/** Distinct tokens, in first-seen order, at most {@link MAX_QUERY_TERMS}. */
	terms: string[];
}

/** Tokenizes a query. */
export function parseQuery(query: string): ParsedQuery {
	const tokens = tokenize(query);
	const terms: string[] = [];
	const seen = new Set<string>();
	for (const token of tokens) {
		if (seen.has(token)) continue;
		seen.add(token);
		terms.push(token);
		if (terms.length >= MAX_QUERY_TERMS) break;
	}
	return { tokens, terms };
}

/** What {@link scoreQuery} computed, kept in the store's scratch arrays until {@link clearScores}. */
export interface QueryScores {
	/** Slots with any match, or an exact-name match. */
	touched: number[];
	/** Slots whose name or local name equals the query. */
	exact: Set<number>;
	/** Slots whose local name (or name) appears in the query. */
	named: Set<number>;
	/** Query term ids, `-1` for a term the index does not know. */
	termIds: number[];
	/** Per query term, its idf (0 for unknown terms). */
	idf: number[];
	/** Bound above any slot's BM25 score plus bonus; a tier step. */
	tierStep: number;
}

/**
 * Scores every tool matching a query into `store.score` (BM25F+ plus the local-name bonus) and
 * `store.cover` (distinct terms matched). `onlyMarked` limits scoring to marked slots.
 */
export function scoreQuery(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	parsed: ParsedQuery,
	onlyMarked: boolean,
): QueryScores {
	const { k1, b, delta } = options.bm25;
	const weights = Float64Array.from(TOOL_SEARCH_FIELDS, (field) => options.fieldWeights[field]);
	const n = store.live;
	// Per field: dividing by c0 + c1 * length is dividing by 1 - b + b * length / average
	// (by 1 when the field is empty everywhere).
	const c0 = new Float64Array(FIELD_COUNT);
	const c1 = new Float64Array(FIELD_COUNT);
	for (let f = 0; f < FIELD_COUNT; f++) {
		const average = n > 0 ? (store.totalLength[f] as number) / n : 0;
		c0[f] = average > 0 ? 1 - b : 1;
		c1[f] = average > 0 ? b / average : 0;
	}
	const { score, cover, matchedIdf, alive, mark, epoch, fieldLength } = store;
	const { offsets, docs, meta, tail, mainTerms } = store.postings;
	const touched: number[] = [];
	const termIds: number[] = [];
	const idfs: number[] = [];
	let idfSum = 0;

	const flush = (slot: number, tf: number, idf: number): void => {
		// A term found only in zero-weight fields is no match.
		if (tf <= 0 || alive[slot] !== 1 || (onlyMarked && mark[slot] !== epoch)) return;
		if (cover[slot] === 0) touched.push(slot);
		score[slot] = (score[slot] as number) + idf * (((k1 + 1) * tf) / (k1 + tf) + delta);
		cover[slot] = (cover[slot] as number) + 1;
		matchedIdf[slot] = (matchedIdf[slot] as number) + idf * (1 + delta);
	};
	const fieldTf = (slot: number, packed: number): number => {
		const f = packed >>> 13;
		const length = fieldLength[slot * FIELD_COUNT + f] as number;
		const norm = (c0[f] as number) + (c1[f] as number) * length;
		return ((weights[f] as number) * (packed & 8191)) / norm;
	};

	for (const term of parsed.terms) {
		const id = store.termIds.get(term);
		const df = id === undefined ? 0 : (store.df[id] as number);
		if (id === undefined || df <= 0) {
			termIds.push(-1);
			idfs.push(0);
			continue;
		}
		const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
		termIds.push(id);
		idfs.push(idf);
		idfSum += idf;
		let previous = -1;
		let tf = 0;
		if (id < mainTerms) {
			const end = offsets[id + 1] as number;
			for (let p = offsets[id] as number; p < end; p++) {
				const slot = docs[p] as number;
				if (slot !== previous) {
					if (previous >= 0) flush(previous, tf, idf);
					previous = slot;
					tf = 0;
				}
				tf += fieldTf(slot, meta[p] as number);
			}
		}
		const list = tail[id];
		if (list !== undefined) {
			for (let i = 0; i < list.length; i += 2) {
				const slot = list[i] as number;
				if (slot !== previous) {
					if (previous >= 0) flush(previous, tf, idf);
					previous = slot;
					tf = 0;
				}
				tf += fieldTf(slot, list[i + 1] as number);
			}
		}
		if (previous >= 0) flush(previous, tf, idf);
	}

	const { exactName, localNameBonus } = options.rules;
	const exact = new Set<number>();
	const named = new Set<number>();
	const usable = (slot: number): boolean => alive[slot] === 1 && (!onlyMarked || mark[slot] === epoch);
	const tokens =
		parsed.tokens.length > MAX_NAME_SCAN_TOKENS
			? parsed.tokens.slice(0, MAX_NAME_SCAN_TOKENS)
			: parsed.tokens;
	if (exactName && tokens.length > 0) {
		store.keys.forEach(parsed.tokens.join(" "), (slot) => {
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
	const tierStep = (1 + localNameBonus) * (k1 + 1 + delta) * idfSum + 1;
	return { touched, exact, named, termIds, idf: idfs, tierStep };
}

/**
 * The final, order-defining score of a slot: BM25 score and bonus, lifted by whole tier steps for
 * the rules that order before BM25 (exact name, then coverage).
 */
export function tieredScore(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	scores: QueryScores,
	termCount: number,
	slot: number,
): number {
	let tier = options.rules.coverage ? (store.cover[slot] as number) : 0;
	if (scores.exact.has(slot)) tier += termCount + 1;
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

/** Runs a query end to end: score, order by tiered score then name, filter lazily, cut to `limit`. */
export function searchStore(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	query: string,
	limit: number,
	filter: ((name: string) => boolean) | undefined,
	onlyMarked: boolean,
): ToolSearchMatch[] {
	const parsed = parseQuery(query);
	if (parsed.terms.length === 0 || store.live === 0) return [];
	const scores = scoreQuery(store, options, parsed, onlyMarked);
	try {
		// The tiered score replaces the raw one in the scratch array; clearScores resets it.
		const finals = store.score;
		for (const slot of scores.touched)
			finals[slot] = tieredScore(store, options, scores, parsed.terms.length, slot);
		const top = new TopK(Math.min(limit, scores.touched.length), finals, store.names);
		for (const slot of scores.touched) {
			if (!top.accepts(slot)) continue;
			if (filter !== undefined && !filter(store.names[slot] as string)) continue;
			top.push(slot);
		}
		return top.sorted().map((slot) => ({ name: store.names[slot] as string, score: finals[slot] as number }));
	} finally {
		clearScores(store, scores);
	}
}
