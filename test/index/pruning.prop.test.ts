import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { createExpander } from "../../src/index/expansion.js";
import type { ToolSearchIndexOptions } from "../../src/index/index-options.js";
import { CANDIDATE_POOL, clearRun, runQuery, searchStore } from "../../src/index/index-search.js";
import { MAX_SCORE_FROM_PAIRS, queryPairs } from "../../src/index/maxscore.js";
import { preparedTerms } from "../../src/index/prepared-terms.js";
import { planQuery, type QueryPlan } from "../../src/index/query-plan.js";
import { scoringContext } from "../../src/index/scoring-context.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

const WORDS = Array.from(
	{ length: 60 },
	(_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`,
);
/** Zipf-like: low indices are common, so a few terms are in most tools and pruning has work to do. */
const word = fc.integer({ min: 0, max: 3599 }).map((n) => WORDS[Math.floor(Math.sqrt(n))] as string);
const text = fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(" "));

type GeneratedTool = { description: string; ns: number };
const tool = fc.record({ description: text, ns: fc.integer({ min: 0, max: 9 }) });

/** An index of generated tools `s<ns>__t<i>`, each in namespace `s<ns>`. */
function indexOf(tools: readonly GeneratedTool[], options?: ToolSearchIndexOptions): ToolSearchIndex {
	const index = new ToolSearchIndex(options);
	index.addAll(
		tools.map((t, i) =>
			createToolSearchDocument({ name: `s${t.ns}__t${i}`, description: t.description }, { name: `s${t.ns}` }),
		),
	);
	return index;
}

/**
 * Expects the pruned search to return what the exhaustive one does (names, and scores to 9 places);
 * returns whether MaxScore pruned.
 */
function expectExact(
	index: ToolSearchIndex,
	plan: QueryPlan,
	limit: number,
	exclude: ((name: string) => boolean) | undefined,
	poolSize: number,
): boolean {
	const store = indexStore(index);
	const { options } = index;
	const pruned = searchStore(store, options, plan, limit, exclude, 0, poolSize);
	const exhaustive = searchStore(store, options, plan, limit, exclude, Number.POSITIVE_INFINITY, poolSize);
	const run = runQuery(store, options, plan, Math.max(limit, poolSize), exclude, 0);
	clearRun(store, run);
	expect(pruned.matches.map((m) => m.name)).toEqual(exhaustive.matches.map((m) => m.name));
	for (const [i, m] of pruned.matches.entries())
		expect(m.score).toBeCloseTo(exhaustive.matches[i]?.score as number, 9);
	return run.pruned;
}

describe("MaxScore pruning (property)", () => {
	it("returns exactly what an exhaustive scan returns, for any catalogue, query, limit, pool and exclude", () => {
		let prunedRuns = 0;
		fc.assert(
			fc.property(
				fc.array(tool, { minLength: 150, maxLength: 400 }),
				fc.array(
					fc.oneof({ weight: 9, arbitrary: word }, { weight: 1, arbitrary: fc.constant("zzunknown") }),
					{
						minLength: 1,
						maxLength: 6,
					},
				),
				fc.constantFrom(1, 3, 8, 20),
				fc.integer({ min: 0, max: 6 }),
				fc.constantFrom(1, 5, 20, 100),
				(tools, queryWords, limit, excludeEvery, poolSize) => {
					const index = indexOf(tools);
					const exclude =
						excludeEvery === 0
							? undefined
							: (name: string) => Number(name.slice(name.lastIndexOf("t") + 1)) % 7 === excludeEvery;
					const plan = planQuery(indexStore(index), queryWords.join(" "));
					if (expectExact(index, plan, limit, exclude, poolSize)) prunedRuns++;
				},
			),
			{ numRuns: 200 },
		);
		// The property is only worth something if pruning happened in a good share of the runs.
		expect(prunedRuns).toBeGreaterThan(40);
	});

	it("stays exact with synonyms and a glossary (terms of several variants, tools named directly)", () => {
		let prunedRuns = 0;
		fc.assert(
			fc.property(
				fc.array(tool, { minLength: 150, maxLength: 300 }),
				fc.array(word, { minLength: 1, maxLength: 5 }),
				fc.constantFrom(1, 8, 20),
				fc.array(fc.integer({ min: 0, max: 149 }), { minLength: 1, maxLength: 40 }),
				fc.constantFrom(2, 5, 20),
				(tools, queryWords, limit, named, poolSize) => {
					// Groups join common and rare words, so a term's variants interleave in slot order;
					// the glossary names tools in no particular order.
					const groups = Array.from({ length: 10 }, (_, g) => [WORDS[g] as string, WORDS[59 - g] as string]);
					const glossary = Object.fromEntries(
						WORDS.slice(0, 20).map((w, k) => [w, named.slice(k % 3).map((i) => `s${tools[i]?.ns}__t${i}`)]),
					);
					const index = indexOf(tools, { synonyms: { groups, weight: 0.6 }, glossary });
					const plan = planQuery(indexStore(index), queryWords.join(" "), createExpander(index.options));
					if (expectExact(index, plan, limit, undefined, poolSize)) prunedRuns++;
				},
			),
			{ numRuns: 150 },
		);
		expect(prunedRuns).toBeGreaterThan(30);
	});

	it("plans postings no fewer than the pairs the scan reads (the MaxScore test skips summing below them)", () => {
		fc.assert(
			fc.property(
				fc.array(tool, { minLength: 20, maxLength: 80 }),
				fc.array(word, { minLength: 1, maxLength: 6 }),
				fc.array(fc.integer({ min: 0, max: 19 }), { minLength: 1, maxLength: 10 }),
				fc.array(fc.integer({ min: 0, max: 19 }), { maxLength: 6 }),
				(tools, queryWords, named, removed) => {
					const groups = Array.from({ length: 10 }, (_, g) => [WORDS[g] as string, WORDS[59 - g] as string]);
					const glossary = Object.fromEntries(
						WORDS.slice(0, 20).map((w, k) => [w, named.slice(k % 3).map((i) => `s${tools[i]?.ns}__t${i}`)]),
					);
					const index = indexOf(tools, { synonyms: { groups, weight: 0.6 }, glossary });
					// Removed tools stay in the glossary's slots and in no pair.
					for (const i of removed) index.remove(`s${tools[i]?.ns}__t${i}`);
					const store = indexStore(index);
					const plan = planQuery(store, queryWords.join(" "), createExpander(index.options));
					const terms = preparedTerms(scoringContext(store, index.options), plan);
					expect(plan.postings).toBeGreaterThanOrEqual(queryPairs(terms));
				},
			),
			{ numRuns: 150 },
		);
	});

	it("keeps the candidate equal to the threshold when a word no tool has is scored last", () => {
		// The second phase's remaining bound was a running subtraction that ended a few ulps below 0;
		// a zero-bound term after it then dropped the pool's k-th candidate (rank 87 differed here).
		let seed = 3;
		const next = (n: number) => {
			seed = (seed * 1103515245 + 12345) & 0x7fffffff;
			return Math.floor((seed / 0x7fffffff) * n);
		};
		const draw = () => WORDS[Math.floor(Math.sqrt(next(3600)))] as string;
		const size = 300 + next(1500);
		const tools = Array.from({ length: size }, (_, i) => ({
			name: `s${next(20)}__tool${i}`,
			description: Array.from({ length: 1 + next(12) }, draw).join(" "),
		}));
		const index = new ToolSearchIndex();
		index.addAll(tools.map((t) => createToolSearchDocument(t, { name: t.name.split("__")[0] as string })));
		const query = "wccx wybx wfcx wacx wnbx wgax wmbx wacx whcx wqbx wtax wgcx zzunknown";
		const plan = planQuery(indexStore(index), query, createExpander(index.options));
		for (const limit of [1, 8, 100]) expectExact(index, plan, limit, undefined, CANDIDATE_POOL);
		expect(index.search(query, { limit: 100 })).toHaveLength(100);
	});

	it("does prune on a catalogue where common words are common", () => {
		const index = new ToolSearchIndex();
		index.addAll(
			Array.from({ length: 2000 }, (_, i) =>
				createToolSearchDocument({
					name: `t${i}`,
					description: `common word ${i % 3 === 0 ? "rare" : ""} ${WORDS[i % 60]}`,
				}),
			),
		);
		const run = runQuery(
			indexStore(index),
			index.options,
			planQuery(indexStore(index), "rare common word"),
			100,
			undefined,
			0,
		);
		expect(run.pruned).toBe(true);
		clearRun(indexStore(index), run);
	});

	it("searches exhaustively below MAX_SCORE_FROM_PAIRS pairs, by MaxScore from there", () => {
		// "common word": two terms in every tool (2 pairs each), "word" 1 to 5 times. The exhaustive
		// search writes every tool it touches; MaxScore keeps only the best fifth (the pool's ties).
		for (const [tools, exhaustive] of [
			[MAX_SCORE_FROM_PAIRS / 2 - 5, true],
			[MAX_SCORE_FROM_PAIRS / 2, false],
		] as const) {
			const index = new ToolSearchIndex();
			index.addAll(
				Array.from({ length: tools }, (_, i) =>
					createToolSearchDocument({ name: `t${i}`, description: `common ${"word ".repeat(1 + (i % 5))}` }),
				),
			);
			const store = indexStore(index);
			const run = runQuery(store, index.options, planQuery(store, "common word"), 10, undefined);
			expect(run.written.length === tools).toBe(exhaustive);
			clearRun(store, run);
		}
	});

	it("stays exact with typo corrections and prefixes (fuzzy and prefix variants, recent tools in the tail)", () => {
		const real = [
			"github",
			"issue",
			"create",
			"message",
			"email",
			"calendar",
			"weather",
			"forecast",
			"files",
			"delete",
		];
		const typos = [
			"githb",
			"isue",
			"crate",
			"mesage",
			"emial",
			"calender",
			"wether",
			"forcast",
			"fils",
			"ema",
		];
		const words = fc.array(fc.constantFrom(...real), { minLength: 1, maxLength: 6 }).map((w) => w.join(" "));
		fc.assert(
			fc.property(
				fc.array(words, { minLength: 5, maxLength: 60 }),
				fc.array(fc.constantFrom(...real, ...typos), { minLength: 1, maxLength: 4 }),
				fc.constantFrom(1, 3, 8),
				fc.constantFrom(1, 2, 5, 100),
				fc.boolean(),
				(descriptions, query, limit, pool, prefix) => {
					const index = new ToolSearchIndex({ fuzzy: { enabled: true }, prefix: { enabled: prefix } });
					const document = (i: number, description: string) =>
						createToolSearchDocument({ name: `s__t${i}`, description });
					index.addAll(descriptions.map((d, i) => document(i, d)));
					for (let i = 0; i < descriptions.length; i += 4)
						index.update(document(i, `${descriptions[i]} weather`));
					const store = indexStore(index);
					const plan = planQuery(store, query.join(" "), createExpander(index.options));
					const exclude = new Set(["s__t1", "s__t7"]);
					expect(searchStore(store, index.options, plan, limit, exclude, 0, pool)).toEqual(
						searchStore(store, index.options, plan, limit, exclude, Number.POSITIVE_INFINITY, pool),
					);
				},
			),
			{ numRuns: 200 },
		);
	});
});
