/**
 * The searchable side of a host's catalogue for `tool_search`: which tools can be searched, and
 * their search documents, kept across calls. A host that returns the same tool objects (in a fresh
 * array or not) costs a few property reads per tool and call; a changed tool costs a new document.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { buildToolSearchDocument } from "../document/create-tool-search-document.js";
import { ToolSearchError } from "../errors.js";
import { isObject } from "../internal/guards.js";
import type { ToolInfo, ToolNamespace } from "../types.js";
import {
	CatalogView,
	type Entry,
	FIELDS_PER_TOOL,
	readFields,
	type SearchableTools,
	sameFields,
	sameNamespace,
	type ViewColumns,
} from "./catalog-view.js";
import { type KnownNames, TakenNames } from "./taken-names.js";
import { emptyColumns, finishColumns, type Known, madeEntry, reuseEntry } from "./view-columns.js";

export type { SearchableTool, SearchableTools } from "./catalog-view.js";

/** Whether `namespace` is one a document can be built in (else building throws `INVALID_TOOL`). */
function validNamespace(namespace: ToolNamespace | undefined): boolean {
	return namespace === undefined || (isObject(namespace) && typeof namespace.name === "string");
}

/** A copy of the namespace's own fields, so a later change by the host is noticed. */
function snapshotNamespace(namespace: ToolNamespace | null | undefined): ToolNamespace | undefined {
	if (namespace === undefined || namespace === null) return undefined;
	if (!isObject(namespace)) return namespace;
	return { name: namespace.name, description: namespace.description, instructions: namespace.instructions };
}

/** A host item's name when it is an object with a non-empty string name, read once. */
function nameOf(item: unknown): string | undefined {
	try {
		const name = isObject(item) ? item.name : undefined;
		return typeof name === "string" && name !== "" ? name : undefined;
	} catch {
		return undefined; // a throwing getter: a malformed tool
	}
}

/**
 * Writes `tool`'s fields to `fields` from `at`; `false` when reading them throws (a hostile getter or
 * proxy: the tool is skipped, not the search).
 */
function tryReadFields(tool: ToolInfo, fields: unknown[], at: number): boolean {
	try {
		readFields(tool, fields, at);
		return true;
	} catch {
		return false;
	}
}

/**
 * Keeps the search documents of a host's tools across `tool_search` calls. Malformed host tools
 * (not objects, no string name) are skipped; of two tools with one name, the first wins.
 * `exclude` and `namespaceOf` are asked again on every call.
 */
export class SearchableCatalog {
	readonly #exclude: ((tool: ToolInfo) => boolean) | undefined;
	readonly #namespaceOf: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	/** Entries of tools the last collect excluded (their documents are reused if they come back). */
	#excluded: ReadonlyMap<string, Entry> = new Map();
	/** The previous call's host array contents and result, for the fast path. */
	#lastItems: unknown[] = [];
	#last: CatalogView | undefined;
	/** The host's catalogue version `#last` was collected at (`undefined`: none given). */
	#version: string | number | undefined;

	constructor(options: {
		exclude?: ((tool: ToolInfo) => boolean) | undefined;
		namespaceOf?: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	}) {
		this.#exclude = options.exclude;
		this.#namespaceOf = options.namespaceOf;
	}

