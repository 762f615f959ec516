import { crc32 as zlibCrc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32, crc32Portable } from "../../src/index/crc32.js";

describe("crc32", () => {
	it("is the standard CRC-32 (check value of '123456789')", () => {
		const bytes = new TextEncoder().encode("123456789");
		expect(crc32Portable(bytes)).toBe(0xcbf43926);
		expect(crc32(bytes)).toBe(0xcbf43926);
	});

	it("equals zlib's, whole or continued piece by piece, in JavaScript and through Node (property)", () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, cut) => {
				const at = Math.min(cut, bytes.length);
				const expected = zlibCrc32(bytes);
				expect(crc32Portable(bytes)).toBe(expected);
				expect(crc32(bytes)).toBe(expected);
				expect(crc32Portable(bytes.subarray(at), crc32Portable(bytes.subarray(0, at)))).toBe(expected);
				expect(crc32(bytes.subarray(at), crc32(bytes.subarray(0, at)))).toBe(expected);
			}),
			{ numRuns: 300 },
		);
	});
});
