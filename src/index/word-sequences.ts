import { grow } from "../internal/grow.js";

const HASH_SEED = 0x811c9dc5 | 0;

/** FNV-1a over word numbers `words[0, length)`. */
function hashWords(words: Int32Array, length: number): number {
	let h = HASH_SEED;
	for (let i = 0; i < length; i++) h = Math.imul(h ^ (words[i] as number), 0x01000193);
	return h;
}

/**
 * Distinct sequences of word numbers (the name keys of {@link KeyMap}), each stored once in typed
 * arrays and numbered from 0 in the order first seen, found by a hash of its words (open
 * addressing, load factor at most 1/2) and compared word by word.
 * @internal
 */
export class WordSequences {
	/** Sequences stored. */
	count = 0;
	#hash = new Int32Array(16);
	#start = new Int32Array(16);
	#length = new Int32Array(16);
	/** Every sequence's words, sequence `s` at `[start[s], start[s] + length[s])`. */
	#words = new Int32Array(64);
	#wordsUsed = 0;
	/** Sequence + 1 per cell, 0 empty. */
	#cells = new Int32Array(32);

	/** The number of the sequence `words[0, length)`, or -1 when it is not stored. */
	find(words: Int32Array, length: number): number {
		return this.#find(words, length, hashWords(words, length));
	}

	/** The number of the sequence `words[0, length)`, stored now when new. */
	intern(words: Int32Array, length: number): number {
		const h = hashWords(words, length);
		const found = this.#find(words, length, h);
		return found >= 0 ? found : this.#add(words, length, h);
	}

	/** The number of words of sequence `sequence`. */
	lengthOf(sequence: number): number {
		return this.#length[sequence] as number;
	}

	/** The `i`-th word of sequence `sequence`. */
	wordAt(sequence: number, i: number): number {
		return this.#words[(this.#start[sequence] as number) + i] as number;
	}

	#find(words: Int32Array, length: number, h: number): number {
		const cells = this.#cells;
		const mask = cells.length - 1;
		for (let at = (h ^ (h >>> 16)) & mask; ; at = (at + 1) & mask) {
			const sequence = (cells[at] as number) - 1;
			if (sequence < 0) return -1;
			if (
				this.#hash[sequence] === h &&
				this.#length[sequence] === length &&
				this.#same(sequence, words, length)
			)
				return sequence;
		}
	}

	#same(sequence: number, words: Int32Array, length: number): boolean {
		const start = this.#start[sequence] as number;
		for (let i = 0; i < length; i++) if (this.#words[start + i] !== words[i]) return false;
		return true;
	}

	#add(words: Int32Array, length: number, h: number): number {
		const sequence = this.count++;
		if (sequence >= this.#hash.length) {
			this.#hash = grow(this.#hash, sequence + 1);
			this.#start = grow(this.#start, this.#hash.length);
			this.#length = grow(this.#length, this.#hash.length);
		}
		const start = this.#wordsUsed;
		if (start + length > this.#words.length) this.#words = grow(this.#words, start + length);
		for (let i = 0; i < length; i++) this.#words[start + i] = words[i] as number;
		this.#hash[sequence] = h;
		this.#start[sequence] = start;
		this.#length[sequence] = length;
		this.#wordsUsed += length;
		if (2 * this.count > this.#cells.length) {
			this.#cells = new Int32Array(2 * this.#cells.length);
			for (let s = 0; s < this.count; s++) this.#place(s, this.#hash[s] as number);
		} else this.#place(sequence, h);
		return sequence;
	}

	#place(sequence: number, h: number): void {
		const cells = this.#cells;
		const mask = cells.length - 1;
		let at = (h ^ (h >>> 16)) & mask;
		while (cells[at] !== 0) at = (at + 1) & mask;
		cells[at] = sequence + 1;
	}
}
