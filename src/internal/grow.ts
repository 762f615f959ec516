/** The typed arrays {@link grow} handles. */
export type GrowableArray = Int32Array | Uint32Array | Uint16Array | Float64Array | Uint8Array;

/**
 * `array` itself when it holds `size` elements already, else a copy with room for them (capacity
 * doubled from at least 16 until it does; the new elements are 0).
 * @internal
 */
export function grow<T extends GrowableArray>(array: T, size: number): T {
	if (size <= array.length) return array;
	return resize(array, grownCapacity(array.length, size));
}

/** The capacity {@link grow} gives an array of `length` elements that must hold `size`. */
export function grownCapacity(length: number, size: number): number {
	let capacity = Math.max(16, length);
	while (capacity < size) capacity *= 2;
	return capacity;
}

/**
 * `array` itself when it holds `size` elements already, else a copy with exactly `size` (the new
 * elements are 0): for a size known in advance, where doubling would waste up to half.
 * @internal
 */
export function resize<T extends GrowableArray>(array: T, size: number): T {
	if (size <= array.length) return array;
	const next = new (array.constructor as new (n: number) => T)(size);
	next.set(array);
	return next;
}
