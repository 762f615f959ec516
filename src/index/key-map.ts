import { toolLocalName } from "../document/create-tool-search-document.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type { KeyTable } from "./key-table.js";

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

/**
 * Name keys (a name's tokens joined by spaces) to the slots of the tools that have them.
 * A key held by one slot stores the number itself, so the common case allocates no array. After
 * a binary load, the loaded tools' keys stay in a {@link KeyTable} (the map holds those of tools
 * added since) until slots are renumbered.
 * @internal
 */
export class KeyMap {
	#map = new Map<string, number | number[]>();
	#table: KeyTable | undefined;
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
		if (held === undefined) this.#map.set(key, slot);
		else if (typeof held === "number") this.#map.set(key, [held, slot]);
		else held.push(slot);
	}

	delete(key: string, slot: number): void {
		if (this.#table !== undefined && slot < this.#table.slots) {
			this.#table.drop(slot);
			return;
		}
		const held = this.#map.get(key);
		if (held === undefined) return;
		if (typeof held === "number") {
			if (held === slot) this.#map.delete(key);
			return;
		}
		const at = held.indexOf(slot);
		if (at !== -1) held.splice(at, 1);
		if (held.length === 1) this.#map.set(key, held[0] as number);
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
			table.forEachKey((key, slot) => this.add(key, slot));
			for (const [key, held] of added)
				for (const slot of typeof held === "number" ? [held] : held) this.add(key, slot);
		}
		for (const [key, held] of this.#map) {
			if (typeof held === "number") {
				const to = remap[held] as number;
				if (to < 0) this.#map.delete(key);
				else this.#map.set(key, to);
				continue;
			}
			const kept = held.map((slot) => remap[slot] as number).filter((slot) => slot >= 0);
			if (kept.length === 0) this.#map.delete(key);
			else this.#map.set(key, kept.length === 1 ? (kept[0] as number) : kept);
		}
	}
}
