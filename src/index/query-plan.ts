import {
	DEFAULT_RANKING_RULES,
	MAX_FUZZY_CANDIDATES,
	MAX_FUZZY_WORDS,
	MAX_QUERY_POSTINGS,
	MAX_QUERY_TERMS,
} from "../defaults.js";
import { tokenize } from "../tokenizer/tokenize.js";
import { isFiller } from "./filler-words.js";
import type { IndexStore } from "./index-store.js";

export { MAX_QUERY_TERMS };

/** How one query term reaches the index: itself, or an expansion at reduced weight. */
export interface TermVariant {
	/** The indexed term. */
	readonly term: string;
	readonly termId: number;
	/** Multiplies the variant's BM25 contribution: 1 for the term itself. */
	readonly weight: number;
	/** Why this variant is searched. */
	readonly via: "term" | "synonym" | "concept" | "prefix" | "fuzzy" | "glossary";
	/** For a glossary entry naming tools: their slots (`termId` is then -1). */
	readonly slots?: readonly number[];
}

/** A distinct query term and the indexed terms it is searched as. */
export interface PlannedTerm {
	readonly term: string;
	readonly variants: readonly TermVariant[];
	/** A filler word or a bare number (see `isFiller`): searched at `rules.fillerWeight`, never a reason not to abstain. */
	readonly filler: boolean;
}

/** A query, tokenized and mapped onto the index vocabulary once. */
export interface QueryPlan {
	/** All tokens, in order (stop words dropped, stemmed); the name rules read them. */
	readonly tokens: readonly string[];
	/**
	 * Distinct tokens in first-seen order with their variants: at most {@link MAX_QUERY_TERMS}, and
	 * only while their postings fit {@link MAX_QUERY_POSTINGS}.
	 */
	readonly terms: readonly PlannedTerm[];
	/** Distinct tokens after the last planned one: not searched. */
	readonly ignoredTerms: number;
	/**
	 * The postings the planned terms' variants read (document frequencies, tools a glossary entry
	 * names): at least the pairs a search scans (`queryPairs`), which leave out variants that
	 * match no live tool or weigh nothing.
	 */
	readonly postings: number;
}

/** What typo correction may still do in one query (see `MAX_FUZZY_WORDS`, `MAX_FUZZY_CANDIDATES`). */
export interface FuzzyBudget {
	/** Unknown words that may still be looked up. */
	words: number;
	/** Vocabulary terms that may still be examined. */
	candidates: number;
}

/**
 * Extra variants of a query term (synonyms, typo corrections); none by default. An expander that
 * reads `budget` takes a word from `budget.words` first, before reading anything else of it, and
 * then at most `min(vocabulary, budget.candidates)` candidates, where no candidates left means no
 * corrections: `TermPlanCache` relies on it to tell a plan that any budget would give.
 */
export type TermExpander = (term: string, store: IndexStore, budget: FuzzyBudget) => readonly TermVariant[];

/** The postings a term's variants would read: their document frequencies (tools named, for the glossary). */
function postingsOf(store: IndexStore, variants: readonly TermVariant[]): number {
	let total = 0;
	for (let i = 0; i < variants.length; i++) {
		const variant = variants[i] as TermVariant;
		total += variant.slots !== undefined ? variant.slots.length : (store.df[variant.termId] as number);
	}
	return total;
}

/** The work limits of one query; tests lower them. */
export interface QueryLimits {
	readonly terms: number;
	readonly postings: number;
	readonly fuzzyWords: number;
	readonly fuzzyCandidates: number;
}

/** The library's limits (`defaults.ts`). */
export const QUERY_LIMITS: QueryLimits = Object.freeze({
	terms: MAX_QUERY_TERMS,
	postings: MAX_QUERY_POSTINGS,
	fuzzyWords: MAX_FUZZY_WORDS,
	fuzzyCandidates: MAX_FUZZY_CANDIDATES,
});

/** One token planned: its variants (itself first, then expansions) and the postings they read. */
interface TermPlan {
	readonly planned: PlannedTerm;
	readonly cost: number;
	/** What planning it took from the typo budget (`FuzzyBudget`). */
	readonly words: number;
	readonly candidates: number;
}

/** Looks one token up (itself and its expansions), taking from `budget` what typo correction uses. */
function planTerm(
	store: IndexStore,
	token: string,
	expand: TermExpander | undefined,
	budget: FuzzyBudget,
	fillerWeight: number,
): TermPlan {
	const { words, candidates } = budget;
	const variants: TermVariant[] = [];
	const filler = isFiller(token);
	const id = store.liveTermId(token);
	if (id !== undefined)
		variants.push({ term: token, termId: id, weight: filler ? fillerWeight : 1, via: "term" });
	if (expand !== undefined) {
		const expanded = expand(token, store, budget);
		for (let i = 0; i < expanded.length; i++) {
			const variant = expanded[i] as TermVariant;
			// The first variant of each indexed term counts (the term itself, then the strongest kind).
			let seen = variant.termId === id;
			for (let k = 0; k < variants.length && !seen; k++)
				seen = (variants[k] as TermVariant).termId === variant.termId;
			if (!seen) variants.push(variant);
		}
	}
	// One shape for every planned term (an optional field made the code reading them polymorphic).
	const planned: PlannedTerm = { term: token, variants, filler };
	return {
		planned,
		cost: postingsOf(store, variants),
		words: words - budget.words,
		candidates: candidates - budget.candidates,
	};
}

