import { afterEach, describe, expect, it, vi } from "vitest";
import {
	largeFloat32Array,
	largeInt32Array,
	largeUint16Array,
	SHARED_FROM_BYTES,
} from "../../src/index/large-arrays.js";

const kinds = [
	{ make: largeInt32Array, Kind: Int32Array, size: 4 },
	{ make: largeUint16Array, Kind: Uint16Array, size: 2 },
	{ make: largeFloat32Array, Kind: Float32Array, size: 4 },
] as const;

describe("large arrays", () => {
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	for (const { make, Kind, size } of kinds) {
		const threshold = SHARED_FROM_BYTES / size;
		it.each([
			{ length: 0, shared: false },
			{ length: 1, shared: false },
			{ length: threshold - 1, shared: false },
			{ length: threshold, shared: true },
			{ length: threshold * 3 + 1, shared: true },
		])(`${Kind.name} of $length elements: zeroed, shared $shared`, ({ length, shared }) => {
			const array = make(length);
			expect(array).toBeInstanceOf(Kind);
			expect(array.length).toBe(length);
			expect(array.every((value) => value === 0)).toBe(true);
			expect(array.buffer instanceof SharedArrayBuffer).toBe(shared);
		});

		it(`${Kind.name}: a plain ArrayBuffer when the runtime has no SharedArrayBuffer`, () => {
			vi.stubGlobal("SharedArrayBuffer", undefined);
			const array = make(threshold * 2);
			expect(array.length).toBe(threshold * 2);
			expect(array.buffer).toBeInstanceOf(ArrayBuffer);
			expect(array.every((value) => value === 0)).toBe(true);
		});
	}
});
