import { MockEmbeddingModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { trigramVector } from "../../eval/embedders/trigram.js";
import { aiSdkEmbedder } from "../../src/adapters/ai-sdk.js";
import { createHybridRanker } from "../../src/index.js";
import { openAiCompatibleEmbedder } from "../../src/ranking.js";
import { fixtureDocuments } from "./fixture-documents.js";

interface Request {
	url: string;
	init: RequestInit;
}

function fakeFetch(answer: (body: { input: string[] }) => Response): {
	fetch: typeof fetch;
	requests: Request[];
} {
	const requests: Request[] = [];
	const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
		requests.push({ url: String(url), init: init ?? {} });
		return answer(JSON.parse(String(init?.body)) as { input: string[] });
	}) as typeof fetch;
	return { fetch: fetchFn, requests };
}

function openAiAnswer(body: { input: string[] }, reverse = false): Response {
	const data = body.input.map((text, index) => ({
		object: "embedding",
		index,
		embedding: [...trigramVector(text, 32)],
	}));
	return Response.json({ object: "list", data: reverse ? data.reverse() : data, model: "m" });
}

describe("openAiCompatibleEmbedder", () => {
	it("posts to <baseUrl>/embeddings and returns the vectors in input order", async () => {
		const { fetch, requests } = fakeFetch((body) => openAiAnswer(body, true));
		const embedder = openAiCompatibleEmbedder({
			baseUrl: "http://localhost:11434/v1/",
			model: "nomic-embed-text",
			apiKey: "sk-test",
			dimensions: 32,
			fetch,
		});
		expect(embedder).toMatchObject({ id: "openai-compatible:nomic-embed-text:32", dimensions: 32 });
		const vectors = await embedder.embed(["read a file", "send mail"]);
		expect(vectors.map((vector) => Array.from(vector))).toEqual([
			[...trigramVector("read a file", 32)],
			[...trigramVector("send mail", 32)],
		]);
		const [request] = requests;
		expect(request?.url).toBe("http://localhost:11434/v1/embeddings");
		expect(request?.init.method).toBe("POST");
		expect(request?.init.headers).toMatchObject({
			authorization: "Bearer sk-test",
			"content-type": "application/json",
		});
		expect(JSON.parse(String(request?.init.body))).toEqual({
			model: "nomic-embed-text",
			input: ["read a file", "send mail"],
			encoding_format: "float",
			dimensions: 32,
		});
		expect(await embedder.embed([])).toEqual([]);
		expect(requests).toHaveLength(1);
	});

	it("passes the signal on, and rejects on an error status or another shape", async () => {
		const controller = new AbortController();
		const { fetch, requests } = fakeFetch(() => new Response("model not found", { status: 404 }));
		const embedder = openAiCompatibleEmbedder({ baseUrl: "http://x/v1", model: "m", fetch });
		await expect(embedder.embed(["a"], { signal: controller.signal })).rejects.toThrow(
			"http://x/v1/embeddings answered 404: model not found",
		);
		expect(requests[0]?.init.signal).toBe(controller.signal);
		expect(requests[0]?.init.headers).not.toHaveProperty("authorization");
		const odd = openAiCompatibleEmbedder({
			baseUrl: "http://x/v1",
			model: "m",
			fetch: fakeFetch(() => Response.json({ embeddings: [] })).fetch,
		});
		await expect(odd.embed(["a"])).rejects.toThrow(/without a data array/);
	});

	it("checks its options", () => {
		for (const options of [
			{},
			{ baseUrl: "", model: "m" },
			{ baseUrl: "http://x", model: "" },
			{ baseUrl: "http://x", model: "m", dimensions: 0 },
		]) {
			expect(() => openAiCompatibleEmbedder(options as never)).toThrowError(
				expect.objectContaining({ code: "INVALID_OPTIONS" }),
			);
		}
	});

	it("drives a hybrid ranker; an HTTP error makes it fall back to BM25", async () => {
		const { fetch } = fakeFetch((body) => openAiAnswer(body));
		const ranker = createHybridRanker({
			embedder: openAiCompatibleEmbedder({ baseUrl: "http://x/v1", model: "m", fetch }),
		});
		expect((await ranker.rankDetailed("read a file", fixtureDocuments(), 3)).rankedBy).toBe("hybrid");
		const down = fakeFetch(() => new Response("overloaded", { status: 503 }));
		const failing = createHybridRanker({
			embedder: openAiCompatibleEmbedder({ baseUrl: "http://x/v1", model: "m", fetch: down.fetch }),
		});
		const result = await failing.rankDetailed("read a file", fixtureDocuments(), 3);
		expect(result).toMatchObject({ rankedBy: "bm25" });
		expect(result.fallbackReason).toMatch(
			/embedder "openai-compatible:m" failed: .*answered 503: overloaded/,
		);
	});
});

describe("aiSdkEmbedder", () => {
	it("embeds through embedMany with the model, passing the abort signal", async () => {
		const model = new MockEmbeddingModelV3({
			provider: "mock",
			modelId: "tiny",
			doEmbed: async ({ values }) => ({
				embeddings: values.map((text) => [...trigramVector(text, 16)]),
				warnings: [],
			}),
		});
		const embedder = aiSdkEmbedder(model, { maxRetries: 0 });
		expect(embedder.id).toBe("ai-sdk:mock/tiny");
		const controller = new AbortController();
		const vectors = await embedder.embed(["read a file"], { signal: controller.signal });
		expect(Array.from(vectors[0] ?? [])).toEqual([...trigramVector("read a file", 16)]);
		expect(model.doEmbedCalls[0]?.values).toEqual(["read a file"]);
		expect(model.doEmbedCalls[0]?.abortSignal).toBe(controller.signal);
		expect(aiSdkEmbedder(model, { id: "mine" }).id).toBe("mine");

		const ranker = createHybridRanker({ embedder });
		const matches = await ranker.rank("read a file from disk", fixtureDocuments(), 3);
		expect(matches.map((match) => match.name)).toContain("filesystem__read_file");
	});
});
