/**
 * MaxScore against the exhaustive search, engine to engine: every tool that can be in the pool
 * (the best `poolSize` not excluded, and every tool tied with the last of them) and every named
 * tool is scored by MaxScore with the exhaustive score to the last bit, and no tool gets any other
 * score — for catalogues with recent tools in the tail, removed tools still in the postings,
 * compactions, tied tools, terms of several variants and glossary entries naming tools, with the
 * terms left looked up for the candidates or scanned.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { exhaustiveSearch } from "../../src/index/exhaustive-scan.js";
import { createExpander } from "../../src/index/expansion.js";
import { maxScoreSearch } from "../../src/index/maxscore.js";
import { nameRules } from "../../src/index/name-rules.js";
import { planQuery } from "../../src/index/query-plan.js";
import { scoringContext } from "../../src/index/scoring-context.js";
import { prepareTerms } from "../../src/index/term-scan.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

const WORDS = Array.from(
	{ length: 40 },
	(_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`,
);
/** Zipf-like: low indices are common, so several terms are in most tools and MaxScore skips. */
const word = fc.integer({ min: 0, max: 1599 }).map((n) => WORDS[Math.floor(Math.sqrt(n))] as string);
const text = fc.array(word, { minLength: 1, maxLength: 10 }).map((w) => w.join(" "));

interface Scenario {
	/** Tool descriptions; a few repeat, so that tools tie. */
	readonly descriptions: readonly string[];
	/** Tools added one at a time after the bulk add (their postings stay in the tail). */
	readonly later: number;
	/** Every `removeEvery`-th tool is removed (0: none). */
	readonly removeEvery: number;
	/** All but every tenth tool are removed: past 1,024 dead slots, the index compacts. */
	readonly compact?: boolean;
	readonly queries: readonly string[];
	readonly poolSize: number;
	readonly excludeEvery: number;
	/** Looked-up share (`maxScoreSearch`'s `lookupShare`): 0 looks the terms left up as soon as the need is above 0, a large one (1e9) scans them. */
	readonly lookupShare: number;
}

const scenario = (min: number, max: number) =>
	fc
		.array(
			fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: fc.constant("wbax wcax waax") }),
			{
				minLength: min,
				maxLength: max,
			},
		)
		.chain((descriptions) =>
			fc.record({
				descriptions: fc.constant(descriptions),
				later: fc.nat({ max: Math.floor(descriptions.length / 4) }),
				removeEvery: fc.constantFrom(0, 0, 3, 7),
				queries: fc.array(
					fc.oneof(
						{ weight: 6, arbitrary: fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(" ")) },
						// A tool's name: the exact-name and local-name rules name it.
						{ weight: 1, arbitrary: fc.nat({ max: descriptions.length - 1 }).map((i) => `t${i}`) },
						{ weight: 1, arbitrary: fc.nat({ max: descriptions.length - 1 }).map((i) => `waax t${i} wbax`) },
					),
					{ minLength: 1, maxLength: 4 },
				),
				poolSize: fc.constantFrom(1, 2, 5, 20, 100),
				excludeEvery: fc.constantFrom(0, 0, 2, 5),
				lookupShare: fc.constantFrom(0, 16, 1e9),
			}),
		);

/** Synonym groups and a glossary: terms of several variants, and entries naming tools directly. */
function indexOf(s: Scenario): ToolSearchIndex {
	const groups = [
		[WORDS[0] as string, WORDS[30] as string],
		[WORDS[1] as string, WORDS[2] as string, WORDS[35] as string],
	];
	const glossary = { [WORDS[3] as string]: ["t1", "t4", "t9"], [WORDS[5] as string]: ["t2"] };
	const index = new ToolSearchIndex({ synonyms: { groups, weight: 0.7 }, glossary });
	const documentOf = (description: string, i: number) =>
		createToolSearchDocument({ name: `t${i}`, description }, { name: `s${i % 4}` });
	const first = s.descriptions.length - s.later;
	index.addAll(s.descriptions.slice(0, first).map(documentOf));
	for (let i = first; i < s.descriptions.length; i++) index.add(documentOf(s.descriptions[i] as string, i));
	if (s.removeEvery > 0) for (let i = 0; i < s.descriptions.length; i += s.removeEvery) index.remove(`t${i}`);
	if (s.compact === true)
		for (let i = 0; i < s.descriptions.length; i++) if (i % 10 !== 0) index.remove(`t${i}`);
	return index;
}

