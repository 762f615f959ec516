import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { PAIR_START } from "../../src/index/postings.js";
import { INDEX_FORMAT_VERSION } from "../../src/index/serialize.js";
import { INDEX_BINARY_VERSION, resealBinaryIndex } from "../../src/index/serialize-binary.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";
import { sectionsOf, withSection } from "../helpers/binary-sections.js";
import { thrown } from "../helpers/thrown.js";

const documents = CATALOG.map((tool) => createToolSearchDocument(tool, catalogNamespaceOf(tool)));
const QUERIES = [
	"create an issue",
	"post a message to slack",
	"read a file",
	"weather forecast",
	"ReadFile",
	"github create issue",
	"create_issue",
	"zzz",
];
const rankings = (index: ToolSearchIndex) =>
	QUERIES.map((query) => index.searchDetailed(query, { limit: Number.POSITIVE_INFINITY }));

function built(): ToolSearchIndex {
	const index = new ToolSearchIndex();
	index.addAll(documents);
	return index;
}

type Elements = Int32Array | Uint16Array | Uint8Array | Uint32Array;

/** Section numbers of a binary index (serialize-binary.ts). */
const S = {
	counts: 0,
	stringOffsets: 1,
	strings: 2,
	namespaceOf: 3,
	summary: 5,
	offsets: 6,
	docs: 7,
	metaOffsets: 8,
	meta: 9,
	keyCells: 10,
};

