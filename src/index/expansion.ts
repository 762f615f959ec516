import type { ResolvedToolSearchIndexOptions } from "../defaults.js";
import { tokenize } from "../tokenizer/tokenize.js";
import { editDistance, maxTypos } from "./fuzzy.js";
import type { IndexStore } from "./index-store.js";
import type { FuzzyBudget, TermExpander, TermVariant } from "./query-plan.js";
import { BUILT_IN_SYNONYMS } from "./synonyms.js";

/** The options the expander reads. */
export type ExpansionOptions = Pick<ResolvedToolSearchIndexOptions, "synonyms" | "glossary" | "fuzzy">;

/** Most typo corrections tried for one query term. */
const MAX_FUZZY_VARIANTS = 3;

function link(map: Map<string, Set<string>>, from: string, to: string): void {
	if (from === to) return;
	let set = map.get(from);
	if (set === undefined) {
		set = new Set();
		map.set(from, set);
	}
	set.add(to);
}

/** Tokenizes a synonym word or phrase; a phrase links each of its words. */
function words(text: string): string[] {
	return tokenize(text);
}

/**
 * Builds the query-term expander: synonyms (built-in groups and the host's), glossary terms, and
 * typo corrections for terms the index does not know. Each variant carries its reduced weight.
 */
export function createExpander(options: ExpansionOptions): TermExpander | undefined {
	const { synonyms: synonymOptions, glossary: glossaryOptions, fuzzy } = options;
	const synonyms = new Map<string, Set<string>>();
	const groups = [...(synonymOptions.builtIn ? BUILT_IN_SYNONYMS : []), ...synonymOptions.groups];
	for (const group of groups) {
		const tokens = [...new Set(group.flatMap(words))];
		for (const a of tokens) for (const b of tokens) link(synonyms, a, b);
	}
	// Glossary: each target is a tool name when such a tool is indexed at query time, else words.
	const glossary = new Map<string, Set<string>>();
	for (const [term, targets] of Object.entries(glossaryOptions)) {
		for (const key of words(term)) for (const target of targets) link(glossary, key, target);
	}
	const useSynonyms = (synonyms.size > 0 || glossary.size > 0) && synonymOptions.weight > 0;
	const useFuzzy = fuzzy.enabled && fuzzy.weight > 0;
	if (!useSynonyms && !useFuzzy) return undefined;

	return (term: string, store: IndexStore, budget: FuzzyBudget): TermVariant[] => {
		const variants: TermVariant[] = [];
		if (useSynonyms) {
			const slots: number[] = [];
			const related = new Set(synonyms.get(term));
			for (const target of glossary.get(term) ?? []) {
				const slot = store.slotOf.get(target);
				if (slot !== undefined) slots.push(slot);
				else for (const word of words(target)) if (word !== term) related.add(word);
			}
			if (slots.length > 0) variants.push({ term, termId: -1, weight: 1, via: "glossary", slots });
			for (const other of related) {
				const id = store.termIds.get(other);
				if (id !== undefined && (store.df[id] as number) > 0) {
					variants.push({ term: other, termId: id, weight: synonymOptions.weight, via: "synonym" });
				}
			}
		}
		const known = store.termIds.get(term);
		if (useFuzzy && (known === undefined || (store.df[known] as number) === 0)) {
			const max = maxTypos(term.length);
			if (max > 0 && !/\d/.test(term) && budget.words > 0 && budget.candidates > 0) {
				budget.words--;
				for (const hit of corrections(term, max, store, budget)) {
					variants.push({
						term: hit.term,
						termId: hit.id,
						weight: fuzzy.weight / hit.distance,
						via: "fuzzy",
					});
				}
			}
		}
		return variants;
	};
}

/**
 * The best {@link MAX_FUZZY_VARIANTS} indexed terms within `max` edits of `term` (nearest first,
 * then most frequent, then by code units), examining at most `budget.candidates` vocabulary
 * terms (in id order) and taking them from the budget.
 */
function corrections(
	term: string,
	max: number,
	store: IndexStore,
	budget: FuzzyBudget,
): { term: string; id: number; distance: number }[] {
	const found: { term: string; id: number; distance: number; df: number }[] = [];
	const { terms, df } = store;
	const end = Math.min(terms.length, budget.candidates);
	budget.candidates -= end;
	for (let id = 0; id < end; id++) {
		const candidate = terms[id] as string;
		if (Math.abs(candidate.length - term.length) > max || (df[id] as number) === 0) continue;
		if (maxTypos(candidate.length) === 0) continue;
		const distance = editDistance(term, candidate, max);
		if (distance <= max) found.push({ term: candidate, id, distance, df: df[id] as number });
	}
	found.sort((a, b) => a.distance - b.distance || b.df - a.df || (a.term < b.term ? -1 : 1));
	return found.slice(0, MAX_FUZZY_VARIANTS);
}
