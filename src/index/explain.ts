import { TOOL_SEARCH_FIELDS, type ToolSearchFieldName } from "../defaults.js";
import type { ResolvedToolSearchIndexOptions } from "./index-options.js";
import { clearScores, fieldNorms, idfOf, isGeneric, scoreQuery, tieredScore } from "./index-search.js";
import { FIELD_COUNT, type IndexStore } from "./index-store.js";
import type { QueryPlan, TermVariant } from "./query-plan.js";

/** One field's share of a term's weighted frequency. */
export interface ExplainedField {
	readonly field: ToolSearchFieldName;
	/** Occurrences of the term in the field. */
	readonly tf: number;
	readonly weight: number;
	/** The field's length in tokens for this tool. */
	readonly length: number;
	/** `weight * tf / (1 - b + b * length / averageLength)`. */
	readonly weightedTf: number;
}

/** One query term's contribution to a tool's score. */
export interface ExplainedTerm {
	/** The query term. */
	readonly term: string;
	/** The indexed term that matched, when it differs (synonym or typo correction). */
	readonly matchedAs?: string;
	/** How it matched: the term itself, a synonym, a typo correction; absent when it did not. */
	readonly via?: TermVariant["via"];
	/** Tools containing the matched term, and its idf (times the variant's weight). */
	readonly documentFrequency: number;
	readonly idf: number;
	readonly generic: boolean;
	/** Σ of the fields' weighted tf. */
	readonly weightedTf: number;
	/** `idf * ((k1 + 1) * tf / (k1 + tf) + delta)`; 0 when the term does not match this tool. */
	readonly score: number;
	readonly fields: readonly ExplainedField[];
}

/** A rule that changed the tool's score or place. */
export interface ExplainedRule {
	readonly rule:
		| "exact-name"
		| "coverage"
		| "local-name-bonus"
		| "namespace-boost"
		| "synonym"
		| "fuzzy"
		| "glossary";
	/** Added to the score. */
	readonly effect: number;
	readonly detail: string;
}

/** Why a tool scored what it scored for a query (see `ToolSearchIndex.explain`). */
export interface ToolSearchExplanation {
	readonly name: string;
	readonly query: string;
	/** The score `search` gives the tool (0 when it does not match). */
	readonly score: number;
	/** Whether `search` with no limit returns the tool (abstention aside). */
	readonly matched: boolean;
	/** Σ of the terms' scores. */
	readonly bm25: number;
	/** Distinct query terms the tool matches, of `queryTerms`. */
	readonly coverage: number;
	readonly queryTerms: number;
	readonly terms: readonly ExplainedTerm[];
	readonly rules: readonly ExplainedRule[];
}

/** The packed postings (field << 12 | tf) of `termId` in `slot`. */
function postingsIn(store: IndexStore, termId: number, slot: number): number[] {
	const found: number[] = [];
	const { offsets, docs, meta, tail, mainTerms } = store.postings;
	if (termId < mainTerms) {
		let lo = offsets[termId] as number;
		let hi = offsets[termId + 1] as number;
		const end = hi;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if ((docs[mid] as number) < slot) lo = mid + 1;
			else hi = mid;
		}
		for (let p = lo; p < end && docs[p] === slot; p++) found.push(meta[p] as number);
	}
	const list = tail[termId];
	if (list !== undefined)
		for (let i = 0; i < list.length; i += 2) if (list[i] === slot) found.push(list[i + 1] as number);
	return found;
}

