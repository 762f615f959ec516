/**
 * Per-tool lists in one flat array: slot `s`'s list is `values[start[s], start[s] + count[s])`.
 * Lists are appended slot by slot and compacted with the slots. The index keeps two: each tool's
 * distinct terms, varint-encoded bytes (so removal can lower document frequencies), and the term
 * ids of its summary in order (for the proximity rule).
 * @internal
 */
import { grow, resize } from "../internal/grow.js";

export class SlotLists<Count extends Int32Array | Uint8Array, Values extends Int32Array | Uint8Array> {
	values: Values;
	/** Elements of `values` in use. */
	used = 0;
	start: Int32Array = new Int32Array(64);
	count: Count;

	/**
	 * @param count The per-slot length array, empty; its type bounds a list's length.
	 * @param values The values array, empty; its type is the values'.
	 */
	constructor(count: Count, values: Values) {
		this.count = count;
		this.values = values;
	}

	/** Makes room for `capacity` slots. */
	reserveSlots(capacity: number): void {
		this.start = resize(this.start, capacity);
		this.count = resize(this.count, capacity);
	}

	/** Appends `source[from, to)` as the list of `slot` (a new slot, after every listed one). */
	append(slot: number, source: Values, from: number, to: number): void {
		const length = to - from;
		this.values = grow(this.values, this.used + length);
		this.start[slot] = this.used;
		this.count[slot] = length;
		this.values.set(source.subarray(from, to), this.used);
		this.used += length;
	}

	/** Renumbers slots by `remap` (`-1`: dropped) over the first `slots` slots, packing the values. */
	compact(remap: Int32Array, slots: number): void {
		const values = new (this.values.constructor as new (n: number) => Values)(Math.max(1024, this.used));
		let used = 0;
		for (let slot = 0; slot < slots; slot++) {
			const to = remap[slot] as number;
			if (to < 0) continue;
			const start = this.start[slot] as number;
			const count = this.count[slot] as number;
			values.set(this.values.subarray(start, start + count), used);
			this.start[to] = used;
			this.count[to] = count;
			used += count;
		}
		this.values = values;
		this.used = used;
	}

	/** Gives back growth slack beyond an eighth (after a merge). */
	trim(): void {
		if (this.values.length > this.used + (this.used >> 3) + 1024) {
			this.values = this.values.slice(0, this.used + (this.used >> 4) + 1024) as Values;
		}
	}

	/** Takes loaded arrays for the first `start.length` slots (room reserved by the caller). */
	load(start: Int32Array, count: Count, values: Values): void {
		this.start.set(start);
		this.count.set(count);
		this.values = values;
		this.used = values.length;
	}
}
