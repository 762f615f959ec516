import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { createExpander } from "../../src/index/expansion.js";
import { preparedTerms } from "../../src/index/prepared-terms.js";
import { planQuery, QUERY_LIMITS, TermPlanCache } from "../../src/index/query-plan.js";
import { scoringContext } from "../../src/index/scoring-context.js";
import { prepareTerms } from "../../src/index/term-scan.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

const WORDS = [
	"send",
	"email",
	"mail",
	"file",
	"files",
	"read",
	"weather",
	"forecast",
	"calendar",
	"event",
	"list",
];
// Query words: indexed ones, prefixes (completed), typos (corrected), numbers and unknown words.
const QUERY_WORDS = [
	...WORDS,
	"wea",
	"cal",
	"emial",
	"wether",
	"calendr",
	"42",
	"zzz",
	"lisbon",
	"tell",
	"rain",
];
const NAMES = ["a__send_mail", "b__read_file", "c__list", "d__create_event", "e", "f__weather", "g"];

const tool = fc.record({
	name: fc.constantFrom(...NAMES),
	description: fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((w) => w.join(" ")),
});
type Tool = { name: string; description: string };
type Step = { kind: "add" | "update" | "remove"; tool: Tool } | "save";
const step: fc.Arbitrary<Step> = fc.oneof(
	{ weight: 6, arbitrary: fc.record({ kind: fc.constantFrom("add", "update", "remove"), tool }) },
	{ weight: 1, arbitrary: fc.constant("save" as const) },
);
const query = fc
	.array(fc.constantFrom(...QUERY_WORDS), { minLength: 1, maxLength: 6 })
	.map((w) => w.join(" "));

const documentOf = (t: Tool) => createToolSearchDocument({ name: t.name, description: t.description });

