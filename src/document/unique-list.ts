/**
 * A list without repeats, in insertion order: what a `Set` gives, for the few items a tool's schema
 * usually has without a `Set` per list. Up to {@link LINEAR_MAX} items a lookup scans the array
 * (cheaper than hashing at that size); past it, a `Set` takes over the lookups.
 * @internal
 */

/** Items up to which lookups scan the list. */
const LINEAR_MAX = 16;

export class UniqueList<T> {
	readonly items: T[] = [];
	#set: Set<T> | undefined;

	/** Whether `item` is in the list (`SameValueZero`, as a `Set`). */
	has(item: T): boolean {
		return this.#set === undefined ? this.items.includes(item) : this.#set.has(item);
	}

	/** Appends `item`; the caller checked it is not in the list. */
	push(item: T): void {
		this.items.push(item);
		if (this.#set !== undefined) this.#set.add(item);
		else if (this.items.length > LINEAR_MAX) this.#set = new Set(this.items);
	}
}
