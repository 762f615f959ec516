import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { hashName, NameTable } from "../../src/index/name-table.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

/** The names as a binary snapshot lays them out: one text, offsets from `first`. */
function laidOut(names: readonly string[], first: number): { text: string; offsets: Int32Array } {
	const offsets = new Int32Array(first + names.length + 1);
	let at = 0;
	for (let i = 0; i < first; i++) offsets[i] = 0;
	names.forEach((name, i) => {
		offsets[first + i] = at;
		at += name.length;
	});
	offsets[first + names.length] = at;
	return { text: names.join(""), offsets };
}

const name = fc.oneof(
	fc.string({ minLength: 1, maxLength: 6 }),
	fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }),
	fc.string({ unit: "binary", minLength: 1, maxLength: 4 }),
	fc.constantFrom("a", "b", "ab", "ba", "aa", "github__create_issue"),
);

describe("NameTable", () => {
	it("finds every name's slot and nothing else, or reports the first slot whose name repeats (property)", () => {
		fc.assert(
			fc.property(
				fc.array(name, { maxLength: 40 }),
				fc.array(name, { maxLength: 10 }),
				fc.nat(3),
				(names, others, first) => {
					const { text, offsets } = laidOut(names, first);
					const table = NameTable.build(text, offsets, first, names);
					const repeat = names.findIndex((n, i) => names.indexOf(n) !== i);
					if (repeat >= 0) {
						expect(table).toBe(repeat);
						return;
					}
					if (typeof table === "number") throw new Error("no name repeats");
					expect(table.size).toBe(names.length);
					for (const [slot, n] of names.entries()) {
						expect(table.find(n)).toBe(slot);
						expect(table.nameAt(slot)).toBe(n);
					}
					for (const other of others)
						expect(table.find(other)).toBe(names.includes(other) ? names.indexOf(other) : undefined);
				},
			),
		);
	});

	it("spreads names that differ only in bits above the table's size over its cells, whatever the seed", () => {
		// 1,024 names of 10 code units, each "a" or "a" + 0x8000: their FNV-1a hashes agree in the
		// low 15 bits for any seed, so without mixing they all want one cell of a 2,048-cell table.
		const names = Array.from({ length: 1024 }, (_, i) =>
			Array.from({ length: 10 }, (_, k) => String.fromCharCode(0x61 + (((i >> k) & 1) << 15))).join(""),
		);
		const cells = new Set(names.map((n) => hashName(n, 0, n.length) & 2047));
		// Random hashes fill about 2,048 × (1 − e^−0.5) ≈ 806 cells.
		expect(cells.size).toBeGreaterThan(600);
		const { text, offsets } = laidOut(names, 0);
		const table = NameTable.build(text, offsets, 0, names) as NameTable;
		for (const [slot, n] of names.entries()) expect(table.find(n)).toBe(slot);
	});
});

describe("a binary load's names", () => {
	const documents = ["alpha__read", "alpha__write", "beta__read", "gamma__list"].map((n) =>
		createToolSearchDocument({ name: n, description: `${n.replace("__", " ")} things` }),
	);

	it("are found without a map until the index first changes, then through one that stays right", () => {
		const index = new ToolSearchIndex();
		index.addAll(documents);
		const loaded = ToolSearchIndex.fromBinary(index.toBinary());
		expect(loaded.has("beta__read")).toBe(true);
		expect(loaded.has("beta__write")).toBe(false);
		expect(loaded.search("read", { limit: 5, exclude: new Set(["alpha__read"]) }).map((m) => m.name)).toEqual(
			["beta__read"],
		);
		expect(loaded.remove("alpha__write")).toBe(true);
		expect(loaded.remove("alpha__write")).toBe(false);
		loaded.add(createToolSearchDocument({ name: "delta__read", description: "delta read things" }));
		expect(loaded.names().sort()).toEqual(["alpha__read", "beta__read", "delta__read", "gamma__list"]);
		expect(loaded.has("delta__read")).toBe(true);
		expect(indexStore(loaded).slotOf.get("gamma__list")).toBe(indexStore(loaded).slotOfName("gamma__list"));
		expect(
			loaded
				.search("read", { limit: 5 })
				.map((m) => m.name)
				.sort(),
		).toEqual(["alpha__read", "beta__read", "delta__read"]);
	});

	it("answer the same before and after enough lookups to make the map", () => {
		const many = Array.from({ length: 1500 }, (_, i) =>
			createToolSearchDocument({ name: `ns__tool_${i}`, description: `tool ${i}` }),
		);
		const index = new ToolSearchIndex();
		index.addAll(many);
		const loaded = ToolSearchIndex.fromBinary(index.toBinary());
		const store = indexStore(loaded);
		for (let round = 0; round < 2; round++) {
			for (let i = 0; i < 1500; i++)
				expect(store.slotOfName(`ns__tool_${i}`)).toBe(index.has(`ns__tool_${i}`) ? i : -1);
			expect(store.slotOfName("ns__tool_1500")).toBeUndefined();
		}
	});
});
