import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { resealBinaryRanker } from "../../src/ranking/bm25-ranker-binary.js";
import {
	documentFingerprint,
	fingerprintLanes,
	formatFingerprint,
	parseFingerprint,
} from "../../src/ranking/document-fingerprint.js";
import { SavedFingerprints } from "../../src/ranking/saved-fingerprints.js";
import type { ToolSearchDocument } from "../../src/types.js";
import { sectionsOf } from "../helpers/binary-sections.js";
import { thrown } from "../helpers/thrown.js";
import { fixtureDocuments } from "./fixture-documents.js";

const QUERIES = ["create an issue", "read a file", "send a message to a channel", "weather forecast"];
const rankAll = (ranker: Bm25Ranker, documents: readonly ToolSearchDocument[]) =>
	QUERIES.map((query) => ranker.searchDetailed(query, documents, 5));

describe("Bm25Ranker.toBinary / fromBinary", () => {
	it("loads a saved ranker that ranks exactly as the original, without indexing anything", () => {
		const documents = fixtureDocuments();
		const original = new Bm25Ranker();
		const expected = rankAll(original, documents);
		const loaded = Bm25Ranker.fromBinary(original.toBinary());
		expect(rankAll(loaded, fixtureDocuments())).toEqual(expected);
		expect(loaded.stats).toMatchObject({
			builds: 0,
			added: 0,
			updated: 0,
			removed: 0,
			restored: documents.length,
		});
	});

	it("re-indexes only what changed since the save, as fromJSON does", () => {
		const documents = fixtureDocuments();
		const original = new Bm25Ranker();
		original.rank("anything", documents, 1);
		const [first, second, ...rest] = documents as [
			ToolSearchDocument,
			ToolSearchDocument,
			...ToolSearchDocument[],
		];
		const now = [
			createToolSearchDocument({ name: first.name, description: "Forecast the weather on Mars" }),
			...rest,
			createToolSearchDocument({ name: "mars__rover_photos", description: "Photos from the Mars rover" }),
		];
		const fromBinary = Bm25Ranker.fromBinary(original.toBinary());
		const fromJson = Bm25Ranker.fromJSON(JSON.parse(JSON.stringify(original)));
		const fresh = new Bm25Ranker();
		for (const query of [...QUERIES, "mars weather", "rover photos", second.name]) {
			const want = fresh.searchDetailed(query, now, 5);
			expect(fromBinary.searchDetailed(query, now, 5)).toEqual(want);
			expect(fromJson.searchDetailed(query, now, 5)).toEqual(want);
		}
		expect(fromBinary.stats).toEqual(fromJson.stats);
		expect(fromBinary.stats).toMatchObject({
			builds: 0,
			added: 1,
			updated: 1,
			removed: 1,
			restored: rest.length,
		});
	});

	it("saves what it holds: before any call, right after loading (binary or JSON), and after loading as JSON", () => {
		const empty = Bm25Ranker.fromBinary(new Bm25Ranker().toBinary());
		expect(empty.rank("read a file", fixtureDocuments(), 3)).toEqual(
			new Bm25Ranker().rank("read a file", fixtureDocuments(), 3),
		);
		const original = new Bm25Ranker();
		original.rank("x", fixtureDocuments(), 1);
		for (const twice of [
			Bm25Ranker.fromBinary(Bm25Ranker.fromBinary(original.toBinary()).toBinary()),
			Bm25Ranker.fromBinary(Bm25Ranker.fromJSON(JSON.parse(JSON.stringify(original))).toBinary()),
			Bm25Ranker.fromJSON(JSON.parse(JSON.stringify(Bm25Ranker.fromBinary(original.toBinary())))),
		]) {
			expect(rankAll(twice, fixtureDocuments())).toEqual(rankAll(original, fixtureDocuments()));
			expect(twice.stats.restored).toBe(fixtureDocuments().length);
		}
	});

	it("is smaller than the JSON form, and reads input at an unaligned offset", () => {
		const original = new Bm25Ranker();
		original.rank("x", fixtureDocuments(), 1);
		const bytes = original.toBinary();
		expect(bytes.length).toBeLessThan(JSON.stringify(original).length);
		const shifted = new Uint8Array(bytes.length + 3);
		shifted.set(bytes, 3);
		expect(rankAll(Bm25Ranker.fromBinary(shifted.subarray(3)), fixtureDocuments())).toEqual(
			rankAll(original, fixtureDocuments()),
		);
	});

	it("throws INVALID_INDEX_DATA for other data, damage, a fingerprint count that does not match, or other options", () => {
		const original = new Bm25Ranker({ bm25: { k1: 1.5 } });
		original.rank("x", fixtureDocuments(), 1);
		const bytes = original.toBinary();
		expect(thrown(() => Bm25Ranker.fromBinary(new ToolSearchIndex().toBinary())).message).toMatch(
			/not a binary ranker/,
		);
		const flipped = bytes.slice();
		flipped[flipped.length - 1] = (flipped[flipped.length - 1] as number) ^ 4; // inside the nested index
		expect(thrown(() => Bm25Ranker.fromBinary(flipped)).message).toMatch(
			/binary index does not match its checksum/,
		);
		const fingerprint = bytes.slice();
		const at = (sectionsOf(bytes)[0] as { at: number }).at;
		fingerprint[at] = (fingerprint[at] as number) ^ 1;
		expect(thrown(() => Bm25Ranker.fromBinary(fingerprint)).message).toMatch(
			/binary ranker does not match its checksum/,
		);
		// A ranker saved by a version whose container held a SHA-256 (layout 1): refused as another version.
		const old = bytes.slice();
		new DataView(old.buffer).setUint32(8, 1, true);
		const refused = thrown(() => Bm25Ranker.fromBinary(old));
		expect(refused.code).toBe("INVALID_INDEX_DATA");
		expect(refused.message).toMatch(
			/binary ranker has version 1\.\d+; this version of tool-search reads 2\./,
		);
		// One fingerprint length fewer, resealed: the section table still fits, the count does not.
		const shorter = bytes.slice();
		const view = new DataView(shorter.buffer);
		view.setFloat64(64 + 16 + 8, view.getFloat64(64 + 16 + 8, true) - 8, true);
		const error = thrown(() => Bm25Ranker.fromBinary(resealBinaryRanker(shorter)));
		expect(error.code).toBe("INVALID_INDEX_DATA");
		expect(error.message).toMatch(/fingerprints for an index of/);
		expect(thrown(() => Bm25Ranker.fromBinary(bytes, { bm25: { k1: 1.2 } })).message).toMatch(
			/rebuild it with the new options/,
		);
		expect(
			Bm25Ranker.fromBinary(bytes, { bm25: { k1: 1.5 } }).rank("read a file", fixtureDocuments(), 1),
		).toEqual(original.rank("read a file", fixtureDocuments(), 1));
	});
});

