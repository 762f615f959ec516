import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SearchableCatalog, type SearchableTools } from "../../src/tool/searchable-catalog.js";
import type { KnownNames } from "../../src/tool/taken-names.js";
import type { ToolInfo, ToolNamespace } from "../../src/types.js";

type Item = { kind: "tool" | "throws" | "malformed"; name: string };

/** What a collect takes, by the rules written out: the first tool of each name wins, unless reading it throws. */
function reference(items: readonly Item[], excluded: ReadonlySet<string>): { names: string[]; at: number[] } {
	const seen = new Set<string>();
	const names: string[] = [];
	const at: number[] = [];
	items.forEach((item, i) => {
		if (item.kind === "malformed" || seen.has(item.name)) return;
		seen.add(item.name);
		if (item.name === "tool_search" || excluded.has(item.name)) return;
		if (item.kind === "throws") {
			seen.delete(item.name);
			return;
		}
		names.push(item.name);
		at.push(i);
	});
	return { names, at };
}

function hostItem(item: Item, i: number): unknown {
	if (item.kind === "malformed") return { name: 7 };
	if (item.kind === "tool") return { name: item.name, description: `tool ${i}` };
	return {
		name: item.name,
		get description(): string {
			throw new Error("hostile getter");
		},
	};
}

describe("SearchableCatalog.collect (property)", () => {
	it("takes the first readable tool of each name, skips excluded names and tool_search, for any order of repeats", () => {
		const name = fc.constantFrom("a", "b", "c", "d", "tool_search");
		const item = fc.record({ kind: fc.constantFrom("tool", "tool", "tool", "throws", "malformed"), name });
		fc.assert(
			fc.property(fc.array(item, { maxLength: 25 }), fc.subarray(["a", "b", "c", "d"]), (items, out) => {
				const excluded = new Set(out);
				const hostItems = items.map(hostItem);
				const view = new SearchableCatalog({ exclude: (tool: ToolInfo) => excluded.has(tool.name) }).collect(
					hostItems,
				);
				const expected = reference(items, excluded);
				expect(view.tools.map((tool) => tool.name)).toEqual(expected.names);
				for (const [k, n] of expected.names.entries())
					expect(view.get(n)?.tool).toBe(hostItems[expected.at[k] as number]);
				for (const n of ["a", "b", "c", "d", "tool_search"])
					if (!expected.names.includes(n)) expect(view.get(n)).toBeUndefined();
				expect(view.size).toBe(expected.names.length);
			}),
			{ numRuns: 500 },
		);
	});
});

/** A change a host makes between two calls: to a tool object in place, to the array, or to its `exclude` / `namespaceOf`. */
type Change =
	| { kind: "rename"; at: number; name: string }
	| { kind: "describe"; at: number; text: string }
	| { kind: "throw"; at: number }
	| { kind: "add"; name: string }
	| { kind: "drop"; at: number }
	| { kind: "swap"; at: number }
	| { kind: "exclude"; name: string }
	| { kind: "namespace" }
	| { kind: "fresh" };

const NAMES = ["a", "b", "c", "tool_search", ""];
const someName = fc.constantFrom(...NAMES);
const change: fc.Arbitrary<Change> = fc.oneof(
	fc.record({ kind: fc.constant("rename" as const), at: fc.nat(), name: someName }),
	fc.record({ kind: fc.constant("describe" as const), at: fc.nat(), text: fc.constantFrom("x", "y") }),
	fc.record({ kind: fc.constant("throw" as const), at: fc.nat() }),
	fc.record({ kind: fc.constant("add" as const), name: someName }),
	fc.record({ kind: fc.constant("drop" as const), at: fc.nat() }),
	fc.record({ kind: fc.constant("swap" as const), at: fc.nat() }),
	fc.record({ kind: fc.constant("exclude" as const), name: someName }),
	fc.record({ kind: fc.constant("namespace" as const) }),
	fc.record({ kind: fc.constant("fresh" as const) }),
);

/** What a view holds, by value (a kept view may hold an earlier host object with the same fields). */
const contents = (view: SearchableTools) =>
	view.tools.map((t) => ({
		name: t.name,
		info: { ...t.info },
		namespace: t.namespace,
		document: t.document,
	}));

type HostTool = Record<string, unknown>;

function applyChange(
	items: HostTool[],
	c: Change,
	state: { excluded: Set<string>; namespace: string },
): HostTool[] {
	const at = (i: number) => i % items.length;
	const some = items.length > 0;
	switch (c.kind) {
		case "rename":
			if (some) (items[at(c.at)] as HostTool).name = c.name;
			return items;
		case "describe":
			if (some) (items[at(c.at)] as HostTool).description = c.text;
			return items;
		case "throw":
			if (some)
				Object.defineProperty(items[at(c.at)], "title", {
					get() {
						throw new Error("hostile getter");
					},
					configurable: true,
				});
			return items;
		case "add":
			items.push({ name: c.name, description: "new" });
			return items;
		case "drop":
			if (some) items.splice(at(c.at), 1);
			return items;
		case "swap":
			if (items.length > 1) {
				const i = at(c.at);
				const j = (i + 1) % items.length;
				[items[i], items[j]] = [items[j] as HostTool, items[i] as HostTool];
			}
			return items;
		case "exclude":
			if (!state.excluded.delete(c.name)) state.excluded.add(c.name);
			return items;
		case "namespace":
			state.namespace = state.namespace === "s" ? "t" : "s";
			return items;
		case "fresh": // pi: fresh objects with the same fields
			return items.map((t) => Object.create(null, Object.getOwnPropertyDescriptors(t)) as HostTool);
	}
}

