import { describe, expect, it } from "vitest";
import { createTrigramEmbedder } from "../../eval/embedders/trigram.js";
import { createHybridRanker, type Embedder } from "../../src/index.js";
import { fixtureDocuments } from "./fixture-documents.js";
import { recordingEmbedder } from "./hybrid-helpers.js";

async function savedRanker(embedder: Embedder = createTrigramEmbedder()): Promise<unknown> {
	const ranker = createHybridRanker({ embedder });
	await ranker.rank("read a file", fixtureDocuments(), 5);
	return JSON.parse(JSON.stringify(ranker));
}

/** The same embedder without a declared length, so a mismatch shows only at the first call. */
function undeclared(inner: Embedder): Embedder {
	return { id: inner.id, embed: (texts, options) => inner.embed(texts, options) };
}

describe("hybrid ranker persistence", () => {
	it("round-trips: a loaded ranker embeds no tool and ranks as the saved one", async () => {
		const original = createHybridRanker({ embedder: createTrigramEmbedder() });
		const documents = fixtureDocuments();
		const expected = await original.rank("send a slack message", documents, 8);
		const saved = JSON.parse(JSON.stringify(original.toJSON()));
		expect(saved).toMatchObject({
			format: "tool-search-hybrid-ranker",
			version: 1,
			embedder: "trigram-256",
			dimensions: 256,
		});
		expect(saved.fingerprints).toHaveLength(documents.length);

		const embedder = recordingEmbedder();
		const loaded = createHybridRanker({ embedder, saved });
		expect(loaded.stats).toMatchObject({ loaded: documents.length, discarded: 0 });
		expect(await loaded.rank("send a slack message", fixtureDocuments(), 8)).toEqual(expected);
		expect(embedder.calls).toEqual([["send a slack message"]]);
		expect(JSON.parse(JSON.stringify(loaded))).toEqual(saved);
	});

	it("saves an unused ranker, and loads it", async () => {
		const saved = JSON.parse(JSON.stringify(createHybridRanker({ embedder: createTrigramEmbedder() })));
		expect(saved).toMatchObject({ dimensions: 0, fingerprints: [], vectors: [] });
		const loaded = createHybridRanker({ embedder: createTrigramEmbedder(), saved });
		expect((await loaded.rank("read a file", fixtureDocuments(), 3)).map((m) => m.name)).toContain(
			"filesystem__read_file",
		);
	});

	it("re-embeds every tool for another embedder id", async () => {
		const saved = await savedRanker();
		const embedder = recordingEmbedder({ inner: createTrigramEmbedder({ id: "other-model" }) });
		const loaded = createHybridRanker({ embedder, saved });
		expect(loaded.stats).toMatchObject({ loaded: 0, discarded: fixtureDocuments().length });
		await loaded.rank("read a file", fixtureDocuments(), 5);
		expect(embedder.toolTexts(["read a file"])).toHaveLength(fixtureDocuments().length);
	});

	it("re-embeds every tool for a declared length that differs", async () => {
		const saved = await savedRanker();
		const embedder = recordingEmbedder({
			inner: createTrigramEmbedder({ dimensions: 128, id: "trigram-256" }),
		});
		const loaded = createHybridRanker({ embedder, saved });
		expect(loaded.stats.discarded).toBe(fixtureDocuments().length);
		await loaded.rank("read a file", fixtureDocuments(), 5);
		expect(embedder.toolTexts(["read a file"])).toHaveLength(fixtureDocuments().length);
	});

	it("re-embeds every tool when the first fresh vector has another length (length not declared)", async () => {
		const saved = await savedRanker();
		const embedder = recordingEmbedder({
			inner: undeclared(createTrigramEmbedder({ dimensions: 64, id: "trigram-256" })),
		});
		const loaded = createHybridRanker({ embedder, saved });
		expect(loaded.stats.loaded).toBe(fixtureDocuments().length);
		const matches = await loaded.rank("read a file", fixtureDocuments(), 5);
		expect(matches.map((m) => m.name)).toContain("filesystem__read_file");
		expect(loaded.stats).toMatchObject({ discarded: fixtureDocuments().length, fallbacks: 0 });
		expect(embedder.toolTexts(["read a file"])).toHaveLength(fixtureDocuments().length);
		expect(loaded.toJSON().dimensions).toBe(64);
	});

	it("prepare re-embeds loaded vectors of another length too", async () => {
		const saved = await savedRanker();
		const embedder = recordingEmbedder({
			inner: undeclared(createTrigramEmbedder({ dimensions: 64, id: "trigram-256" })),
		});
		const loaded = createHybridRanker({ embedder, saved });
		const extra = [...fixtureDocuments(), { name: "extra_tool", text: "An extra tool." }];
		expect(await loaded.prepare(extra)).toEqual({ embedded: extra.length, total: extra.length });
		expect(loaded.toJSON().fingerprints).toHaveLength(extra.length);
	});

	it("rejects damaged data with INVALID_INDEX_DATA", async () => {
		const saved = (await savedRanker()) as Record<string, unknown> & {
			vectors: string[];
			fingerprints: string[];
		};
		const nan = new Uint8Array(256 * 4);
		new DataView(nan.buffer).setFloat32(0, Number.NaN, true);
		const damaged: unknown[] = [
			null,
			"saved",
			{ ...saved, format: "tool-search-bm25-ranker" },
			{ ...saved, version: 2 },
			{ ...saved, embedder: 3 },
			{ ...saved, dimensions: -1 },
			{ ...saved, dimensions: 1.5 },
			{ ...saved, dimensions: 128 },
			{ ...saved, fingerprints: "x" },
			{ ...saved, vectors: saved.vectors.slice(1) },
			{ ...saved, vectors: ["***not base64***", ...saved.vectors.slice(1)] },
			{ ...saved, vectors: [btoa("short"), ...saved.vectors.slice(1)] },
			{ ...saved, vectors: [btoa(String.fromCharCode(...nan)), ...saved.vectors.slice(1)] },
			{ ...saved, fingerprints: [saved.fingerprints[0], ...saved.fingerprints.slice(0, -1)] },
			{ ...saved, bm25: { format: "nope" } },
			{ ...saved, dimensions: 0 },
		];
		for (const data of damaged) {
			let error: unknown;
			try {
				createHybridRanker({ embedder: createTrigramEmbedder(), saved: data });
			} catch (caught) {
				error = caught;
			}
			expect(error, JSON.stringify(data)?.slice(0, 120)).toMatchObject({ code: "INVALID_INDEX_DATA" });
		}
	});
});
