/**
 * Postings of the inverted index, compact and incremental: a main segment in CSR form, a tail of plain per-term arrays for tools added one at a time since the
 * last merge, and a bulk buffer for `addAll`, sorted into place at its end. The bulk buffer is a
 * list of fixed-size chunks of term / meta pairs plus one slot marker per document: growing it
 * never copies, and its memory (outside the JS heap) is allocated once, which keeps V8 from running
 * full garbage collections for "external memory pressure" while a large catalogue is added.
 * Within each part a term's entries are in slot order, and one document's entries for a term are
 * contiguous, so a scan can group them by slot; slots only grow, so main < tail < bulk.
 *
 *
 * The main segment is pair-major: `docs` holds one slot per (term, tool) pair, cut per term by
 * `offsets`; `meta` holds the pairs' field entries in the same order, cut per term by
 * `metaOffsets`, the first entry of each pair flagged with {@link PAIR_START}. Beside them,
 * `impacts` caches each pair's weighted, length-normalised frequency (BM25F's tf) for the scoring
 * parameters it was computed with (see `term-scan.ts`), so that a query reads two sequential arrays
 * per pair instead of the tool's field lengths.
 *
 * An entry's `meta` packs the field index (4 bits) and the term frequency in that field (11 bits,
 * capped at 2047; far past where BM25 saturates).
 *
 * The bulk chunks, a merge's new segment and the impacts (`impacts.ts`) come from `large-arrays.ts` (outside V8's
 * external-memory accounting, so that a large build does not force a full collection).
 * @internal
 */

import { largeInt32Array, largeUint16Array } from "./large-arrays.js";

/** Largest frequency a posting records. */
export const MAX_POSTING_TF = 2047;
/** Set on the first entry of each (term, tool) pair in the main segment. */
export const PAIR_START = 0x8000;

/** Packs a field index and a frequency into one posting `meta` (without {@link PAIR_START}). */
export function packMeta(field: number, tf: number): number {
	return (field << 11) | Math.min(tf, MAX_POSTING_TF);
}

/** The field index of a packed posting. */
export function metaField(meta: number): number {
	return (meta >>> 11) & 15;
}

/** The term frequency of a packed posting. */
export function metaTf(meta: number): number {
	return meta & MAX_POSTING_TF;
}

/** Entries per bulk chunk (384 KiB of terms and metas). */
const BULK_CHUNK_BITS = 16;
const BULK_CHUNK = 1 << BULK_CHUNK_BITS;

const NO_IMPACTS = new Float32Array(0);

/** @internal */
export class Postings {
	/** Main segment: pairs of term `t` are at `[offsets[t], offsets[t + 1])` of `docs` and `impacts`. */
	offsets: Int32Array = new Int32Array(1);
	/** Per pair, the tool's slot; ascending within a term. */
	docs: Int32Array = new Int32Array(0);
	/** Field entries of term `t` at `[metaOffsets[t], metaOffsets[t + 1])`, pair by pair. */
	metaOffsets: Int32Array = new Int32Array(1);
	meta: Uint16Array = new Uint16Array(0);
	/** Per pair, its tf under the scoring parameters of stamp `impactStamp[t]` (0: not computed). */
	impacts: Float32Array = new Float32Array(0);
	impactStamp: Int32Array = new Int32Array(0);
	/** Per term, its largest impact (valid with its impacts). */
	largestImpact: Float32Array = new Float32Array(0);
	/** The scoring parameters (field weights, then `c0`, then `c1`) of stamp `impactEpoch`. */
	impactKey: Float64Array = new Float64Array(0);
	impactEpoch = 0;
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

	/** Starts the bulk entries of the tool in `slot` (after every slot in the buffer). */
	startBulkDocument(slot: number): void {
		this.#bulkDocuments.push(slot, this.bulkEntries);
	}

