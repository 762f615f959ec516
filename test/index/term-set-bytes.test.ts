import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	encodeTermSet,
	forEachTerm,
	MAX_BYTES_PER_TERM,
	termSetsFromPostings,
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

	/** Postings in CSR form (term by term, slots ascending) of the slots' term sets. */
	function postingsOf(sets: readonly (readonly number[])[], terms: number) {
		const pairs = sets.flatMap((set, slot) => set.map((term) => [term, slot] as const));
		pairs.sort(([t1, s1], [t2, s2]) => t1 - t2 || s1 - s2);
		const offsets = new Int32Array(terms + 1);
		for (const [term] of pairs) offsets[term + 1] = (offsets[term + 1] as number) + 1;
		for (let t = 0; t < terms; t++) offsets[t + 1] = (offsets[t + 1] as number) + (offsets[t] as number);
		return { offsets, docs: Int32Array.from(pairs, ([, slot]) => slot) };
	}

	/** Each set encoded on its own, end to end. */
	function encodedOnEach(sets: readonly (readonly number[])[]) {
		const bytes: number[] = [];
		const start: number[] = [];
		const count: number[] = [];
		for (const set of sets) {
			const out = new Uint8Array(set.length * MAX_BYTES_PER_TERM);
			const length = encodeTermSet(Int32Array.from(set), set.length, new Int32Array(set.length), out);
			start.push(bytes.length);
			count.push(length);
			bytes.push(...out.subarray(0, length));
		}
		return { start, count, bytes };
	}

	it("rebuilds each slot's set from postings exactly as encoding it on its own does (property)", () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 300 }).chain((terms) =>
					fc.tuple(
						fc.constant(terms),
						fc.array(fc.uniqueArray(fc.integer({ min: 0, max: terms - 1 }), { maxLength: 40 }), {
							maxLength: 30,
						}),
					),
				),
				([terms, sets]) => {
					const { offsets, docs } = postingsOf(sets, terms);
					const rebuilt = termSetsFromPostings(offsets, docs, terms, sets.length);
					const expected = encodedOnEach(sets);
					expect([...rebuilt.start]).toEqual(expected.start);
					expect([...rebuilt.count]).toEqual(expected.count);
					expect([...rebuilt.values]).toEqual(expected.bytes);
				},
			),
		);
	});

	it("rebuilds sets with differences of three and four bytes", () => {
		const terms = 2 ** 21 + 3;
		const sets = [[0, 2 ** 21 + 2], [5, 2 ** 14 + 9, 2 ** 21 + 1], [], [2 ** 21]];
		const { offsets, docs } = postingsOf(sets, terms);
		const rebuilt = termSetsFromPostings(offsets, docs, terms, sets.length);
		const expected = encodedOnEach(sets);
		expect([...rebuilt.count]).toEqual(expected.count);
		expect([...rebuilt.values]).toEqual(expected.bytes);
	});
});
