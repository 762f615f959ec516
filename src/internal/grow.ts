/** The typed arrays {@link grow} handles. */
export type GrowableArray = Int32Array | Uint32Array | Uint16Array | Float64Array | Uint8Array;

/**
 * `array` itself when it holds `size` elements already, else a copy with room for them (capacity
 * doubled from at least 16 until it does; the new elements are 0).
 * @internal
 */
export function grow<T extends GrowableArray>(array: T, size: number): T {
	if (size <= array.length) return array;
	let capacity = Math.max(16, array.length);
	while (capacity < size) capacity *= 2;
	const next = new (array.constructor as new (n: number) => T)(capacity);
	next.set(array);
	return next;
}
