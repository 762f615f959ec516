import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchError } from "../../src/errors.js";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import type { ToolSearchDocument } from "../../src/types.js";
import { runRankerConformance } from "./conformance.js";
import { fixtureDocuments } from "./fixture-documents.js";

runRankerConformance({ name: "Bm25Ranker", create: () => new Bm25Ranker() });

describe("Bm25Ranker caching", () => {
	it("builds once for repeated calls with the same array", () => {
		const ranker = new Bm25Ranker();
		const documents = fixtureDocuments();
		ranker.rank("read a file", documents, 3);
		ranker.rank("send a message", documents, 3);
		expect(ranker.stats).toMatchObject({ builds: 1, added: 0, updated: 0, identityHits: 1 });
	});

	it("does not look at the elements of the same frozen array again", () => {
		const ranker = new Bm25Ranker();
		let reads = 0;
		const documents = new Proxy(Object.freeze(fixtureDocuments()), {
			get(target, key, receiver) {
				if (typeof key === "string" && /^\d+$/.test(key)) reads++;
				return Reflect.get(target, key, receiver);
			},
		});
		ranker.rank("read a file", documents, 3);
		reads = 0;
		expect(ranker.rank("send a message", documents, 3).length).toBeGreaterThan(0);
		expect(reads).toBe(0);
		expect(ranker.stats).toMatchObject({ builds: 1, identityHits: 1 });
	});

	it("does not rebuild for a fresh array of the same documents, or of equal new objects", () => {
		const ranker = new Bm25Ranker();
		const documents = fixtureDocuments();
		const first = ranker.rank("create an issue", documents, 5);
		expect(ranker.rank("create an issue", [...documents], 5)).toEqual(first);
		const copies = documents.map(
			(d) => ({ ...d, fields: d.fields ? { ...d.fields } : undefined }) as ToolSearchDocument,
		);
		expect(ranker.rank("create an issue", copies, 5)).toEqual(first);
		expect(ranker.stats).toMatchObject({ builds: 1, added: 0, updated: 0 });
	});

	it("re-indexes only a changed tool, and its new text is what ranks", () => {
		const ranker = new Bm25Ranker();
		const documents = fixtureDocuments();
		ranker.rank("anything", documents, 3);
		const changed = documents.map((d) =>
			d.name === "weather__get_forecast"
				? createToolSearchDocument({ name: d.name, description: "Translate text between languages" })
				: d,
		);
		expect(ranker.rank("translate text", changed, 1)[0]?.name).toBe("weather__get_forecast");
		expect(ranker.stats).toMatchObject({ builds: 1, updated: 1, added: 0 });
	});

	it("removes tools missing from a call, so a ranking depends only on the documents given", () => {
		const ranker = new Bm25Ranker();
		const documents = fixtureDocuments();
		ranker.rank("read a file", documents, 20);
		const without = documents.filter((d) => d.name !== "filesystem__read_file");
		const got = ranker.rank("read a file", without, 20);
		expect(got.map((m) => m.name)).not.toContain("filesystem__read_file");
		expect(got).toEqual(new Bm25Ranker().rank("read a file", without, 20));
		expect(ranker.stats).toMatchObject({ builds: 1, added: 0, updated: 0, removed: 1 });
		ranker.rank("read a file", documents, 20);
		expect(ranker.stats).toMatchObject({ builds: 1, added: 1, removed: 1 });
	});

	it("leaves excluded tools out of the results but keeps them indexed (searchDetailed exclude)", () => {
		const ranker = new Bm25Ranker();
		const documents = fixtureDocuments();
		const all = ranker.searchDetailed("read a file", documents, 20).matches.map((m) => m.name);
		const result = ranker.searchDetailed("read a file", documents, 20, {
			exclude: (name) => name === "filesystem__read_file",
		});
		expect(result.matches.map((m) => m.name)).toEqual(all.filter((name) => name !== "filesystem__read_file"));
		expect(ranker.stats).toMatchObject({ builds: 1, added: 0, updated: 0, removed: 0, identityHits: 1 });
	});

	it("ranks the same as a fresh ranker after the catalogue changed under it", () => {
		const ranker = new Bm25Ranker();
		const documents = fixtureDocuments();
		ranker.rank("x", documents.slice(0, 5), 3);
		ranker.rank("x", documents, 3);
		for (const query of ["create an issue", "post to slack", "forecast"]) {
			expect(ranker.rank(query, documents, 5)).toEqual(new Bm25Ranker().rank(query, documents, 5));
		}
	});

	it.each([
		{ limit: -1, message: "tool-search: limit must be a non-negative integer, got -1" },
		{ limit: 2.5, message: "tool-search: limit must be a non-negative integer, got 2.5" },
		{ limit: Number.NaN, message: "tool-search: limit must be a non-negative integer, got NaN" },
	])("throws INVALID_OPTIONS for limit $limit", ({ limit, message }) => {
		expect(() => new Bm25Ranker().rank("q", fixtureDocuments(), limit)).toThrowError(message);
	});

	it("validates its options at construction", () => {
		expect(() => new Bm25Ranker({ bm25: { b: -0.1 } })).toThrowError(
			"tool-search: bm25.b must be a number in [0, 1], got -0.1",
		);
	});

	it("throws ABORTED for an aborted signal", () => {
		const controller = new AbortController();
		controller.abort();
		try {
			new Bm25Ranker().rank("read", fixtureDocuments(), 3, { signal: controller.signal });
			expect.unreachable();
		} catch (error) {
			expect(ToolSearchError.isInstance(error) && error.code).toBe("ABORTED");
		}
	});
});

