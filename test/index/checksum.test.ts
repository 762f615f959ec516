import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256 } from "../../src/index/checksum.js";

describe("sha256", () => {
	it("gives the FIPS 180-4 test vectors in JavaScript", () => {
		const digest = (text: string) => {
			const hash = sha256(true);
			hash.update(new TextEncoder().encode(text));
			return hash.hex();
		};
		expect(digest("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
		expect(digest("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
		expect(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
			"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		);
	});

	it("the JavaScript digest equals Node's for any bytes fed in any pieces", () => {
		fc.assert(
			fc.property(fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 6 }), (pieces) => {
				const ours = sha256(true);
				const node = createHash("sha256");
				for (const piece of pieces) {
					ours.update(piece);
					node.update(piece);
				}
				expect(ours.hex()).toBe(node.digest("hex"));
			}),
			{ numRuns: 300 },
		);
	});

	it("uses Node's crypto when it is there, with the same result", () => {
		const a = sha256();
		a.update(new Uint8Array([1, 2, 3]));
		expect(a.hex()).toBe(
			createHash("sha256")
				.update(new Uint8Array([1, 2, 3]))
				.digest("hex"),
		);
	});
});
