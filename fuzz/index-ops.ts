/**
 * Property 3, index operation sequences against a rebuild: random add / update / remove / addAll /
 * toJSON→fromJSON sequences (with searches in between, which cache impacts) on `ToolSearchIndex`,
 * and random catalogue changes across `Bm25Ranker.rank` calls (with save/load); then the same
 * searches on the result and on an index built from the final documents. DESIGN.md promises the
 * incremental index "ranks exactly like one built from the final tools": same names in the same
 * order, and (a separate property) bit-identical scores.
 */
import fc from "fast-check";
import {
	createToolSearchDocument,
	type ToolInfo,
	type ToolSearchDocument,
	ToolSearchError,
} from "tool-search";
import { Bm25Ranker, ToolSearchIndex } from "tool-search/ranking";
import { words } from "./gen.js";
import { check, type FuzzProperty } from "./harness.js";

const NAMES = [
	"a__send_mail",
	"b__read_file",
	"c__list",
	"d__create_event",
	"e",
	"f__weather",
	"g__db_query",
	"h",
];

export interface Spec {
	name: string;
	description: string;
	param: string;
	title: string | undefined;
	namespace: string | undefined;
}

export const spec: fc.Arbitrary<Spec> = fc.record({
	name: fc.constantFrom(...NAMES),
	description: words(10),
	param: fc.constantFrom("path", "to", "city", "q"),
	title: fc.option(words(2), { nil: undefined }),
	namespace: fc.option(fc.constantFrom("github", "mail", "weather"), { nil: undefined }),
});

export function documentOf(s: Spec): ToolSearchDocument {
	const tool: ToolInfo = {
		name: s.name,
		description: s.description,
		...(s.title === undefined ? {} : { title: s.title }),
		parameters: { type: "object", properties: { [s.param]: { type: "string", description: s.description } } },
	};
	return createToolSearchDocument(tool, s.namespace === undefined ? undefined : { name: s.namespace });
}

type Op =
	| { kind: "add" | "update"; tool: Spec }
	| { kind: "remove"; name: string }
	| { kind: "addAll"; tools: Spec[] }
	| { kind: "roundtrip" | "compact" }
	| { kind: "search"; query: string };

const op: fc.Arbitrary<Op> = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant("add" as const), tool: spec }) },
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant("update" as const), tool: spec }) },
	{
		weight: 3,
		arbitrary: fc.record({ kind: fc.constant("remove" as const), name: fc.constantFrom(...NAMES, "zz") }),
	},
	{
		weight: 1,
		arbitrary: fc.record({ kind: fc.constant("addAll" as const), tools: fc.array(spec, { maxLength: 5 }) }),
	},
	{ weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("roundtrip" as const, "compact" as const) }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant("search" as const), query: words(4) }) },
);

export const queries = fc.array(words(5), { minLength: 1, maxLength: 4 });
const limit = fc.oneof(fc.constant(Number.POSITIVE_INFINITY), fc.integer({ min: 1, max: 10 }));

/** Applies `ops` to a new index, checking each against a model of the tools; returns both. */
function play(ops: readonly Op[]): { index: ToolSearchIndex; final: Map<string, Spec> } {
	let index = new ToolSearchIndex();
	const final = new Map<string, Spec>();
	const add = (tool: Spec): boolean => {
		try {
			index.add(documentOf(tool));
		} catch (error) {
			check(
				ToolSearchError.isInstance(error) && error.code === "DUPLICATE_TOOL" && final.has(tool.name),
				() => `add threw ${String(error)}`,
			);
			return false;
		}
		check(!final.has(tool.name), `add of the indexed ${tool.name} did not throw DUPLICATE_TOOL`);
		final.set(tool.name, tool);
		return true;
	};
	for (const step of ops) {
		if (step.kind === "add") add(step.tool);
		else if (step.kind === "update") {
			index.update(documentOf(step.tool));
			final.set(step.tool.name, step.tool);
		} else if (step.kind === "remove") {
			check(
				index.remove(step.name) === final.delete(step.name),
				`remove(${step.name}) returned the wrong answer`,
			);
		} else if (step.kind === "addAll") {
			// Tools before a duplicate stay; the duplicate throws.
			const docs = step.tools.map(documentOf);
			const expected: Spec[] = [];
			const seen = new Set(final.keys());
			let duplicate = false;
			for (const tool of step.tools) {
				if (seen.has(tool.name)) {
					duplicate = true;
					break;
				}
				seen.add(tool.name);
				expected.push(tool);
			}
			try {
				index.addAll(docs);
				check(!duplicate, "addAll of a duplicate did not throw");
			} catch (error) {
				check(
					duplicate && ToolSearchError.isInstance(error) && error.code === "DUPLICATE_TOOL",
					() => `addAll threw ${String(error)}`,
				);
			}
			for (const tool of expected) final.set(tool.name, tool);
		} else if (step.kind === "roundtrip") {
			index = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(index)));
		} else if (step.kind === "search") {
			index.search(step.query, { limit: Number.POSITIVE_INFINITY });
		} else index.toJSON();
	}
	check(index.size === final.size, `size ${index.size}, expected ${final.size}`);
	check(
		[...index.names()].sort().join() === [...final.keys()].sort().join(),
		() => `names ${index.names().sort()} != ${[...final.keys()].sort()}`,
	);
	return { index, final };
}

