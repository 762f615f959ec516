import { tokenize } from "../tokenizer/tokenize.js";
import type { IndexStore } from "./index-store.js";

/** Distinct query terms scored; the rest of an absurdly long query is ignored. */
export const MAX_QUERY_TERMS = 1024;

/** How one query term reaches the index: itself, or an expansion at reduced weight. */
export interface TermVariant {
	/** The indexed term. */
	readonly term: string;
	readonly termId: number;
	/** Multiplies the variant's BM25 contribution: 1 for the term itself. */
	readonly weight: number;
	/** Why this variant is searched. */
	readonly via: "term" | "synonym" | "fuzzy" | "glossary";
	/** For a glossary entry naming tools: their slots (`termId` is then -1). */
	readonly slots?: readonly number[];
}

/** A distinct query term and the indexed terms it is searched as. */
export interface PlannedTerm {
	readonly term: string;
	readonly variants: readonly TermVariant[];
}

/** A query, tokenized and mapped onto the index vocabulary once. */
export interface QueryPlan {
	/** All tokens, in order (stop words dropped, stemmed); the name rules read them. */
	readonly tokens: readonly string[];
	/** Distinct tokens in first-seen order, at most {@link MAX_QUERY_TERMS}, with their variants. */
	readonly terms: readonly PlannedTerm[];
}

/** Extra variants of a query term (synonyms, typo corrections); none by default. */
export type TermExpander = (term: string, store: IndexStore) => readonly TermVariant[];

/** Tokenizes `query` and looks its terms up (plus expansions) in the store's vocabulary. */
export function planQuery(store: IndexStore, query: string, expand?: TermExpander): QueryPlan {
	const tokens = tokenize(query);
	const terms: PlannedTerm[] = [];
	const seen = new Set<string>();
	for (const token of tokens) {
		if (seen.has(token)) continue;
		seen.add(token);
		const variants: TermVariant[] = [];
		const id = store.termIds.get(token);
		if (id !== undefined && (store.df[id] as number) > 0)
			variants.push({ term: token, termId: id, weight: 1, via: "term" });
		if (expand !== undefined) {
			for (const variant of expand(token, store)) {
				if (variant.termId !== id && !variants.some((v) => v.termId === variant.termId))
					variants.push(variant);
			}
		}
		terms.push({ term: token, variants });
		if (terms.length >= MAX_QUERY_TERMS) break;
	}
	return { tokens, terms };
}
