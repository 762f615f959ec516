/**
 * The names of a loaded index, found by name without a `Map` of 100,000 strings: an open-addressing
 * table of slots in one `Int32Array`, keyed by a hash of each name's UTF-16 code units. Building it
 * reads each name once and allocates nothing per name, which is what a binary load needs to check
 * that no name is listed twice, and what its first call needs to look up the few names it is given
 * (the active tools); the store makes its `Map` from it only when it first changes.
 *
 * The hash is seeded once per process, so that a crafted file cannot make every name collide.
 * Lookups do not depend on the seed's value, only on names being equal. A table is never changed
 * once built: a `tool_search` view of a catalogue that lists exactly these names, in this order,
 * keeps it as its name lookup (catalog-view.ts, `KnownNames`).
 * @internal
 */
import { seededHash } from "./string-hash.js";

/** The seed of {@link hashName} in this process. */
const SEED = (Math.random() * 0x100000000) >>> 0;

/** {@link seededHash} from this process's seed. @internal */
export function hashName(text: string, from: number, to: number): number {
	return seededHash(text, from, to, SEED);
}

/** Whether `text[from, to)` equals `name`. */
function sameName(text: string, from: number, to: number, name: string): boolean {
	if (to - from !== name.length) return false;
	for (let i = 0; i < name.length; i++) if (text.charCodeAt(from + i) !== name.charCodeAt(i)) return false;
	return true;
}

/** Whether `text[a, aEnd)` equals `text[b, bEnd)`. */
function sameRange(text: string, a: number, aEnd: number, b: number, bEnd: number): boolean {
	if (aEnd - a !== bEnd - b) return false;
	for (let i = 0; i < aEnd - a; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
	return true;
}

export class NameTable {
	/** Per cell, a slot + 1 (0: empty). A power of two, at least twice the names. */
	readonly #cells: Int32Array;
	/** The names by slot (the table's own array: nothing changes it). */
	readonly #names: readonly string[];
	readonly #text: string;
	/** Slot `s`'s name is `#text[#offsets[#first + s], #offsets[#first + s + 1])`. */
	readonly #offsets: Int32Array;
	readonly #first: number;

	/**
	 * The table of `names`, held in `text` as `offsets` lays them out from `first`, or the slot
	 * whose name an earlier slot already has (a damaged index). Keeps `names`: the caller must not
	 * change the array afterwards.
	 */
	static build(
		text: string,
		offsets: Int32Array,
		first: number,
		names: readonly string[],
	): NameTable | number {
		const slots = names.length;
		let size = 2;
		while (size < 2 * slots) size *= 2;
		const table = new NameTable(new Int32Array(size), names, text, offsets, first);
		for (let slot = 0; slot < slots; slot++) if (!table.#insert(slot)) return slot;
		return table;
	}

	private constructor(
		cells: Int32Array,
		names: readonly string[],
		text: string,
		offsets: Int32Array,
		first: number,
	) {
		this.#cells = cells;
		this.#names = names;
		this.#text = text;
		this.#offsets = offsets;
		this.#first = first;
	}

	/** How many names the table holds (slots 0 to size - 1). */
	get size(): number {
		return this.#names.length;
	}

	/** The name of `slot` (0 to {@link size} - 1). */
	nameAt(slot: number): string {
		return this.#names[slot] as string;
	}

	/** Adds `slot`'s name; `false` when an earlier slot has it. */
	#insert(slot: number): boolean {
		const from = this.#offsets[this.#first + slot] as number;
		const to = this.#offsets[this.#first + slot + 1] as number;
		const mask = this.#cells.length - 1;
		const text = this.#text;
		for (let cell = hashName(text, from, to) & mask; ; cell = (cell + 1) & mask) {
			const held = this.#cells[cell] as number;
			if (held === 0) {
				this.#cells[cell] = slot + 1;
				return true;
			}
			const other = this.#first + held - 1;
			if (sameRange(text, from, to, this.#offsets[other] as number, this.#offsets[other + 1] as number))
				return false;
		}
	}

	/** Whether `slot`'s name is `name`. */
	#holds(slot: number, name: string): boolean {
		const from = this.#offsets[this.#first + slot] as number;
		return sameName(this.#text, from, this.#offsets[this.#first + slot + 1] as number, name);
	}

	/** The slot of the tool named `name`, if one is. */
	find(name: string): number | undefined {
		const mask = this.#cells.length - 1;
		for (let cell = hashName(name, 0, name.length) & mask; ; cell = (cell + 1) & mask) {
			const held = this.#cells[cell] as number;
			if (held === 0) return undefined;
			if (this.#holds(held - 1, name)) return held - 1;
		}
	}
}