describe("TermPlanCache and preparedTerms (property)", () => {
	it("plans and prepares every query as the uncached code does, through adds, removes, merges and compactions", () => {
		let hits = 0;
		fc.assert(
			fc.property(
				fc.array(step, { minLength: 1, maxLength: 25 }),
				fc.array(query, { minLength: 1, maxLength: 4 }),
				fc.record({ words: fc.integer({ min: 0, max: 3 }), candidates: fc.constantFrom(0, 3, 10, 30, 1000) }),
				fc.boolean(),
				(steps, queries, fuzzyBudget, fuzzy) => {
					const index = new ToolSearchIndex({
						fuzzy: { enabled: fuzzy },
						// A glossary entry naming a tool plans as slots, which a merge renumbers.
						glossary: { rain: ["f__weather"], tell: ["a__send_mail", "forecast"] },
					});
					const store = indexStore(index);
					// Vocabulary compaction as soon as dead terms outnumber live ones.
					store.minDeadTerms = 0;
					const expand = createExpander(index.options);
					const limits = {
						...QUERY_LIMITS,
						fuzzyWords: fuzzyBudget.words,
						fuzzyCandidates: fuzzyBudget.candidates,
					};
					const weight = index.options.rules.fillerWeight;
					const cache = new TermPlanCache();
					const check = () => {
						for (const text of queries) {
							const before = cache.size;
							const cached = planQuery(store, text, expand, limits, weight, cache);
							if (cache.size > 0 && before > 0) hits++;
							expect(cached).toEqual(planQuery(store, text, expand, limits, weight));
							// Prepared terms reused from earlier queries equal freshly prepared ones.
							const ctx = scoringContext(store, index.options);
							expect(preparedTerms(ctx, cached)).toEqual(prepareTerms(ctx, cached));
						}
					};
					for (const s of steps) {
						if (s === "save")
							index.toJSON(); // merges and compacts: slots and terms renumbered
						else if (s.kind === "remove") index.remove(s.tool.name);
						else if (s.kind === "add" && !index.has(s.tool.name)) index.add(documentOf(s.tool));
						else index.update(documentOf(s.tool));
						check();
						// Searched twice: the second time from the cache.
						check();
					}
				},
			),
			{ numRuns: 200 },
		);
		expect(hits).toBeGreaterThan(100);
	}, 60_000); // seconds on a loaded 2-core machine

	it("starts over when the store changes, and reuses a corrected word only while the budget allows", () => {
		const index = new ToolSearchIndex({ fuzzy: { enabled: true } });
		index.add(createToolSearchDocument({ name: "weather", description: "the weather forecast calendar" }));
		const store = indexStore(index);
		const expand = createExpander(index.options);
		const cache = new TermPlanCache();
		// "wether" is unknown: corrected from the budget, reading the whole vocabulary (kept).
		const first = planQuery(store, "wether forecast", expand, QUERY_LIMITS, 0.3, cache);
		expect(cache.size).toBe(2);
		expect(first.terms[0]?.variants.map((v) => v.via)).toEqual(["fuzzy"]);
		// One word of budget: "calendr" comes second and gets none, as without the cache; it is
		// not kept (it could not take from the budget).
		const limits = { ...QUERY_LIMITS, fuzzyWords: 1 };
		const second = planQuery(store, "wether calendr", expand, limits, 0.3, cache);
		expect(second).toEqual(planQuery(store, "wether calendr", expand, limits, 0.3));
		expect(second.terms[1]?.variants).toEqual([]);
		expect(cache.get("calendr")).toBeUndefined();
		// Now "calendr" first: it takes the word and "wether", cached, is not reused without one.
		const third = planQuery(store, "calendr wether", expand, limits, 0.3, cache);
		expect(third).toEqual(planQuery(store, "calendr wether", expand, limits, 0.3));
		expect(third.terms[1]?.variants).toEqual([]);
		index.add(createToolSearchDocument({ name: "other", description: "other" }));
		planQuery(store, "other", expand, QUERY_LIMITS, 0.3, cache);
		expect(cache.size).toBe(1);
		expect(cache.get("forecast")).toBeUndefined();
	});

	it("does not reuse a word planned with part of the budget for a query that has more", () => {
		const index = new ToolSearchIndex({ fuzzy: { enabled: true } });
		index.add(createToolSearchDocument({ name: "tool", description: "the email list" }));
		// Added last: "weather" has the highest term id, read last by typo correction.
		index.add(createToolSearchDocument({ name: "other", description: "weather" }));
		const store = indexStore(index);
		const expand = createExpander(index.options);
		const vocabulary = store.terms.length;
		// "emial" reads the whole vocabulary; "wether" then has 0 candidates left, or 1.
		for (const candidates of [vocabulary, vocabulary + 1]) {
			const cache = new TermPlanCache();
			const limits = { ...QUERY_LIMITS, fuzzyWords: 3, fuzzyCandidates: candidates };
			const after = planQuery(store, "emial wether", expand, limits, 0.3, cache);
			expect(after.terms[1]?.variants).toEqual([]);
			const alone = planQuery(store, "wether", expand, limits, 0.3, cache);
			expect(alone).toEqual(planQuery(store, "wether", expand, limits, 0.3));
			expect(alone.terms[0]?.variants.map((v) => v.term)).toEqual(["weather"]);
		}
	});

	it("prepares a plan again once the store changed, even when the scoring context stayed the same", () => {
		const index = new ToolSearchIndex();
		index.add(createToolSearchDocument({ name: "a", description: "weather forecast" }));
		index.add(createToolSearchDocument({ name: "b", description: "calendar event" }));
		const store = indexStore(index);
		const plan = planQuery(store, "weather");
		const before = scoringContext(store, index.options);
		preparedTerms(before, plan);
		// Same field lengths and tool count: the same context, but "weather" is in two tools now.
		index.update(createToolSearchDocument({ name: "b", description: "weather event" }));
		const after = scoringContext(store, index.options);
		expect(after).toBe(before);
		expect(preparedTerms(after, plan)).toEqual(prepareTerms(after, plan));
	});
});
