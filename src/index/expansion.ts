import type { ResolvedToolSearchIndexOptions } from "../defaults.js";
import { CONCEPT_POSTINGS_SHARE, MIN_CONCEPT_POSTINGS } from "../defaults.js";
import { tokenize } from "../tokenizer/tokenize.js";
import { BUILT_IN_CONCEPTS } from "./concepts.js";
import { editDistance, maxTypos } from "./fuzzy.js";
import type { IndexStore } from "./index-store.js";
import { letterMask, letterMasks, maskDistance } from "./letter-masks.js";
import { forEachCompletion } from "./prefix-index.js";
import type { FuzzyBudget, TermExpander, TermVariant } from "./query-plan.js";
import { BUILT_IN_SYNONYMS } from "./synonyms.js";

/** The options the expander reads. */
export type ExpansionOptions = Pick<
	ResolvedToolSearchIndexOptions,
	"synonyms" | "glossary" | "fuzzy" | "concepts" | "prefix"
>;

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

/** Links every word of each group (tokenized) to the group's other words. */
function linkGroups(map: Map<string, Set<string>>, groups: Iterable<readonly string[]>): void {
	for (const group of groups) {
		const tokens = [...new Set(group.flatMap(words))];
		for (const a of tokens) for (const b of tokens) link(map, a, b);
	}
}

/**
 * The links of the built-in synonym groups and of the built-in concept domains, made once per
 * process when first needed (about 15,000 links from tokenized constants: a few tens of ms that
 * every index, a loaded one included, used to pay again). Never mutated: the expander only reads.
 */
const builtInLinks: { synonyms?: Map<string, Set<string>>; concepts?: Map<string, Set<string>> } = {};

/** The synonym links in use: the built-in groups' (shared) when the host adds none. */
function synonymLinks(options: ExpansionOptions["synonyms"]): Map<string, Set<string>> {
	if (options.builtIn && options.groups.length === 0) {
		builtInLinks.synonyms ??= linked(BUILT_IN_SYNONYMS);
		return builtInLinks.synonyms;
	}
	return linked([...(options.builtIn ? BUILT_IN_SYNONYMS : []), ...options.groups]);
}

/** The concept links in use: the built-in domains' (shared) when the host adds none. */
function conceptLinks(concepts: ExpansionOptions["concepts"]): Map<string, Set<string>> {
	if (concepts.builtIn && Object.keys(concepts.domains).length === 0) {
		builtInLinks.concepts ??= linked(conceptGroups(concepts));
		return builtInLinks.concepts;
	}
	return linked(conceptGroups(concepts));
}

function linked(groups: Iterable<readonly string[]>): Map<string, Set<string>> {
	const map = new Map<string, Set<string>>();
	linkGroups(map, groups);
	return map;
}

/** The concept domains in use: the built-in map (when on) extended by the host's domains. */
function conceptGroups(concepts: ExpansionOptions["concepts"]): string[][] {
	const merged = new Map<string, string[]>();
	const add = (domains: Readonly<Record<string, readonly string[]>>) => {
		for (const [domain, members] of Object.entries(domains)) {
			merged.set(domain, [...(merged.get(domain) ?? [domain]), ...members]);
		}
	};
	if (concepts.builtIn) add(BUILT_IN_CONCEPTS);
	add(concepts.domains);
	return [...merged.values()];
}

/**
 * Builds the query-term expander: synonyms (built-in groups and the host's), glossary terms,
 * concept-map neighbours, and, for terms the index does not know, prefix completions and typo
 * corrections. Each variant carries its reduced weight; a term's variants are listed strongest
 * kind first (the query plan keeps the first variant of each indexed term).
 */
