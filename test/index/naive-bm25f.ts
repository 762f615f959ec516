/**
 * A deliberately naive BM25F+ scorer built only on the reference functions of
 * `src/index/scoring.ts` (plus the tokenizer and document field resolution, for field tokens): no
 * postings, no cached impacts, no pruning — every tool and term looked at directly. The scoring
 * reference property compares the engine with it.
 */
import { MAX_FUZZY_WORDS, TOOL_SEARCH_FIELDS } from "../../src/defaults.js";
import { toolLocalName } from "../../src/document/create-tool-search-document.js";
import { resolveToolSearchFields } from "../../src/document/resolve-fields.js";
import { BUILT_IN_CONCEPTS } from "../../src/index/concepts.js";
import { isFiller } from "../../src/index/filler-words.js";
import type { ResolvedToolSearchIndexOptions } from "../../src/index/index-options.js";
import { CANDIDATE_POOL } from "../../src/index/index-search.js";
import {
	bm25PlusTermBound,
	bm25PlusTermScore,
	fieldShare,
	finalScore,
	lengthNorm,
	liftByTiers,
	localNameBonus,
	localNameUnit,
	namespaceBoostOf,
	pairTf,
	proximityPairBonus,
	tierOf,
	tierStep,
	variantIdf,
} from "../../src/index/scoring.js";
import { BUILT_IN_SYNONYMS } from "../../src/index/synonyms.js";
import { tokenize } from "../../src/tokenizer/tokenize.js";
import type { ToolSearchDocument, ToolSearchMatch } from "../../src/types.js";

/** A tool as the reference sees it: its field tokens, name keys, summary and namespace. */
export interface RefTool {
	readonly name: string;
	readonly fields: readonly (readonly string[])[];
	readonly keys: readonly string[];
	readonly summary: readonly string[];
	readonly namespace: string;
	/** Added with `add` after the `addAll`: its postings sit in the index's tail. */
	readonly later: boolean;
}

/** A tool's field tokens and name keys, from its document. */
export function refToolOf(document: ToolSearchDocument, later: boolean): RefTool {
	const fields = resolveToolSearchFields(document);
	const tokens = TOOL_SEARCH_FIELDS.map((field) => tokenize(fields[field]));
	const nameKey = tokenize(fields.name).join(" ");
	const localKey = tokenize(toolLocalName(fields.name)).join(" ");
	return {
		name: fields.name,
		fields: tokens,
		keys: [nameKey, localKey].filter((key) => key !== ""),
		summary: (tokens[TOOL_SEARCH_FIELDS.indexOf("summary")] ?? []).slice(0, 64),
		namespace: fields.namespace.trim().toLowerCase(),
		later,
	};
}

interface RefVariant {
	readonly word: string;
	readonly self: boolean;
	readonly idf: number;
	readonly bound: number;
}

interface RefTerm {
	readonly term: string;
	readonly variants: readonly RefVariant[];
	readonly idf: number;
	readonly bound: number;
	readonly generic: boolean;
}

/** The catalogue's statistics: document frequency and a tool's weighted tf for a word. */
interface Catalogue {
	readonly tools: readonly RefTool[];
	readonly options: ResolvedToolSearchIndexOptions;
	readonly df: (word: string) => number;
	readonly tf: (tool: RefTool, word: string) => number;
}

function catalogueOf(tools: readonly RefTool[], options: ResolvedToolSearchIndexOptions): Catalogue {
	const { bm25, fieldWeights } = options;
	const weights = TOOL_SEARCH_FIELDS.map((field) => fieldWeights[field]);
	const norms = TOOL_SEARCH_FIELDS.map((_, f) =>
		lengthNorm(bm25.b, tools.reduce((sum, t) => sum + (t.fields[f]?.length ?? 0), 0) / tools.length),
	);
	const dfs = new Map<string, number>();
	const df = (word: string): number => {
		let held = dfs.get(word);
		if (held === undefined) {
			held = tools.filter((t) => t.fields.some((tokens) => tokens.includes(word))).length;
			dfs.set(word, held);
		}
		return held;
	};
	const tf = (tool: RefTool, word: string) =>
		pairTf(
			tool.fields.map((tokens, f) => {
				const count = tokens.filter((token) => token === word).length;
				const { c0, c1 } = norms[f] as { c0: number; c1: number };
				return count === 0 ? 0 : fieldShare(count, weights[f] as number, c0, c1, tokens.length);
			}),
		);
	return { tools, options, df, tf };
}

/** The words of every group that holds `term`, other than `term`, in group order. */
function groupNeighbours(term: string, groups: readonly (readonly string[])[]): Set<string> {
	const related = new Set<string>();
	for (const group of groups) {
		const tokens = [...new Set(group.flatMap((w) => tokenize(w)))];
		if (tokens.includes(term)) for (const other of tokens) if (other !== term) related.add(other);
	}
	return related;
}

