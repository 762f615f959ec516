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
				fc.record({ words: fc.integer({ min: 0, max: 3 }), candidates: fc.constantFrom(0, 3, 10, 1000) }),
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

	it("starts over when full, and keeps no word that took from the typo budget", () => {
		const index = new ToolSearchIndex({ fuzzy: { enabled: true } });
		index.add(createToolSearchDocument({ name: "weather", description: "the weather forecast" }));
		const store = indexStore(index);
		const expand = createExpander(index.options);
		const cache = new TermPlanCache();
		// "wether" is unknown (corrected, from the budget); "forecast" is indexed.
		planQuery(store, "wether forecast", expand, QUERY_LIMITS, 0.3, cache);
		expect(cache.size).toBe(1);
		expect(cache.get("forecast")).toBeDefined();
		expect(cache.get("wether")).toBeUndefined();
		index.add(createToolSearchDocument({ name: "other", description: "other" }));
		planQuery(store, "other", expand, QUERY_LIMITS, 0.3, cache);
		expect(cache.size).toBe(1);
		expect(cache.get("forecast")).toBeUndefined();
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