describe("saved fingerprints", () => {
	it("text and numbers agree: parse(format(lanes)) is lanes, and anything else parses to a fingerprint no document has", () => {
		fc.assert(
			fc.property(fc.string(), fc.string(), (name, description) => {
				const document = createToolSearchDocument({ name: `t${name}`, description });
				const lanes = fingerprintLanes(document);
				expect(formatFingerprint(lanes)).toBe(documentFingerprint(document));
				expect(parseFingerprint(formatFingerprint(lanes))).toEqual(lanes);
				expect(lanes[2]).toBeGreaterThan(0);
			}),
		);
		for (const text of ["", "a.b", "1.2.3.4", "zzzzzzzz.0.1", "A.b.c", "1.2.-3", "0.0.zzzzzzzzzzz"])
			expect(parseFingerprint(text)).toEqual([0, 0, 0]);
	});

	it("finds each loaded tool's fingerprint after the index's slots are renumbered and tools re-added", () => {
		const documents = fixtureDocuments();
		const source = new ToolSearchIndex();
		source.addAll(documents);
		const loaded = ToolSearchIndex.fromBinary(source.toBinary());
		const store = indexStore(loaded);
		const hashes = new Uint32Array(2 * store.slots);
		const lengths = new Float64Array(store.slots);
		for (let slot = 0; slot < store.slots; slot++) {
			const document = documents.find((d) => d.name === store.names[slot]) as ToolSearchDocument;
			const [a, b, length] = fingerprintLanes(document);
			[hashes[2 * slot], hashes[2 * slot + 1], lengths[slot]] = [a, b, length];
		}
		const saved = new SavedFingerprints(loaded, { hashes, lengths });
		const [first, second] = documents as [ToolSearchDocument, ToolSearchDocument];
		loaded.remove(first.name);
		loaded.update(second); // a new slot
		loaded.toBinary(); // renumbers the slots
		expect(saved.get(first.name)).toBeUndefined();
		for (const document of documents.slice(1))
			expect(saved.get(document.name)).toBe(documentFingerprint(document));
		expect(saved.get("not__there")).toBeUndefined();
	});
});
