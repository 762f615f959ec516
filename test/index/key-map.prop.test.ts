import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyMap } from "../../src/index/key-map.js";
import { KeyTable, keyCells } from "../../src/index/key-table.js";

/** A loaded snapshot's table of `keys` (two per slot: name key, then local key or ""), as serialize-binary.ts builds it. */
function tableOf(keys: readonly string[]): KeyTable {
	const offsets = new Int32Array(keys.length + 1);
	for (const [at, key] of keys.entries()) offsets[at + 1] = (offsets[at] as number) + key.length;
	const { cells, maxWords, seed } = keyCells(keys);
	return new KeyTable(keys.join(""), offsets, 0, keys.length / 2, cells, maxWords, seed);
}

/** The slots `get` gives, as an array (copied: the map reuses its answer). */
function slotsOf(held: number | readonly number[] | undefined): number[] {
	return held === undefined ? [] : typeof held === "number" ? [held] : [...held];
}

/** The reference: what `KeyMap` was, joined keys to their slots in the order they were added. */
class StringKeys {
	readonly map = new Map<string, number[]>();
	add(key: string, slot: number): void {
		if (key === "") return;
		const held = this.map.get(key) ?? [];
		held.push(slot);
		this.map.set(key, held);
	}
	deleteSlot(slot: number): void {
		for (const [key, held] of this.map) {
			const kept = held.filter((s) => s !== slot);
			if (kept.length === 0) this.map.delete(key);
			else this.map.set(key, kept);
		}
	}
	remap(remap: Int32Array): void {
		for (const [key, held] of this.map) {
			const kept = held.map((s) => remap[s] as number).filter((s) => s >= 0);
			if (kept.length === 0) this.map.delete(key);
			else this.map.set(key, kept);
		}
	}
}

/** A vocabulary the index might have: words by term id, renumbered now and then. */
class Vocabulary {
	terms: string[] = [];
	vocabularyVersion = 0;
	id(word: string): number {
		const at = this.terms.indexOf(word);
		if (at >= 0) return at;
		this.terms.push(word);
		return this.terms.length - 1;
	}
	/** Reverses the ids (as a compaction may renumber them). */
	renumber(): void {
		this.terms.reverse();
		this.vocabularyVersion++;
	}
}

const word = fc.constantFrom("create", "issue", "get", "user", "file", "list", "x", "2");
const keyWords = fc.array(word, { minLength: 0, maxLength: 4 });
type Op =
	| { kind: "add"; words: string[]; local: number; viaTerms: boolean }
	| { kind: "delete"; pick: number }
	| { kind: "compact"; pick: number }
	| { kind: "renumber" };
const op: fc.Arbitrary<Op> = fc.oneof(
	{
		weight: 5,
		arbitrary: fc.record({
			kind: fc.constant("add" as const),
			words: keyWords,
			local: fc.nat(4),
			viaTerms: fc.boolean(),
		}),
	},
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant("compact" as const), pick: fc.nat() }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant("renumber" as const) }) },
);

