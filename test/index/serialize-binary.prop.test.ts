import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

const WORDS = [
	"send",
	"email",
	"file",
	"read",
	"issue",
	"github",
	"weather",
	"calendar",
	"event",
	"create",
	"list",
];
const wordText = fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((w) => w.join(" "));
const tool = fc.record({
	name: fc.constantFrom(
		"a__send_mail",
		"b__read_file",
		"c__list",
		"d__create_event",
		"e",
		"f__weather",
		"g",
		"h__e",
	),
	description: wordText,
	param: fc.constantFrom("path", "to", "city", "q"),
	ns: fc.constantFrom("", "s1", "s2"),
});
type Tool = { name: string; description: string; param: string; ns: string };
type Op = { kind: "add" | "update" | "remove"; tool: Tool };
const op: fc.Arbitrary<Op> = fc.record({ kind: fc.constantFrom("add", "update", "remove"), tool });

const documentOf = (t: Tool) =>
	createToolSearchDocument(
		{
			name: t.name,
			description: t.description,
			inputSchema: {
				type: "object",
				properties: { [t.param]: { type: "string", description: t.description } },
			},
		},
		t.ns === "" ? undefined : { name: t.ns },
	);

function apply(index: ToolSearchIndex, ops: readonly Op[]): void {
	for (const { kind, tool: t } of ops) {
		if (kind === "remove") index.remove(t.name);
		else if (kind === "update" || !index.has(t.name)) index.update(documentOf(t));
	}
}

const QUERIES = [
	"send email",
	"read file",
	"weather event",
	"issue",
	"list",
	"a__send_mail",
	"create event github",
	"e",
];
const rankings = (index: ToolSearchIndex, queries: readonly string[]) =>
	queries.map((query) => index.searchDetailed(query, { limit: Number.POSITIVE_INFINITY }));

describe("binary snapshots (property)", () => {
	it("fromBinary(toBinary(x)) ranks exactly as x and as fromJSON(toJSON(x)), and keeps doing so through later changes", () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(tool, { maxLength: 8, selector: (t) => t.name }),
				fc.array(op, { maxLength: 20 }),
				fc.array(op, { maxLength: 20 }),
				fc.array(op, { maxLength: 10 }),
				fc.boolean(),
				fc.array(wordText, { maxLength: 3 }),
				(initial, before, after, later, compactTerms, extra) => {
					const queries = [...QUERIES, ...extra];
					const index = new ToolSearchIndex();
					// With no floor on dead terms, removals and updates compact the vocabulary as they go.
					if (compactTerms) indexStore(index).minDeadTerms = 0;
					index.addAll(initial.map(documentOf));
					// Tools added one at a time sit in the tail; removed ones leave dead slots and terms.
					apply(index, before);
					const bytes = index.toBinary();
					const loaded = ToolSearchIndex.fromBinary(bytes);
					const viaJson = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(index.toJSON())));
					const expected = rankings(index, queries);
					expect(rankings(loaded, queries)).toEqual(expected);
					expect(rankings(viaJson, queries)).toEqual(expected);
					expect(loaded.names()).toEqual(index.names());
					// Changes after the load (term lists built on first use, keys dropped and added).
					if (compactTerms) indexStore(loaded).minDeadTerms = 0;
					apply(index, after);
					apply(loaded, after);
					expect(rankings(loaded, queries)).toEqual(rankings(index, queries));
					expect(loaded.names()).toEqual(index.names());
					// Saving compacts (renumbers the slots); names still lead to the right tools after.
					expect(loaded.toBinary()).toEqual(index.toBinary());
					apply(index, later);
					apply(loaded, later);
					expect(loaded.names()).toEqual(index.names());
					for (const t of initial) expect(loaded.has(t.name)).toBe(index.has(t.name));
					expect(rankings(loaded, queries)).toEqual(rankings(index, queries));
					expect(loaded.toBinary()).toEqual(index.toBinary());
				},
			),
			{ numRuns: 400 },
		);
	}, 120_000);
});