	/**
	 * Appends one entry of the tool of the latest {@link startBulkDocument} to the bulk buffer; it
	 * becomes searchable at the next {@link merge}.
	 */
	appendBulk(term: number, meta: number): void {
		const at = this.bulkEntries++;
		const offset = at & (BULK_CHUNK - 1);
		if (offset === 0) {
			this.#bulkTerms.push(largeInt32Array(BULK_CHUNK));
			this.#bulkMetas.push(largeUint16Array(BULK_CHUNK));
		}
		const chunk = at >> BULK_CHUNK_BITS;
		(this.#bulkTerms[chunk] as Int32Array)[offset] = term;
		(this.#bulkMetas[chunk] as Uint16Array)[offset] = meta;
	}

	/** Field entries in the main segment. */
	get mainEntries(): number {
		return this.meta.length;
	}

	/** The bulk entries of the `d`-th bulk document: `[start, end)`. */
	#bulkRange(d: number): [number, number] {
		const documents = this.#bulkDocuments;
		const end = d + 2 < documents.length ? (documents[d + 3] as number) : this.bulkEntries;
		return [documents[d + 1] as number, end];
	}

	/**
	 * Folds the tail and the bulk buffer into a new main segment, dropping pairs whose slot maps to
	 * `-1` in `remap` (`remap[slot]` is the slot's new number; without `remap` slots are kept).
	 * Counting sort by term, stable, so slot order within a term holds.
	 */
	merge(termCount: number, remap: Int32Array | undefined): void {
		const { offsets, docs, metaOffsets, meta, tail } = this;
		const keep = (slot: number): boolean => remap === undefined || (remap[slot] as number) >= 0;
		const pairCounts = new Int32Array(termCount + 1);
		const entryCounts = new Int32Array(termCount + 1);
		for (let t = 0; t < termCount; t++) {
			let pairs = 0;
			let entries = 0;
			if (t < this.mainTerms) {
				const end = offsets[t + 1] as number;
				if (remap === undefined) {
					pairs += end - (offsets[t] as number);
					entries += (metaOffsets[t + 1] as number) - (metaOffsets[t] as number);
				} else {
					let e = metaOffsets[t] as number;
					for (let p = offsets[t] as number; p < end; p++) {
						const start = e;
						do e++;
						while (e < (metaOffsets[t + 1] as number) && ((meta[e] as number) & PAIR_START) === 0);
						if (!keep(docs[p] as number)) continue;
						pairs++;
						entries += e - start;
					}
				}
			}
			const list = tail[t];
			if (list !== undefined) {
				for (let i = 0; i < list.length; i += 2) {
					const slot = list[i] as number;
					if (!keep(slot)) continue;
					entries++;
					if (i === 0 || list[i - 2] !== slot) pairs++;
				}
			}
			pairCounts[t + 1] = pairs;
			entryCounts[t + 1] = entries;
		}
		const bulkDocuments = this.#bulkDocuments;
		const bulkTerms = this.#bulkTerms;
		const bulkMetas = this.#bulkMetas;
		for (let d = 0; d < bulkDocuments.length; d += 2) {
			if (!keep(bulkDocuments[d] as number)) continue;
			const [from, end] = this.#bulkRange(d);
			let previous = -1;
			for (let i = from; i < end; i++) {
				const term = (bulkTerms[i >> BULK_CHUNK_BITS] as Int32Array)[i & (BULK_CHUNK - 1)] as number;
				entryCounts[term + 1] = (entryCounts[term + 1] as number) + 1;
				// One document's entries for a term are contiguous: a new term starts a pair.
				if (term !== previous) pairCounts[term + 1] = (pairCounts[term + 1] as number) + 1;
				previous = term;
			}
		}
		for (let t = 0; t < termCount; t++) {
			pairCounts[t + 1] = (pairCounts[t + 1] as number) + (pairCounts[t] as number);
			entryCounts[t + 1] = (entryCounts[t + 1] as number) + (entryCounts[t] as number);
		}
		const newDocs = largeInt32Array(pairCounts[termCount] as number);
		const newMeta = largeUint16Array(entryCounts[termCount] as number);
		const pairCursor = new Int32Array(termCount);
		const entryCursor = new Int32Array(termCount);
		for (let t = 0; t < termCount; t++) {
			let w = pairCounts[t] as number;
			let m = entryCounts[t] as number;
			if (t < this.mainTerms) {
				const end = offsets[t + 1] as number;
				const metaEnd = metaOffsets[t + 1] as number;
				let e = metaOffsets[t] as number;
				for (let p = offsets[t] as number; p < end; p++) {
					const slot = docs[p] as number;
					const to = remap === undefined ? slot : (remap[slot] as number);
					if (to < 0) {
						do e++;
						while (e < metaEnd && ((meta[e] as number) & PAIR_START) === 0);
						continue;
					}
					newDocs[w++] = to;
					do newMeta[m++] = meta[e++] as number;
					while (e < metaEnd && ((meta[e] as number) & PAIR_START) === 0);
				}
			}
			const list = tail[t];
			if (list !== undefined) {
				for (let i = 0; i < list.length; i += 2) {
					const slot = list[i] as number;
					const to = remap === undefined ? slot : (remap[slot] as number);
					if (to < 0) continue;
					const first = i === 0 || list[i - 2] !== slot;
					if (first) newDocs[w++] = to;
					newMeta[m++] = (list[i + 1] as number) | (first ? PAIR_START : 0);
				}
			}
			pairCursor[t] = w;
			entryCursor[t] = m;
		}
		for (let d = 0; d < bulkDocuments.length; d += 2) {
			const slot = bulkDocuments[d] as number;
			const to = remap === undefined ? slot : (remap[slot] as number);
			if (to < 0) continue;
			const [from, end] = this.#bulkRange(d);
			let previous = -1;
			for (let i = from; i < end; i++) {
				const chunk = i >> BULK_CHUNK_BITS;
				const offset = i & (BULK_CHUNK - 1);
				const t = (bulkTerms[chunk] as Int32Array)[offset] as number;
				const first = t !== previous;
				previous = t;
				if (first) {
					const w = pairCursor[t] as number;
					newDocs[w] = to;
					pairCursor[t] = w + 1;
				}
				const m = entryCursor[t] as number;
				newMeta[m] = ((bulkMetas[chunk] as Uint16Array)[offset] as number) | (first ? PAIR_START : 0);
				entryCursor[t] = m + 1;
			}
		}
		this.#setMain(pairCounts, newDocs, entryCounts, newMeta, termCount);
		this.tail = [];
		this.tailEntries = 0;
		this.#bulkTerms = [];
		this.#bulkMetas = [];
		this.#bulkDocuments = [];
		this.bulkEntries = 0;
	}

	#setMain(offsets: Int32Array, docs: Int32Array, metaOffsets: Int32Array, meta: Uint16Array, terms: number) {
		this.offsets = offsets;
		this.docs = docs;
		this.metaOffsets = metaOffsets;
		this.meta = meta;
		this.mainTerms = terms;
		this.impacts = NO_IMPACTS; // made at the first term's (impacts.ts), not by a load that may not search
		this.impactStamp = new Int32Array(terms);
		this.largestImpact = new Float32Array(terms);
	}

