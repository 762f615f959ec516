/**
 * The engine against a deliberately naive BM25F+ scorer built only on the reference functions of
 * `src/index/scoring.ts` (`naive-bm25f.ts`). The engine inlines some formulas in its hot loops
 * (posting scans, cached impacts, tail pairs, the final score); this property is what holds those
 * copies to the reference: an edit to one that the reference does not share fails here.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOOL_SEARCH_FIELDS } from "../../src/defaults.js";
import { createToolSearchDocument, toolLocalName } from "../../src/document/create-tool-search-document.js";
import { createExpander } from "../../src/index/expansion.js";
import type { ToolSearchIndexOptions } from "../../src/index/index-options.js";
import { CANDIDATE_POOL, searchStore } from "../../src/index/index-search.js";
import { planQuery, QUERY_LIMITS } from "../../src/index/query-plan.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";
import type { ToolSearchMatch } from "../../src/types.js";
import { referenceSearch, refToolOf } from "./naive-bm25f.js";

/** One tool of a generated catalogue. */
interface GeneratedTool {
	readonly name: string;
	readonly description: string;
	readonly namespace: string | undefined;
	readonly parameter: string | undefined;
}

// Synonym-group and concept-map words (so the default expansions run), a few stop words, filler
// words and numbers, words that begin others (prefix completion), and plain words; few enough that
// terms repeat across tools, fields and queries.
const VOCABULARY = [
	"send",
	"message",
	"notify",
	"find",
	"search",
	"create",
	"add",
	"delete",
	"remove",
	"get",
	"fetch",
	"the",
	"of",
	"issue",
	"weather",
	"forecast",
	"repo",
	"file",
	"user",
	"channel",
	"alpha",
	"beta",
	"gamma",
	"rain",
	"inbox",
	"repository",
	"alphabet",
	"tell",
	"need",
	"42",
];
/** Zipf-like: early words are common, so some terms are in most tools and MaxScore has work to do. */
const word = fc
	.integer({ min: 0, max: VOCABULARY.length ** 2 - 1 })
	.map((i) => VOCABULARY[VOCABULARY.length - 1 - Math.floor(Math.sqrt(i))] as string);
const words = (min: number, max: number) =>
	fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(" "));

const generatedTool = fc.record({
	local: fc.array(word, { minLength: 1, maxLength: 3 }).map((list) => list.join("_")),
	namespace: fc.option(fc.constantFrom("github", "slack", "jira"), { nil: undefined }),
	summary: words(1, 6),
	rest: words(0, 10),
	parameter: fc.option(word, { nil: undefined }),
});

/** Catalogues of uniquely named tools. */
const catalogue = (min: number, max: number) =>
	fc.array(generatedTool, { minLength: min, maxLength: max }).map((tools) =>
		tools.map(
			(t, i): GeneratedTool => ({
				name: `${t.namespace ?? "x"}__${t.local}_${i}`,
				description: t.rest === "" ? t.summary : `${t.summary}. ${t.rest}`,
				namespace: t.namespace,
				parameter: t.parameter,
			}),
		),
	);

function documentOf(tool: GeneratedTool) {
	const parameters =
		tool.parameter === undefined
			? undefined
			: {
					type: "object",
					properties: { [tool.parameter]: { type: "string", description: tool.description } },
				};
	return createToolSearchDocument(
		{ name: tool.name, description: tool.description, ...(parameters === undefined ? {} : { parameters }) },
		tool.namespace === undefined
			? undefined
			: { name: tool.namespace, description: `${tool.namespace} server` },
	);
}

/** The engine's search with a candidate pool of `poolSize` (the public one uses {@link CANDIDATE_POOL}). */
function searchWithPool(
	index: ToolSearchIndex,
	query: string,
	limit: number,
	exclude: (name: string) => boolean,
	poolSize: number,
): ToolSearchMatch[] {
	const plan = planQuery(
		indexStore(index),
		query,
		createExpander(index.options),
		QUERY_LIMITS,
		index.options.rules.fillerWeight,
	);
	return searchStore(indexStore(index), index.options, plan, limit, exclude, 0, poolSize).matches;
}

/**
 * A query: random words (short, or long enough for the paths of long queries: more than 16 terms
 * and 8 word pairs), or a tool's local or full name.
 */
const queryFor = (tools: readonly GeneratedTool[]) =>
	fc.oneof(
		words(1, 6),
		words(24, 40),
		fc.nat({ max: tools.length - 1 }).map((i) => toolLocalName(tools[i]?.name ?? "").replace(/_\d+$/, "")),
		fc.nat({ max: tools.length - 1 }).map((i) => (tools[i]?.name ?? "").replace(/_/g, " ")),
	);

const scenario = (min: number, max: number) =>
	catalogue(min, max).chain((tools) =>
		fc.record({
			tools: fc.constant(tools),
			queries: fc.array(queryFor(tools), { minLength: 1, maxLength: 4 }),
			limit: fc.constantFrom(1, 3, 8, 50),
			excludeEvery: fc.constantFrom(0, 0, 2, 3),
			later: fc.nat({ max: Math.floor(tools.length / 3) }),
		}),
	);

