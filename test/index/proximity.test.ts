import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchIndex, type ToolSearchIndexOptions } from "../../src/ranking.js";

const doc = (name: string, description: string) => createToolSearchDocument({ name, description });

function build(options: ToolSearchIndexOptions = {}): ToolSearchIndex {
	const index = new ToolSearchIndex({ synonyms: { builtIn: false }, ...options });
	index.add(doc("filler", "Unrelated words only."));
	index.add(doc("ahead", "Get the weather forecast for a city. Then more."));
	index.add(doc("reversed", "Forecast of the weather, by city."));
	index.add(doc("apart", "Weather data for a city. A forecast too."));
	index.add(doc("other", "Nothing to see here."));
	return index;
}

const scores = (index: ToolSearchIndex, query: string) =>
	new Map(index.search(query, { limit: 10 }).map((match) => [match.name, match.score]));

// Five tools; "weather" and "forecast" are each in three of them.
const IDF = Math.log(1 + (5 - 3 + 0.5) / (3 + 0.5));
// Default k1 2, delta 0.5, proximity 0.25: a quarter of a full match of the pair's mean idf.
const PAIR = 0.25 * (2 + 1 + 0.5) * IDF;

describe("proximity rule", () => {
	it("adds a quarter of a match for query words that stand together in the summary, in either order", () => {
		const on = scores(build(), "weather forecast");
		const off = scores(build({ rules: { proximity: 0 } }), "weather forecast");
		expect((on.get("ahead") as number) - (off.get("ahead") as number)).toBeCloseTo(PAIR, 9);
		expect((on.get("reversed") as number) - (off.get("reversed") as number)).toBeCloseTo(PAIR, 9);
		// Together only beyond the first sentence (or not at all): no bonus.
		expect(on.get("apart")).toBeCloseTo(off.get("apart") as number, 12);
	});

	it("counts a pair once, and only words next to each other in the query", () => {
		const once = scores(build(), "weather forecast forecast weather");
		const off = scores(build({ rules: { proximity: 0 } }), "weather forecast");
		expect((once.get("ahead") as number) - (off.get("ahead") as number)).toBeCloseTo(PAIR, 9);
		// "weather" and "city" are both in the summary of ahead, but not next to each other there.
		const apart = scores(build(), "weather city");
		const apartOff = scores(build({ rules: { proximity: 0 } }), "weather city");
		expect(apart.get("ahead")).toBeCloseTo(apartOff.get("ahead") as number, 12);
	});

	it("is off with weight 0 or when the summary field weighs 0", () => {
		const noSummary = { fieldWeights: { summary: 0 } };
		const on = scores(build(noSummary), "weather forecast");
		const off = scores(build({ ...noSummary, rules: { proximity: 0 } }), "weather forecast");
		expect(on).toEqual(off);
	});

	it("is listed by explain with its effect, which the search score includes", () => {
		const index = build();
		const why = index.explain("weather forecast", "ahead");
		const rule = why.rules.find((r) => r.rule === "proximity");
		expect(rule?.effect).toBeCloseTo(PAIR, 6);
		expect(why.score).toBeCloseTo(scores(index, "weather forecast").get("ahead") as number, 9);
	});

	it("survives removal, compaction and saving", () => {
		const index = build();
		index.remove("filler");
		index.add(doc("filler", "Unrelated words only."));
		const loaded = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(index)));
		expect(loaded.search("weather forecast", { limit: 10 })).toEqual(
			index.search("weather forecast", { limit: 10 }),
		);
		expect(loaded.explain("weather forecast", "reversed")).toEqual(
			index.explain("weather forecast", "reversed"),
		);
		expect(loaded.explain("weather forecast", "reversed").rules.map((r) => r.rule)).toContain("proximity");
	});
});