function rebuild(final: Map<string, Spec>): ToolSearchIndex {
	const rebuilt = new ToolSearchIndex();
	rebuilt.addAll([...final.values()].map(documentOf));
	return rebuilt;
}

/** Scores equal up to float32 rounding (DESIGN.md: "scores move in the 8th digit"). */
const close = (a: number, b: number): boolean =>
	Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function indexProperties(): FuzzProperty[] {
	const order: FuzzProperty = {
		name: "index-ops/order-vs-rebuild",
		summary:
			"ToolSearchIndex op sequences then search: same names, same order, scores within float32 rounding",
		runs: 25_000,
		property: () =>
			fc.property(fc.array(op, { maxLength: 40 }), queries, limit, (ops, qs, k) => {
				const { index, final } = play(ops);
				const rebuilt = rebuild(final);
				for (const query of qs) {
					const got = index.search(query, { limit: k });
					const want = rebuilt.search(query, { limit: k });
					check(
						got.map((m) => m.name).join() === want.map((m) => m.name).join(),
						() => `"${query}": ${got.map((m) => m.name)} != rebuilt ${want.map((m) => m.name)}`,
					);
					for (const [i, m] of got.entries()) {
						const w = want[i]?.score ?? Number.NaN;
						check(close(m.score, w), () => `"${query}" ${m.name}: score ${m.score} != rebuilt ${w}`);
					}
				}
			}),
	};

	const exact: FuzzProperty = {
		name: "index-ops/scores-exact",
		summary:
			"as order-vs-rebuild, scores bit-identical to the rebuild (DESIGN.md: ranks exactly like a rebuild)",
		runs: 20_000,
		property: () =>
			fc.property(fc.array(op, { maxLength: 40 }), queries, (ops, qs) => {
				const { index, final } = play(ops);
				const rebuilt = rebuild(final);
				for (const query of qs) {
					const got = index.search(query, { limit: Number.POSITIVE_INFINITY });
					const want = rebuilt.search(query, { limit: Number.POSITIVE_INFINITY });
					for (const [i, m] of got.entries()) {
						const w = want[i];
						// DESIGN.md "Index": same order as a rebuild, scores within 1e-12 relative.
						check(
							w !== undefined &&
								w.name === m.name &&
								Math.abs(w.score - m.score) <= 1e-12 * Math.abs(w.score),
							() => `"${query}" #${i}: ${m.name} ${m.score} != rebuilt ${w?.name} ${w?.score}`,
						);
					}
				}
			}),
	};

	type Step = { kind: "rank"; changes: Op[]; query: string; k: number } | { kind: "roundtrip" };
	const step: fc.Arbitrary<Step> = fc.oneof(
		{
			weight: 5,
			arbitrary: fc.record({
				kind: fc.constant("rank" as const),
				changes: fc.array(
					fc.oneof(
						fc.record({ kind: fc.constant("update" as const), tool: spec }),
						fc.record({ kind: fc.constant("remove" as const), name: fc.constantFrom(...NAMES) }),
					),
					{ maxLength: 4 },
				),
				query: words(4),
				k: fc.integer({ min: 0, max: 10 }),
			}),
		},
		{ weight: 1, arbitrary: fc.constant({ kind: "roundtrip" as const }) },
	);

	const ranker: FuzzProperty = {
		name: "index-ops/bm25-ranker-vs-fresh",
		summary:
			"Bm25Ranker over changing documents (with save/load): ranks like a fresh ranker on the same documents",
		runs: 8_000,
		property: () =>
			fc.property(
				fc.uniqueArray(spec, { selector: (s) => s.name, maxLength: 8 }),
				fc.array(step, { maxLength: 12 }),
				(initial, steps) => {
					let current = new Map(initial.map((s) => [s.name, documentOf(s)]));
					let bm25 = new Bm25Ranker();
					for (const s of steps) {
						if (s.kind === "roundtrip") {
							bm25 = Bm25Ranker.fromJSON(JSON.parse(JSON.stringify(bm25)));
							continue;
						}
						const next = new Map(current);
						for (const change of s.changes) {
							if (change.kind === "remove") next.delete(change.name);
							else if (change.kind === "update") next.set(change.tool.name, documentOf(change.tool));
						}
						current = next;
						const documents = [...current.values()];
						const got = bm25.rank(s.query, documents, s.k);
						const want = new Bm25Ranker().rank(s.query, documents, s.k);
						check(
							got.map((m) => m.name).join() === want.map((m) => m.name).join(),
							() => `"${s.query}": ${got.map((m) => m.name)} != fresh ${want.map((m) => m.name)}`,
						);
						for (const [i, m] of got.entries()) {
							const w = want[i]?.score ?? Number.NaN;
							check(close(m.score, w), () => `"${s.query}" ${m.name}: ${m.score} != fresh ${w}`);
						}
					}
				},
			),
	};
	return [order, exact, ranker];
}

export const properties: FuzzProperty[] = indexProperties();
