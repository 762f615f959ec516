/**
 * The searchable side of a host's catalogue for `tool_search`: which tools can be searched, and
 * their search documents, kept across calls. A host that returns the same tool objects (in a fresh
 * array or not) costs a few property reads per tool and call; a changed tool costs a new document.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { buildToolSearchDocument } from "../document/create-tool-search-document.js";
import { ToolSearchError } from "../errors.js";
import { isObject } from "../internal/guards.js";
import type { ToolInfo, ToolNamespace, ToolSearchDocument } from "../types.js";

/** A searchable tool with its namespace (as given then) and search document. */
export interface SearchableTool {
	readonly tool: ToolInfo;
	/**
	 * The tool's fields as read when its entry was made (`name`, `description`, `parameters`,
	 * `inputSchema`, `title`, `label`), frozen: what a result shows, without reading the host's
	 * getters again.
	 */
	readonly info: ToolInfo;
	readonly namespace: ToolNamespace | undefined;
	/** Its search document, built from `info` and `namespace` the first time it is read. */
	readonly document: ToolSearchDocument;
}

/** One call's view of the catalogue. */
export interface SearchableTools {
	/** Searchable tools in catalogue order (active ones included). */
	readonly tools: readonly SearchableTool[];
	/** Their documents, the same array object while nothing changed (so rankers can skip work). */
	readonly documents: readonly ToolSearchDocument[];
	/** A searchable tool by name. */
	get(name: string): SearchableTool | undefined;
}

/**
 * A searchable tool whose document is built the first time it is read: a call whose ranker can
 * answer without documents (a saved index trusted at the host's catalogue version) never builds
 * the 100,000 it does not show.
 */
class Entry implements SearchableTool {
	readonly tool: ToolInfo;
	readonly info: ToolInfo;
	readonly namespace: ToolNamespace | undefined;
	#document: ToolSearchDocument | undefined;

	constructor(tool: ToolInfo, info: ToolInfo, namespace: ToolNamespace | undefined) {
		this.tool = tool;
		this.info = info;
		this.namespace = namespace;
	}

	get document(): ToolSearchDocument {
		this.#document ??= documentOf(this.info, this.namespace);
		return this.#document;
	}
}

/**
 * The document of a tool's fields as read once; when walking its schema throws (a hostile proxy
 * deep in `parameters`), the document of its name, description and labels alone, so that one
 * broken schema does not take the search down.
 */
function documentOf(info: ToolInfo, namespace: ToolNamespace | undefined): ToolSearchDocument {
	try {
		return buildToolSearchDocument(info, namespace);
	} catch (error) {
		if (ToolSearchError.isInstance(error)) throw error;
		const { name, description, title, label } = info;
		return buildToolSearchDocument({ name, description, title, label }, namespace);
	}
}

/** Whether `namespace` is one a document can be built in (else building throws `INVALID_TOOL`). */
function validNamespace(namespace: ToolNamespace | undefined): boolean {
	return namespace === undefined || (isObject(namespace) && typeof namespace.name === "string");
}

/**
 * One call's view, immutable once collected: overlapping `tool_search` calls each keep their own
 * (an earlier call's lookups must not see what a later call collected while it awaited its ranker).
 */
class CatalogView implements SearchableTools {
	readonly tools: readonly Entry[];
	#documents: readonly ToolSearchDocument[] | undefined;
	/** Every name taken this call: its searchable entry, or `null` (excluded, or `tool_search`). */
	readonly #byName: ReadonlyMap<string, Entry | null>;

	constructor(tools: readonly Entry[], byName: ReadonlyMap<string, Entry | null>) {
		this.tools = tools;
		this.#byName = byName;
	}

	/** Built on first read (each tool's document with it), then the same array; frozen, so a ranker given it again knows its elements are the same. */
	get documents(): readonly ToolSearchDocument[] {
		this.#documents ??= Object.freeze(this.tools.map((entry) => entry.document));
		return this.#documents;
	}

	get(name: string): SearchableTool | undefined {
		return this.#byName.get(name) ?? undefined;
	}
}

function sameNamespace(a: ToolNamespace | undefined, b: ToolNamespace | undefined): boolean {
	if (a === b) return true;
	if (a === undefined || b === undefined) return false;
	return a.name === b.name && a.description === b.description && a.instructions === b.instructions;
}

/** A copy of the namespace's own fields, so a later change by the host is noticed. */
function snapshotNamespace(namespace: ToolNamespace | null | undefined): ToolNamespace | undefined {
	if (namespace === undefined || namespace === null) return undefined;
	if (!isObject(namespace)) return namespace;
	return { name: namespace.name, description: namespace.description, instructions: namespace.instructions };
}

function unchanged(entry: Entry, tool: ToolInfo): boolean {
	const { info } = entry;
	// Fields, not the object: pi's getAllTools() returns fresh objects with the same fields each time.
	return (
		info.description === tool.description &&
		info.parameters === tool.parameters &&
		info.inputSchema === tool.inputSchema &&
		info.title === tool.title &&
		info.label === tool.label
	);
}

/** The fields of `tool` a document and a result are built from, read once. */
function snapshotTool(tool: ToolInfo, name: string): ToolInfo {
	const { description, parameters, inputSchema, title, label } = tool;
	return Object.freeze({ name, description, parameters, inputSchema, title, label });
}

