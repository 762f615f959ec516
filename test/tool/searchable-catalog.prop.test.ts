import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SearchableCatalog } from "../../src/tool/searchable-catalog.js";
import type { KnownNames } from "../../src/tool/taken-names.js";
import type { ToolInfo } from "../../src/types.js";

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
