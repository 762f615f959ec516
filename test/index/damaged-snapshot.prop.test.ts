import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchError } from "../../src/errors.js";
import { type SerializedToolSearchIndex, snapshotChecksum } from "../../src/index/serialize.js";
import { resealBinaryIndex } from "../../src/index/serialize-binary.js";
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { resealBinaryRanker } from "../../src/ranking/bm25-ranker-binary.js";
import { sectionsOf } from "../helpers/binary-sections.js";

const WORDS = ["send", "email", "file", "read", "issue", "github", "weather", "calendar", "event", "list"];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((w) => w.join(" "));
const catalogue = fc.uniqueArray(
	fc.record({
		name: fc.constantFrom("a__send", "b__read_file", "c__list", "d__event", "e", "f__x"),
		description: text,
		ns: fc.constantFrom("", "s1", "s2"),
	}),
	{ minLength: 1, maxLength: 6, selector: (t) => t.name },
);
type Tool = { name: string; description: string; ns: string };
const documentOf = (t: Tool) =>
	createToolSearchDocument(
		{ name: t.name, description: t.description },
		t.ns === "" ? undefined : { name: t.ns },
	);
const QUERIES = ["send email", "read file", "weather event", "issue", "list", "github calendar"];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One random edit of a JSON value at a random place: the kinds of damage a file or a hand can do. */
type Edit = { path: number[]; kind: number; value: number };
const edit: fc.Arbitrary<Edit> = fc.record({
	path: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
	kind: fc.nat({ max: 7 }),
	value: fc.integer({ min: -3, max: 300 }),
});

/** An edit inside the typed arrays (`arrays` is the 9th key of a saved index): most damage lands there. */
const arrayEdit: fc.Arbitrary<Edit> = fc.record({
	path: fc.nat().map((n) => [8, n]),
	kind: fc.constantFrom(0, 1, 4, 6, 6, 6),
	value: fc.integer({ min: -3, max: 300 }),
});

function applyEdit(root: Json, { path, kind, value }: Edit): Json {
	const copy = structuredClone(root);
	let parent: Json = copy;
	let key: string | number | undefined;
	for (const step of path) {
		const node: Json = key === undefined ? parent : ((parent as Record<string, Json>)[key] as Json);
		if (node === null || typeof node !== "object") break;
		const keys = Object.keys(node);
		if (keys.length === 0) break;
		if (key !== undefined) parent = node;
		key = Array.isArray(node) ? step % node.length : (keys[step % keys.length] as string);
	}
	if (key === undefined) return copy;
	const holder = parent as Record<string | number, Json>;
	const old = holder[key];
	switch (kind) {
		case 0: // change a number (or put one in)
			holder[key] = typeof old === "number" ? old + (value === 0 ? 1 : value) : value;
			break;
		case 1: // edit a string (base64 arrays included)
			if (typeof old === "string" && old.length > 0) {
				const at = Math.abs(value) % old.length;
				const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
				holder[key] = old.slice(0, at) + chars[Math.abs(value) % chars.length] + old.slice(at + 1);
			} else holder[key] = String(value);
			break;
		case 2: // truncate
			if (typeof old === "string") holder[key] = old.slice(0, Math.abs(value) % (old.length + 1));
			else if (Array.isArray(old)) holder[key] = old.slice(0, Math.abs(value) % (old.length + 1));
			else holder[key] = null;
			break;
		case 3: // extend
			if (typeof old === "string") holder[key] = `${old}AAAA`;
			else if (Array.isArray(old)) holder[key] = [...old, old[0] ?? value];
			else holder[key] = [old as Json];
			break;
		case 4: // swap two elements
			if (Array.isArray(old) && old.length > 1) {
				const i = Math.abs(value) % old.length;
				const j = (i + 1) % old.length;
				const swapped = old.slice();
				[swapped[i], swapped[j]] = [swapped[j] as Json, swapped[i] as Json];
				holder[key] = swapped;
			} else holder[key] = value;
			break;
		case 5: // delete the key
			if (Array.isArray(holder)) holder.splice(key as number, 1);
			else delete holder[key];
			break;
		case 6: // an edited typed array: one byte of the decoded array changed
			if (typeof old === "string" && /^[A-Za-z0-9+/]*=*$/.test(old) && old.length > 0) {
				const bytes = Buffer.from(old, "base64");
				if (bytes.length > 0) {
					const at = Math.abs(value) % bytes.length;
					bytes[at] = ((bytes[at] as number) + (value === 0 ? 1 : value)) & 0xff;
					holder[key] = bytes.toString("base64");
				}
			} else holder[key] = value;
			break;
		default: // replace with another type
			holder[key] = typeof old === "string" ? value : "x";
	}
	return copy;
}

function rejectsOrThrowsOnly(load: () => unknown): unknown {
	try {
		return load();
	} catch (error) {
		if (ToolSearchError.isInstance(error) && error.code === "INVALID_INDEX_DATA") return undefined;
		throw error;
	}
}

