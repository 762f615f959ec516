/**
 * Postings of the inverted index, compact and incremental: a main segment in CSR form (one
 * `Int32Array` of document slots and one `Uint16Array` of field/frequency pairs for all terms, cut
 * by an offsets array), a tail of plain per-term arrays for tools added one at a time since the
 * last merge, and a bulk buffer for `addAll`, sorted into place at its end. The bulk buffer is a
 * list of fixed-size chunks of term / meta pairs plus one slot marker per document: growing it
 * never copies, and its memory (outside the JS heap) is allocated once, which keeps V8 from running
 * full garbage collections for "external memory pressure" while a large catalogue is added.
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

/** Entries per bulk chunk (384 KiB of terms and metas). */
const BULK_CHUNK_BITS = 16;
const BULK_CHUNK = 1 << BULK_CHUNK_BITS;

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
	/** Bulk buffer (not searchable until {@link merge}): entry `i` is in chunk `i >> BULK_CHUNK_BITS`. */
	#bulkTerms: Int32Array[] = [];
	#bulkMetas: Uint16Array[] = [];
	/** Per document in the bulk buffer: its slot and its first entry, `[slot, start, slot, start, ...]`. */
	#bulkDocuments: number[] = [];
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
		const documents = this.#bulkDocuments;
		if (documents.length === 0 || documents[documents.length - 2] !== slot) documents.push(slot, at);
		const offset = at & (BULK_CHUNK - 1);
		if (offset === 0) {
			this.#bulkTerms.push(new Int32Array(BULK_CHUNK));
			this.#bulkMetas.push(new Uint16Array(BULK_CHUNK));
		}
		const chunk = at >> BULK_CHUNK_BITS;
		(this.#bulkTerms[chunk] as Int32Array)[offset] = term;
		(this.#bulkMetas[chunk] as Uint16Array)[offset] = meta;
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
		const bulkDocuments = this.#bulkDocuments;
		const bulkTerms = this.#bulkTerms;
		const bulkMetas = this.#bulkMetas;
		for (let d = 0; d < bulkDocuments.length; d += 2) {
			if (!keep(bulkDocuments[d] as number)) continue;
			const end = d + 2 < bulkDocuments.length ? (bulkDocuments[d + 3] as number) : this.bulkEntries;
			for (let i = bulkDocuments[d + 1] as number; i < end; i++) {
				const term = (bulkTerms[i >> BULK_CHUNK_BITS] as Int32Array)[i & (BULK_CHUNK - 1)] as number;
				counts[term + 1] = (counts[term + 1] as number) + 1;
			}
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
		for (let d = 0; d < bulkDocuments.length; d += 2) {
			const slot = bulkDocuments[d] as number;
			const to = remap === undefined ? slot : (remap[slot] as number);
			if (to < 0) continue;
			const end = d + 2 < bulkDocuments.length ? (bulkDocuments[d + 3] as number) : this.bulkEntries;
			for (let i = bulkDocuments[d + 1] as number; i < end; i++) {
				const chunk = i >> BULK_CHUNK_BITS;
				const offset = i & (BULK_CHUNK - 1);
				const t = (bulkTerms[chunk] as Int32Array)[offset] as number;
				const w = cursor[t] as number;
				newDocs[w] = to;
				newMeta[w] = (bulkMetas[chunk] as Uint16Array)[offset] as number;
				cursor[t] = w + 1;
			}
		}
		this.offsets = counts;
		this.docs = newDocs;
		this.meta = newMeta;
		this.mainTerms = termCount;
		this.tail = [];
		this.tailEntries = 0;
		this.#bulkTerms = [];
		this.#bulkMetas = [];
		this.#bulkDocuments = [];
		this.bulkEntries = 0;
	}
}