/** The fields {@link unchanged} compares, five per entry in its order, in one flat array. */
function flatFields(entries: readonly Entry[]): unknown[] {
	const fields: unknown[] = new Array(entries.length * 5);
	let f = 0;
	for (const { info } of entries) {
		fields[f++] = info.description;
		fields[f++] = info.parameters;
		fields[f++] = info.inputSchema;
		fields[f++] = info.title;
		fields[f++] = info.label;
	}
	return fields;
}

function sameEntries(a: readonly Entry[], b: readonly Entry[]): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
	return true;
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
 * `known` when it still describes `tool` (same metadata and namespace), else a new entry;
 * `undefined` when reading the tool throws (a hostile getter or proxy), so one broken tool does
 * not take the search down. A `ToolSearchError` (a namespace without a string name) is the host's
 * programmer error and is rethrown.
 */
function entryOf(
	tool: ToolInfo,
	name: string,
	namespace: ToolNamespace | undefined,
	known: Entry | undefined,
): Entry | undefined {
	try {
		if (known !== undefined && unchanged(known, tool) && sameNamespace(known.namespace, namespace)) {
			return known;
		}
		const info = snapshotTool(tool, name);
		// A namespace without a string name is the host's programmer error: thrown now, not later.
		if (!validNamespace(namespace)) buildToolSearchDocument(info, namespace);
		return new Entry(tool, info, namespace);
	} catch (error) {
		if (ToolSearchError.isInstance(error)) throw error;
		return undefined;
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
	/** The entries of the last collect, by name (excluded tools' included), to reuse documents. */
	#entries = new Map<string, Entry>();
	/** The previous call's host array contents and result, for the fast path. */
	#lastItems: unknown[] = [];
	#last: CatalogView | undefined;
	/** `#last`'s tools, and their fields as {@link flatFields} lays them out, for the fast path. */
	#lastTools: unknown[] | undefined;
	#lastFields: unknown[] | undefined;
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
	collectAt(version: string | number | undefined, read: () => unknown): SearchableTools {
		const last = this.#last;
		if (version !== undefined && last !== undefined && Object.is(version, this.#version)) return last;
		const view = this.collect(read());
		this.#version = version;
		return view;
	}

	/** The searchable tools among `all` (what the host's `getAllTools()` returned). */
	collect(all: unknown): SearchableTools {
		this.#version = undefined;
		const items = Array.isArray(all) ? (all as unknown[]) : [];
		const last = this.#last;
		if (last !== undefined && this.#sameAsLast(items, last)) return last;

		const previous = this.#entries;
		const entries = new Map<string, Entry>();
		const byName = new Map<string, Entry | null>();
		const tools: Entry[] = [];
		for (const item of items) {
			const name = nameOf(item);
			if (name === undefined) continue;
			if (byName.has(name)) continue; // a second tool of that name
			const tool = item as ToolInfo;
			const known = previous.get(name);
			if (known !== undefined) entries.set(name, known);
			if (name === TOOL_SEARCH_TOOL_NAME || this.#exclude?.(tool) === true) {
				byName.set(name, null);
				continue;
			}
			const namespace = snapshotNamespace(this.#namespaceOf?.(tool));
			const entry = entryOf(tool, name, namespace, known);
			if (entry === undefined) continue; // a getter threw: the tool is skipped, not the search
			entries.set(name, entry);
			byName.set(name, entry);
			tools.push(entry);
		}
		// The same entries as last time (fresh host objects, same fields): keep the same view, so the
		// ranker sees the same documents array and re-indexes nothing.
		const result =
			last !== undefined && sameEntries(tools, last.tools) ? last : new CatalogView(tools, byName);
		this.#entries = entries;
		this.#lastItems = items.slice();
		this.#last = result;
		// Laid out for the fast path when a later call first needs it (a host with a catalogue
		// version never does): not on the first call after a cold start.
		this.#lastTools = undefined;
		this.#lastFields = undefined;
		return result;
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
		const searchable = last.tools;
		this.#lastTools ??= searchable.map((entry) => entry.tool);
		this.#lastFields ??= flatFields(searchable);
		const lastTools = this.#lastTools;
		const fields = this.#lastFields;
		let at = 0;
		for (let i = 0; i < count; i++) {
			const item = items[i];
			if (item !== previous[i]) return false;
			if (at < searchable.length && lastTools[at] === item) {
				const tool = item as ToolInfo;
				// The fields read from flat arrays, not through each entry's info: one object read per tool.
				const f = at * 5;
				if (
					tool.description !== fields[f] ||
					tool.parameters !== fields[f + 1] ||
					tool.inputSchema !== fields[f + 2] ||
					tool.title !== fields[f + 3] ||
					tool.label !== fields[f + 4]
				) {
					return false;
				}
				const entry = searchable[at] as Entry;
				if (exclude !== undefined && exclude(tool) === true) return false;
				if (
					namespaceOf !== undefined &&
					!sameNamespace(entry.namespace, snapshotNamespace(namespaceOf(tool)))
				) {
					return false;
				}
				at++;
				continue;
			}
			// Not searchable last time: malformed, tool_search itself, a later tool of a name already
			// taken (the same items in the same order keep it so), or excluded — which must still hold.
			if (!isObject(item) || typeof item.name !== "string" || item.name === "") continue;
			if (item.name === TOOL_SEARCH_TOOL_NAME) continue;
			const first = last.get(item.name);
			if (first !== undefined && (first.tool as unknown) !== item) continue;
			if (exclude !== undefined && exclude(item as unknown as ToolInfo) === true) continue;
			return false;
		}
		return at === searchable.length;
	}
}
