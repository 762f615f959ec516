import { describe, expect, it } from "vitest";
import { PAIR_START, Postings, packMeta } from "../../src/index/postings.js";

/**
 * Every term's main-segment entries as `[slot, meta]` (meta without the pair flag), read pair by
 * pair; checks on the way that each pair's first entry, and only it, carries {@link PAIR_START}.
 */
function lists(postings: Postings, terms: number): [number, number][][] {
	const { offsets, docs, metaOffsets, meta } = postings;
	return Array.from({ length: terms }, (_, t) => {
		const out: [number, number][] = [];
		let e = metaOffsets[t] as number;
		for (let p = offsets[t] as number; p < (offsets[t + 1] as number); p++) {
			expect((meta[e] as number) & PAIR_START).toBe(PAIR_START);
			do {
				out.push([docs[p] as number, (meta[e] as number) & ~PAIR_START]);
				e++;
			} while (e < (metaOffsets[t + 1] as number) && ((meta[e] as number) & PAIR_START) === 0);
		}
		expect(e).toBe(metaOffsets[t + 1]);
		return out;
	});
}

/** A deterministic catalogue of postings: per slot, a few terms with a field and a count. */
function entries(slots: number, terms: number): [number, number, number][] {
	const out: [number, number, number][] = [];
	let state = 7;
	for (let slot = 0; slot < slots; slot++) {
		const seen = new Set<number>();
		for (let k = 0; k < 1 + (slot % 5); k++) {
			state = (state * 1103515245 + 12345) % 2147483648;
			const term = state % terms;
			if (seen.has(term)) continue;
			seen.add(term);
			out.push([term, slot, packMeta(k % 9, 1 + (state % 3))]);
		}
	}
	return out;
}

/** Appends to the bulk buffer, starting a document whenever the slot changes (as the index does). */
function appendBulk(
	postings: Postings,
	term: number,
	slot: number,
	meta: number,
	last: { slot: number },
): void {
	if (slot !== last.slot) postings.startBulkDocument(slot);
	last.slot = slot;
	postings.appendBulk(term, meta);
}

describe("Postings", () => {
	// 40,000 slots give ~100,000 entries: the bulk buffer spans two chunks of 65,536.
	const slots = 40_000;
	const terms = 300;
	const all = entries(slots, terms);

	it("merges a bulk buffer that spans several chunks exactly like appended entries", () => {
		const appended = new Postings();
		const bulk = new Postings();
		const last = { slot: -1 };
		for (const [term, slot, meta] of all) {
			appended.append(term, slot, meta);
			appendBulk(bulk, term, slot, meta, last);
		}
		expect(all.length).toBeGreaterThan(65_536);
		expect(bulk.bulkEntries).toBe(all.length);
		appended.merge(terms, undefined);
		bulk.merge(terms, undefined);
		expect(bulk.bulkEntries).toBe(0);
		expect(lists(bulk, terms)).toEqual(lists(appended, terms));
		// The entries are the appended ones, grouped by term in slot order.
		const expected = Array.from({ length: terms }, (): [number, number][] => []);
		for (const [term, slot, meta] of all) expected[term]?.push([slot, meta]);
		expect(lists(bulk, terms)).toEqual(expected);
		// Slot order within every term.
		const ordered = lists(bulk, terms).every((list) =>
			list.every((entry, i) => i === 0 || entry[0] >= (list[i - 1] as [number, number])[0]),
		);
		expect(ordered).toBe(true);
	}, 30_000); // deep equality over ~100,000 entries: seconds on a loaded 2-core machine

	it("drops and renumbers bulk entries by the remap, like appended ones", () => {
		const remap = new Int32Array(slots);
		let next = 0;
		for (let slot = 0; slot < slots; slot++) remap[slot] = slot % 3 === 1 ? -1 : next++;
		const appended = new Postings();
		const bulk = new Postings();
		const last = { slot: -1 };
		for (const [term, slot, meta] of all) {
			appended.append(term, slot, meta);
			appendBulk(bulk, term, slot, meta, last);
		}
		appended.merge(terms, remap);
		bulk.merge(terms, remap);
		expect(lists(bulk, terms)).toEqual(lists(appended, terms));
		const kept = all.filter(([, slot]) => slot % 3 !== 1).length;
		expect(bulk.mainEntries).toBe(kept);
	});

	it("keeps the main segment, then the tail, then the bulk buffer, in slot order", () => {
		const postings = new Postings();
		postings.append(0, 0, packMeta(0, 1));
		postings.merge(1, undefined);
		postings.append(0, 1, packMeta(1, 2));
		postings.startBulkDocument(2);
		postings.appendBulk(0, packMeta(2, 3));
		// A tool without terms: a bulk document without entries.
		postings.startBulkDocument(3);
		postings.startBulkDocument(4);
		postings.appendBulk(0, packMeta(0, 4));
		postings.merge(1, undefined);
		expect(lists(postings, 1)).toEqual([
			[
				[0, packMeta(0, 1)],
				[1, packMeta(1, 2)],
				[2, packMeta(2, 3)],
				[4, packMeta(0, 4)],
			],
		]);
	});
});