	/**
	 * The last view when the host's catalogue `version` (see `ToolCatalog.getCatalogVersion`) is the
	 * one it was collected at, without calling `read` or looking at a tool; else {@link collect}
	 * of what `read` returns, recorded at `version`. `undefined` (no signal) always collects.
	 */
	collectAt(
		version: string | number | undefined,
		read: () => unknown,
		names?: () => KnownNames | undefined,
	): SearchableTools {
		const last = this.#last;
		if (version !== undefined && last !== undefined && Object.is(version, this.#version)) return last;
		const view = this.collect(read(), names?.());
		this.#version = version;
		return view;
	}

	/**
	 * The searchable tools among `all` (what the host's `getAllTools()` returned). `names`: the names
	 * they are expected to have, in order (a saved index's at the catalogue version it was saved
	 * at), which spares hashing each name into a map while they have them (taken-names.ts); the view
	 * is the same either way.
	 */
	collect(all: unknown, names?: KnownNames): SearchableTools {
		this.#version = undefined;
		const items = Array.isArray(all) ? (all as unknown[]) : [];
		const last = this.#last;
		if (last !== undefined && this.#sameAsLast(items, last)) return last;
		// A copy, read from then kept: a getter that appends to the host's array is not followed.
		const held = items.slice();
		const { columns, excluded, same } = this.#columnsOf(
			held,
			{ view: last, excluded: this.#excluded },
			names,
		);
		// The same tools as last time, in the same order (fresh host objects, same fields): keep the
		// same view, so the ranker sees the same documents array and re-indexes nothing.
		const result = last !== undefined && same ? last : new CatalogView(columns);
		this.#excluded = excluded;
		this.#lastItems = held;
		this.#last = result;
		return result;
	}

	/**
	 * The columns of the searchable tools among `items`; `same` when every one is the tool at the
	 * same index last time with the same fields and namespace, and there are as many. `names`, when
	 * given, are the names expected (taken-names.ts).
	 */
	#columnsOf(
		items: readonly unknown[],
		known: Known,
		names: KnownNames | undefined,
	): { columns: ViewColumns; excluded: Map<string, Entry>; same: boolean } {
		const namespaceOf = this.#namespaceOf;
		const columns = emptyColumns(items.length, namespaceOf !== undefined, known.view !== undefined);
		const taken = new TakenNames(columns.names, names);
		const excluded = new Map<string, Entry>();
		let same = known.view !== undefined;
		let at = 0;
		for (const item of items) {
			const name = nameOf(item);
			// Malformed, or a second tool of a name already seen.
			if (name === undefined || taken.seen(name, at)) continue;
			const tool = item as ToolInfo;
			if (name === TOOL_SEARCH_TOOL_NAME || this.#exclude?.(tool) === true) {
				taken.setAside(name);
				const entry = madeEntry(known, name);
				if (entry !== undefined) excluded.set(name, entry);
				continue;
			}
			const namespace = snapshotNamespace(namespaceOf?.(tool));
			// A namespace without a string name is the host's programmer error: thrown now, not later.
			if (!validNamespace(namespace)) buildToolSearchDocument({ name }, namespace);
			if (!tryReadFields(tool, columns.fields, at * FIELDS_PER_TOOL)) {
				taken.release(name); // skipped, not taken: a later tool of that name may be
				continue;
			}
			taken.take(name, at);
			columns.items[at] = tool;
			columns.names[at] = name;
			if (columns.namespaces !== undefined) columns.namespaces[at] = namespace;
			if (known.view !== undefined) same = reuseEntry(known, known.view, columns, at) && same;
			at++;
		}
		finishColumns(columns, at, taken.lookup());
		same &&= at === known.view?.size;
		return { columns, excluded, same };
	}

	/**
	 * Whether the host returned the same tool objects as last time, unchanged, with the same answers
	 * from `exclude` and `namespaceOf`: then last call's result (and documents array) still holds.
	 */
	#sameAsLast(items: readonly unknown[], last: CatalogView): boolean {
		try {
			return this.#sameItemsAsLast(items, last);
		} catch (error) {
			if (ToolSearchError.isInstance(error)) throw error;
			return false; // a getter threw: the full collect skips that tool
		}
	}

	#sameItemsAsLast(items: readonly unknown[], last: CatalogView): boolean {
		const previous = this.#lastItems;
		const count = items.length;
		if (count !== previous.length) return false;
		const exclude = this.#exclude;
		const namespaceOf = this.#namespaceOf;
		const { items: lastTools, names, fields, namespaces, size } = last;
		let at = 0;
		for (let i = 0; i < count; i++) {
			const item = items[i];
			if (item !== previous[i]) return false;
			if (at < size && lastTools[at] === item) {
				const tool = item as ToolInfo;
				// The name too: a tool renamed in place is another name's tool now.
				if (tool.name !== names[at]) return false;
				if (!sameFields(tool, fields, at * FIELDS_PER_TOOL)) return false;
				if (exclude !== undefined && exclude(tool) === true) return false;
				if (
					namespaceOf !== undefined &&
					!sameNamespace(namespaces?.[at], snapshotNamespace(namespaceOf(tool)))
				) {
					return false;
				}
				at++;
				continue;
			}
			// Not searchable last time: malformed, tool_search itself, a later tool of a name already
			// taken by an earlier tool (the same items in the same order keep it so), or excluded —
			// which must still hold. Taken by a later tool, the name is this one's now (renamed in place).
			if (!isObject(item) || typeof item.name !== "string" || item.name === "") continue;
			if (item.name === TOOL_SEARCH_TOOL_NAME) continue;
			const taken = last.byName.get(item.name);
			if (taken !== undefined && taken >= 0) {
				if (taken < at) continue;
				return false;
			}
			if (exclude !== undefined && exclude(item as unknown as ToolInfo) === true) continue;
			return false;
		}
		return at === size;
	}
}
