/**
 * The names a collect has seen: taken (a searchable tool, by its index in the view) or set aside
 * (an excluded tool, or `tool_search`), so that a second tool of a name already seen is skipped
 * (the first wins) — and, once the collect is done, the view's name lookup.
 *
 * Normally a `Map` of every name. Hashing 100,000 fresh names into one was most of a cold start's
 * first call (≈ 90 of ≈ 140 ms of CPU for the collect, at 100k tools), so a collect may be given
 * {@link KnownNames}: distinct names in catalogue order, the names of a saved index at the
 * catalogue version it was saved at. While each tool taken is the next known name, and no tool set
 * aside has a known name, the names taken are the first known ones, distinct without a map, and
 * the known names' own table looks them up; a string comparison per tool instead of a map write.
 * At the first tool that breaks the pattern (a searchable name out of order or unknown, a known
 * name set aside) the map is made from what was seen and the collect goes on with it, so the
 * outcome is the map's in every case.
 */

/** Distinct names in catalogue order, with a lookup (a loaded index's `NameTable`). */
export interface KnownNames {
	/** How many names. */
	readonly size: number;
	/** The name at `index` (0 to size - 1). */
	nameAt(index: number): string;
	/** The index of `name`, if it is one of them. */
	find(name: string): number | undefined;
}

/** A view's name lookup: a searchable tool's index, or `undefined` (or -1) for any other name. */
export interface NameLookup {
	get(name: string): number | undefined;
}

/** The lookup of the first `taken` known names. */
class KnownLookup implements NameLookup {
	readonly #known: KnownNames;
	readonly #taken: number;

	constructor(known: KnownNames, taken: number) {
		this.#known = known;
		this.#taken = taken;
	}

	get(name: string): number | undefined {
		const index = this.#known.find(name);
		return index !== undefined && index < this.#taken ? index : undefined;
	}
}

export class TakenNames {
	/** The names taken so far, by index (the view's names column, which the collect fills). */
	readonly #names: readonly string[];
	/** Until the pattern breaks: the known names, the first `#taken` of them taken. */
	#known: KnownNames | undefined;
	#taken = 0;
	/** With `#known`: the names set aside (none of them known). */
	#aside: Set<string> | undefined;
	/** Without `#known`: every name seen → its index, or -1 when set aside. */
	#map: Map<string, number> | undefined;
	/** Whether no name has repeated yet (then a map write alone tells a repeat, by the map's size). */
	#unique = true;

	constructor(names: readonly string[], known: KnownNames | undefined) {
		this.#names = names;
		if (known === undefined) this.#map = new Map();
		else this.#known = known;
	}

	/**
	 * Whether a tool named `name` was seen before; if not, the name is the tool's, as if taken at
	 * `at`, until {@link setAside} or {@link release} says otherwise.
	 */
	seen(name: string, at: number): boolean {
		const known = this.#known;
		if (known !== undefined) {
			if (at < known.size && name === known.nameAt(at)) return false;
			if (this.#aside?.has(name) === true) return true;
			const index = known.find(name);
			if (index === undefined) return false; // unknown: taking it (not setting it aside) ends the pattern
			if (index < this.#taken) return true;
			this.#useMap(); // a known name out of order
		}
		const map = this.#map as Map<string, number>;
		if (!this.#unique) {
			if (map.has(name)) return true;
			map.set(name, at);
			return false;
		}
		// One map write per tool while no name repeats (a repeat leaves the size as it was).
		const size = map.size;
		map.set(name, at);
		if (map.size !== size) return false;
		this.#unique = false;
		map.set(name, this.#names.indexOf(name)); // the first tool of that name, or -1 (set aside)
		return true;
	}

	/** The tool named `name` (not {@link seen} before) is searchable, at index `at`. */
	take(name: string, at: number): void {
		const known = this.#known;
		if (known === undefined) return; // the map has it since `seen`
		if (at < known.size && name === known.nameAt(at)) {
			this.#taken = at + 1;
			return;
		}
		this.#useMap();
		this.#map?.set(name, at);
	}

	/** The tool named `name` (not {@link seen} before) is excluded (or is `tool_search`). */
	setAside(name: string): void {
		const known = this.#known;
		if (known !== undefined && known.find(name) === undefined) {
			this.#aside ??= new Set();
			this.#aside.add(name);
			return;
		}
		this.#useMap();
		this.#map?.set(name, -1);
	}

	/** The tool named `name` (not {@link seen} before) was skipped: a later tool of that name may be taken. */
	release(name: string): void {
		this.#map?.delete(name);
	}

	/** The lookup of the names taken, once the collect is done. */
	lookup(): NameLookup {
		return this.#known === undefined
			? (this.#map as Map<string, number>)
			: new KnownLookup(this.#known, this.#taken);
	}

	/** Ends the known names' pattern: the map of what was seen so far. */
	#useMap(): void {
		if (this.#known === undefined) return;
		const map = new Map<string, number>();
		for (let i = 0; i < this.#taken; i++) map.set(this.#names[i] as string, i);
		for (const name of this.#aside ?? []) map.set(name, -1);
		this.#map = map; // names taken are distinct, and the ones set aside are not known: no repeat yet
		this.#known = undefined;
		this.#aside = undefined;
	}
}
