/**
 * Storage for the index's large, long-lived arrays (the main segment's pair slots, field entries
 * and impacts) and the bulk buffer's chunks: a `SharedArrayBuffer` where the runtime has one and
 * the array is at least {@link SHARED_FROM_BYTES}, else an `ArrayBuffer`.
 *
 * Why: V8 counts every `ArrayBuffer`'s bytes as "external memory" and, once that grows by 64 MB
 * since the last full collection, marks and compacts the whole JS heap (the host's catalogue and
 * documents included) on the chance that dead buffers free it. A 100k-tool build allocates ≈ 120 MB
 * of buffers, ≈ 86 MB of them these arrays, and keeps ≈ 70 MB: every large build paid for one
 * full collection that freed nothing of the index (0.4–0.9 s at 100k, measured with
 * `--trace-gc`). V8 does not count shared backing stores as external memory, so these arrays
 * no longer trigger it; they are still counted where a host looks (`process.memoryUsage()`'s
 * `arrayBuffers`) and freed when unreachable, only not collected *for* their size: a process that
 * builds and drops large indexes in a loop with few other allocations holds them until the next
 * collection the JS heap asks for. Nothing here is ever shared with another thread; the index's
 * arrays never leave it (`toBinary` and `toJSON` copy them).
 * @internal
 */

/** Arrays smaller than this (in bytes) use a plain `ArrayBuffer`: a small index keeps V8's accounting. */
export const SHARED_FROM_BYTES = 1 << 16;

/** Zeroed storage of `bytes` bytes (see the file's comment for which kind). */
function storage(bytes: number): ArrayBufferLike {
	if (bytes >= SHARED_FROM_BYTES && typeof SharedArrayBuffer === "function")
		return new SharedArrayBuffer(bytes);
	return new ArrayBuffer(bytes);
}

/** A zeroed `Int32Array` of `length` elements. */
export function largeInt32Array(length: number): Int32Array {
	return new Int32Array(storage(length * 4));
}

/** A zeroed `Uint16Array` of `length` elements. */
export function largeUint16Array(length: number): Uint16Array {
	return new Uint16Array(storage(length * 2));
}

/** A zeroed `Float32Array` of `length` elements. */
export function largeFloat32Array(length: number): Float32Array {
	return new Float32Array(storage(length * 4));
}
