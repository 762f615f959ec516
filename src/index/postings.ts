/**
 * Postings of the inverted index, compact and incremental: a main segment in CSR form (one
 * `Int32Array` of document slots and one `Uint16Array` of field/frequency pairs for all terms, cut
 * by an offsets array), a tail of plain per-term arrays for tools added one at a time since the
 * last merge, and a bulk buffer of typed triples for `addAll`, sorted into place at its end.
 * Within each part a term's entries are in slot order, and one document's entries for a term are
 * contiguous, so a scan can group them by slot; slots only grow, so main < tail < bulk.
 *
 * An entry's `meta` packs the field index (4 bits) and the term frequency in that field (12 bits,
 * capped at 4095).
 * @internal
 */

/** Largest frequency a posting records. */
export const MAX_POSTING_TF = 4095;

/** Packs a field index and a frequency into one posting `meta`. */
export function packMeta(field: number, tf: number): number {
	return (field << 12) | Math.min(tf, MAX_POSTING_TF);
}

function grown<T extends Int32Array | Uint16Array>(array: T, size: number): T {
	if (size <= array.length) return array;
	const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 1024));
	next.set(array);
	return next;
}

/** @internal */
export class Postings {
	/** Main segment: entries of term `t` are at `[offsets[t], offsets[t + 1])`. */
	offsets: Int32Array = new Int32Array(1);
	docs: Int32Array = new Int32Array(0);
	meta: Uint16Array = new Uint16Array(0);
	/** Number of terms the main segment's offsets cover. */
	mainTerms = 0;
	/** Tail: per term, interleaved `[slot, meta, slot, meta, ...]`. */
	tail: (number[] | undefined)[] = [];
	/** Entries in the tail. */
	tailEntries = 0;
	/** Bulk buffer (not searchable until {@link merge}): parallel term / slot / meta. */
	#bulkTerm = new Int32Array(0);
	#bulkSlot = new Int32Array(0);
	#bulkMeta = new Uint16Array(0);
	bulkEntries = 0;

	/** Appends one searchable entry; entries of one document must be appended together, in slot order. */
	append(term: number, slot: number, meta: number): void {
		let list = this.tail[term];
		if (list === undefined) {
			list = [];
			this.tail[term] = list;
		}
		list.push(slot, meta);
		this.tailEntries++;
	}

	/** Appends one entry to the bulk buffer; it becomes searchable at the next {@link merge}. */
	appendBulk(term: number, slot: number, meta: number): void {
		const at = this.bulkEntries++;
		if (at >= this.#bulkTerm.length) {
			this.#bulkTerm = grown(this.#bulkTerm, at + 1);
			this.#bulkSlot = grown(this.#bulkSlot, at + 1);
			this.#bulkMeta = grown(this.#bulkMeta, at + 1);
		}
		this.#bulkTerm[at] = term;
		this.#bulkSlot[at] = slot;
		this.#bulkMeta[at] = meta;
	}

	/** Entries in the main segment. */
	get mainEntries(): number {
		return this.docs.length;
	}

	/**
	 * Folds the tail and the bulk buffer into a new main segment, dropping entries whose slot maps to
	 * `-1` in `remap` (`remap[slot]` is the slot's new number; without `remap` slots are kept).
	 * Counting sort by term, stable, so slot order within a term holds.
	 */
	merge(termCount: number, remap: Int32Array | undefined): void {
		const { offsets, docs, meta, tail } = this;
		const keep = (slot: number): boolean => remap === undefined || (remap[slot] as number) >= 0;
		const counts = new Int32Array(termCount + 1);
		for (let t = 0; t < termCount; t++) {
			let n = 0;
			if (t < this.mainTerms) {
				const end = offsets[t + 1] as number;
				if (remap === undefined) n += end - (offsets[t] as number);
				else for (let p = offsets[t] as number; p < end; p++) if (keep(docs[p] as number)) n++;
			}
			const list = tail[t];
			if (list !== undefined) for (let i = 0; i < list.length; i += 2) if (keep(list[i] as number)) n++;
			counts[t + 1] = n;
		}
		const bulkTerm = this.#bulkTerm;
		const bulkSlot = this.#bulkSlot;
		const bulkMeta = this.#bulkMeta;
		for (let i = 0; i < this.bulkEntries; i++) {
			if (keep(bulkSlot[i] as number))
				counts[(bulkTerm[i] as number) + 1] = (counts[(bulkTerm[i] as number) + 1] as number) + 1;
		}
		for (let t = 0; t < termCount; t++) counts[t + 1] = (counts[t + 1] as number) + (counts[t] as number);
		const total = counts[termCount] as number;
		const newDocs = new Int32Array(total);
		const newMeta = new Uint16Array(total);
		const cursor = new Int32Array(termCount);
		for (let t = 0; t < termCount; t++) {
			let w = counts[t] as number;
			if (t < this.mainTerms) {
				const end = offsets[t + 1] as number;
				for (let p = offsets[t] as number; p < end; p++) {
					const slot = docs[p] as number;
					const to = remap === undefined ? slot : (remap[slot] as number);
					if (to < 0) continue;
					newDocs[w] = to;
					newMeta[w++] = meta[p] as number;
				}
			}
			const list = tail[t];
			if (list !== undefined) {
				for (let i = 0; i < list.length; i += 2) {
					const slot = list[i] as number;
					const to = remap === undefined ? slot : (remap[slot] as number);
					if (to < 0) continue;
					newDocs[w] = to;
					newMeta[w++] = list[i + 1] as number;
				}
			}
			cursor[t] = w;
		}
		for (let i = 0; i < this.bulkEntries; i++) {
			const slot = bulkSlot[i] as number;
			const to = remap === undefined ? slot : (remap[slot] as number);
			if (to < 0) continue;
			const t = bulkTerm[i] as number;
			const w = cursor[t] as number;
			newDocs[w] = to;
			newMeta[w] = bulkMeta[i] as number;
			cursor[t] = w + 1;
		}
		this.offsets = counts;
		this.docs = newDocs;
		this.meta = newMeta;
		this.mainTerms = termCount;
		this.tail = [];
		this.tailEntries = 0;
		this.#bulkTerm = new Int32Array(0);
		this.#bulkSlot = new Int32Array(0);
		this.#bulkMeta = new Uint16Array(0);
		this.bulkEntries = 0;
	}
}
