/**
 * One tool's distinct terms and their frequency per field, gathered from its fields' term ids:
 * what the index posts for the tool. Scratch reused from tool to tool.
 * @internal
 */
import { grow } from "../internal/grow.js";

export class DocumentTerms {
	/** The distinct terms, in order of first appearance: `terms[0, count)`. */
	terms = new Int32Array(64);
	count = 0;
	/**
	 * The (term, field) entries: per distinct term `i`, a list from `first[i]` through `next[e]`
	 * (`-1` ends it) of entries in ascending field order, each with its field and frequency.
	 */
	first = new Int32Array(64);
	next = new Int32Array(128);
	field = new Uint8Array(128);
	frequency = new Int32Array(128);
	/** Per distinct term, its last entry (the one a further occurrence in the same field extends). */
	#last = new Int32Array(64);
	/** Per term id, the collection it was last seen in, and its position in `terms` then. */
	#seen = new Int32Array(64);
	#row = new Int32Array(64);
	/** Number of the current collection in `#seen` (never 0). */
	#stamp = 0;

	/**
	 * Gathers the terms of fields `0 … from.length - 1`, field `f`'s being `ids[from[f], to[f])`.
	 * `terms` is the vocabulary's size: every id is below it.
	 */
	collect(ids: Int32Array, from: Int32Array, to: Int32Array, terms: number): void {
		if (terms > this.#seen.length) {
			this.#seen = grow(this.#seen, terms);
			this.#row = grow(this.#row, this.#seen.length);
		}
		if (this.#stamp >= 0x7fffffff) {
			this.#seen.fill(0);
			this.#stamp = 0;
		}
		const stamp = ++this.#stamp;
		const seen = this.#seen;
		const rowOf = this.#row;
		let count = 0;
		let entries = 0;
		for (let f = 0; f < from.length; f++) {
			const end = to[f] as number;
			for (let p = from[f] as number; p < end; p++) {
				const term = ids[p] as number;
				if (seen[term] === stamp) {
					const row = rowOf[term] as number;
					const last = this.#last[row] as number;
					// Fields come in order: the term's entry for this field, if any, is its last one.
					if (this.field[last] === f) {
						this.frequency[last] = (this.frequency[last] as number) + 1;
						continue;
					}
					const entry = this.#newEntry(entries++, f);
					this.next[last] = entry;
					this.#last[row] = entry;
					continue;
				}
				seen[term] = stamp;
				const row = count++;
				rowOf[term] = row;
				if (count > this.terms.length) this.#growTerms(count);
				this.terms[row] = term;
				const entry = this.#newEntry(entries++, f);
				this.first[row] = entry;
				this.#last[row] = entry;
			}
		}
		this.count = count;
	}

	/** Entry `entry` for field `f`, frequency 1, ending its list. */
	#newEntry(entry: number, f: number): number {
		if (entry >= this.next.length) {
			this.next = grow(this.next, entry + 1);
			this.field = grow(this.field, this.next.length);
			this.frequency = grow(this.frequency, this.next.length);
		}
		this.next[entry] = -1;
		this.field[entry] = f;
		this.frequency[entry] = 1;
		return entry;
	}

	#growTerms(size: number): void {
		this.terms = grow(this.terms, size);
		this.first = grow(this.first, this.terms.length);
		this.#last = grow(this.#last, this.terms.length);
	}
}
