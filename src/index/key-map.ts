import { grow, resize } from "../internal/grow.js";
import type { KeyTable } from "./key-table.js";
import { WordSequences } from "./word-sequences.js";

/** What {@link KeyMap.addTerms} reads of the vocabulary: the word of each term id, and its version. */
export interface KeyVocabulary {
	readonly terms: readonly string[];
	/** Changes when term ids are renumbered. */
	readonly vocabularyVersion: number;
}

/**
 * Name keys to the tools that have them, for the exact-name and local-name rules. A key is a
 * sequence of words (a name's or local name's tokens, `"create issue"` as a string); each tool holds
 * at most two (its name's and its local name's, when they differ).
 *
 * Kept in typed arrays, not a `Map` of strings: words are numbered here (independently of the term
 * ids, which compaction renumbers), each distinct key is stored once as its word numbers
 * ({@link WordSequences}) and lists its tools in ascending slot order. At 100k tools this holds in
 * ~8 MB what a `Map` of joined strings held in 18 MB of heap, and the index adds a tool's keys from
 * its term ids without building a string.
 *
 * Per word, the number of keys (held by some tool) that begin with it: the first-word filter that
 * tells the name rules which query words can begin no key, so that the runs starting there are not
 * built and looked up (on a 500-tool catalogue, 8 of 10 lookups). After a binary load, the loaded
 * tools' keys stay in a {@link KeyTable} (the typed arrays hold those of tools added since) until
 * slots are renumbered; the filter is off (every word may begin a key) until then.
 * @internal
 */
export class KeyMap {
	/** The most words any key added so far has (an upper bound: removals do not lower it). */
	maxWords = 0;
	#table: KeyTable | undefined;
	// Words: number <-> string.
	#wordIds = new Map<string, number>();
	#words: string[] = [];
	/** Per word, the keys held by some tool that begin with it (the first-word filter). */
	#beginning = new Int32Array(16);
	/** Per term id, its word number + 1 (0: not looked up since `#termsVersion`). */
	#wordOfTerm = new Int32Array(64);
	#termsVersion = Number.NaN;
	#keys = new WordSequences();
	/** Per key, its first and last entry (-1: no tool holds it). */
	#first = new Int32Array(16).fill(-1);
	#last = new Int32Array(16).fill(-1);
	/**
	 * Entries: `2 * slot + k` is the k-th key of the tool in `slot` (k = 0, 1); per entry its key + 1
	 * (0: none) and the next entry of the same key (-1: the last).
	 */
	#entryKey = new Int32Array(32);
	#entryNext = new Int32Array(32);
	/** Scratch: the words of the key being added or looked up. */
	#scratch = new Int32Array(16);
	/** {@link get}'s answer when a key has several tools (reused: valid until the next call). */
	readonly #found: number[] = [];

	/** Takes the keys of a freshly loaded index (nothing added yet). */
	load(table: KeyTable): void {
		this.#table = table;
		this.maxWords = table.maxWords;
	}