/** Runs `search` and returns its scored slots' scores, clearing the scratch it wrote. */
function scoresOf(
	index: ToolSearchIndex,
	search: (store: ReturnType<typeof indexStore>) => { written: number[]; scored: number[] },
): Map<number, number> {
	const store = indexStore(index);
	const run = search(store);
	const scores = new Map(run.scored.map((slot) => [slot, store.score[slot] as number]));
	for (const slot of run.written) {
		store.score[slot] = 0;
		store.cover[slot] = 0;
	}
	return scores;
}

/** Searches that had tools to compare, and those where MaxScore skipped some. */
const STATS = { compared: 0, pruned: 0 };

function expectExact(s: Scenario): void {
	const index = indexOf(s);
	const store = indexStore(index);
	const { options } = index;
	const exclude = (slot: number) => {
		const name = store.names[slot] as string;
		return s.excludeEvery > 0 && Number(name.slice(1)) % s.excludeEvery === 0;
	};
	for (const query of s.queries) {
		const plan = planQuery(store, query, createExpander(options), undefined, options.rules.fillerWeight);
		const ctx = scoringContext(store, options);
		const terms = prepareTerms(ctx, plan);
		const names = nameRules(store, options, plan);
		let pruned = false;
		const got = scoresOf(index, () => {
			const gate = { epoch: ++store.queryEpoch, keep: (slot: number) => !exclude(slot) };
			const run = maxScoreSearch(ctx, terms, names, s.poolSize, gate, s.lookupShare);
			pruned = run.pruned;
			return run;
		});
		const all = scoresOf(index, () => exhaustiveSearch(ctx, terms, names));
		// Every score MaxScore gives is the exhaustive one, bit for bit.
		for (const [slot, score] of got) expect(score).toBe(all.get(slot) ?? 0);
		// The tools that can be in the pool: the best `poolSize` kept, and every tool tied with the last.
		const kept = [...all].filter(([slot, score]) => score > 0 && !exclude(slot)).sort((a, b) => b[1] - a[1]);
		const last = kept.length < s.poolSize ? 0 : (kept[s.poolSize - 1]?.[1] as number);
		for (const [slot, score] of kept) if (score >= last) expect(got.get(slot)).toBe(score);
		for (const slot of [...names.exact, ...names.named]) {
			const score = all.get(slot) ?? 0;
			if (score > 0 || names.exact.has(slot)) expect(got.get(slot) ?? 0).toBe(score);
		}
		if (kept.length > 0) STATS.compared++;
		if (pruned) STATS.pruned++;
	}
}

describe("MaxScore = exhaustive search, engine to engine (property)", () => {
	it("scores every tool that can reach the pool, and the named tools, exactly as the exhaustive search", () => {
		fc.assert(
			fc.property(scenario(30, 300), (s) => expectExact(s)),
			{ numRuns: 250 },
		);
	});

	it("stays exact after a compaction (most tools removed) and with many tools", () => {
		fc.assert(
			fc.property(scenario(1200, 1500), (s) => {
				const merges = indexStore(indexOf({ ...s, compact: true, removeEvery: 0 })).merges;
				expect(merges).toBeGreaterThan(1);
				expectExact({ ...s, compact: true, removeEvery: 0 });
			}),
			{ numRuns: 3 },
		);
		fc.assert(
			fc.property(scenario(1100, 1400), (s) => expectExact(s)),
			{ numRuns: 6 },
		);
	});

	it("collects the candidates from the first term's tools only when no tool without it can reach the threshold", () => {
		// A rare word (scanned first) and common ones, terms looked up as soon as MaxScore can: the
		// candidates come from the rare word's tools when the common words' bounds cannot reach the
		// threshold without it, and from every total otherwise.
		const rare = fc.integer({ min: 6, max: 12 }).map((i) => WORDS[i] as string);
		const common = fc.integer({ min: 28, max: 39 }).map((i) => WORDS[i] as string);
		const query = fc
			.tuple(rare, fc.array(common, { minLength: 1, maxLength: 4 }))
			.map(([r, c]) => [r, ...c].join(" "));
		fc.assert(
			fc.property(
				scenario(150, 400),
				fc.array(query, { minLength: 2, maxLength: 6 }),
				fc.constantFrom(1, 2, 5, 20),
				(s, queries, poolSize) => expectExact({ ...s, queries, poolSize, lookupShare: 0 }),
			),
			{ numRuns: 250 },
		);
	});

	it("compared searches with tools, a good share of them pruned (the properties are not vacuous)", () => {
		expect(STATS.compared).toBeGreaterThan(300);
		expect(STATS.pruned).toBeGreaterThan(STATS.compared / 5);
	});
});
