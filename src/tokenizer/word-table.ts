/**
 * Interned words for the index's ASCII fast path: lowercase ASCII words (letters and digits) to
 * their token (`wordToken`: `null` for a stop word, else the stemmed word), looked up straight
 * from the bytes of the text they occur in, so a word seen before costs a hash and a compare
 * instead of a slice, a lowercase copy and two `Map` lookups. Each word also carries a number its
 * owner attaches (the index: the token's term id), so the owner skips its own lookup too.
 *
 * Bounded: at most {@link MAX_TABLE_WORDS} words of at most {@link MAX_TABLE_WORD_LENGTH}
 * characters; a longer word, or any new word once the table is full, is not interned: `lookup`
 * hands its token back through {@link WordTable.spill} (the caller then resolves it the slow way),
 * and the owner calls {@link WordTable.clear} at a point where no entry is held to start over.
 * `wordToken` is pure, so the table never changes a token.
 * @internal
 */
import { wordToken } from "./tokenize.js";

/** Most words a table interns before it stops and waits for {@link WordTable.clear}. */
export const MAX_TABLE_WORDS = 1 << 16;
/** Longest word (in characters) a table interns. */
export const MAX_TABLE_WORD_LENGTH = 32;
/** What {@link WordTable.lookup} returns for a stop word. */
export const STOP_WORD = -1;

/** The hash of the empty word (FNV-1a's offset basis). */
export const WORD_HASH_SEED = 0x811c9dc5 | 0;

/** The hash of a word extended by the character `code` (FNV-1a over the lowercased code). */
export function wordHashStep(h: number, code: number): number {
	return Math.imul(h ^ (code | 0x20), 0x01000193);
}

export class WordTable {
	/** Open addressing, linear probing: entry + 1 per slot, 0 for an empty slot. */
	#slots = new Int32Array(64);
	#hash = new Int32Array(32);
	#start = new Int32Array(32);
	#length = new Uint8Array(32);
	/** The words' characters (lowercase ASCII), end to end. */
	#chars = new Uint8Array(256);
	#charsUsed = 0;
	#tokens: (string | null)[] = [];
	/** Per entry, the owner's number for it; -1 until the owner sets one. */
	values = new Int32Array(32).fill(-1);
	/** Words interned. */
	count = 0;
	/** Tokens of the words `lookup` did not intern since the last {@link resetSpill}. */
	readonly spill: string[] = [];

	/** Whether the table is full (new words are no longer interned). */
	get full(): boolean {
		return this.count >= MAX_TABLE_WORDS;
	}

	/** Forgets every word (and every value). */
	clear(): void {
		this.#slots = new Int32Array(64);
		this.#charsUsed = 0;
		this.#tokens = [];
		this.values.fill(-1);
		this.count = 0;
	}

	/** Forgets every value (the owner renumbered what they stand for). */
	clearValues(): void {
		this.values.fill(-1, 0, this.count);
	}

	resetSpill(): void {
		this.spill.length = 0;
	}

	/** The token of entry `entry` (`null`: a stop word, which `lookup` never returns). */
	token(entry: number): string {
		return this.#tokens[entry] as string;
	}

	/**
	 * The word `text[start, end)` lowercased (ASCII letters and digits only, `end > start`), whose
	 * characters are also `bytes[start, end)`: its entry (≥ 0), {@link STOP_WORD}, or `-2 - k` when
	 * its token was not interned and is `spill[k]`.
	 */
	lookup(text: string, bytes: Uint8Array, start: number, end: number): number {
		let h = WORD_HASH_SEED;
		for (let i = start; i < end; i++) h = wordHashStep(h, bytes[i] as number);
		return this.find(text, bytes, start, end, h);
	}

	/** {@link lookup} with the word's hash already computed (`wordHashStep` over its characters). */
	find(text: string, bytes: Uint8Array, start: number, end: number, h: number): number {
		const length = end - start;
		const slots = this.#slots;
		const mask = slots.length - 1;
		let at = (h ^ (h >>> 16)) & mask;
		for (let held = slots[at] as number; held !== 0; held = slots[at] as number) {
			const entry = held - 1;
			if (
				this.#hash[entry] === h &&
				this.#length[entry] === length &&
				this.#same(entry, bytes, start, length)
			) {
				return this.#tokens[entry] === null ? STOP_WORD : entry;
			}
			at = (at + 1) & mask;
		}
		const token = wordToken(text.slice(start, end).toLowerCase());
		if (token === null) {
			if (length <= MAX_TABLE_WORD_LENGTH && !this.full) this.#insert(at, h, bytes, start, length, null);
			return STOP_WORD;
		}
		if (length > MAX_TABLE_WORD_LENGTH || this.full) {
			this.spill.push(token);
			return -1 - this.spill.length;
		}
		return this.#insert(at, h, bytes, start, length, token);
	}

	#same(entry: number, bytes: Uint8Array, start: number, length: number): boolean {
		const chars = this.#chars;
		const from = this.#start[entry] as number;
		for (let k = 0; k < length; k++) {
			if (chars[from + k] !== ((bytes[start + k] as number) | 0x20)) return false;
		}
		return true;
	}

	#insert(
		at: number,
		h: number,
		bytes: Uint8Array,
		start: number,
		length: number,
		token: string | null,
	): number {
		const entry = this.count++;
		if (entry >= this.#hash.length) this.#growEntries();
		this.#hash[entry] = h;
		this.#length[entry] = length;
		this.#start[entry] = this.#charsUsed;
		if (this.#charsUsed + length > this.#chars.length) {
			const chars = new Uint8Array(2 * (this.#charsUsed + length));
			chars.set(this.#chars);
			this.#chars = chars;
		}
		for (let k = 0; k < length; k++) this.#chars[this.#charsUsed++] = (bytes[start + k] as number) | 0x20;
		this.#tokens.push(token);
		this.#slots[at] = entry + 1;
		// Load factor at most 1/2.
		if (2 * this.count > this.#slots.length) this.#rehash();
		return entry;
	}

	#growEntries(): void {
		const size = 2 * this.#hash.length;
		const hash = new Int32Array(size);
		hash.set(this.#hash);
		this.#hash = hash;
		const start = new Int32Array(size);
		start.set(this.#start);
		this.#start = start;
		const length = new Uint8Array(size);
		length.set(this.#length);
		this.#length = length;
		const values = new Int32Array(size).fill(-1);
		values.set(this.values);
		this.values = values;
	}

	#rehash(): void {
		const slots = new Int32Array(2 * this.#slots.length);
		const mask = slots.length - 1;
		for (let entry = 0; entry < this.count; entry++) {
			const h = this.#hash[entry] as number;
			let at = (h ^ (h >>> 16)) & mask;
			while (slots[at] !== 0) at = (at + 1) & mask;
			slots[at] = entry + 1;
		}
		this.#slots = slots;
	}
}
