/**
 * Postings of the inverted index, compact and incremental: a frozen main segment in CSR form
 * (one `Int32Array` of document slots and one `Uint16Array` of field/frequency pairs for all terms,
 * cut by an offsets array) plus a small tail of plain arrays for what was added since the last merge.
 * Within each segment a term's entries are ordered by slot, and one document's entries for a term
 * are contiguous, so a scan can group them by slot.
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

	/** Appends one entry; entries of one document must be appended together, in slot order. */
	append(term: number, slot: number, meta: number): void {
		let list = this.tail[term];
		if (list === undefined) {
			list = [];
			this.tail[term] = list;
		}
		list.push(slot, meta);
		this.tailEntries++;
	}

	/** Entries in the main segment. */
	get mainEntries(): number {
		return this.docs.length;
	}

	/**
	 * Folds the tail into a new main segment, dropping entries whose slot maps to `-1` in `remap`
	 * (`remap[slot]` is the slot's new number; without `remap` slots are kept).
	 */
	merge(termCount: number, remap: Int32Array | undefined): void {
		const counts = new Int32Array(termCount + 1);
		const { offsets, docs, meta, tail } = this;
		for (let t = 0; t < termCount; t++) {
			let n = 0;
			if (t < this.mainTerms) {
				const end = offsets[t + 1] as number;
				for (let p = offsets[t] as number; p < end; p++) {
					if (remap === undefined || (remap[docs[p] as number] as number) >= 0) n++;
				}
			}
			const list = tail[t];
			if (list !== undefined) {
				for (let i = 0; i < list.length; i += 2) {
					if (remap === undefined || (remap[list[i] as number] as number) >= 0) n++;
				}
			}
			counts[t + 1] = n;
		}
		for (let t = 0; t < termCount; t++) counts[t + 1] = (counts[t + 1] as number) + (counts[t] as number);
		const total = counts[termCount] as number;
		const newDocs = new Int32Array(total);
		const newMeta = new Uint16Array(total);
		let w = 0;
		for (let t = 0; t < termCount; t++) {
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
		}
		this.offsets = counts;
		this.docs = newDocs;
		this.meta = newMeta;
		this.mainTerms = termCount;
		this.tail = [];
		this.tailEntries = 0;
	}
}
