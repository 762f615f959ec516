import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchError } from "../../src/errors.js";
import { PAIR_START } from "../../src/index/postings.js";
import {
	INDEX_FORMAT_VERSION,
	type SerializedToolSearchIndex,
	snapshotChecksum,
} from "../../src/index/serialize.js";
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";

const documents = CATALOG.map((tool) => createToolSearchDocument(tool, catalogNamespaceOf(tool)));
const QUERIES = [
	"create an issue",
	"post a message to slack",
	"read a file",
	"weather forecast",
	"ReadFile",
	"zzz",
];

function built(): ToolSearchIndex {
	const index = new ToolSearchIndex();
	index.addAll(documents);
	return index;
}

function codeOf(call: () => unknown): string | undefined {
	try {
		call();
	} catch (error) {
		return ToolSearchError.isInstance(error) ? error.code : "not a ToolSearchError";
	}
	return undefined;
}

describe("ToolSearchIndex.toJSON / fromJSON", () => {
	it("round-trips through JSON text with identical results", () => {
		const index = built();
		const loaded = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(index)));
		expect(loaded.size).toBe(index.size);
		for (const query of QUERIES)
			expect(loaded.searchDetailed(query, { limit: 10 })).toEqual(index.searchDetailed(query, { limit: 10 }));
		expect(loaded.explain("read a file", "filesystem__read_file")).toEqual(
			index.explain("read a file", "filesystem__read_file"),
		);
	});

	it("saves an index with removed and updated tools (compacted), and stays incremental after loading", () => {
		const index = built();
		index.remove("github__create_issue");
		index.update(
			createToolSearchDocument({ name: "weather__get_alerts", description: "Severe storm alerts" }),
		);
		const loaded = ToolSearchIndex.fromJSON(index.toJSON());
		for (const query of QUERIES) expect(loaded.search(query)).toEqual(index.search(query));
		// Changes after loading behave as on the original.
		for (const target of [index, loaded]) {
			target.add(
				createToolSearchDocument({ name: "jira__create_issue", description: "Create a Jira issue" }),
			);
			target.remove("slack__post_message");
		}
		for (const query of QUERIES) expect(loaded.search(query)).toEqual(index.search(query));
	});

	it("keeps the options it was built with", () => {
		const index = new ToolSearchIndex({ bm25: { k1: 1.5 }, synonyms: { groups: [["ticket", "issue"]] } });
		index.addAll(documents);
		const loaded = ToolSearchIndex.fromJSON(index.toJSON());
		expect(loaded.options).toEqual(index.options);
		expect(loaded.search("ticket")).toEqual(index.search("ticket"));
	});

	it("rejects options that differ from the saved ones, quoting both", () => {
		const saved = built().toJSON();
		expect(() => ToolSearchIndex.fromJSON(saved, { bm25: { k1: 1.2 } })).toThrowError(
			'tool-search: the index was saved with bm25 {"k1":2,"b":0.75,"delta":0.5}, not {"k1":1.2,"b":0.75,"delta":0.5}: rebuild it with the new options',
		);
		expect(ToolSearchIndex.fromJSON(saved, {}).size).toBe(documents.length);
	});

	it.each([
		{
			description: "another version",
			patch: { version: INDEX_FORMAT_VERSION + 1 },
			message: `saved index has format version ${INDEX_FORMAT_VERSION + 1}; this version of tool-search reads version ${INDEX_FORMAT_VERSION}: rebuild it`,
		},
		{
			description: "another format",
			patch: { format: "minisearch" },
			message: 'not a saved tool-search index (format "minisearch")',
		},
		{
			description: "missing terms",
			patch: { terms: undefined },
			message: "terms must be an array of strings",
		},
	])("rejects $description with INVALID_INDEX_DATA", ({ patch, message }) => {
		const data = { ...built().toJSON(), ...patch };
		expect(() => ToolSearchIndex.fromJSON(data)).toThrowError(`tool-search: ${message}`);
		expect(codeOf(() => ToolSearchIndex.fromJSON(data))).toBe("INVALID_INDEX_DATA");
	});

	it("saves no forward lists: loading rebuilds each tool's terms from the postings, so removals stay exact", () => {
		const index = built();
		const data = index.toJSON();
		expect(Object.keys(data.arrays).filter((name) => name.startsWith("forward"))).toEqual([]);
		const loaded = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(data)));
		// Remove all but one tool: the document frequencies and totals left must be that tool's alone.
		const kept = documents.find((document) => document.name === "filesystem__read_file");
		if (kept === undefined) throw new Error("fixture tool missing");
		for (const name of loaded.names()) {
			if (name === kept.name) continue;
			loaded.remove(name);
			index.remove(name);
		}
		const alone = new ToolSearchIndex();
		alone.add(kept);
		for (const query of [...QUERIES, "read file contents path"]) {
			expect(loaded.searchDetailed(query, { limit: 10 })).toEqual(alone.searchDetailed(query, { limit: 10 }));
			expect(loaded.explain(query, kept.name)).toEqual(alone.explain(query, kept.name));
		}
		// And it saves what the original saves after the same removals.
		expect(loaded.toJSON()).toEqual(index.toJSON());
	});

	it("rejects a truncated file", () => {
		const data = built().toJSON();
		const arrays = { ...data.arrays, docs: (data.arrays.docs as string).slice(0, 40) };
		expect(() => ToolSearchIndex.fromJSON({ ...data, arrays })).toThrowError(/inconsistent|whole number/);
		expect(codeOf(() => ToolSearchIndex.fromJSON(null))).toBe("INVALID_INDEX_DATA");
		expect(codeOf(() => ToolSearchIndex.fromJSON("{}"))).toBe("INVALID_INDEX_DATA");
	});

	/** The saved data with one typed array edited (decoded from base64, changed, encoded again). */
	function withArray(
		name: string,
		Kind: Int32ArrayConstructor | Uint16ArrayConstructor | Uint8ArrayConstructor,
		edit: (a: Int32Array | Uint16Array | Uint8Array) => void,
	) {
		const data = built().toJSON();
		const bytes = Buffer.from(data.arrays[name] as string, "base64");
		const array = new Kind(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
		edit(array);
		const encoded = Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString("base64");
		return { ...data, arrays: { ...data.arrays, [name]: encoded } };
	}

	it.each([
		{
			what: "a decreasing offset",
			data: () =>
				withArray("offsets", Int32Array, (a) => {
					a[1] = -5;
				}),
			message: /offsets/,
		},
		{
			what: "a posting past the last slot",
			data: () =>
				withArray("docs", Int32Array, (a) => {
					a[0] = 1e6;
				}),
			message: /posting 0 names slot/,
		},
		{
			what: "a term listing a tool twice",
			data: () => {
				const bytes = Buffer.from(built().toJSON().arrays.offsets as string, "base64");
				const offsets = new Int32Array(
					bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
				);
				// The first term with two tools.
				const term = offsets.findIndex((at, t) => (offsets[t + 1] ?? at) - at >= 2);
				return withArray("docs", Int32Array, (a) => {
					a[(offsets[term] as number) + 1] = a[offsets[term] as number] as number;
				});
			},
			message: /out of order/,
		},
		{
			what: "a field entry that lost its pair's start flag",
			data: () =>
				withArray("meta", Uint16Array, (a) => {
					a[0] = (a[0] as number) & ~PAIR_START;
				}),
			message: /field entry 0 is misplaced/,
		},
		{
			what: "a posting of a field that does not exist",
			data: () =>
				withArray("meta", Uint16Array, (a) => {
					a[0] = PAIR_START | (15 << 11);
				}),
			message: /names field 15/,
		},
		{
			what: "two tools' summary lists that overlap",
			data: () =>
				withArray("summaryStart", Int32Array, (a) => {
					a[1] = (a[1] as number) - 1;
				}),
			message: /summary list of slot 1/,
		},
		{
			what: "a namespace id past the namespaces",
			data: () =>
				withArray("namespaceOf", Int32Array, (a) => {
					a[0] = 999;
				}),
			message: /slot 0 names namespace 999/,
		},
		{
			what: "a summary term that does not exist",
			data: () =>
				withArray("summary", Int32Array, (a) => {
					a[0] = 1e6;
				}),
			message: /summary term 1000000/,
		},
		{
			what: "a document frequency that does not match the postings",
			data: () =>
				withArray("df", Int32Array, (a) => {
					a[0] = (a[0] as number) + 1;
				}),
			message: /term 0 has document frequency \d+ but \d+ tools/,
		},
		{
			what: "a field length that does not add up to its field's total",
			data: () =>
				withArray("fieldLength", Uint16Array, (a) => {
					a[0] = (a[0] as number) + 3;
				}),
			message: /totalLength\[0\] is \d+, the tools' lengths add up to \d+/,
		},
		{
			what: "a field total that is not a number",
			data: () => ({ ...built().toJSON(), totalLength: Array(9).fill("x") }),
			message: /totalLength "x"/,
		},
		{
			what: "options that are not an object",
			data: () => ({ ...built().toJSON(), options: null }),
			message: /options must be an object/,
		},
		{
			what: "options with a missing part",
			data: () => ({ ...built().toJSON(), options: {} }),
			message: /options must be an object/,
		},
		{
			what: "options with a bad value",
			data: () => {
				const data = built().toJSON();
				return {
					...data,
					options: { ...data.options, rules: { ...data.options.rules, localNameBonus: "x" } },
				};
			},
			message: /options are damaged/,
		},
	])("rejects $what with INVALID_INDEX_DATA, instead of crashing or hanging later", ({ data, message }) => {
		const edited = data() as SerializedToolSearchIndex;
		// As edited: the checksum no longer matches.
		expect(() => ToolSearchIndex.fromJSON(edited)).toThrowError(/does not match its checksum/);
		// With the checksum recomputed, the structural checks still catch it.
		const saved = { ...edited, checksum: snapshotChecksum(edited) };
		expect(codeOf(() => ToolSearchIndex.fromJSON(saved))).toBe("INVALID_INDEX_DATA");
		expect(() => ToolSearchIndex.fromJSON(saved)).toThrowError(message);
	});

	it("saving does not change what the index returns", () => {
		const index = built();
		index.remove("slack__add_reaction");
		const before = QUERIES.map((query) => index.search(query));
		index.toJSON();
		expect(QUERIES.map((query) => index.search(query))).toEqual(before);
	});
});
