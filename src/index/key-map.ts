import { toolLocalName } from "../document/create-tool-search-document.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type { KeyTable } from "./key-table.js";

/**
 * The exact-name keys of a tool: its name's tokens and its local name's tokens, space-joined.
 * Derived from the name alone, so removal can recompute them instead of storing them. A caller that
 * has either key already (the tokens of `name`, or of `toolLocalName(name)`, joined) passes it.
 */
export function nameKeys(name: string, known?: KnownNameKeys): { nameKey: string; localKey: string } {
	const local = toolLocalName(name);
	if (local === name) {
		const nameKey = known?.nameKey ?? known?.localKey ?? tokenize(name).join(" ");
		return { nameKey, localKey: nameKey };
	}
	const localKey = known?.localKey ?? tokenize(local).join(" ");
	if (known?.nameKey !== undefined) return { nameKey: known.nameKey, localKey };
	// name = <prefix>__<local>, and "__" separates tokens: the local name's tokens end the name's.
	const prefix = tokenize(name.slice(0, name.length - local.length - 2)).join(" ");
	return { nameKey: prefix === "" ? localKey : localKey === "" ? prefix : `${prefix} ${localKey}`, localKey };
}

/** Buckets of the first-word filter (a power of two): 16 KB per index. */
const FIRST_WORD_BUCKETS = 1 << 12;

/** The filter bucket of the word `text[0, end)`: FNV-1a over its code units. */
function wordBucket(text: string, end: number): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
	return (hash >>> 0) & (FIRST_WORD_BUCKETS - 1);
}

/** The length of a key's first word. */
function firstWordEnd(key: string): number {
	const space = key.indexOf(" ");
	return space === -1 ? key.length : space;
}

/** Keys of a tool already known to {@link nameKeys}'s caller. */
export interface KnownNameKeys {
	/** `tokenize(name).join(" ")`. */
	nameKey?: string | undefined;
	/** `tokenize(toolLocalName(name)).join(" ")`. */
	localKey?: string | undefined;
}

/**
 * Name keys (a name's tokens joined by spaces) to the slots of the tools that have them.
 * A key held by one slot stores the number itself, so the common case allocates no array.
 * Beside the map, a counting filter of the keys' first words tells the name rules which query
 * words can begin no key, so that the runs starting there are not built and looked up (on a
 * 500-tool catalogue, 8 of 10 lookups). After a binary load, the loaded tools' keys stay in a
 * {@link KeyTable} (the map holds those of tools added since) until slots are renumbered; the
 * filter is off (every word may begin a key) until then.
 * @internal
 */
export class KeyMap {
	#map = new Map<string, number | number[]>();
	#table: KeyTable | undefined;
	/** Per bucket, the keys of the map whose first word falls in it (`wordBucket`). */
	readonly #firstWords = new Int32Array(FIRST_WORD_BUCKETS);
	/** The most words any key added so far has (an upper bound: removals do not lower it). */
	maxWords = 0;

	/** Takes the keys of a freshly loaded index (the map is empty). */
	load(table: KeyTable): void {
		this.#table = table;
		this.maxWords = table.maxWords;
	}

	add(key: string, slot: number): void {
		if (key === "") return;
		let words = 1;
		for (let i = key.indexOf(" "); i !== -1; i = key.indexOf(" ", i + 1)) words++;
		if (words > this.maxWords) this.maxWords = words;
		const held = this.#map.get(key);
		if (held === undefined) {
			this.#map.set(key, slot);
			const bucket = wordBucket(key, firstWordEnd(key));
			this.#firstWords[bucket] = (this.#firstWords[bucket] as number) + 1;
		} else if (typeof held === "number") this.#map.set(key, [held, slot]);
		else held.push(slot);
	}

	/** False when no key begins with the word `word` (true may still be a collision, or a loaded table's key). */
	mayBegin(word: string): boolean {
		return this.#table !== undefined || (this.#firstWords[wordBucket(word, word.length)] as number) > 0;
	}

	#drop(key: string): void {
		this.#map.delete(key);
		const bucket = wordBucket(key, firstWordEnd(key));
		this.#firstWords[bucket] = (this.#firstWords[bucket] as number) - 1;
	}

	delete(key: string, slot: number): void {
		if (this.#table !== undefined && slot < this.#table.slots) {
			this.#table.drop(slot);
			return;
		}
		const held = this.#map.get(key);
		if (held === undefined) return;
		if (typeof held === "number") {
			if (held === slot) this.#drop(key);
			return;
		}
		const at = held.indexOf(slot);
		if (at !== -1) held.splice(at, 1);
		if (held.length === 1) this.#map.set(key, held[0] as number);
	}

	/** The slots holding `key`: one slot, several, or `undefined` for none (do not change the array). */
	get(key: string): number | readonly number[] | undefined {
		const table = this.#table;
		if (table === undefined) return this.#map.get(key);
		// A loaded table's slots (ascending, all below the map's), then the map's.
		const slots: number[] = [];
		table.forEach(key, (slot) => slots.push(slot));
		const held = this.#map.get(key);
		if (slots.length === 0) return held;
		if (held !== undefined) slots.push(...(typeof held === "number" ? [held] : held));
		return slots.length === 1 ? slots[0] : slots;
	}

	/** Calls `visit` for every slot holding `key`. */
	forEach(key: string, visit: (slot: number) => void): void {
		this.#table?.forEach(key, visit);
		const held = this.#map.get(key);
		if (held === undefined) return;
		if (typeof held === "number") visit(held);
		else for (const slot of held) visit(slot);
	}

	/** Renumbers slots (`remap[slot]`, `-1` drops the slot). */
	remap(remap: Int32Array): void {
		const table = this.#table;
		if (table !== undefined) {
			// Into the map: the table's slots first, so each key's slots stay in ascending order.
			const added = this.#map;
			this.#map = new Map();
			this.#table = undefined;
			this.#firstWords.fill(0); // every key is added again below
			table.forEachKey((key, slot) => this.add(key, slot));
			for (const [key, held] of added)
				for (const slot of typeof held === "number" ? [held] : held) this.add(key, slot);
		}
		for (const [key, held] of this.#map) {
			if (typeof held === "number") {
				const to = remap[held] as number;
				if (to < 0) this.#drop(key);
				else this.#map.set(key, to);
				continue;
			}
			const kept = held.map((slot) => remap[slot] as number).filter((slot) => slot >= 0);
			if (kept.length === 0) this.#drop(key);
			else this.#map.set(key, kept.length === 1 ? (kept[0] as number) : kept);
		}
	}
}
