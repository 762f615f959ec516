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
const wordText = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 8 }).map((w) => w.join(" "));
const toolName = fc.constantFrom(
	"a__send_mail",
	"b__read_file",
	"c__list",
	"d__create_event",
	"e",
	"f__weather",
	"g",
);
const tool = fc.record({
	name: toolName,
	description: wordText,
	param: fc.constantFrom("path", "to", "city", "q"),
});

/**
 * What DESIGN.md promises of an incremental index against a rebuilt one: the same tools in the
 * same order, scores equal up to the order a float sum was taken in (a term in the tail is scanned
 * in another order than in the main segment): within 1e-12 relative, far below any tie.
 */
function expectSameScores(got: readonly { score: number }[], want: readonly { score: number }[]): void {
	for (const [i, m] of got.entries()) {
		const expected = want[i]?.score ?? Number.NaN;
		expect(Math.abs(m.score - expected)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
	}
}

type Op = { kind: "add" | "update" | "remove"; tool: { name: string; description: string; param: string } };
const op: fc.Arbitrary<Op> = fc.record({ kind: fc.constantFrom("add", "update", "remove"), tool });

function documentOf(t: Op["tool"]) {
	return createToolSearchDocument({
		name: t.name,
		description: t.description,
		parameters: { type: "object", properties: { [t.param]: { type: "string", description: t.description } } },
	});
}

describe("ToolSearchIndex incremental updates (property)", () => {
	it("any sequence of add / update / remove ranks exactly like an index built from the final tools", () => {
		fc.assert(
			fc.property(
				fc.array(op, { maxLength: 40 }),
				fc.array(wordText, { minLength: 1, maxLength: 4 }),
				(ops, queries) => {
					const index = new ToolSearchIndex();
					const final = new Map<string, Op["tool"]>();
					for (const { kind, tool: t } of ops) {
						if (kind === "remove") {
							expect(index.remove(t.name)).toBe(final.delete(t.name));
						} else if (kind === "update" || !final.has(t.name)) {
							index.update(documentOf(t));
							final.set(t.name, t);
						}
					}
					const rebuilt = new ToolSearchIndex();
					rebuilt.addAll([...final.values()].map(documentOf));
					expect(index.size).toBe(rebuilt.size);
					for (const query of queries) {
						const got = index.search(query, { limit: Number.POSITIVE_INFINITY });
						const want = rebuilt.search(query, { limit: Number.POSITIVE_INFINITY });
						expect(got.map((m) => m.name)).toEqual(want.map((m) => m.name));
						expectSameScores(got, want);
					}
				},
			),
			{ numRuns: 300 },
		);
	});

	it("after searches cached a main segment's impacts, any changes and compactions (slots and vocabulary) still rank like a rebuilt index", () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(tool, { minLength: 1, maxLength: 7, selector: (t) => t.name }),
				fc.array(fc.oneof(op, fc.constant("save" as const)), { minLength: 1, maxLength: 12 }),
				fc.array(wordText, { minLength: 1, maxLength: 3 }),
				(initial, ops, queries) => {
					// addAll merges the initial tools into the main segment; each search caches impacts
					// for the current average lengths, which every later change moves.
					const index = new ToolSearchIndex();
					// Vocabulary compaction as soon as dead terms outnumber live ones (not after 1,024).
					indexStore(index).minDeadTerms = 0;
					index.addAll(initial.map(documentOf));
					const final = new Map<string, Op["tool"]>(initial.map((t) => [t.name, t]));
					const rankAll = (target: ToolSearchIndex, query: string) =>
						target.search(query, { limit: Number.POSITIVE_INFINITY });
					for (const query of queries) rankAll(index, query);
					for (const step of ops) {
						if (step === "save") {
							index.toJSON(); // compacts: dead slots' numbers are reused by the next adds
							continue;
						}
						const { kind, tool: t } = step;
						if (kind === "remove") {
							index.remove(t.name);
							final.delete(t.name);
						} else {
							index.update(documentOf(t));
							final.set(t.name, t);
						}
						for (const query of queries) rankAll(index, query);
					}
					const rebuilt = new ToolSearchIndex();
					rebuilt.addAll([...final.values()].map(documentOf));
					for (const query of queries) {
						const got = rankAll(index, query);
						const want = rankAll(rebuilt, query);
						expect(got.map((m) => m.name)).toEqual(want.map((m) => m.name));
						expectSameScores(got, want);
					}
				},
			),
			{ numRuns: 300 },
		);
	});

	it("scores are finite and positive and descend, for any query", () => {
		const index = new ToolSearchIndex();
		index.addAll(
			WORDS.map((w, i) =>
				documentOf({ name: `t${i}__${w}`, description: `${w} ${WORDS[(i + 3) % 11]}`, param: "q" }),
			),
		);
		fc.assert(
			fc.property(fc.string(), (query) => {
				const results = index.search(query, { limit: Number.POSITIVE_INFINITY });
				for (let i = 0; i < results.length; i++) {
					const score = results[i]?.score as number;
					expect(Number.isFinite(score) && score > 0).toBe(true);
					if (i > 0) expect(score).toBeLessThanOrEqual(results[i - 1]?.score as number);
				}
			}),
		);
	});
});