describe("KeyMap (property, a Map of joined keys is the reference)", () => {
	it("finds the same slots, in the same order, after any adds, deletes, slot compactions and renumberings", () => {
		const loaded = fc.array(fc.tuple(keyWords, fc.nat(4)), { maxLength: 6 });
		fc.assert(
			fc.property(
				fc.array(op, { maxLength: 40 }),
				fc.array(keyWords, { maxLength: 8 }),
				loaded,
				(ops, probes, table) => {
					const keys = new KeyMap();
					const reference = new StringKeys();
					const vocabulary = new Vocabulary();
					const live: number[] = [];
					let slots = 0;
					let tableLoaded = table.length > 0;
					if (tableLoaded) {
						// A binary load: the first slots' keys in a table.
						const saved: string[] = [];
						for (const [words, local] of table) {
							const nameKey = words.join(" ");
							const localKey = words.slice(Math.min(local, words.length)).join(" ");
							saved.push(nameKey, localKey === nameKey ? "" : localKey);
							reference.add(nameKey, slots);
							if (localKey !== nameKey) reference.add(localKey, slots);
							live.push(slots++);
						}
						keys.load(tableOf(saved));
					}
					for (const o of ops) {
						if (o.kind === "add") {
							// A name's key and its local name's (a suffix), as the index adds them.
							const slot = slots++;
							const local = o.words.slice(Math.min(o.local, o.words.length));
							const nameKey = o.words.join(" ");
							const localKey = local.join(" ");
							if (o.viaTerms) {
								const ids = Int32Array.from(o.words.map((w) => vocabulary.id(w)));
								keys.addTerms(slot, ids, 0, ids.length, vocabulary);
								if (local.length !== o.words.length) {
									keys.addTerms(slot, ids, ids.length - local.length, ids.length, vocabulary);
								}
							} else {
								keys.add(nameKey, slot);
								if (localKey !== nameKey) keys.add(localKey, slot);
							}
							reference.add(nameKey, slot);
							if (localKey !== nameKey) reference.add(localKey, slot);
							live.push(slot);
						} else if (o.kind === "delete" && live.length > 0) {
							const [slot] = live.splice(o.pick % live.length, 1) as [number];
							keys.deleteSlot(slot);
							reference.deleteSlot(slot);
						} else if (o.kind === "compact") {
							const remap = new Int32Array(slots).fill(-1);
							let next = 0;
							for (let slot = 0; slot < slots; slot++) if (live.includes(slot)) remap[slot] = next++;
							keys.remap(remap);
							reference.remap(remap);
							tableLoaded = false; // the table's keys moved into the map
							for (let i = 0; i < live.length; i++) live[i] = remap[live[i] as number] as number;
							slots = next;
						} else if (o.kind === "renumber") {
							vocabulary.renumber();
						}
					}
					for (const key of [...reference.map.keys(), ...probes.map((p) => p.join(" ")), "unknown words"]) {
						const found: number[] = [];
						keys.forEach(key, (slot) => found.push(slot));
						expect(found).toEqual(reference.map.get(key) ?? []);
						expect(slotsOf(keys.get(key))).toEqual(reference.map.get(key) ?? []);
					}
					// The first-word filter: never false for a word some key begins with; without a
					// loaded table, exact.
					const firstWords = new Set([...reference.map.keys()].map((key) => key.split(" ")[0]));
					for (const w of ["create", "issue", "get", "user", "file", "list", "x", "2", "unknown"]) {
						if (firstWords.has(w)) expect(keys.mayBegin(w)).toBe(true);
						else if (!tableLoaded) expect(keys.mayBegin(w)).toBe(false);
					}
				},
			),
			{ numRuns: 1000 },
		);
	});

	it("counts the words of the longest key added", () => {
		const keys = new KeyMap();
		keys.add("a b c", 0);
		keys.add("d", 1);
		keys.deleteSlot(0);
		expect(keys.maxWords).toBe(3);
	});
});

describe("keyCells", () => {
	/** The longest run of occupied cells: what a lookup may have to walk. */
	function longestRun(cells: Int32Array): number {
		let longest = 0;
		let run = 0;
		for (const cell of [...cells, ...cells]) {
			run = cell === -1 ? 0 : run + 1;
			longest = Math.max(longest, Math.min(run, cells.length));
		}
		return longest;
	}

	it("spreads keys that differ only in bits above the table's size (probes stay short)", () => {
		// 1,024 keys of 10 code units, each "a" or "a" + 0x8000: unmixed FNV-1a gives them one cell of
		// a 4,096-cell table, and a run of 1,024 to walk for every lookup and insertion.
		const names = Array.from({ length: 1024 }, (_, i) =>
			Array.from({ length: 10 }, (_, k) => String.fromCharCode(0x61 + (((i >> k) & 1) << 15))).join(""),
		);
		const keys = names.flatMap((name) => [name, ""]);
		expect(longestRun(keyCells(keys).cells)).toBeLessThan(64);
		const table = tableOf(keys);
		for (const [at, name] of names.entries()) {
			const found: number[] = [];
			table.forEach(name, (slot) => found.push(slot));
			expect(found).toEqual([at]);
		}
	});

	it("seeds the hash from every key, so one key changed moves the others' cells", () => {
		const keys = Array.from({ length: 64 }, (_, i) => [`tool ${i}`, ""]).flat();
		const changed = [...keys];
		changed[0] = "tool x";
		expect(keyCells(changed).seed).not.toBe(keyCells(keys).seed);
		expect(keyCells([...keys]).seed).toBe(keyCells(keys).seed);
	});
});