const rankings = (index: ToolSearchIndex) =>
	QUERIES.map((query) => index.searchDetailed(query, { limit: Number.POSITIVE_INFINITY }));

/** Every later operation works: search, explain, remove, update, add, save and load again. */
function exercise(index: ToolSearchIndex, tools: readonly Tool[]): void {
	for (const query of QUERIES) index.search(query, { limit: 3 });
	for (const name of index.names().slice(0, 2)) index.explain("send file", name);
	const names = index.names();
	if (names[0] !== undefined) index.remove(names[0]);
	for (const tool of tools) index.update(documentOf({ ...tool, description: `${tool.description} weather` }));
	index.add(documentOf({ name: "z__new", description: "send issue", ns: "s1" }));
	ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(index.toJSON())));
}

describe("damaged snapshots (property)", () => {
	it("any edit is rejected with INVALID_INDEX_DATA or loads an index that ranks exactly like the original", () => {
		fc.assert(
			fc.property(
				catalogue,
				fc.array(fc.oneof(edit, arrayEdit), { minLength: 1, maxLength: 3 }),
				(tools, edits) => {
					const original = new ToolSearchIndex();
					original.addAll(tools.map(documentOf));
					let data = JSON.parse(JSON.stringify(original.toJSON())) as Json;
					for (const e of edits) data = applyEdit(data, e);
					const loaded = rejectsOrThrowsOnly(() => ToolSearchIndex.fromJSON(data)) as
						| ToolSearchIndex
						| undefined;
					if (loaded === undefined) return;
					expect(rankings(loaded)).toEqual(rankings(original));
					exercise(loaded, tools);
				},
			),
			{ numRuns: 1000 },
		);
	}, 60_000);

	it("with the checksum recomputed, an edit is rejected or loads an index that never throws later and that, emptied and refilled, ranks like the original", () => {
		fc.assert(
			fc.property(
				catalogue,
				fc.array(fc.oneof(edit, arrayEdit), { minLength: 1, maxLength: 2 }),
				(tools, edits) => {
					const original = new ToolSearchIndex();
					original.addAll(tools.map(documentOf));
					let data = JSON.parse(JSON.stringify(original.toJSON())) as Json;
					for (const e of edits) data = applyEdit(data, e);
					const resealed = rejectsOrThrowsOnly(() => ({
						...(data as object),
						checksum: snapshotChecksum(data as unknown as SerializedToolSearchIndex),
					}));
					if (resealed === undefined) return;
					const loaded = rejectsOrThrowsOnly(() => ToolSearchIndex.fromJSON(resealed)) as
						| ToolSearchIndex
						| undefined;
					if (loaded === undefined) return;
					// Removing every tool must undo exactly what each added: nothing of another tool is left.
					for (const name of loaded.names()) loaded.remove(name);
					expect(loaded.size).toBe(0);
					loaded.addAll(tools.map(documentOf));
					// Edited options that are valid are the index's options now: compare with a build under them.
					const reference = new ToolSearchIndex(loaded.options);
					reference.addAll(tools.map(documentOf));
					expect(rankings(loaded)).toEqual(rankings(reference));
					exercise(loaded, tools);
				},
			),
			{ numRuns: 1000 },
		);
	}, 60_000);

	it("Bm25Ranker.fromJSON: any edit is rejected with INVALID_INDEX_DATA or ranks like the original", () => {
		fc.assert(
			fc.property(catalogue, fc.array(edit, { minLength: 1, maxLength: 3 }), (tools, edits) => {
				const documents = tools.map(documentOf);
				const original = new Bm25Ranker();
				original.rank("x", documents, 1);
				let data = JSON.parse(JSON.stringify(original)) as Json;
				for (const e of edits) data = applyEdit(data, e);
				const loaded = rejectsOrThrowsOnly(() => Bm25Ranker.fromJSON(data)) as Bm25Ranker | undefined;
				if (loaded === undefined) return;
				for (const query of QUERIES)
					expect(loaded.searchDetailed(query, documents, 10)).toEqual(
						original.searchDetailed(query, documents, 10),
					);
				loaded.toJSON();
			}),
			{ numRuns: 500 },
		);
	}, 60_000);

	it("binary: every truncation is rejected with INVALID_INDEX_DATA", () => {
		fc.assert(
			fc.property(catalogue, (tools) => {
				const original = new ToolSearchIndex();
				original.addAll(tools.map(documentOf));
				const bytes = original.toBinary();
				for (let length = 0; length < bytes.length; length++)
					expect(
						rejectsOrThrowsOnly(() => ToolSearchIndex.fromBinary(bytes.subarray(0, length))),
					).toBeUndefined();
			}),
			{ numRuns: 30 },
		);
	}, 60_000);

	it("binary: any flipped bit is rejected with INVALID_INDEX_DATA", () => {
		fc.assert(
			fc.property(catalogue, fc.nat(), fc.nat({ max: 7 }), (tools, at, bit) => {
				const original = new ToolSearchIndex();
				original.addAll(tools.map(documentOf));
				const bytes = original.toBinary();
				bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ (1 << bit);
				expect(rejectsOrThrowsOnly(() => ToolSearchIndex.fromBinary(bytes))).toBeUndefined();
			}),
			{ numRuns: 1000 },
		);
	}, 60_000);

	it("binary, with the checksum recomputed: an edit is rejected or loads an index that never throws later and that, emptied and refilled, ranks like the original", () => {
		const byteEdit = fc.record({ section: fc.nat(), at: fc.nat(), value: fc.integer({ min: 1, max: 255 }) });
		fc.assert(
			fc.property(catalogue, fc.array(byteEdit, { minLength: 1, maxLength: 3 }), (tools, edits) => {
				const original = new ToolSearchIndex();
				original.addAll(tools.map(documentOf));
				const bytes = original.toBinary();
				const sections = sectionsOf(bytes);
				for (const { section, at, value } of edits) {
					// Most edits inside a section (where the structural checks stand alone), some in the header.
					const place = sections[section % (sections.length + 1)];
					const offset =
						place === undefined ? at % 64 : place.at + (place.length === 0 ? 0 : at % place.length);
					bytes[offset] = ((bytes[offset] as number) + value) & 0xff;
				}
				const loaded = rejectsOrThrowsOnly(() => ToolSearchIndex.fromBinary(resealBinaryIndex(bytes))) as
					| ToolSearchIndex
					| undefined;
				if (loaded === undefined) return;
				for (const query of QUERIES)
					for (const { name, score } of loaded.search(query, { limit: 3 })) {
						expect(typeof name).toBe("string");
						expect(Number.isFinite(score)).toBe(true);
					}
				for (const name of loaded.names()) loaded.remove(name);
				expect(loaded.size).toBe(0);
				loaded.addAll(tools.map(documentOf));
				const reference = new ToolSearchIndex(loaded.options);
				reference.addAll(tools.map(documentOf));
				expect(rankings(loaded)).toEqual(rankings(reference));
				exercise(loaded, tools);
				ToolSearchIndex.fromBinary(loaded.toBinary());
			}),
			{ numRuns: 1000 },
		);
	}, 60_000);

	it("binary, with the checksum recomputed and bm25.b 1: edited field lengths are rejected or every score stays finite", () => {
		const lengthEdit = fc.record({ at: fc.nat(), value: fc.constantFrom(0, 0, 1, 7, 65535) });
		fc.assert(
			fc.property(catalogue, fc.array(lengthEdit, { minLength: 1, maxLength: 4 }), (tools, edits) => {
				const original = new ToolSearchIndex({ bm25: { b: 1 } });
				original.addAll(tools.map(documentOf));
				const bytes = original.toBinary();
				const lengths = sectionsOf(bytes)[4] as { at: number; length: number };
				const view = new Uint16Array(bytes.buffer, bytes.byteOffset + lengths.at, lengths.length / 2);
				for (const { at, value } of edits) if (view.length > 0) view[at % view.length] = value;
				const loaded = rejectsOrThrowsOnly(() => ToolSearchIndex.fromBinary(resealBinaryIndex(bytes))) as
					| ToolSearchIndex
					| undefined;
				if (loaded === undefined) return;
				for (const query of QUERIES) {
					const { matches } = loaded.searchDetailed(query, { limit: Number.POSITIVE_INFINITY });
					for (const match of matches) expect(Number.isFinite(match.score), query).toBe(true);
					for (const name of loaded.names())
						expect(Number.isFinite(loaded.explain(query, name).score), `${query}: ${name}`).toBe(true);
				}
			}),
			{ numRuns: 500 },
		);
	}, 60_000);

	it("Bm25Ranker.fromBinary: any flipped bit is rejected; edited fingerprints (resealed) re-index or are rejected, never mis-rank", () => {
		fc.assert(
			fc.property(catalogue, fc.nat(), fc.nat({ max: 7 }), fc.boolean(), (tools, at, bit, reseal) => {
				const documents = tools.map(documentOf);
				const original = new Bm25Ranker();
				original.rank("x", documents, 1);
				const bytes = original.toBinary();
				const [hashes, lengths] = sectionsOf(bytes);
				const target =
					reseal && hashes !== undefined && lengths !== undefined
						? hashes.at + (at % (hashes.length + lengths.length || 1))
						: at % bytes.length;
				bytes[target] = (bytes[target] as number) ^ (1 << bit);
				const input = reseal ? resealBinaryRanker(bytes) : bytes;
				const loaded = rejectsOrThrowsOnly(() => Bm25Ranker.fromBinary(input)) as Bm25Ranker | undefined;
				if (!reseal) expect(loaded).toBeUndefined();
				if (loaded === undefined) return;
				for (const query of QUERIES)
					expect(loaded.searchDetailed(query, documents, 10)).toEqual(
						original.searchDetailed(query, documents, 10),
					);
			}),
			{ numRuns: 500 },
		);
	}, 60_000);
});