/** The concept domains in use, as word groups: the built-in map extended by the host's domains. */
function conceptGroups(options: ResolvedToolSearchIndexOptions): string[][] {
	const merged = new Map<string, string[]>();
	const sources = [...(options.concepts.builtIn ? [BUILT_IN_CONCEPTS] : []), options.concepts.domains];
	for (const source of sources)
		for (const [domain, words] of Object.entries(source))
			merged.set(domain, [...(merged.get(domain) ?? [domain]), ...words]);
	return [...merged.values()];
}

/** Every indexed word of the catalogue. */
function vocabulary(catalogue: Catalogue): string[] {
	return [...new Set(catalogue.tools.flatMap((t) => t.fields.flat()))].filter((w) => catalogue.df(w) > 0);
}

/**
 * Words a query term is searched as, in the expander's order, each if indexed and kept once: itself
 * (at the filler weight for filler), its synonyms, its concept neighbours, and, for an unknown term
 * of 3+ characters without digits that is among the first `MAX_FUZZY_WORDS` such terms, the 3
 * most frequent longer words it begins.
 */
function variantWords(
	term: string,
	catalogue: Catalogue,
	prefixBudget: { words: number },
): { word: string; weight: number; self: boolean }[] {
	const { df, options } = catalogue;
	const found: { word: string; weight: number; self: boolean }[] = [];
	const add = (word: string, weight: number) => {
		if (df(word) > 0 && !found.some((v) => v.word === word)) found.push({ word, weight, self: false });
	};
	if (df(term) > 0)
		found.push({ word: term, weight: isFiller(term) ? options.rules.fillerWeight : 1, self: true });
	const { builtIn, weight, groups } = options.synonyms;
	if (weight > 0) {
		for (const other of groupNeighbours(term, [...(builtIn ? BUILT_IN_SYNONYMS : []), ...groups]))
			add(other, weight);
	}
	if (options.concepts.weight > 0) {
		// Rarest first, while their tools add up to the budget (1% of the tools, at least 64).
		const neighbours = [...groupNeighbours(term, conceptGroups(options))]
			.filter((word) => df(word) > 0)
			.sort((a, b) => df(a) - df(b) || (a < b ? -1 : a > b ? 1 : 0));
		let budget = Math.max(64, 0.01 * catalogue.tools.length);
		for (const word of neighbours) {
			if (df(word) > budget) break;
			budget -= df(word);
			add(word, options.concepts.weight);
		}
	}
	// A word the synonym groups or the concept map hold (in use) is never completed.
	const synonymGroups = options.synonyms.weight > 0 ? [...(builtIn ? BUILT_IN_SYNONYMS : []), ...groups] : [];
	const conceptGroupsInUse = options.concepts.weight > 0 ? conceptGroups(options) : [];
	const lexical =
		groupNeighbours(term, synonymGroups).size > 0 || groupNeighbours(term, conceptGroupsInUse).size > 0;
	if (options.prefix.enabled && options.prefix.weight > 0 && df(term) === 0 && !/\d/.test(term)) {
		if (term.length >= 3 && prefixBudget.words > 0 && !lexical) {
			prefixBudget.words--;
			const completions = vocabulary(catalogue)
				.filter((w) => w.length > term.length && w.startsWith(term))
				.sort((a, b) => df(b) - df(a) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
				.slice(0, 3);
			for (const word of completions) add(word, options.prefix.weight);
		}
	}
	return found.filter((v) => v.weight > 0);
}

/** Each distinct query term with its variants' idf and score bounds. */
function planTerms(tokens: readonly string[], catalogue: Catalogue): RefTerm[] {
	const { tools, df, tf, options } = catalogue;
	const n = tools.length;
	const prefixBudget = { words: MAX_FUZZY_WORDS };
	return [...new Set(tokens)].map((term) => {
		const variants = variantWords(term, catalogue, prefixBudget).map((v) => {
			const idf = variantIdf(n, df(v.word), v.weight);
			// The engine knows the largest tf of a term only while no tool added one at a time has it.
			const inTail = tools.some((t) => t.later && t.fields.some((f) => f.includes(v.word)));
			const largest = inTail ? Number.POSITIVE_INFINITY : Math.max(...tools.map((t) => tf(t, v.word)));
			return { word: v.word, self: v.self, idf, bound: bm25PlusTermBound(largest, idf, options.bm25) };
		});
		return {
			term,
			variants,
			idf: Math.max(0, ...variants.map((v) => v.idf)),
			bound: Math.max(0, ...variants.map((v) => v.bound)),
			generic:
				variants.length > 0 && (isFiller(term) || variants.every((v) => df(v.word) > Math.max(8, n / 2))),
		};
	});
}

/** A tool's BM25+ sum (terms added in the engine's order) with the local-name bonus, and its rules. */
function scoreTool(
	tool: RefTool,
	tokens: readonly string[],
	terms: readonly RefTerm[],
	catalogue: Catalogue,
) {
	const { bm25, rules } = catalogue.options;
	const best = terms.map((term) => {
		let top = { score: 0, unit: 0 };
		for (const v of term.variants) {
			const tf = catalogue.tf(tool, v.word);
			const s = tf > 0 ? bm25PlusTermScore(tf, v.idf, bm25) : 0;
			if (s > top.score) top = { score: s, unit: localNameUnit(v.idf, bm25.delta) };
		}
		return top;
	});
	// The engine adds terms in decreasing order of their bound (ties: query order).
	const scanOrder = terms
		.map((_, i) => i)
		.sort((a, b) => (terms[b]?.bound ?? 0) - (terms[a]?.bound ?? 0) || a - b);
	let score = 0;
	let cover = 0;
	for (const i of scanOrder) {
		const top = best[i] as { score: number };
		if (top.score > 0) {
			score += top.score;
			cover++;
		}
	}
	const units = best.reduce((sum, top) => sum + top.unit, 0);
	const exact = rules.exactName && tokens.length > 0 && tool.keys.includes(tokens.join(" "));
	let named = false;
	for (let i = 0; i < tokens.length; i++)
		for (let j = i + 1; j <= Math.min(tokens.length, i + 8); j++)
			if (tool.keys.includes(tokens.slice(i, j).join(" "))) named = true;
	if (rules.localNameBonus > 0 && named && cover > 0) score += localNameBonus(rules.localNameBonus, units);
	return { tool, name: tool.name, score, cover, exact };
}

const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** The query's adjacent word pairs and their proximity bonus. */
function proximityPairs(tokens: readonly string[], terms: readonly RefTerm[], catalogue: Catalogue) {
	const { bm25, rules, fieldWeights } = catalogue.options;
	const weight = fieldWeights.summary > 0 ? rules.proximity : 0;
	const pairs = new Map<string, number>();
	const selfIdf = new Map(
		terms.flatMap((t) => t.variants.filter((v) => v.self).map((v) => [t.term, v.idf] as const)),
	);
	if (weight <= 0) return pairs;
	for (let i = 0; i + 1 < tokens.length; i++) {
		const [a, b] = [tokens[i] as string, tokens[i + 1] as string];
		const ia = selfIdf.get(a);
		const ib = selfIdf.get(b);
		if (ia !== undefined && ib !== undefined && a !== b)
			pairs.set(pairKey(a, b), proximityPairBonus(weight, bm25, ia, ib));
	}
	return pairs;
}

/** The proximity bonus of a tool: each query pair adjacent in its summary, once. */
function proximityOf(tool: RefTool, pairs: ReadonlyMap<string, number>): number {
	let bonus = 0;
	const seen = new Set<string>();
	for (let i = 0; i + 1 < tool.summary.length; i++) {
		const key = pairKey(tool.summary[i] as string, tool.summary[i + 1] as string);
		const value = pairs.get(key);
		if (value === undefined || seen.has(key)) continue;
		seen.add(key);
		bonus += value;
	}
	return bonus;
}

const byScoreThenName = (a: { final: number; name: string }, b: { final: number; name: string }) =>
	b.final - a.final || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The naive search: every tool scored, the pool cut, the rules applied, best `limit` first. */
export function referenceSearch(
	tools: readonly RefTool[],
	options: ResolvedToolSearchIndexOptions,
	query: string,
	limit: number,
	exclude: (name: string) => boolean,
	poolSize = CANDIDATE_POOL,
): ToolSearchMatch[] {
	const { bm25, rules } = options;
	const catalogue = catalogueOf(tools, options);
	const tokens = tokenize(query);
	const terms = planTerms(tokens, catalogue);
	const rows = tools.map((tool) => scoreTool(tool, tokens, terms, catalogue));
	const pairs = proximityPairs(tokens, terms, catalogue);
	const proximityBound = [...pairs.values()].reduce((sum, value) => sum + value, 0);
	const step = tierStep(
		rules,
		bm25,
		terms.map((t) => t.idf),
		proximityBound,
	);
	const pool = rows
		.filter((row) => (row.cover > 0 || row.exact) && !exclude(row.name))
		.map((row) => ({
			...row,
			final: liftByTiers(row.score, tierOf(rules.coverage, row.cover, row.exact, terms.length), step),
		}))
		.sort(byScoreThenName)
		.slice(0, Math.max(limit, poolSize));
	const meaningful = terms.some((t) => t.variants.length > 0 && !t.generic);
	if (rules.abstain && !rows.some((row) => row.exact) && pool.length > 0 && !meaningful) return [];
	return pool
		.map((row) => {
			const siblings = pool.filter(
				(other) => other !== row && row.tool.namespace !== "" && other.tool.namespace === row.tool.namespace,
			);
			const boost = namespaceBoostOf(
				rules.namespaceBoost,
				Math.max(0, ...siblings.map((other) => other.score)),
			);
			return { name: row.name, final: finalScore(row.final, boost, proximityOf(row.tool, pairs)) };
		})
		.sort(byScoreThenName)
		.slice(0, limit)
		.map((row) => ({ name: row.name, score: row.final }));
}
