/**
 * The index's ASCII fast path (word table, shared fields) against `tokenize`, end to end: an index
 * built from documents equals, snapshot for snapshot, one built from the same documents with every
 * field wrapped in no-break spaces. The no-break space is white space to `tokenize` (a separator:
 * the tokens do not change) but not ASCII, so every field of the wrapped documents goes through
 * `tokenize` and nothing is shared between fields.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../bench/catalogues.js";
import { generateCatalogue } from "../../bench/generate.js";
import { generateHeadTermCatalogue } from "../../bench/generate-head-terms.js";
import { toolDocuments } from "../../bench/peers/types.js";
import { TOOL_SEARCH_FIELDS } from "../../src/defaults.js";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { forEachTerm } from "../../src/index/term-set-bytes.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";
import { tokenize } from "../../src/tokenizer/tokenize.js";
import type { ToolSearchDocument, ToolSearchFields } from "../../src/types.js";

const NBSP = "\u00a0";

function throughTokenize(document: ToolSearchDocument): ToolSearchDocument {
	const fields = document.fields as ToolSearchFields;
	const wrapped = Object.fromEntries(
		TOOL_SEARCH_FIELDS.map((field) => [field, `${NBSP}${fields[field]}${NBSP}`]),
	);
	return { ...document, fields: wrapped as unknown as ToolSearchFields };
}

function snapshot(documents: readonly ToolSearchDocument[]): string {
	const index = new ToolSearchIndex();
	index.addAll(documents);
	return JSON.stringify(index.toJSON());
}

/** Each tool's distinct term ids (the forward lists, which removal reads), slot by slot. */
function forwardLists(index: ToolSearchIndex): number[][] {
	const store = indexStore(index);
	const { start, count, values } = store.forward;
	return Array.from({ length: store.slots }, (_, slot) => {
		const ids: number[] = [];
		forEachTerm(values, start[slot] as number, (start[slot] as number) + (count[slot] as number), (id) =>
			ids.push(id),
		);
		return ids;
	});
}

function expectSameIndex(documents: readonly ToolSearchDocument[]): void {
	expect(sameText(snapshot(documents), snapshot(documents.map(throughTokenize)))).toBe(true);
	// One tool at a time (the tail, not the bulk buffer; forward lists written per tool) too.
	const oneByOne = new ToolSearchIndex();
	for (const document of documents) oneByOne.add(document);
	expect(sameText(JSON.stringify(oneByOne.toJSON()), snapshot(documents))).toBe(true);
	// A bulk add into an empty index derives the forward lists from the postings: the same lists.
	const bulk = new ToolSearchIndex();
	bulk.addAll(documents);
	// Built on first use (an index only searched never builds them).
	expect(indexStore(bulk).forwardPending).toBe(documents.length > 0);
	const later = new ToolSearchIndex();
	later.addAll(documents);
	expect(forwardLists(later)).toEqual(forwardLists(oneByOne));
	// A tool added after the bulk add (its list appended to the derived ones), then removals, which
	// read them, leave the same index either way.
	const extra = { ...(documents[0] as ToolSearchDocument), name: "extra_tool_after_bulk" };
	bulk.add(extra);
	oneByOne.add(extra);
	expect(forwardLists(bulk)).toEqual(forwardLists(oneByOne));
	for (const [i, document] of documents.entries()) {
		if (i % 3 !== 0) continue;
		bulk.remove(document.name);
		oneByOne.remove(document.name);
	}
	expect(sameText(JSON.stringify(bulk.toJSON()), JSON.stringify(oneByOne.toJSON()))).toBe(true);
}

/** Whether two (long) texts are equal, without printing megabytes when they are not. */
function sameText(a: string, b: string): boolean {
	return a === b;
}

describe("the index's fast path builds what tokenize builds", () => {
	it("no-break spaces around a field change none of its tokens", () => {
		expect(tokenize(`${NBSP}getHTTPResponse files${NBSP}`)).toEqual(tokenize("getHTTPResponse files"));
	});

	it("on generated catalogues and the bundled real ones", { timeout: 60_000 }, () => {
		expectSameIndex(toolDocuments(generateCatalogue({ size: 600, seed: 7 })));
		expectSameIndex(toolDocuments(generateHeadTermCatalogue({ size: 600, seed: 7 })));
		for (const path of ["data/livemcpbench.json", "data/bfcl.json"]) {
			expectSameIndex(toolDocuments(loadCatalogue({ kind: "file", name: path, path })));
		}
	});

	it("on tools of random text (property)", () => {
		const piece = fc.constantFrom(
			"Create",
			"issues",
			"GitHub",
			"getHTTPResponse",
			"APIs",
			"v2",
			"the",
			"é",
			"获取天气",
			"don't",
			"user's",
			" ",
			". ",
			"\n",
			"__",
			"_",
			"https://example.com/a?b=c",
		);
		const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));
		fc.assert(
			fc.property(fc.array(fc.tuple(text, text, text), { minLength: 1, maxLength: 10 }), (tools) => {
				const seen = new Set<string>();
				const documents: ToolSearchDocument[] = [];
				for (const [name, description, parameter] of tools) {
					const full = `s__${name.trim() === "" ? "t" : name}`;
					if (seen.has(full)) continue;
					seen.add(full);
					documents.push(
						createToolSearchDocument(
							{
								name: full,
								description,
								parameters: { type: "object", properties: { p: { type: "string", description: parameter } } },
							},
							{ name: "s" },
						),
					);
				}
				expectSameIndex(documents);
			}),
			{ numRuns: 100 },
		);
	}, 60_000); // hundreds of small indexes, each built three ways: seconds on a loaded machine
});
