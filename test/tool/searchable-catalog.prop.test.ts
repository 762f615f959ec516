import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SearchableCatalog } from "../../src/tool/searchable-catalog.js";
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
