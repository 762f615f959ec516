import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coalesceByNamespace, type NamespaceGroup, readNamespace } from "../../src/integration/coalesce.js";
import { thrown } from "../helpers/thrown.js";

const byPrefix = (name: string): string | undefined =>
	name.includes("__") ? name.split("__")[0] : undefined;

describe("coalesceByNamespace", () => {
	const cases: [string, string[], NamespaceGroup<string>[]][] = [
		["no items", [], []],
		["one namespace", ["gh__a", "gh__b"], [{ namespace: "gh", items: ["gh__a", "gh__b"] }]],
		[
			"groups in the rank order of each namespace's first hit",
			["slack__post", "gh__issue", "slack__reply", "gh__pr", "cal__event"],
			[
				{ namespace: "slack", items: ["slack__post", "slack__reply"] },
				{ namespace: "gh", items: ["gh__issue", "gh__pr"] },
				{ namespace: "cal", items: ["cal__event"] },
			],
		],
		[
			"items without a namespace: one group each, at their rank, even when adjacent",
			["read", "write", "gh__a", "bash", "gh__b"],
			[
				{ namespace: undefined, items: ["read"] },
				{ namespace: undefined, items: ["write"] },
				{ namespace: "gh", items: ["gh__a", "gh__b"] },
				{ namespace: undefined, items: ["bash"] },
			],
		],
		[
			"repeated items stay, in their namespace",
			["gh__a", "gh__a", "read", "read"],
			[
				{ namespace: "gh", items: ["gh__a", "gh__a"] },
				{ namespace: undefined, items: ["read"] },
				{ namespace: undefined, items: ["read"] },
			],
		],
	];
	it.each(cases)("%s", (_, items, groups) => {
		expect(coalesceByNamespace(Object.freeze([...items]), byPrefix)).toEqual(groups);
	});

	it("works on objects and keeps them by identity, unmutated", () => {
		const a = Object.freeze({ name: "a", server: "s" });
		const b = Object.freeze({ name: "b" });
		const c = Object.freeze({ name: "c", server: "s" });
		const groups = coalesceByNamespace([a, b, c], (tool) => ("server" in tool ? tool.server : undefined));
		expect(groups).toEqual([
			{ namespace: "s", items: [a, c] },
			{ namespace: undefined, items: [b] },
		]);
		expect(groups[0]?.items[0]).toBe(a);
	});

	it("treats null as no namespace", () => {
		expect(coalesceByNamespace(["x"], () => null as unknown as undefined)).toEqual([
			{ namespace: undefined, items: ["x"] },
		]);
	});

	it.each([
		[
			"items",
			() => coalesceByNamespace("gh__a" as never, byPrefix),
			"INVALID_OPTIONS",
			'items must be an array, got "gh__a"',
		],
		[
			"namespaceOf",
			() => coalesceByNamespace([], "gh" as never),
			"INVALID_OPTIONS",
			'namespaceOf must be a function, got "gh"',
		],
		[
			"an empty namespace",
			() => coalesceByNamespace(["a"], () => ""),
			"INVALID_TOOL",
			'namespaceOf must return a non-empty string or undefined, got "" for "a"',
		],
		[
			"a non-string namespace",
			() => coalesceByNamespace(["a"], () => 7 as never),
			"INVALID_TOOL",
			'namespaceOf must return a non-empty string or undefined, got 7 for "a"',
		],
	])("rejects %s", (_, action, code, message) => {
		const error = thrown(action);
		expect(error.code).toBe(code);
		expect(error.message).toBe(`tool-search: ${message}`);
	});

	it("readNamespace accepts non-empty strings, undefined and null", () => {
		expect(readNamespace("gh", "t")).toBe("gh");
		expect(readNamespace(undefined, "t")).toBeUndefined();
		expect(readNamespace(null, "t")).toBeUndefined();
	});

	it("keeps every item once, in rank order within groups and across first hits (property)", () => {
		const item = fc.record({
			id: fc.nat(),
			namespace: fc.option(fc.constantFrom("a", "b", "c", "d"), { nil: undefined }),
		});
		fc.assert(
			fc.property(fc.array(item, { maxLength: 30 }), (items) => {
				const groups = coalesceByNamespace(items, (i) => i.namespace);
				const flat = groups.flatMap((group) => group.items);
				expect([...flat].sort((x, y) => items.indexOf(x) - items.indexOf(y))).toEqual(items);
				for (const group of groups) {
					for (const member of group.items) expect(member.namespace).toBe(group.namespace);
					const ranks = group.items.map((member) => items.indexOf(member));
					expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
					if (group.namespace === undefined) expect(group.items).toHaveLength(1);
				}
				const named = groups.filter((group) => group.namespace !== undefined).map((group) => group.namespace);
				expect(named).toEqual([...new Set(items.map((i) => i.namespace).filter((n) => n !== undefined))]);
				const firstRanks = groups.map((group) => items.indexOf(group.items[0] as (typeof items)[number]));
				expect(firstRanks).toEqual([...firstRanks].sort((x, y) => x - y));
			}),
		);
	});
});