/** The names the first collect is told to expect: none, the host's own, or others. */
const firstNames = fc.option(
	fc.oneof(
		fc.constant(["a", "b"]),
		fc.uniqueArray(fc.constantFrom("a", "b", "c", "tool_search"), { maxLength: 4 }),
	),
	{ nil: undefined },
);

describe("SearchableCatalog across calls (property)", () => {
	it("after any change between calls, a kept catalogue's view holds what a new catalogue's would", () => {
		fc.assert(
			fc.property(fc.array(change, { maxLength: 12 }), firstNames, (changes, expected) => {
				let items: HostTool[] = [
					{ name: "a", description: "a" },
					{ name: "b", description: "b" },
				];
				const state = { excluded: new Set<string>(), namespace: "s" };
				const options = {
					exclude: (tool: ToolInfo) => state.excluded.has(tool.name),
					namespaceOf: (tool: ToolInfo): ToolNamespace => ({ name: `${state.namespace}-${tool.name}` }),
				};
				const kept = new SearchableCatalog(options);
				// The first collect maybe given the names a saved index expects (right, or a lying host's).
				kept.collect([...items], expected === undefined ? undefined : knownNames(expected));
				for (const c of changes) {
					items = applyChange(items, c, state);
					const view = kept.collect([...items]);
					const fresh = new SearchableCatalog(options).collect([...items]);
					expect(contents(view)).toEqual(contents(fresh));
					for (const name of NAMES) expect(view.get(name)?.info).toEqual(fresh.get(name)?.info);
					const hidden = new Set(["a"]);
					expect(view.namespaceSummary(hidden)).toEqual(fresh.namespaceSummary(hidden));
				}
			}),
			{ numRuns: 1000 },
		);
	});
});

/** Distinct names in order, as a saved index gives them (a `NameTable` in the product). */
function knownNames(names: readonly string[]): KnownNames {
	return {
		size: names.length,
		nameAt: (i) => names[i] as string,
		find: (n) => (names.includes(n) ? names.indexOf(n) : undefined),
	};
}

describe("SearchableCatalog.collect with the names expected (property)", () => {
	it("makes the same view, asking `exclude` about the same tools, whatever the expected names are", () => {
		const name = fc.constantFrom("a", "b", "c", "d", "e", "tool_search");
		const item = fc.record({
			kind: fc.constantFrom("tool", "tool", "tool", "tool", "throws", "malformed"),
			name,
		});
		const expectedNames = (items: readonly Item[], excluded: ReadonlySet<string>) =>
			fc.oneof(
				// what the map would take (the fast path all the way), or a prefix or an extension of it
				fc.constant(reference(items, excluded).names),
				fc.nat(6).map((n) => reference(items, excluded).names.slice(0, n)),
				fc.constant(
					[...reference(items, excluded).names, "e", "f"].filter((n, i, all) => all.indexOf(n) === i),
				),
				// anything else: shuffled, other names, excluded ones
				fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e", "f", "tool_search"), { maxLength: 7 }),
			);
		const cases = fc
			.tuple(fc.array(item, { maxLength: 25 }), fc.subarray(["a", "b", "c", "d"]))
			.chain(([items, out]) =>
				fc.tuple(fc.constant(items), fc.constant(new Set(out)), expectedNames(items, new Set(out))),
			);
		fc.assert(
			fc.property(cases, ([items, excluded, names]) => {
				const hostItems = items.map(hostItem);
				const asked: { map: unknown[]; known: unknown[] } = { map: [], known: [] };
				const catalog = (log: unknown[]) =>
					new SearchableCatalog({
						exclude: (tool: ToolInfo) => {
							log.push(tool);
							return excluded.has(tool.name);
						},
					});
				const plain = catalog(asked.map).collect(hostItems);
				const view = catalog(asked.known).collect(hostItems, knownNames(names));
				expect(view.size).toBe(plain.size);
				expect(view.tools.map((tool) => tool.tool)).toEqual(plain.tools.map((tool) => tool.tool));
				expect(view.tools.map((tool) => tool.info)).toEqual(plain.tools.map((tool) => tool.info));
				for (const n of ["a", "b", "c", "d", "e", "f", "tool_search", "x"])
					expect(view.get(n)?.tool).toBe(plain.get(n)?.tool);
				expect(asked.known).toEqual(asked.map);
			}),
			{ numRuns: 1000 },
		);
	});
});