describe("Bm25Ranker called from its own exclude", () => {
	it("throws INVALID_OPTIONS there (re-indexing other documents included) and ranks the outer call and later calls as a fresh ranker", () => {
		const words = ["get", "list", "create", "user", "file", "send", "email", "read", "issue", "event"];
		const documents = Array.from({ length: 300 }, (_, i) =>
			createToolSearchDocument({
				name: `t${i}`,
				description: `${words[i % 10]} ${words[(i * 3) % 10]} ${words[(i * 7) % 10]}`,
			}),
		);
		const others = [
			...documents.slice(10),
			createToolSearchDocument({ name: "zz", description: "send email" }),
		];
		const ranker = new Bm25Ranker();
		const exclude = (name: string) => name.endsWith("3");
		const plain = ranker.searchDetailed("send email", documents, 10, { exclude });
		const errors: unknown[] = [];
		const nested = ranker.searchDetailed("send email", documents, 10, {
			exclude: (name) => {
				for (const call of [() => ranker.rank("send", others, 5), () => ranker.rank("send", documents, 5)]) {
					try {
						call();
					} catch (error) {
						errors.push(error);
					}
				}
				return exclude(name);
			},
		});
		expect(nested).toEqual(plain);
		expect(errors.length).toBeGreaterThan(0);
		for (const error of errors) expect(error).toMatchObject({ code: "INVALID_OPTIONS" });
		expect(ranker.searchDetailed("send email", others, 10)).toEqual(
			new Bm25Ranker().searchDetailed("send email", others, 10),
		);
	});
});

describe("Bm25Ranker options", () => {
	it("are taken when the ranker is made: the caller's object changed later changes nothing", () => {
		const options = { bm25: { k1: 1.2, b: 0.75, delta: 0.5 }, fieldWeights: { description: 1 } };
		const ranker = new Bm25Ranker(options);
		const reference = new Bm25Ranker(structuredClone(options));
		options.bm25.k1 = -1; // invalid now
		options.fieldWeights.description = 1000;
		const documents = fixtureDocuments();
		expect(ranker.searchDetailed("read a file", documents, 5)).toEqual(
			reference.searchDetailed("read a file", documents, 5),
		);
	});
});