const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/** Explains the score of the tool in `slot` for `plan`. */
export function explainSlot(
	store: IndexStore,
	options: ResolvedToolSearchIndexOptions,
	plan: QueryPlan,
	query: string,
	slot: number,
): ToolSearchExplanation {
	const { k1, b, delta } = options.bm25;
	const { c0, c1 } = fieldNorms(store, b);
	const n = store.live;
	const terms: ExplainedTerm[] = [];
	const rules: ExplainedRule[] = [];
	let bm25 = 0;
	let coverage = 0;
	for (const planned of plan.terms) {
		let best: ExplainedTerm | undefined;
		for (const variant of planned.variants) {
			const df = variant.slots !== undefined ? variant.slots.length : (store.df[variant.termId] as number);
			if (df <= 0 || !(variant.weight > 0)) continue;
			const idf = idfOf(n, df) * variant.weight;
			const fields: ExplainedField[] = [];
			let weightedTf = 0;
			if (variant.slots?.includes(slot)) {
				const weight = options.fieldWeights.name;
				weightedTf = weight;
				fields.push({ field: "name", tf: 1, weight, length: 1, weightedTf: weight });
			}
			for (const packed of variant.slots !== undefined ? [] : postingsIn(store, variant.termId, slot)) {
				const f = packed >>> 12;
				const field = TOOL_SEARCH_FIELDS[f] as ToolSearchFieldName;
				const weight = options.fieldWeights[field];
				const length = store.fieldLength[slot * FIELD_COUNT + f] as number;
				const share = (weight * (packed & 4095)) / ((c0[f] as number) + (c1[f] as number) * length);
				weightedTf += share;
				fields.push({ field, tf: packed & 4095, weight, length, weightedTf: round(share) });
			}
			if (weightedTf <= 0) continue;
			const score = idf * (((k1 + 1) * weightedTf) / (k1 + weightedTf) + delta);
			if (best !== undefined && score <= best.score) continue;
			best = {
				term: planned.term,
				...(variant.term !== planned.term ? { matchedAs: variant.term } : {}),
				via: variant.via,
				documentFrequency: df,
				idf: round(idf),
				generic: isGeneric(df, n),
				weightedTf: round(weightedTf),
				score,
				fields,
			};
		}
		if (best === undefined) {
			terms.push({
				term: planned.term,
				documentFrequency: 0,
				idf: 0,
				generic: false,
				weightedTf: 0,
				score: 0,
				fields: [],
			});
			continue;
		}
		coverage++;
		bm25 += best.score;
		if (best.via === "synonym" || best.via === "fuzzy") {
			rules.push({
				rule: best.via,
				effect: round(best.score),
				detail: `"${planned.term}" matched as "${best.matchedAs}" at weight ${round(best.idf / idfOf(n, best.documentFrequency))}`,
			});
		} else if (best.via === "glossary") {
			rules.push({
				rule: "glossary",
				effect: round(best.score),
				detail: `the glossary maps "${planned.term}" to this tool`,
			});
		}
		terms.push({ ...best, score: round(best.score) });
	}
	const scores = scoreQuery(store, options, plan);
	try {
		const matched = (store.cover[slot] as number) > 0 || scores.exact.has(slot);
		const score = matched ? tieredScore(store, options, scores, slot) : 0;
		if (scores.exact.has(slot)) {
			rules.push({
				rule: "exact-name",
				effect: round((scores.terms.length + 1) * scores.tierStep),
				detail: "the query is the tool's name or local name: ranked above every other tool",
			});
		}
		if (options.rules.coverage && coverage > 0) {
			rules.push({
				rule: "coverage",
				effect: round(coverage * scores.tierStep),
				detail: `matches ${coverage} of ${plan.terms.length} query terms: ranked above tools matching fewer`,
			});
		}
		const bonus = scores.named.has(slot)
			? options.rules.localNameBonus * (store.matchedIdf[slot] as number)
			: 0;
		if (scores.named.has(slot)) {
			rules.push({
				rule: "local-name-bonus",
				effect: round(bonus),
				detail: "the tool's local name appears in the query",
			});
		}
		const siblings = matched ? (store.score[slot] as number) - bm25 - bonus : 0;
		if (siblings > 1e-9) {
			rules.push({
				rule: "namespace-boost",
				effect: round(siblings),
				detail: `${options.rules.namespaceBoost} of the best score among other tools of its namespace`,
			});
		}
		return {
			name: store.names[slot] as string,
			query,
			score,
			matched,
			bm25: round(bm25),
			coverage,
			queryTerms: plan.terms.length,
			terms,
			rules,
		};
	} finally {
		clearScores(store, scores);
	}
}
