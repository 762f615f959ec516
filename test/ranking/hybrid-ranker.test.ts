import { describe, expect, it } from "vitest";
import { createTrigramEmbedder } from "../../eval/embedders/trigram.js";
import { createHybridRanker, createToolSearchDocument, ToolSearchError } from "../../src/index.js";
import { Bm25Ranker } from "../../src/ranking.js";
import type { ToolSearchDocument } from "../../src/types.js";
import { runRankerConformance } from "./conformance.js";
import { fixtureDocuments } from "./fixture-documents.js";
import { deferred, recordingEmbedder, tableEmbedder } from "./hybrid-helpers.js";

// minSimilarity lets a query that shares no word and no trigram with any tool return nothing, as
// the suite's no-match check asks; without it the embedding side always offers candidates.
runRankerConformance({
	name: "hybrid ranker (trigram embedder)",
	create: () => createHybridRanker({ embedder: createTrigramEmbedder(), minSimilarity: 0.1 }),
});

/** Three tools whose BM25 order for "zebra" is alpha, bravo (charlie does not match). */
function zebraTools(): ToolSearchDocument[] {
	return [
		createToolSearchDocument({ name: "alpha", description: "Zebra zebra stripes." }),
		createToolSearchDocument({
			name: "bravo",
			description: "A zebra appears in this long description among many other words that lower its score.",
		}),
		createToolSearchDocument({ name: "charlie", description: "Horse." }),
	];
}

const ZEBRA_TABLE = { zebra: [1, 0], alpha: [0, 1], bravo: [0.6, 0.8], charlie: [1, 0] };

function names(matches: readonly { name: string }[]): string[] {
	return matches.map((match) => match.name);
}

describe("hybrid ranker fusion", () => {
	it("the hand case's BM25 order is alpha, bravo", () => {
		expect(names(new Bm25Ranker().rank("zebra", zebraTools(), 10))).toEqual(["alpha", "bravo"]);
	});

	it("fuses by reciprocal rank: 1 / (k + rank) per side, summed", async () => {
		// BM25: alpha 1, bravo 2. Cosine: charlie 1 (1.0), bravo 2 (0.6), alpha 3 (0.0).
		const ranker = createHybridRanker({
			embedder: tableEmbedder(ZEBRA_TABLE),
			fusion: { mode: "rrf", k: 1 },
		});
		const matches = await ranker.rank("zebra", zebraTools(), 10);
		expect(names(matches)).toEqual(["alpha", "bravo", "charlie"]);
		expect(matches[0]?.score).toBeCloseTo(1 / 2 + 1 / 4, 12); // alpha
		expect(matches[1]?.score).toBeCloseTo(1 / 3 + 1 / 3, 12); // bravo
		expect(matches[2]?.score).toBeCloseTo(1 / 2, 12); // charlie
	});

	it("uses k = 60 by default", async () => {
		const matches = await createHybridRanker({ embedder: tableEmbedder(ZEBRA_TABLE) }).rank(
			"zebra",
			zebraTools(),
			10,
		);
		expect(matches.map((match) => match.score)).toEqual([1 / 61 + 1 / 63, 1 / 62 + 1 / 62, 1 / 61]);
	});

	it("fuses min-max normalised scores in weighted mode", async () => {
		// BM25 normalised: alpha 1, bravo 0. Cosine normalised: charlie 1, bravo 0.6, alpha 0 (float32: 6 digits).
		const at = (weight: number) =>
			createHybridRanker({ embedder: tableEmbedder(ZEBRA_TABLE), fusion: { mode: "weighted", weight } }).rank(
				"zebra",
				zebraTools(),
				10,
			);
		const heavy = await at(0.7);
		expect(names(heavy)).toEqual(["charlie", "bravo", "alpha"]);
		expect(heavy.map((match) => match.score)).toEqual([0.7, expect.closeTo(0.42, 6), expect.closeTo(0.3, 6)]);
		// At 0.5, alpha (0.5 · 1) and charlie (0.5 · 1) tie: by name.
		const even = await at(0.5);
		expect(even).toEqual([
			{ name: "alpha", score: 0.5 },
			{ name: "charlie", score: 0.5 },
			{ name: "bravo", score: expect.closeTo(0.3, 6) },
		]);
		expect(names(await at(0))).toEqual(["alpha", "bravo", "charlie"]);
	});

	it("bounds each side's candidates", async () => {
		const ranker = createHybridRanker({ embedder: tableEmbedder(ZEBRA_TABLE), candidates: 1 });
		// BM25's best (alpha) and cosine's best (charlie), each 1 / 61.
		expect(await ranker.rank("zebra", zebraTools(), 10)).toEqual([
			{ name: "alpha", score: 1 / 61 },
			{ name: "charlie", score: 1 / 61 },
		]);
	});

	it("finds a tool by meaning when no query word matches (BM25 abstains)", async () => {
		const documents = zebraTools();
		expect(new Bm25Ranker().rank("equine", documents, 10)).toEqual([]);
		const ranker = createHybridRanker({
			embedder: tableEmbedder({ ...ZEBRA_TABLE, equine: [1, 0] }),
			minSimilarity: 0.5,
		});
		expect(names(await ranker.rank("equine", documents, 10))).toEqual(["charlie", "bravo"]);
	});

	it("is deterministic across calls and rankers", async () => {
		const documents = fixtureDocuments();
		const first = createHybridRanker({ embedder: createTrigramEmbedder() });
		const second = createHybridRanker({ embedder: createTrigramEmbedder(), batchSize: 3, concurrency: 3 });
		for (const query of ["send a message", "list open pull requests", "what is the weather"]) {
			const expected = await first.rank(query, documents, 8);
			expect(await first.rank(query, [...documents].reverse(), 8)).toEqual(expected);
			expect(await second.rank(query, documents, 8)).toEqual(expected);
		}
	});

	it("rejects bad options with INVALID_OPTIONS", () => {
		const embedder = createTrigramEmbedder();
		const bad: unknown[] = [
			undefined,
			{},
			{ embedder: { id: "", embed: async () => [] } },
			{ embedder: { id: "x" } },
			{ embedder, fusion: { mode: "max" } },
			{ embedder, fusion: { mode: "weighted", weight: 2 } },
			{ embedder, fusion: { mode: "rrf", k: -1 } },
			{ embedder, batchSize: 0 },
			{ embedder, concurrency: 1.5 },
			{ embedder, candidates: 0 },
			{ embedder, timeoutMs: 0 },
			{ embedder, queryCacheSize: -1 },
			{ embedder, minSimilarity: Number.NaN },
			{ embedder, onProgress: "yes" },
		];
		for (const options of bad) {
			expect(() => createHybridRanker(options as never), JSON.stringify(options)).toThrowError(
				expect.objectContaining({ code: "INVALID_OPTIONS" }),
			);
		}
	});
});

