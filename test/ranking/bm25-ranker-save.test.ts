import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchError } from "../../src/errors.js";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { RANKER_FORMAT_VERSION, rankerChecksum } from "../../src/ranking/bm25-ranker-snapshot.js";
import { documentFingerprint } from "../../src/ranking/document-fingerprint.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import type { ToolSearchDocument } from "../../src/types.js";
import { createFakeHost } from "../helpers/fake-host.js";
import { thrown } from "../helpers/thrown.js";
import { FIXTURE_TOOLS, fixtureDocuments } from "./fixture-documents.js";

const QUERIES = ["create an issue", "read a file", "send a message to a channel", "weather forecast"];
/** A ranker's saved form after a round trip through JSON text, as a host would store it. */
const saved = (ranker: Bm25Ranker): unknown => JSON.parse(JSON.stringify(ranker));
const rankAll = (ranker: Bm25Ranker, documents: readonly ToolSearchDocument[]) =>
	QUERIES.map((query) => ranker.rank(query, documents, 5));

describe("Bm25Ranker save and load", () => {
	it("loads a saved ranker that ranks exactly as the original, without indexing anything", () => {
		const documents = fixtureDocuments();
		const original = new Bm25Ranker();
		const expected = rankAll(original, documents);
		const loaded = Bm25Ranker.fromJSON(saved(original));
		// Documents rebuilt from the same tools: new objects, same content.
		expect(rankAll(loaded, fixtureDocuments())).toEqual(expected);
		expect(loaded.stats).toMatchObject({
			builds: 0,
			added: 0,
			updated: 0,
			removed: 0,
			restored: documents.length,
		});
	});

	it("re-indexes only what changed since the save: an edited, a new and a dropped tool", () => {
		const documents = fixtureDocuments();
		const original = new Bm25Ranker();
		original.rank("anything", documents, 1);
		const data = saved(original);
		const [first, second, ...rest] = documents as [
			ToolSearchDocument,
			ToolSearchDocument,
			...ToolSearchDocument[],
		];
		const edited = createToolSearchDocument({
			name: first.name,
			description: "Forecast the weather on Mars",
		});
		const added = createToolSearchDocument({
			name: "mars__rover_photos",
			description: "Photos from the Mars rover",
		});
		const now = [edited, ...rest, added]; // `second` dropped
		const loaded = Bm25Ranker.fromJSON(data);
		const fresh = new Bm25Ranker();
		for (const query of [...QUERIES, "mars weather", "rover photos"]) {
			expect(loaded.rank(query, now, 5)).toEqual(fresh.rank(query, now, 5));
		}
		expect(loaded.stats).toMatchObject({
			builds: 0,
			added: 1,
			updated: 1,
			removed: 1,
			restored: rest.length,
		});
		expect(loaded.rank(second.name, now, 50).map((m) => m.name)).not.toContain(second.name);
	});

	it("saves what it holds: before any call (empty), and again right after loading", () => {
		const empty = Bm25Ranker.fromJSON(saved(new Bm25Ranker()));
		expect(empty.rank("read a file", fixtureDocuments(), 3)).toEqual(
			new Bm25Ranker().rank("read a file", fixtureDocuments(), 3),
		);
		const original = new Bm25Ranker();
		original.rank("x", fixtureDocuments(), 1);
		const twice = Bm25Ranker.fromJSON(saved(Bm25Ranker.fromJSON(saved(original))));
		expect(twice.rank("create an issue", fixtureDocuments(), 5)).toEqual(
			original.rank("create an issue", fixtureDocuments(), 5),
		);
		expect(twice.stats.restored).toBe(fixtureDocuments().length);
	});

	it("serves tool_search from a loaded ranker, activating as before", async () => {
		const tools = FIXTURE_TOOLS.map(({ tool }) => tool);
		const first = new Bm25Ranker();
		await createToolSearchTool({ tools: createFakeHost({ tools }), ranker: first }).execute("1", {
			query: "read a file",
		});
		const ranker = Bm25Ranker.fromJSON(saved(first));
		const host = createFakeHost({ tools, active: ["tool_search"] });
		const result = await createToolSearchTool({ tools: host, ranker }).execute("2", { query: "read a file" });
		const expected = await createToolSearchTool({
			tools: createFakeHost({ tools, active: ["tool_search"] }),
		}).execute("3", { query: "read a file" });
		expect(result.content).toEqual(expected.content);
		expect(ranker.stats.builds).toBe(0);
		expect(ranker.stats.restored).toBeGreaterThan(0);
	});

	it.each([
		{ data: null, message: "saved ranker must be an object, got null" },
		{ data: { format: "x" }, message: 'not a saved Bm25Ranker (format "x")' },
		{ data: { format: "tool-search-bm25-ranker", version: 9 }, message: "saved ranker has version 9" },
		{
			data: {
				format: "tool-search-bm25-ranker",
				version: RANKER_FORMAT_VERSION,
				tools: ["a"],
				fingerprints: ["f"],
				checksum: "x",
			},
			message: "saved ranker does not match its checksum",
		},
		{
			data: {
				format: "tool-search-bm25-ranker",
				version: RANKER_FORMAT_VERSION,
				tools: ["a"],
				fingerprints: [],
			},
			message: "saved ranker fingerprints must be 1 strings",
		},
		{
			data: {
				format: "tool-search-bm25-ranker",
				version: RANKER_FORMAT_VERSION,
				tools: ["a", "a"],
				fingerprints: ["f", "f"],
				checksum: rankerChecksum(["a", "a"], ["f", "f"], undefined, undefined),
			},
			message: 'saved ranker names "a" twice',
		},
	])("throws INVALID_INDEX_DATA for $message", ({ data, message }) => {
		const error = thrown(() => Bm25Ranker.fromJSON(data));
		expect(error).toBeInstanceOf(ToolSearchError);
		expect((error as ToolSearchError).code).toBe("INVALID_INDEX_DATA");
		expect((error as Error).message).toContain(message);
	});

	it("throws INVALID_INDEX_DATA when the tool list does not match the index, or the options differ", () => {
		const original = new Bm25Ranker();
		original.rank("x", fixtureDocuments(), 1);
		const data = saved(original) as { tools: string[]; fingerprints: string[] };
		const renamed = { ...data, tools: ["someone_else", ...data.tools.slice(1)] };
		expect((thrown(() => Bm25Ranker.fromJSON(renamed)) as ToolSearchError).code).toBe("INVALID_INDEX_DATA");
		const options = thrown(() => Bm25Ranker.fromJSON(data, { bm25: { k1: 1.2 } }));
		expect((options as ToolSearchError).code).toBe("INVALID_INDEX_DATA");
		expect((options as Error).message).toContain("rebuild it with the new options");
	});
});

describe("documentFingerprint", () => {
	it("is equal for equal documents and differs when any field, or the name, changes (property)", () => {
		const base = { name: "github__create_issue", description: "Create an issue" };
		expect(documentFingerprint(createToolSearchDocument(base))).toBe(
			documentFingerprint(createToolSearchDocument({ ...base })),
		);
		fc.assert(
			fc.property(fc.string(), fc.string(), (a, b) => {
				fc.pre(a !== b);
				const one = documentFingerprint(createToolSearchDocument({ name: "t", description: a }));
				const two = documentFingerprint(createToolSearchDocument({ name: "t", description: b }));
				expect(one).not.toBe(two);
			}),
			{ numRuns: 2000 },
		);
		// Text moving between fields changes it too.
		const split = (description: string, title: string) =>
			documentFingerprint(createToolSearchDocument({ name: "t", description, title }));
		expect(split("ab", "c")).not.toBe(split("a", "bc"));
	});
});
