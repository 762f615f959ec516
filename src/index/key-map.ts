import { toolLocalName } from "../document/create-tool-search-document.js";
import { tokenize } from "../tokenizer/tokenize.js";

/**
 * The exact-name keys of a tool: its name's tokens and its local name's tokens, space-joined.
 * Derived from the name alone, so removal can recompute them instead of storing them.
 */
export function nameKeys(name: string, tokens?: readonly string[]): { nameKey: string; localKey: string } {
	const local = toolLocalName(name);
	if (local === name) {
		const nameKey = (tokens ?? tokenize(name)).join(" ");
		return { nameKey, localKey: nameKey };
	}
	const localKey = tokenize(local).join(" ");
	if (tokens !== undefined) return { nameKey: tokens.join(" "), localKey };
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

/**
 * Name keys (a name's tokens joined by spaces) to the slots of the tools that have them.
 * A key held by one slot stores the number itself, so the common case allocates no array.
 * Beside the map, a counting filter of the keys' first words tells the name rules which query
 * words can begin no key, so that the runs starting there are not built and looked up (on a
 * 500-tool catalogue, 8 of 10 lookups).
 * @internal
 */
export class KeyMap {
	readonly #map = new Map<string, number | number[]>();
	/** Per bucket, the keys whose first word falls in it (`wordBucket`). */
	readonly #firstWords = new Int32Array(FIRST_WORD_BUCKETS);
	/** The most words any key added so far has (an upper bound: removals do not lower it). */
	maxWords = 0;

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

	/** False when no key begins with the word `word` (true may still be a collision). */
	mayBegin(word: string): boolean {
		return (this.#firstWords[wordBucket(word, word.length)] as number) > 0;
	}

	#drop(key: string): void {
		this.#map.delete(key);
		const bucket = wordBucket(key, firstWordEnd(key));
		this.#firstWords[bucket] = (this.#firstWords[bucket] as number) - 1;
	}

	delete(key: string, slot: number): void {
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
		return this.#map.get(key);
	}

	/** Calls `visit` for every slot holding `key`. */
	forEach(key: string, visit: (slot: number) => void): void {
		const held = this.#map.get(key);
		if (held === undefined) return;
		if (typeof held === "number") visit(held);
		else for (const slot of held) visit(slot);
	}

	/** Renumbers slots (`remap[slot]`, `-1` drops the slot). */
	remap(remap: Int32Array): void {
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