/**
 * Whether a plan that took `plan.words` and `plan.candidates` from a budget that had `words` and
 * `candidates` is the plan of every budget holding at least what it took, so that it can be kept
 * (by the expander's contract, `TermExpander`): a word that left the budget alone while it had
 * words never takes from it; one that took a word and no candidates while there were some
 * corrects nothing; one that read the whole vocabulary read what any larger budget reads.
 */
function budgetIndependent(plan: TermPlan, words: number, candidates: number, vocabulary: number): boolean {
	if (plan.words === 0) return words > 0;
	if (plan.candidates === 0) return candidates > 0;
	return plan.candidates === vocabulary;
}

/** Queries of at most this many tokens find repeated words by scanning them rather than by a Set. */
const SHORT_QUERY_TOKENS = 16;

/** Most words a {@link TermPlanCache} holds before it starts over. */
export const TERM_PLAN_CACHE_SIZE = 4096;

/**
 * Per-word plans of one index, reused while the store has not changed: looking a word and its
 * expansions up (synonyms, concept neighbours sorted by document frequency, glossary) costs more
 * than scoring it on a small catalogue. Emptied when the store's `revision` or `vocabularyVersion`
 * moves (any add, remove, merge or compaction), when another store or expander is used, and when
 * full. A word that took from the typo budget (an unknown word completed or corrected) is reused
 * only while its query's budget still holds what it took, and taken from it again.
 * @internal
 */
export class TermPlanCache {
	readonly #plans = new Map<string, TermPlan>();
	#store: IndexStore | undefined;
	#expand: TermExpander | undefined;
	#fillerWeight = 0;
	#revision = -1;
	#vocabularyVersion = -1;

	/** Makes the cache valid for these inputs, emptying it when they differ from the last ones. */
	validate(store: IndexStore, expand: TermExpander | undefined, fillerWeight: number): void {
		if (
			this.#store === store &&
			this.#expand === expand &&
			this.#fillerWeight === fillerWeight &&
			this.#revision === store.revision &&
			this.#vocabularyVersion === store.vocabularyVersion &&
			this.#plans.size < TERM_PLAN_CACHE_SIZE
		) {
			return;
		}
		this.#plans.clear();
		this.#store = store;
		this.#expand = expand;
		this.#fillerWeight = fillerWeight;
		this.#revision = store.revision;
		this.#vocabularyVersion = store.vocabularyVersion;
	}

	get(token: string): TermPlan | undefined {
		return this.#plans.get(token);
	}

	set(token: string, plan: TermPlan): void {
		this.#plans.set(token, plan);
	}

	/** Words held (for tests). */
	get size(): number {
		return this.#plans.size;
	}
}

/**
 * Tokenizes `query` and looks its terms up (plus expansions) in the store's vocabulary, within
 * `limits`: the first distinct terms while they fit, the rest counted in `ignoredTerms`.
 * Filler words and bare numbers are searched at `fillerWeight` (`rules.fillerWeight`). With a
 * `cache`, words planned by an earlier query on the unchanged store are not looked up again (the
 * plan is the same: a property test holds it there).
 */
export function planQuery(
	store: IndexStore,
	query: string,
	expand?: TermExpander,
	limits: QueryLimits = QUERY_LIMITS,
	fillerWeight: number = DEFAULT_RANKING_RULES.fillerWeight,
	cache?: TermPlanCache,
): QueryPlan {
	const tokens = tokenize(query);
	const terms: PlannedTerm[] = [];
	// A short query finds repeated words by scanning its tokens (no Set per query).
	const seen = tokens.length > SHORT_QUERY_TOKENS ? new Set<string>() : undefined;
	const budget: FuzzyBudget = { words: limits.fuzzyWords, candidates: limits.fuzzyCandidates };
	cache?.validate(store, expand, fillerWeight);
	let postings = 0;
	let full = false;
	let ignoredTerms = 0;
	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i] as string;
		if (seen === undefined ? tokens.indexOf(token) !== i : seen.has(token)) continue;
		seen?.add(token);
		if (full) {
			ignoredTerms++;
			continue;
		}
		let plan = cache?.get(token);
		if (plan !== undefined && budget.words >= plan.words && budget.candidates >= plan.candidates) {
			budget.words -= plan.words;
			budget.candidates -= plan.candidates;
		} else {
			const { words, candidates } = budget;
			plan = planTerm(store, token, expand, budget, fillerWeight);
			if (cache !== undefined && budgetIndependent(plan, words, candidates, store.terms.length))
				cache.set(token, plan);
		}
		// The first term is always searched: a single term reads at most every tool once per variant.
		if (terms.length > 0 && postings + plan.cost > limits.postings) {
			full = true;
			ignoredTerms++;
			continue;
		}
		postings += plan.cost;
		terms.push(plan.planned);
		if (terms.length >= limits.terms) full = true;
	}
	return { tokens, terms, ignoredTerms, postings };
}