describe("ToolSearchIndex.toBinary / fromBinary", () => {
	it("round-trips with identical results, smaller than the JSON", () => {
		const index = built();
		const bytes = index.toBinary();
		const loaded = ToolSearchIndex.fromBinary(bytes);
		expect(loaded.size).toBe(index.size);
		expect(loaded.names()).toEqual(index.names());
		expect(rankings(loaded)).toEqual(rankings(index));
		expect(loaded.explain("read a file", "filesystem__read_file")).toEqual(
			index.explain("read a file", "filesystem__read_file"),
		);
		expect(bytes.length).toBeLessThan(JSON.stringify(index.toJSON()).length);
		// Loaded from binary, saved as JSON: the same JSON as the original's.
		expect(loaded.toJSON()).toEqual(index.toJSON());
	});

	it("round-trips an empty index, and one saved after loading", () => {
		expect(ToolSearchIndex.fromBinary(new ToolSearchIndex().toBinary()).size).toBe(0);
		const twice = ToolSearchIndex.fromBinary(ToolSearchIndex.fromBinary(built().toBinary()).toBinary());
		expect(rankings(twice)).toEqual(rankings(built()));
	});

	it("makes the impacts' array at the first search, not at the load, and ranks the same", () => {
		const loaded = ToolSearchIndex.fromBinary(built().toBinary());
		const postings = indexStore(loaded).postings;
		expect(postings.impacts.length).toBe(0);
		expect(rankings(loaded)).toEqual(rankings(built()));
		expect(postings.impacts.length).toBe(postings.docs.length);
	});

	it("reads bytes at any offset (views where aligned, copies where not) and never writes to them", () => {
		const bytes = built().toBinary();
		for (const shift of [0, 1, 2, 3, 4, 6]) {
			const buffer = new Uint8Array(bytes.length + shift);
			buffer.set(bytes, shift);
			const input = buffer.subarray(shift);
			const before = input.slice();
			const loaded = ToolSearchIndex.fromBinary(input);
			expect(rankings(loaded)).toEqual(rankings(built()));
			// Changes of every kind after loading: removals, updates, adds, a vocabulary compaction.
			indexStore(loaded).minDeadTerms = 0;
			loaded.remove("github__create_issue");
			loaded.update(
				createToolSearchDocument({ name: "slack__post_message", description: "Post to a channel" }),
			);
			loaded.add(
				createToolSearchDocument({ name: "jira__create_issue", description: "Create a Jira issue" }),
			);
			loaded.toBinary();
			expect(input).toEqual(before);
		}
	});

	it("keeps names exactly, lone surrogates, byte order marks and other scripts included", () => {
		const names = ["\uFEFFbom__tool", "lone\uD800__x", "emoji__🦀_crab", "日本__検索", "a\u0000b", "x\uDFFF"];
		const index = new ToolSearchIndex();
		for (const name of names)
			index.add(createToolSearchDocument({ name, description: `tool ${name} search` }));
		const bytes = index.toBinary();
		// Lone surrogates make the strings UTF-16: at an odd offset of their buffer too.
		for (const shift of [0, 1, 3]) {
			const buffer = new Uint8Array(bytes.length + shift);
			buffer.set(bytes, shift);
			const loaded = ToolSearchIndex.fromBinary(buffer.subarray(shift));
			expect(loaded.names()).toEqual(names);
			for (const name of names) expect(loaded.search(name)).toEqual(index.search(name));
		}
	});

	it("keeps the options it was built with, and rejects other options, quoting both", () => {
		const options = { bm25: { k1: 1.5 }, synonyms: { groups: [["ticket", "issue"]] } };
		const index = new ToolSearchIndex(options);
		index.addAll(documents);
		const bytes = index.toBinary();
		const loaded = ToolSearchIndex.fromBinary(bytes);
		expect(loaded.options).toEqual(index.options);
		expect(loaded.search("ticket")).toEqual(index.search("ticket"));
		expect(ToolSearchIndex.fromBinary(bytes, options).size).toBe(documents.length);
		const error = thrown(() => ToolSearchIndex.fromBinary(bytes, { ...options, bm25: { k1: 1.2 } }));
		expect(error.code).toBe("INVALID_INDEX_DATA");
		expect(error.message).toBe(
			'tool-search: the index was saved with bm25 {"k1":1.5,"b":0.75,"delta":0.5}, not {"k1":1.2,"b":0.75,"delta":0.5}: rebuild it with the new options',
		);
	});

	it("after loading, removals undo exactly what each tool added (term lists rebuilt from the postings)", () => {
		const index = built();
		const loaded = ToolSearchIndex.fromBinary(index.toBinary());
		const kept = documents.find((document) => document.name === "filesystem__read_file");
		if (kept === undefined) throw new Error("fixture tool missing");
		for (const name of loaded.names()) {
			if (name === kept.name) continue;
			loaded.remove(name);
			index.remove(name);
		}
		const alone = new ToolSearchIndex();
		alone.add(kept);
		for (const query of [...QUERIES, "read file contents path"])
			expect(loaded.searchDetailed(query, { limit: 10 })).toEqual(alone.searchDetailed(query, { limit: 10 }));
		expect(loaded.toJSON()).toEqual(index.toJSON());
	});

	it("finds loaded tools by name (exact-name and local-name rules) until removed, and after slots are renumbered", () => {
		const index = built();
		const loaded = ToolSearchIndex.fromBinary(index.toBinary());
		for (const query of ["github__create_issue", "create issue", "use read_file on it"])
			expect(loaded.searchDetailed(query)).toEqual(index.searchDetailed(query));
		for (const target of [index, loaded]) {
			target.remove("github__create_issue");
			target.add(createToolSearchDocument({ name: "github__create_issue", description: "Open a ticket" }));
		}
		expect(rankings(loaded)).toEqual(rankings(index));
		// A save compacts (renumbers the slots): the loaded keys move into the map.
		loaded.toBinary();
		index.toBinary();
		expect(rankings(loaded)).toEqual(rankings(index));
	});

	it.each([
		{ what: "a string", input: () => "index", message: /must be a Uint8Array, got string/ },
		{
			what: "an ArrayBuffer",
			input: () => new ArrayBuffer(8),
			message: /must be a Uint8Array, got ArrayBuffer/,
		},
		{
			what: "the JSON form",
			input: () => new TextEncoder().encode(JSON.stringify(built().toJSON())),
			message: /not a binary index/,
		},
		{ what: "nothing", input: () => new Uint8Array(0), message: /not a binary index/ },
		{
			what: "a binary ranker",
			input: () => {
				const bytes = built().toBinary();
				bytes[3] = 0x52; // "R": another magic
				return bytes;
			},
			message: /not a binary index/,
		},
		{
			what: "another content version",
			input: () => {
				const bytes = built().toBinary();
				new DataView(bytes.buffer).setUint32(12, INDEX_FORMAT_VERSION + 1, true);
				return bytes;
			},
			message: new RegExp(
				`version ${INDEX_BINARY_VERSION}\\.${INDEX_FORMAT_VERSION + 1}; this version of tool-search reads ${INDEX_BINARY_VERSION}\\.${INDEX_FORMAT_VERSION}`,
			),
		},
		{
			what: "another layout version",
			input: () => {
				const bytes = built().toBinary();
				new DataView(bytes.buffer).setUint32(8, INDEX_BINARY_VERSION + 1, true);
				return bytes;
			},
			message: new RegExp(`version ${INDEX_BINARY_VERSION + 1}\\.\\d+; this version`),
		},
		{
			what: "a snapshot of layout version 1 (a SHA-256 where the CRC-32 is now)",
			input: () => {
				const bytes = built().toBinary();
				new DataView(bytes.buffer).setUint32(8, 1, true);
				bytes.fill(0xab, 32, 64);
				return bytes;
			},
			message: new RegExp(`version 1\\.\\d+; this version of tool-search reads ${INDEX_BINARY_VERSION}\\.`),
		},
		{
			what: "a checksum field not zero after its CRC",
			input: () => {
				const bytes = built().toBinary();
				bytes[40] = 1;
				return bytes;
			},
			message: /does not match its checksum/,
		},
		{ what: "a truncated file", input: () => built().toBinary().subarray(0, 1000), message: /truncated/ },
		{
			what: "a changed byte",
			input: () => {
				const bytes = built().toBinary();
				bytes[bytes.length - 3] = (bytes[bytes.length - 3] as number) ^ 1;
				return bytes;
			},
			message: /does not match its checksum/,
		},
	])("rejects $what with INVALID_INDEX_DATA", ({ input, message }) => {
		const error = thrown(() => ToolSearchIndex.fromBinary(input() as Uint8Array));
		expect(error.code).toBe("INVALID_INDEX_DATA");
		expect(error.message).toMatch(message);
	});

	const bytes = built().toBinary();
	const offsets = (() => {
		const { at, length } = sectionsOf(bytes)[S.offsets] as { at: number; length: number };
		return new Int32Array(bytes.slice(at, at + length).buffer);
	})();
	// The first term with two tools.
	const pairTerm = offsets.findIndex((at, t) => (offsets[t + 1] ?? at) - at >= 2);

	it.each([
		{
			what: "a count that does not match the sections",
			section: S.counts,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[1] = (a[1] as number) + 1;
			},
			message: /section sizes do not match/,
		},
		{
			what: "string offsets past the text",
			section: S.stringOffsets,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[a.length - 1] = (a[a.length - 1] as number) + 1;
			},
			message: /string offsets do not cover/,
		},
		{
			what: "decreasing string offsets",
			section: S.stringOffsets,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[3] = 0;
			},
			message: /string offsets decrease/,
		},
		{
			what: "a byte that is not UTF-8",
			section: S.strings,
			Kind: Uint8Array,
			edit: (a: Elements) => {
				a[2] = 0xff;
			},
			message: /not UTF-8/,
		},
		{
			what: "options that are not JSON",
			section: S.strings,
			Kind: Uint8Array,
			edit: (a: Elements) => {
				a[0] = 0x21;
			},
			message: /options are not JSON/,
		},
		{
			what: "a decreasing term offset",
			section: S.offsets,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[1] = -5;
			},
			message: /term offsets decrease or overrun at term 0/,
		},
		{
			what: "a posting past the last slot",
			section: S.docs,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[(offsets[1] as number) - 1] = 1e6;
			},
			message: /lists slot 1000000 of/,
		},
		{
			what: "a term listing a tool twice",
			section: S.docs,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[(offsets[pairTerm] as number) + 1] = a[offsets[pairTerm] as number] as number;
			},
			message: /out of order/,
		},
		{
			what: "entry offsets past the entries",
			section: S.metaOffsets,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[a.length - 1] = (a[a.length - 1] as number) + 1;
			},
			message: /entry offsets do not cover/,
		},
		{
			what: "a field entry that lost its pair's start flag",
			section: S.meta,
			Kind: Uint16Array,
			edit: (a: Elements) => {
				a[0] = (a[0] as number) & ~PAIR_START;
			},
			message: /entries of term 0 do not open a pair/,
		},
		{
			what: "a pair start too many",
			section: S.meta,
			Kind: Uint16Array,
			edit: (a: Elements) => {
				const at = a.findIndex((entry) => entry < PAIR_START);
				a[at] = (a[at] as number) | PAIR_START;
			},
			message: /pairs of entries for/,
		},
		{
			what: "an entry of a field that does not exist",
			section: S.meta,
			Kind: Uint16Array,
			edit: (a: Elements) => {
				a[0] = PAIR_START | (15 << 11) | 1;
			},
			message: /names no field/,
		},
		{
			what: "an entry of frequency 0",
			section: S.meta,
			Kind: Uint16Array,
			edit: (a: Elements) => {
				a[0] = (a[0] as number) & ~0x7ff;
			},
			message: /frequency of 0/,
		},
		{
			what: "a namespace id past the namespaces",
			section: S.namespaceOf,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[0] = 999;
			},
			message: /namespace of slot 0 is 999/,
		},
		{
			what: "a summary term that does not exist",
			section: S.summary,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[0] = 1e6;
			},
			message: /summary term 0 is 1000000/,
		},
		{
			what: "a key cell past the keys",
			section: S.keyCells,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a[a.length - 1] = 1e6;
			},
			message: /key cell/,
		},
		{
			what: "a key table with no empty cell",
			section: S.keyCells,
			Kind: Int32Array,
			edit: (a: Elements) => {
				a.fill(0);
			},
			message: /key table of/,
		},
	] as const)(
		"rejects $what, with the checksum recomputed, instead of failing later",
		({ section, Kind, edit, message }) => {
			const edited = withSection(bytes, section, Kind, edit);
			expect(thrown(() => ToolSearchIndex.fromBinary(edited)).message).toMatch(/does not match its checksum/);
			const error = thrown(() => ToolSearchIndex.fromBinary(resealBinaryIndex(edited)));
			expect(error.code).toBe("INVALID_INDEX_DATA");
			expect(error.message).toMatch(message);
		},
	);

	it("rejects a tool named twice and a term listed twice, with the checksum recomputed", () => {
		const two = new ToolSearchIndex();
		two.add(createToolSearchDocument({ name: "aa", description: "xx" }));
		two.add(createToolSearchDocument({ name: "ab", description: "xy" }));
		const saved = two.toBinary();
		const view = new DataView(saved.buffer);
		const counts = sectionsOf(saved)[S.counts] as { at: number };
		const terms = view.getInt32(counts.at, true);
		const stringOffsets = sectionsOf(saved)[S.stringOffsets] as { at: number };
		/** Byte `k` of string `i` (all ASCII here) becomes `byte`. */
		const editString = (i: number, k: number, byte: number) =>
			withSection(saved, S.strings, Uint8Array, (a) => {
				a[view.getInt32(stringOffsets.at + 4 * i, true) + k] = byte;
			});
		const firstName = 1 + 9 + terms;
		expect(
			thrown(() => ToolSearchIndex.fromBinary(resealBinaryIndex(editString(firstName + 1, 1, 0x61)))).message,
		).toMatch(/name is listed twice/);
		const termsText = Array.from({ length: terms }, (_, t) => {
			const from = view.getInt32(stringOffsets.at + 4 * (10 + t), true);
			const to = view.getInt32(stringOffsets.at + 4 * (11 + t), true);
			const strings = sectionsOf(saved)[S.strings] as { at: number };
			return new TextDecoder().decode(saved.subarray(strings.at + from, strings.at + to));
		});
		const xy = termsText.indexOf("xy");
		expect(xy).toBeGreaterThanOrEqual(0);
		expect(
			thrown(() => ToolSearchIndex.fromBinary(resealBinaryIndex(editString(10 + xy, 1, 0x78)))).message,
		).toMatch(/term is listed twice/);
	});
});
