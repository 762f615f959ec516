/**
 * The name keys of a loaded binary snapshot, left in the snapshot's text and found through an
 * open-addressing hash table of their positions, instead of 200,000 strings put in a `Map` (at
 * 100k tools the `Map` took longer than the rest of the load together). Read-only but for
 * dropping a slot; `KeyMap` holds the keys of tools added later and turns the table into its map
 * when slots are renumbered.
 * @internal
 */
import { seededHash } from "./string-hash.js";

/**
 * The seed of a table of `keys`: a hash of all of them. The cells are saved, so the seed cannot be
 * a per-process one (as `name-table.ts`'s is); derived from every key, it cannot be known to
 * whoever names some of the tools before the whole catalogue is, so names cannot be crafted to
 * collide (with a fixed seed, tool names picked to share a cell made saving quadratic).
 */
export function keysSeed(keys: readonly string[]): number {
	let seed = 0x9e3779b9;
	for (const key of keys) seed = Math.imul(seed ^ seededHash(key, 0, key.length, key.length), 0x01000193);
	return seed >>> 0;
}

/**
 * The hash table of `keys` (two per slot: the name key, then the local key or an empty string):
 * a power-of-two number of cells (at least twice the keys, so probes stay short), each the number
 * of a key whose hash ({@link seededHash} from {@link keysSeed}) leads there by linear probing, in
 * key order (so each key's slots come out ascending), or -1; the most words any key has; and the
 * seed. Saved with the snapshot.
 */
export function keyCells(keys: readonly string[]): { cells: Int32Array; maxWords: number; seed: number } {
	let capacity = 16;
	while (capacity < 2 * keys.length) capacity *= 2;
	const cells = new Int32Array(capacity).fill(-1);
	const mask = capacity - 1;
	const seed = keysSeed(keys);
	let maxWords = 0;
	for (const [number, key] of keys.entries()) {
		if (key === "") continue;
		maxWords = Math.max(maxWords, key.split(" ").length);
		let cell = seededHash(key, 0, key.length, seed) & mask;
		while (cells[cell] !== -1) cell = (cell + 1) & mask;
		cells[cell] = number;
	}
	return { cells, maxWords, seed };
}

export class KeyTable {
	readonly #text: string;
	readonly #offsets: Int32Array;
	/** String index of slot 0's name key; slot `s`'s keys are strings `first + 2s` and `first + 2s + 1`. */
	readonly #first: number;
	/** {@link keyCells}' cells. */
	readonly #cells: Int32Array;
	readonly #gone: Uint8Array;
	/** Slots the table covers (`0` to `slots - 1`). */
	readonly slots: number;
	/** The most words any key has. */
	readonly maxWords: number;
	/** {@link keyCells}' seed. */
	readonly #seed: number;

	/**
	 * Keys of `slots` slots as strings `first` onwards of a decoded text and its string offsets,
	 * with their {@link keyCells} and its seed, checked by the caller: a power-of-two length, at least
	 * one empty cell (probes end), every other cell a key number below `2 * slots`.
	 */
	constructor(
		text: string,
		offsets: Int32Array,
		first: number,
		slots: number,
		cells: Int32Array,
		maxWords: number,
		seed: number,
	) {
		this.#text = text;
		this.#offsets = offsets;
		this.#first = first;
		this.slots = slots;
		this.#cells = cells;
		this.maxWords = maxWords;
		this.#seed = seed;
		this.#gone = new Uint8Array(slots);
	}

	/** Calls `visit` with each slot (not dropped) holding `key`, in ascending slot order. */
	forEach(key: string, visit: (slot: number) => void): void {
		const cells = this.#cells;
		const mask = cells.length - 1;
		const text = this.#text;
		const offsets = this.#offsets;
		const first = this.#first;
		for (let cell = seededHash(key, 0, key.length, this.#seed) & mask; ; cell = (cell + 1) & mask) {
			const held = cells[cell] as number;
			if (held === -1) return;
			const from = offsets[first + held] as number;
			if ((offsets[first + held + 1] as number) - from !== key.length || !text.startsWith(key, from))
				continue;
			const slot = held >> 1;
			if (this.#gone[slot] === 0) visit(slot);
		}
	}

	/** Leaves `slot` out from now on (its tool was removed). */
	drop(slot: number): void {
		this.#gone[slot] = 1;
	}

	/** Calls `visit` with every key and its slot (not dropped), in slot order. */
	forEachKey(visit: (key: string, slot: number) => void): void {
		const offsets = this.#offsets;
		for (let key = 0; key < 2 * this.slots; key++) {
			const slot = key >> 1;
			if (this.#gone[slot] === 1) continue;
			const from = offsets[this.#first + key] as number;
			const to = offsets[this.#first + key + 1] as number;
			if (from !== to) visit(this.#text.slice(from, to), slot);
		}
	}
}