describe("hybrid ranker embedding cache", () => {
	it("embeds each tool once, then only new or changed tools", async () => {
		const embedder = recordingEmbedder();
		const ranker = createHybridRanker({ embedder });
		const documents = fixtureDocuments();
		await ranker.rank("send a message", documents, 5);
		expect(embedder.toolTexts(["send a message"])).toHaveLength(documents.length);
		await ranker.rank("read a file", fixtureDocuments(), 5);
		expect(embedder.toolTexts(["send a message", "read a file"])).toHaveLength(documents.length);

		const changed = documents.map((document) =>
			document.name === "slack__post_message"
				? createToolSearchDocument({
						name: document.name,
						description: "Post a message to a channel, now with threads.",
					})
				: document,
		);
		const added = createToolSearchDocument({ name: "notes__add", description: "Add a note." });
		embedder.calls.length = 0;
		await ranker.rank("post a note", [...changed, added], 5);
		expect(embedder.toolTexts(["post a note"]).sort()).toEqual([
			"add\nAdd a note.",
			"post message\nPost a message to a channel, now with threads.",
		]);
		expect(ranker.stats).toMatchObject({ embeddedTools: documents.length + 2, embeddedQueries: 3 });
	});

	it("embeds in batches of batchSize with at most concurrency calls in flight, reporting progress", async () => {
		const gates: { texts: string[]; open: () => void }[] = [];
		const embedder = recordingEmbedder({
			wait: (texts) => {
				if (texts.length === 1 && texts[0] === "query") return Promise.resolve();
				const gate = deferred();
				gates.push({ texts, open: gate.resolve });
				return gate.promise;
			},
		});
		const progress: { embedded: number; total: number }[] = [];
		const ranker = createHybridRanker({
			embedder,
			batchSize: 3,
			concurrency: 2,
			onProgress: (p) => progress.push(p),
		});
		const documents = fixtureDocuments().slice(0, 10);
		const pending = ranker.rank("query", documents, 5);
		// Release the calls one at a time, as they arrive.
		while (progress.length < 4) {
			await new Promise((resolve) => setTimeout(resolve, 0));
			expect(gates.length).toBeLessThanOrEqual(2); // calls waiting: never more than concurrency
			gates.shift()?.open();
		}
		await pending;
		expect(embedder.calls.filter((texts) => texts[0] !== "query").map((texts) => texts.length)).toEqual([
			3, 3, 3, 1,
		]);
		expect(embedder.maxInFlight).toBe(2);
		expect(progress.map((p) => p.total)).toEqual([10, 10, 10, 10]);
		expect(progress.map((p) => p.embedded)).toEqual([3, 6, 9, 10]);
	});

	it("prepare embeds ahead of the first search, with its own progress callback", async () => {
		const embedder = recordingEmbedder();
		const ranker = createHybridRanker({ embedder, batchSize: 5 });
		const documents = fixtureDocuments();
		const progress: number[] = [];
		expect(
			await ranker.prepare(documents, { onProgress: ({ embedded }) => progress.push(embedded) }),
		).toEqual({
			embedded: documents.length,
			total: documents.length,
		});
		expect(progress).toEqual([5, 10, 15, 16]);
		expect(await ranker.prepare(documents)).toEqual({ embedded: 0, total: documents.length });
		embedder.calls.length = 0;
		await ranker.rank("read a file", documents, 3);
		expect(embedder.calls).toEqual([["read a file"]]);
	});

	it("embeds a tool once when searches run concurrently", async () => {
		const embedder = recordingEmbedder();
		const ranker = createHybridRanker({ embedder });
		const documents = fixtureDocuments();
		await Promise.all(["a file", "a message", "an issue"].map((query) => ranker.rank(query, documents, 3)));
		expect(ranker.stats.embeddedTools).toBe(documents.length);
	});

	it("abort rejects with ABORTED and keeps the batches finished so far", async () => {
		const controller = new AbortController();
		let toolCalls = 0;
		const embedder = recordingEmbedder({
			wait: (texts, signal) => {
				if (texts.length === 1 && texts[0] === "query") return Promise.resolve();
				toolCalls++;
				if (toolCalls === 1) return Promise.resolve();
				// The second batch hangs until aborted (the embedder honours the signal).
				controller.abort(new Error("user cancelled"));
				return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));
			},
		});
		const ranker = createHybridRanker({ embedder, batchSize: 4, concurrency: 1 });
		const documents = fixtureDocuments();
		const error = await ranker
			.rank("query", documents, 5, { signal: controller.signal })
			.catch((e: unknown) => e);
		expect(ToolSearchError.isInstance(error) && error.code).toBe("ABORTED");
		expect(ranker.stats).toMatchObject({ embeddedTools: 4, fallbacks: 0 });
		expect(ranker.toJSON().fingerprints).toHaveLength(4);
		// The next search embeds only the rest.
		const plain = recordingEmbedder();
		const again = createHybridRanker({ embedder: plain, saved: JSON.parse(JSON.stringify(ranker)) });
		await again.rank("query", documents, 5);
		expect(plain.toolTexts(["query"])).toHaveLength(documents.length - 4);
	});

	it("an aborted signal rejects before any embedding", async () => {
		const embedder = recordingEmbedder();
		const ranker = createHybridRanker({ embedder });
		const error = await ranker
			.prepare(fixtureDocuments(), { signal: AbortSignal.abort() })
			.catch((e: unknown) => e);
		expect(ToolSearchError.isInstance(error) && error.code).toBe("ABORTED");
		expect(embedder.calls).toEqual([]);
	});

	it("keeps the latest queryCacheSize query embeddings", async () => {
		const embedder = recordingEmbedder();
		const ranker = createHybridRanker({ embedder, queryCacheSize: 2 });
		const documents = fixtureDocuments();
		await ranker.prepare(documents);
		for (const query of ["one", "two", "one", "three", "two", "three"])
			await ranker.rank(query, documents, 3);
		// one, two: misses; one: hit; three: miss (drops two); two: miss (drops one); three: hit.
		expect(ranker.stats).toMatchObject({ embeddedQueries: 4, queryCacheHits: 2 });
		const none = createHybridRanker({ embedder, queryCacheSize: 0 });
		await none.prepare(documents);
		for (const query of ["one", "one"]) await none.rank(query, documents, 3);
		expect(none.stats).toMatchObject({ embeddedQueries: 2, queryCacheHits: 0 });
	});
});
