/**
 * wink-bm25-text-search as an independent oracle: with one field, no BM25+ delta, no ranking rules
 * and no query expansion, our index computes plain BM25 — and so does wink (its idf is ln((N - n + 0.5) / (n + 0.5) + k),
 * with k = 1 the same as ours). Both must then give the same scores, to wink's 9 rounded digits.
 * The documents hold text in the description only (pi-style `{ name, text }`, names that no query
 * uses), because BM25F counts document frequency over the whole tool while wink counts it over the
 * fields it indexes.
 */

import { WinkBm25Ranker } from "tool-search/wink";
import { describe, expect, it } from "vitest";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { fixtureDocuments } from "./fixture-documents.js";

const descriptionOnly = {
	name: 0,
	localName: 0,
	label: 0,
	namespace: 0,
	namespaceText: 0,
	summary: 0,
	description: 1,
	parameterNames: 0,
	parameterText: 0,
};

describe("Bm25Ranker against wink-bm25-text-search (oracle)", () => {
	const ours = new Bm25Ranker({
		fieldWeights: descriptionOnly,
		bm25: { k1: 1.2, b: 0.75, delta: 0 },
		rules: {
			exactName: false,
			coverage: false,
			localNameBonus: 0,
			abstain: false,
			proximity: 0,
			fillerWeight: 1,
		},
		synonyms: { builtIn: false },
		concepts: { builtIn: false },
		prefix: { enabled: false },
		fuzzy: { enabled: false },
	});
	const wink = new WinkBm25Ranker({
		fieldWeights: { name: 0, description: 1, params: 0, namespace: 0 },
		bm25Params: { k1: 1.2, b: 0.75, k: 1 },
	});
	const documents = fixtureDocuments().map((document, i) => ({
		name: `t${String(i).padStart(2, "0")}`,
		text: document.fields?.description ?? "",
	}));

	it.each([
		"send message channel",
		"file directory",
		"weather forecast location",
		"pull request merge branch",
		"calendar event attendees",
		"issue repository",
	])("gives the same ranking and scores for %j", async (query) => {
		const got = ours.rank(query, documents, 10);
		// Zero-weight fields must not make a tool match: the two rankers return the same tools.
		const want = await wink.rank(query, documents, 10);
		expect(got.length).toBeGreaterThan(0);
		expect(got.map((m) => m.name)).toEqual(want.map((m) => m.name));
		for (const [i, match] of got.entries()) expect(match.score).toBeCloseTo(want[i]?.score as number, 6);
	});
});
