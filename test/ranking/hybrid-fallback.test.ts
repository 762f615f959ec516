import { afterEach, describe, expect, it, vi } from "vitest";
import { createTrigramEmbedder } from "../../eval/embedders/trigram.js";
import {
	createActiveToolSet,
	createHybridRanker,
	createToolSearchTool,
	type Embedder,
} from "../../src/index.js";
import { Bm25Ranker } from "../../src/ranking.js";
import { fixtureDocuments } from "./fixture-documents.js";

const trigram = createTrigramEmbedder();

function failing(answer: (texts: string[]) => unknown): Embedder {
	return { id: "broken", embed: async (texts) => answer(texts) as ArrayLike<number>[] };
}

const BROKEN: { name: string; embedder: Embedder; reason: RegExp }[] = [
	{
		name: "rejects",
		embedder: failing(() => {
			throw new Error("connection refused");
		}),
		reason: /embedder "broken" failed: connection refused/,
	},
	{ name: "returns too few vectors", embedder: failing(() => []), reason: /returned 0 vectors for 1 texts/ },
	{
		name: "returns no array",
		embedder: failing(() => ({ data: [] })),
		reason: /instead of an array of vectors/,
	},
	{
		name: "returns NaN",
		embedder: failing((texts) => texts.map(() => [1, Number.NaN])),
		reason: /returned NaN in vector 0/,
	},
	{
		name: "returns vectors of two lengths",
		embedder: failing((texts) => texts.map((_, at) => (at === 0 ? [1, 0] : [1, 0, 0]))),
		reason: /returned vectors of 2 and 3 dimensions/,
	},
];

afterEach(() => {
	vi.useRealTimers();
});

describe("hybrid ranker fallback to BM25", () => {
	for (const { name, embedder, reason } of BROKEN) {
		it(`when the embedder ${name}: rankDetailed answers with BM25 and says why; rank rejects`, async () => {
			const ranker = createHybridRanker({ embedder, batchSize: 4 });
			const documents = fixtureDocuments();
			const result = await ranker.rankDetailed("read a file", documents, 5);
			expect(result.rankedBy).toBe("bm25");
			expect(result.fallbackReason).toMatch(reason);
			expect(result.matches).toEqual(new Bm25Ranker().rank("read a file", documents, 5));
			await expect(ranker.rank("read a file", documents, 5)).rejects.toThrow(reason);
			expect(ranker.stats.fallbacks).toBe(2);
		});
	}

	it("when a tool batch comes back with another length than the query's", async () => {
		const embedder: Embedder = {
			id: "shifty",
			embed: async (texts) => texts.map(() => (texts.length === 1 ? [1, 0] : [1, 0, 0])),
		};
		const result = await createHybridRanker({ embedder }).rankDetailed("read a file", fixtureDocuments(), 5);
		expect(result.fallbackReason).toMatch(/returned 3-dimensional vectors, earlier ones had 2/);
	});

	it("when the embedder takes longer than timeoutMs, and aborts its call", async () => {
		vi.useFakeTimers();
		let seen: AbortSignal | undefined;
		const embedder: Embedder = {
			id: "slow",
			embed: (_texts, options) => {
				seen = options?.signal;
				return new Promise(() => {});
			},
		};
		const ranker = createHybridRanker({ embedder, timeoutMs: 1000 });
		const pending = ranker.rankDetailed("read a file", fixtureDocuments(), 5);
		await vi.advanceTimersByTimeAsync(999);
		expect(seen?.aborted).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		const result = await pending;
		expect(result).toMatchObject({
			rankedBy: "bm25",
			fallbackReason: 'embedder "slow" timed out after 1000 ms',
		});
		expect(seen?.aborted).toBe(true);
	});

	it("recovers once the embedder works again", async () => {
		let down = true;
		const embedder: Embedder = {
			id: trigram.id,
			embed: (texts, options) => (down ? Promise.reject(new Error("503")) : trigram.embed(texts, options)),
		};
		const ranker = createHybridRanker({ embedder });
		expect((await ranker.rankDetailed("read a file", fixtureDocuments(), 5)).rankedBy).toBe("bm25");
		down = false;
		expect((await ranker.rankDetailed("read a file", fixtureDocuments(), 5)).rankedBy).toBe("hybrid");
	});

	it("tool_search reports ranked_by hybrid, or fallback with the reason", async () => {
		const tools = fixtureDocuments().map((document) => ({ name: document.name, description: document.text }));
		const ok = createToolSearchTool({
			tools: createActiveToolSet({ tools }),
			ranker: createHybridRanker({ embedder: trigram }),
		});
		const good = await ok.execute("call-1", { query: "read a file from disk" });
		expect(good.details).toMatchObject({ ranked_by: "hybrid" });
		expect(good.details).toMatchObject({
			activated_tools: expect.arrayContaining(["filesystem__read_file"]),
		});

		vi.useFakeTimers();
		const slow: Embedder = { id: "slow", embed: () => new Promise(() => {}) };
		const down = createToolSearchTool({
			tools: createActiveToolSet({ tools }),
			ranker: createHybridRanker({ embedder: slow, timeoutMs: 2000 }),
		});
		const pending = down.execute("call-2", { query: "read a file from disk" });
		await vi.advanceTimersByTimeAsync(2000);
		const result = await pending;
		expect(result.details).toMatchObject({
			ranked_by: "fallback",
			fallback_reason: 'ranker failed: embedder "slow" timed out after 2000 ms',
		});
		expect(result.details).toMatchObject({
			activated_tools: expect.arrayContaining(["filesystem__read_file"]),
		});
	});
});
