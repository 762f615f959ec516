/**
 * The saved fingerprints of a ranker loaded from its binary snapshot, found by name through the
 * index's own name lookup instead of a map of their own (100k names put in a `Map` cost a load as
 * much as the rest of it), and formatted only when asked for.
 * @internal
 */

import type { IndexStore } from "../index/index-store.js";
import type { ToolSearchIndex } from "../index/tool-search-index.js";
import { indexStore } from "../index/tool-search-index.js";
import { formatFingerprint } from "./document-fingerprint.js";

/** Fingerprints in slot order: tool `i`'s lanes are `hashes[2i]`, `hashes[2i + 1]`, `lengths[i]`. */
export interface SavedLanes {
	readonly hashes: Uint32Array;
	readonly lengths: Float64Array;
}

export class SavedFingerprints {
	/** The names of the tools as loaded, by slot. */
	readonly #names: readonly (string | undefined)[];
	/** The index's store, whose current slot of a name is the loaded one while no merge renumbered them. */
	readonly #store: IndexStore;
	readonly #lanes: SavedLanes;
	/** Name → loaded slot, built only once the index's slots no longer are the loaded ones. */
	#loaded: Map<string, number> | undefined;

	/** The fingerprints of `index`'s tools, in slot order, right after it was loaded. */
	constructor(index: ToolSearchIndex, lanes: SavedLanes) {
		const store = indexStore(index);
		this.#names = store.names.slice(0, store.slots);
		this.#store = store;
		this.#lanes = lanes;
	}

	/**
	 * The saved fingerprint of the tool `name`, or `undefined` when it was not loaded or the index
	 * does not hold it now (the ranker asks only for tools its index holds).
	 */
	get(name: string): string | undefined {
		let slot = this.#store.slotOfName(name);
		if (slot === undefined) return undefined;
		if (this.#names[slot] !== name) {
			// Renumbered by a merge, or indexed again since the load.
			this.#loaded ??= new Map(this.#names.map((loaded, at) => [loaded as string, at]));
			slot = this.#loaded.get(name);
			if (slot === undefined) return undefined;
		}
		const { hashes, lengths } = this.#lanes;
		return formatFingerprint([
			hashes[2 * slot] as number,
			hashes[2 * slot + 1] as number,
			lengths[slot] as number,
		]);
	}
}