/** How many compared searches returned anything, and more than one tool: the properties are not vacuous. */
const STATS = { queries: 0, nonEmpty: 0, several: 0 };

/**
 * Expects the engine's matches (names, and scores to float32 precision) to be the reference's.
 * With `poolSize`, searches through the engine's internal entry with that candidate pool, so that
 * small catalogues already make MaxScore prune (and run its second-phase loops).
 */
function expectSameAsReference(
	tools: readonly GeneratedTool[],
	options: ToolSearchIndexOptions | undefined,
	queries: readonly string[],
	limit: number,
	excludeEvery: number,
	later: number,
	poolSize?: number,
): void {
	const index = new ToolSearchIndex(options);
	// The last `later` tools are added one at a time: their postings stay in the tail, scored without
	// cached impacts.
	const first = tools.length - later;
	index.addAll(tools.slice(0, first).map(documentOf));
	for (const tool of tools.slice(first)) index.add(documentOf(tool));
	const refs = tools.map((tool, i) => refToolOf(documentOf(tool), i >= first));
	const exclude = (name: string) =>
		excludeEvery > 0 && Number(name.slice(name.lastIndexOf("_") + 1)) % excludeEvery === 0;
	for (const query of queries) {
		const engine =
			poolSize === undefined
				? index.search(query, { limit, exclude })
				: searchWithPool(index, query, limit, exclude, poolSize);
		const reference = referenceSearch(refs, index.options, query, limit, exclude, poolSize);
		expect(engine.map((m) => m.name)).toEqual(reference.map((m) => m.name));
		STATS.queries++;
		if (engine.length > 0) STATS.nonEmpty++;
		if (engine.length > 1) STATS.several++;
		for (const [i, m] of engine.entries())
			expect(Math.fround(m.score)).toBe(Math.fround(reference[i]?.score as number));
	}
}

/** Any BM25 parameters, field weights (0 included), rules and synonym settings. */
const anyOptions = fc.record({
	bm25: fc.record({
		k1: fc.double({ min: 0.1, max: 4, noNaN: true }),
		b: fc.double({ min: 0, max: 1, noNaN: true }),
		delta: fc.double({ min: 0, max: 2, noNaN: true }),
	}),
	fieldWeights: fc.record(
		Object.fromEntries(TOOL_SEARCH_FIELDS.map((field) => [field, fc.constantFrom(0, 0.5, 1, 3, 6)])),
	),
	rules: fc.record({
		exactName: fc.boolean(),
		coverage: fc.boolean(),
		localNameBonus: fc.constantFrom(0, 0.25, 1),
		abstain: fc.boolean(),
		namespaceBoost: fc.constantFrom(0, 0.2, 1),
		proximity: fc.constantFrom(0, 0.25, 2),
		fillerWeight: fc.constantFrom(0, 0.3, 1),
	}),
	synonyms: fc.record({
		builtIn: fc.boolean(),
		weight: fc.constantFrom(0, 0.2, 1),
		groups: fc.constantFrom([], [["alpha", "beta"]], [["weather", "gamma", "repo"]]),
	}),
	concepts: fc.record({
		builtIn: fc.boolean(),
		weight: fc.constantFrom(0, 0.25, 1),
		domains: fc.constantFrom({}, { weather: ["gamma"] }, { greek: ["alpha", "delta", "omega"] }),
	}),
	prefix: fc.record({ enabled: fc.boolean(), weight: fc.constantFrom(0, 0.4, 1) }),
});

describe("engine = naive BM25F+ over scoring.ts (property)", () => {
	it("gives the reference's scores and order with the default options", () => {
		fc.assert(
			fc.property(scenario(1, 40), ({ tools, queries, limit, excludeEvery, later }) =>
				expectSameAsReference(tools, undefined, queries, limit, excludeEvery, later),
			),
			{ numRuns: 150 },
		);
	});

	it("gives the reference's scores and order with any BM25 parameters, field weights, rules and synonyms", () => {
		fc.assert(
			fc.property(scenario(1, 40), anyOptions, ({ tools, queries, limit, excludeEvery, later }, opts) =>
				expectSameAsReference(tools, opts as ToolSearchIndexOptions, queries, limit, excludeEvery, later),
			),
			{ numRuns: 150 },
		);
	});

	it("gives the reference's scores and order when the catalogue is larger than the pool (MaxScore prunes)", () => {
		fc.assert(
			fc.property(
				scenario(60, 200),
				fc.option(anyOptions, { nil: undefined }),
				fc.constantFrom(3, 5, 10, 20),
				(s, opts, poolSize) =>
					expectSameAsReference(
						s.tools,
						opts as ToolSearchIndexOptions | undefined,
						s.queries,
						s.limit,
						s.excludeEvery,
						s.later,
						poolSize,
					),
			),
			{ numRuns: 80 },
		);
	});

	it("compared searches that return tools, most of them several (the properties above are not vacuous)", () => {
		expect(STATS.queries).toBeGreaterThan(300);
		expect(STATS.nonEmpty).toBeGreaterThan(STATS.queries / 2);
		expect(STATS.several).toBeGreaterThan(STATS.queries / 4);
	});
});