	/** Makes room for the keys of slots below `slots` (a bulk add of a known number of tools). */
	reserveSlots(slots: number): void {
		if (2 * slots <= this.#entryKey.length) return;
		this.#entryKey = resize(this.#entryKey, 2 * slots);
		this.#entryNext = resize(this.#entryNext, 2 * slots);
	}

	/** Adds `key` (words separated by single spaces; `""` is no key) for the tool in `slot`. */
	add(key: string, slot: number): void {
		if (key === "") return;
		const words = key.split(" ");
		this.#scratch = grow(this.#scratch, words.length);
		for (let i = 0; i < words.length; i++) this.#scratch[i] = this.#wordId(words[i] as string, true);
		this.#addEntry(slot, this.#scratch, words.length);
	}

	/**
	 * Adds the key made of the words of term ids `ids[from, to)` for the tool in `slot` (none when
	 * the range is empty): what `add` does with the terms joined by spaces, without the string.
	 */
	addTerms(slot: number, ids: Int32Array, from: number, to: number, vocabulary: KeyVocabulary): void {
		const length = to - from;
		if (length === 0) return;
		if (vocabulary.vocabularyVersion !== this.#termsVersion) {
			this.#wordOfTerm.fill(0);
			this.#termsVersion = vocabulary.vocabularyVersion;
		}
		// Grown only when short: `grow` serves several array types, a slow call in this loop.
		if (this.#wordOfTerm.length < vocabulary.terms.length)
			this.#wordOfTerm = grow(this.#wordOfTerm, vocabulary.terms.length);
		if (this.#scratch.length < length) this.#scratch = grow(this.#scratch, length);
		const wordOfTerm = this.#wordOfTerm;
		for (let i = 0; i < length; i++) {
			const term = ids[from + i] as number;
			let word = (wordOfTerm[term] as number) - 1;
			if (word < 0) {
				word = this.#wordId(vocabulary.terms[term] as string, true);
				wordOfTerm[term] = word + 1;
			}
			this.#scratch[i] = word;
		}
		this.#addEntry(slot, this.#scratch, length);
	}

	/** False when no key begins with the word `word` (true may still be a loaded table's key). */
	mayBegin(word: string): boolean {
		if (this.#table !== undefined) return true;
		const id = this.#wordIds.get(word);
		return id !== undefined && (this.#beginning[id] as number) > 0;
	}

	/**
	 * Whether keys can be looked up by word numbers ({@link wordNumber}, {@link getWords}): false
	 * while a loaded table holds keys, which are looked up by their strings ({@link get}).
	 */
	get byWordNumbers(): boolean {
		return this.#table === undefined;
	}

	/** The number of `word` in the keys, or -1 when no key has it. */
	wordNumber(word: string): number {
		const id = this.#wordIds.get(word);
		return id === undefined ? -1 : id;
	}

	/** {@link mayBegin} of a word by its number (-1: in no key). */
	mayBeginNumber(word: number): boolean {
		return word >= 0 && (this.#beginning[word] as number) > 0;
	}

	/**
	 * {@link get} of the key made of the words numbered `words[from, from + length)` (each ≥ 0), without
	 * building its string; only while {@link byWordNumbers}.
	 */
	getWords(words: Int32Array, from: number, length: number): number | readonly number[] | undefined {
		this.#scratch = grow(this.#scratch, length);
		for (let i = 0; i < length; i++) this.#scratch[i] = words[from + i] as number;
		return this.#heldKey(this.#keys.find(this.#scratch, length));
	}

	/** Removes every key of the tool in `slot`. */
	deleteSlot(slot: number): void {
		if (this.#table !== undefined && slot < this.#table.slots) {
			this.#table.drop(slot);
			return;
		}
		for (let entry = 2 * slot; entry < 2 * slot + 2 && entry < this.#entryKey.length; entry++) {
			const key = (this.#entryKey[entry] as number) - 1;
			if (key < 0) continue;
			this.#entryKey[entry] = 0;
			let previous = -1;
			let at = this.#first[key] as number;
			while (at !== entry) {
				previous = at;
				at = this.#entryNext[at] as number;
			}
			const next = this.#entryNext[entry] as number;
			if (previous < 0) this.#first[key] = next;
			else this.#entryNext[previous] = next;
			if (this.#last[key] === entry) this.#last[key] = previous;
			if (this.#first[key] === -1) this.#countBeginning(key, -1);
		}
	}

	/**
	 * The slots holding `key` (words separated by single spaces), ascending: one slot, several, or
	 * `undefined` for none. Do not change the array; it is valid until the next call.
	 */
	get(key: string): number | readonly number[] | undefined {
		const table = this.#table;
		if (table === undefined) return this.#held(key);
		// A loaded table's slots (ascending, all below the typed arrays'), then the typed arrays'.
		const slots: number[] = [];
		table.forEach(key, (slot) => slots.push(slot));
		const held = this.#held(key);
		if (slots.length === 0) return held;
		if (held !== undefined) slots.push(...(typeof held === "number" ? [held] : held));
		return slots.length === 1 ? slots[0] : slots;
	}

	/** Calls `visit` for every slot holding `key` (words separated by single spaces), ascending. */
	forEach(key: string, visit: (slot: number) => void): void {
		this.#table?.forEach(key, visit);
		const found = this.#lookup(key);
		if (found < 0) return;
		for (let entry = this.#first[found] as number; entry !== -1; entry = this.#entryNext[entry] as number)
			visit(entry >> 1);
	}

	/**
	 * Renumbers slots (`remap[slot]`, `-1` drops the slot) and starts over without the keys and
	 * words no tool holds any more (a loaded table's keys move into the typed arrays).
	 */
	remap(remap: Int32Array): void {
		const table = this.#table;
		const old = { entryKey: this.#entryKey, keys: this.#keys, words: this.#words };
		this.#table = undefined;
		this.#wordIds = new Map();
		this.#words = [];
		this.#beginning = new Int32Array(16);
		this.#termsVersion = Number.NaN;
		this.#keys = new WordSequences();
		this.#first = new Int32Array(16).fill(-1);
		this.#last = new Int32Array(16).fill(-1);
		this.#entryKey = new Int32Array(32);
		this.#entryNext = new Int32Array(32);
		// In slot order, so each key's list comes out ascending again: a table's slots come first.
		table?.forEachKey((key, slot) => {
			const to = remap[slot] as number;
			if (to >= 0) this.add(key, to);
		});
		for (let slot = 0; slot < remap.length; slot++) {
			const to = remap[slot] as number;
			if (to < 0) continue;
			for (let entry = 2 * slot; entry < 2 * slot + 2 && entry < old.entryKey.length; entry++) {
				const key = (old.entryKey[entry] as number) - 1;
				if (key < 0) continue;
				const length = old.keys.lengthOf(key);
				this.#scratch = grow(this.#scratch, length);
				for (let i = 0; i < length; i++) {
					this.#scratch[i] = this.#wordId(old.words[old.keys.wordAt(key, i)] as string, true);
				}
				this.#addEntry(to, this.#scratch, length);
			}
		}
	}

	/** The key numbered for `key` (words separated by single spaces), or -1 when none is. */
	#lookup(key: string): number {
		if (key === "") return -1;
		const words = key.split(" ");
		this.#scratch = grow(this.#scratch, words.length);
		for (let i = 0; i < words.length; i++) {
			const word = this.#wordId(words[i] as string, false);
			if (word < 0) return -1;
			this.#scratch[i] = word;
		}
		return this.#keys.find(this.#scratch, words.length);
	}

	/** The slots of the typed arrays holding `key`, as {@link get} gives them. */
	#held(key: string): number | readonly number[] | undefined {
		return this.#heldKey(this.#lookup(key));
	}

	/** The slots of the typed arrays holding key number `found` (-1: none), as {@link get} gives them. */
	#heldKey(found: number): number | readonly number[] | undefined {
		if (found < 0) return undefined;
		let entry = this.#first[found] as number;
		if (entry === -1) return undefined;
		if (this.#entryNext[entry] === -1) return entry >> 1;
		const slots = this.#found;
		slots.length = 0;
		for (; entry !== -1; entry = this.#entryNext[entry] as number) slots.push(entry >> 1);
		return slots;
	}

	#wordId(word: string, create: boolean): number {
		let id = this.#wordIds.get(word);
		if (id === undefined) {
			if (!create) return -1;
			id = this.#words.length;
			this.#wordIds.set(word, id);
			this.#words.push(word);
		}
		return id;
	}

	/** Changes by `by` the count of keys beginning with the first word of `key`. */
	#countBeginning(key: number, by: number): void {
		const word = this.#keys.wordAt(key, 0);
		if (word >= this.#beginning.length) this.#beginning = grow(this.#beginning, word + 1);
		this.#beginning[word] = (this.#beginning[word] as number) + by;
	}

	/** Appends the tool in `slot` to the list of the key `words[0, length)`, made now when new. */
	#addEntry(slot: number, words: Int32Array, length: number): void {
		if (length > this.maxWords) this.maxWords = length;
		const key = this.#keys.intern(words, length);
		if (key >= this.#first.length) {
			const size = this.#first.length;
			this.#first = grow(this.#first, key + 1);
			this.#last = grow(this.#last, this.#first.length);
			this.#first.fill(-1, size);
			this.#last.fill(-1, size);
		}
		if (2 * slot + 2 > this.#entryKey.length) {
			this.#entryKey = grow(this.#entryKey, 2 * slot + 2);
			this.#entryNext = grow(this.#entryNext, this.#entryKey.length);
		}
		const entry = this.#entryKey[2 * slot] === 0 ? 2 * slot : 2 * slot + 1;
		this.#entryKey[entry] = key + 1;
		this.#entryNext[entry] = -1;
		const last = this.#last[key] as number;
		if (last < 0) {
			this.#first[key] = entry;
			this.#countBeginning(key, 1);
		} else this.#entryNext[last] = entry;
		this.#last[key] = entry;
	}
}