export function createExpander(options: ExpansionOptions): TermExpander | undefined {
	const { synonyms: synonymOptions, glossary: glossaryOptions, fuzzy, concepts, prefix } = options;
	const synonyms: ReadonlyMap<string, ReadonlySet<string>> = synonymLinks(synonymOptions);
	const related: ReadonlyMap<string, ReadonlySet<string>> = concepts.weight > 0
		? conceptLinks(concepts)
		: new Map();
	// Glossary: each target is a tool name when such a tool is indexed at query time, else words.
	const glossary = new Map<string, Set<string>>();
	for (const [term, targets] of Object.entries(glossaryOptions)) {
		for (const key of words(term)) for (const target of targets) link(glossary, key, target);
	}
	const useSynonyms = (synonyms.size > 0 || glossary.size > 0) && synonymOptions.weight > 0;
	const useConcepts = related.size > 0;
	const useFuzzy = fuzzy.enabled && fuzzy.weight > 0;
	const usePrefix = prefix.enabled && prefix.weight > 0;
	if (!useSynonyms && !useConcepts && !useFuzzy && !usePrefix) return undefined;

	return (term: string, store: IndexStore, budget: FuzzyBudget): TermVariant[] => {
		const variants: TermVariant[] = [];
		if (useSynonyms) {
			// The synonyms, plus the words of glossary targets that name no tool (copied only then).
			let similar: ReadonlySet<string> | undefined = synonyms.get(term);
			const targets = glossary.get(term);
			if (targets !== undefined) {
				const slots: number[] = [];
				const extended = new Set(similar);
				for (const target of targets) {
					const slot = store.slotOfName(target);
					if (slot !== undefined) slots.push(slot);
					else for (const word of words(target)) if (word !== term) extended.add(word);
				}
				similar = extended;
				if (slots.length > 0) variants.push({ term, termId: -1, weight: 1, via: "glossary", slots });
			}
			if (similar !== undefined) {
				for (const other of similar) {
					const id = store.liveTermId(other);
					if (id !== undefined)
						variants.push({ term: other, termId: id, weight: synonymOptions.weight, via: "synonym" });
				}
			}
		}
		if (useConcepts) {
			const neighbours = related.get(term);
			if (neighbours !== undefined) conceptVariants(variants, neighbours, store, concepts.weight);
		}
		if ((useFuzzy || usePrefix) && store.liveTermId(term) === undefined && !hasDigit(term)) {
			const max = useFuzzy ? maxTypos(term.length) : 0;
			// A word the synonyms, the concept map or the glossary know is a whole word, not an abbreviation
			// ("rain" must not become "rainbow").
			const lexical = (useSynonyms && (synonyms.has(term) || glossary.has(term))) || related.has(term);
			const wantsPrefix = usePrefix && term.length >= MIN_PREFIX_LENGTH && !lexical;
			if ((max > 0 || wantsPrefix) && budget.words > 0) {
				budget.words--;
				if (wantsPrefix) {
					for (const hit of completions(term, store))
						variants.push({ term: hit.term, termId: hit.id, weight: prefix.weight, via: "prefix" });
				}
				if (max > 0 && budget.candidates > 0) {
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
		}
		return variants;
	};
}

/** Whether `term` holds an ASCII digit (`/\d/`), without a regular expression run per planned word. */
function hasDigit(term: string): boolean {
	for (let i = 0; i < term.length; i++) {
		const code = term.charCodeAt(i);
		if (code >= 48 && code <= 57) return true;
	}
	return false;
}

/**
 * Appends to `variants` a term's concept neighbours that tools have, rarest first, while their
 * tools (document frequencies) add up to at most {@link conceptPostingsBudget}: a common word says
 * little about a domain and costs the most to read.
 */
function conceptVariants(
	variants: TermVariant[],
	neighbours: ReadonlySet<string>,
	store: IndexStore,
	weight: number,
): void {
	const { df, terms } = store;
	const found: number[] = [];
	for (const word of neighbours) {
		const id = store.liveTermId(word);
		if (id !== undefined) found.push(id);
	}
	if (found.length > 1) found.sort((a, b) => byFrequencyThenWord(df, terms, a, b));
	let budget = conceptPostingsBudget(store.live);
	for (let i = 0; i < found.length; i++) {
		const id = found[i] as number;
		const frequency = df[id] as number;
		if (frequency > budget) break;
		budget -= frequency;
		variants.push({ term: terms[id] as string, termId: id, weight, via: "concept" });
	}
}

/** Rarest first, then by code units: the order concept words are read in. */
function byFrequencyThenWord(df: Int32Array, terms: readonly string[], a: number, b: number): number {
	const x = terms[a] as string;
	const y = terms[b] as string;
	return (df[a] as number) - (df[b] as number) || (x < y ? -1 : x > y ? 1 : 0);
}

/** The tools one query term's concept words may read together: 1% of the catalogue, at least 64. */
export function conceptPostingsBudget(tools: number): number {
	return Math.max(MIN_CONCEPT_POSTINGS, CONCEPT_POSTINGS_SHARE * tools);
}

/** Shortest unknown query word completed by prefix matching. */
const MIN_PREFIX_LENGTH = 3;
/** Most prefix completions tried for one query term. */
const MAX_PREFIX_VARIANTS = 3;

interface VocabularyHit {
	term: string;
	id: number;
	distance: number;
	df: number;
}

const byCodeUnits = (a: VocabularyHit, b: VocabularyHit) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0);

/**
 * The {@link MAX_PREFIX_VARIANTS} most frequent live terms longer than `term` that begin with it
 * (then shortest, then by code units), found in the sorted vocabulary (`prefix-index.ts`).
 */
function completions(term: string, store: IndexStore): VocabularyHit[] {
	const found: VocabularyHit[] = [];
	forEachCompletion(store, term, (id) => {
		const frequency = store.df[id] as number;
		if (frequency > 0) found.push({ term: store.terms[id] as string, id, distance: 0, df: frequency });
	});
	found.sort((a, b) => b.df - a.df || a.term.length - b.term.length || byCodeUnits(a, b));
	return found.slice(0, MAX_PREFIX_VARIANTS);
}

/**
 * The best {@link MAX_FUZZY_VARIANTS} indexed terms within `max` edits of `term` (nearest first,
 * then most frequent, then by code units), examining at most `budget.candidates` vocabulary terms
 * (in id order) and taking them from the budget.
 */
function corrections(term: string, max: number, store: IndexStore, budget: FuzzyBudget): VocabularyHit[] {
	const found: VocabularyHit[] = [];
	const { terms, df } = store;
	const end = Math.min(terms.length, budget.candidates);
	budget.candidates -= end;
	// Within `max` edits, the words' character masks differ in at most 2 * max bits (letter-masks.ts):
	// most candidates are ruled out without computing their edit distance.
	const masks = letterMasks(store);
	const mask = letterMask(term);
	for (let id = 0; id < end; id++) {
		const candidate = terms[id] as string;
		if (Math.abs(candidate.length - term.length) > max || (df[id] as number) === 0) continue;
		if (maxTypos(candidate.length) === 0) continue;
		if (maskDistance(masks[id] as number, mask) > 2 * max) continue;
		const distance = editDistance(term, candidate, max);
		if (distance <= max) found.push({ term: candidate, id, distance, df: df[id] as number });
	}
	found.sort((a, b) => a.distance - b.distance || b.df - a.df || byCodeUnits(a, b));
	return found.slice(0, MAX_FUZZY_VARIANTS);
}
