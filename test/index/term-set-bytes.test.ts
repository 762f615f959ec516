import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	encodeTermSet,
	forEachTerm,
	MAX_BYTES_PER_TERM,
	termSetDamage,
} from "../../src/index/term-set-bytes.js";

function decode(bytes: Uint8Array, length: number): number[] {
	const out: number[] = [];
	forEachTerm(bytes, 0, length, (term) => out.push(term));
	return out;
}

describe("term set bytes", () => {
	it("decodes any set of term ids to the same ids, ascending, within the byte bound (property)", () => {
		fc.assert(
			fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { maxLength: 200 }), (ids) => {
				const terms = Int32Array.from(ids);
				const before = terms.slice();
				const out = new Uint8Array(ids.length * MAX_BYTES_PER_TERM);
				const length = encodeTermSet(terms, ids.length, new Int32Array(ids.length), out);
				expect(length).toBeLessThanOrEqual(ids.length * MAX_BYTES_PER_TERM);
				expect(decode(out, length)).toEqual([...ids].sort((a, b) => a - b));
				expect(termSetDamage(out, 0, length, 2 ** 31)).toBeUndefined();
				expect(terms).toEqual(before); // the caller's ids are not reordered
			}),
		);
	});

	it.each([
		{ ids: [0, 1, 127], bytes: [0, 1, 126] },
		{ ids: [128], bytes: [0x80, 0x01] },
		{ ids: [5, 300], bytes: [5, 0xa7, 0x02] },
	])("encodes $ids as differences in LEB128: $bytes", ({ ids, bytes }) => {
		const out = new Uint8Array(ids.length * MAX_BYTES_PER_TERM);
		const length = encodeTermSet(Int32Array.from(ids), ids.length, new Int32Array(ids.length), out);
		expect([...out.subarray(0, length)]).toEqual(bytes);
	});

	it.each([
		{ bytes: [1, 0x80], terms: 10, damage: "ends inside a number" },
		{ bytes: [9, 1], terms: 10, damage: "term 10 of 10" },
		{ bytes: [3, 0], terms: 10, damage: "term 3 twice" },
	])("reports $damage", ({ bytes, terms, damage }) => {
		expect(termSetDamage(Uint8Array.from(bytes), 0, bytes.length, terms)).toBe(damage);
	});
});