	/**
	 * Installs a saved main segment whose entries' per-term offsets the caller derived and checked
	 * (binary-check.ts). The arrays are kept as given: a merge replaces them, nothing writes to them.
	 */
	install(
		offsets: Int32Array,
		docs: Int32Array,
		metaOffsets: Int32Array,
		meta: Uint16Array,
		terms: number,
	): void {
		this.#setMain(offsets, docs, metaOffsets, meta, terms);
	}

	/**
	 * Installs a saved main segment (pair offsets, pair slots, entries), deriving the entries'
	 * per-term offsets from the {@link PAIR_START} flags. Returns what is wrong with it, if anything
	 * (the caller checked that offsets start at 0, never decrease and end at `docs.length`).
	 */
	load(offsets: Int32Array, docs: Int32Array, meta: Uint16Array, terms: number): string | undefined {
		const metaOffsets = new Int32Array(terms + 1);
		let e = 0;
		for (let t = 0; t < terms; t++) {
			metaOffsets[t] = e;
			const pairs = (offsets[t + 1] as number) - (offsets[t] as number);
			for (let k = 0; k < pairs; k++) {
				if (e >= meta.length || ((meta[e] as number) & PAIR_START) === 0) {
					return `term ${t} has fewer field entries than tools`;
				}
				do e++;
				while (e < meta.length && ((meta[e] as number) & PAIR_START) === 0);
			}
		}
		metaOffsets[terms] = e;
		if (e !== meta.length) return `${meta.length - e} field entries belong to no tool`;
		this.#setMain(offsets, docs, metaOffsets, meta, terms);
		return undefined;
	}
}
