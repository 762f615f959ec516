/**
 * One `tool_search` call's view of the host's catalogue: which tools can be searched, looked up by
 * name, with each tool's fields as read once and its search document built when first read.
 *
 * Laid out as columns (host objects, names, five fields per tool, namespaces) with a name → index
 * map, and the per-tool {@link SearchableTool} objects made on demand: a first call over 100,000
 * tools whose ranker answers from a saved index reads a handful of them, so it pays for one map
 * and a few arrays, not 100,000 objects (most of a cold start's first call, before).
 */
import { buildToolSearchDocument } from "../document/create-tool-search-document.js";
import { ToolSearchError } from "../errors.js";
import type { ToolInfo, ToolNamespace, ToolSearchDocument } from "../types.js";
import { NamespaceTally } from "./namespace-tally.js";
import type { ToolSearchNamespaceSummary } from "./result-types.js";
import type { NameLookup } from "./taken-names.js";

/** A searchable tool with its namespace (as given then) and search document. */
export interface SearchableTool {
	readonly tool: ToolInfo;
	/** The tool's name as read when it was collected. */
	readonly name: string;
	/**
	 * The tool's fields as read when it was collected (`name`, `description`, `parameters`,
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
	/** How many tools can be searched (active ones included). */
	readonly size: number;
	/** Searchable tools in catalogue order (active ones included). */
	readonly tools: readonly SearchableTool[];
	/** Their documents, the same array object while nothing changed (so rankers can skip work). */
	readonly documents: readonly ToolSearchDocument[];
	/** A searchable tool by name. */
	get(name: string): SearchableTool | undefined;
	/**
	 * The namespaces of the searchable tools not named in `hidden`, as `summarizeNamespaces` lists
	 * them; tallied once per view.
	 */
	namespaceSummary(hidden: ReadonlySet<string>): ToolSearchNamespaceSummary[];
}

/** How many fields {@link CatalogView.fields} holds per tool, in the order {@link readFields} reads them. */
export const FIELDS_PER_TOOL = 5;

/**
 * Writes `tool`'s `description`, `parameters`, `inputSchema`, `title` and `label` to `fields` from
 * `at`, each read once; a getter that throws throws here, before anything is written.
 */
export function readFields(tool: ToolInfo, fields: unknown[], at: number): void {
	const { description, parameters, inputSchema, title, label } = tool;
	fields[at] = description;
	fields[at + 1] = parameters;
	fields[at + 2] = inputSchema;
	fields[at + 3] = title;
	fields[at + 4] = label;
}

/** Whether `tool`'s fields are `fields`' five from `at` (the same values, compared with `===`). */
export function sameFields(tool: ToolInfo, fields: readonly unknown[], at: number): boolean {
	// Fields, not the object: pi's getAllTools() returns fresh objects with the same fields each time.
	return (
		tool.description === fields[at] &&
		tool.parameters === fields[at + 1] &&
		tool.inputSchema === fields[at + 2] &&
		tool.title === fields[at + 3] &&
		tool.label === fields[at + 4]
	);
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

/**
 * A searchable tool, made from a view's columns (its fields copied out, so that an entry carried
 * into later views does not keep this view's columns alive); its `info` and document are made
 * when first read.
 */
export class Entry implements SearchableTool {
	readonly tool: ToolInfo;
	readonly name: string;
	readonly namespace: ToolNamespace | undefined;
	/** The tool's five fields, as {@link readFields} reads them. */
	readonly #fields: readonly unknown[];
	#info: ToolInfo | undefined;
	#document: ToolSearchDocument | undefined;

	constructor(
		tool: ToolInfo,
		name: string,
		namespace: ToolNamespace | undefined,
		fields: readonly unknown[],
		at: number,
	) {
		this.tool = tool;
		this.name = name;
		this.namespace = namespace;
		this.#fields = fields.slice(at, at + FIELDS_PER_TOOL);
	}

	get info(): ToolInfo {
		if (this.#info === undefined) {
			const [description, parameters, inputSchema, title, label] = this.#fields;
			const info = { name: this.name, description, parameters, inputSchema, title, label };
			this.#info = Object.freeze(info as ToolInfo);
		}
		return this.#info;
	}

	get document(): ToolSearchDocument {
		this.#document ??= documentOf(this.info, this.namespace);
		return this.#document;
	}
}

export function sameNamespace(a: ToolNamespace | undefined, b: ToolNamespace | undefined): boolean {
	if (a === b) return true;
	if (a === undefined || b === undefined) return false;
	return a.name === b.name && a.description === b.description && a.instructions === b.instructions;
}

/** The columns of a view, as a collect fills them. */
export interface ViewColumns {
	/** The searchable tools' host objects, in catalogue order. */
	readonly items: ToolInfo[];
	readonly names: string[];
	/** {@link FIELDS_PER_TOOL} per tool, as {@link readFields} appends them. */
	readonly fields: unknown[];
	/** Per tool, when the catalogue has a `namespaceOf`; else `undefined`. */
	readonly namespaces: (ToolNamespace | undefined)[] | undefined;
	/** A searchable tool's index by name (`undefined` or -1 for any other name). */
	byName: NameLookup;
	/** Entries carried over from an earlier view (their documents are built), by index. */
	readonly reused: (Entry | undefined)[] | undefined;
}

/**
 * One call's view, immutable once collected: overlapping `tool_search` calls each keep their own
 * (an earlier call's lookups must not see what a later call collected while it awaited its ranker).
 */
export class CatalogView implements SearchableTools {
	readonly size: number;
	readonly items: readonly ToolInfo[];
	readonly names: readonly string[];
	readonly fields: readonly unknown[];
	readonly namespaces: readonly (ToolNamespace | undefined)[] | undefined;
	readonly byName: NameLookup;
	/** The entries made so far, by index (allocated at the first). */
	#entries: (Entry | undefined)[] | undefined;
	#tools: readonly Entry[] | undefined;
	#documents: readonly ToolSearchDocument[] | undefined;
	#namespaceTally: NamespaceTally | undefined;

	constructor(columns: ViewColumns) {
		this.size = columns.items.length;
		this.items = columns.items;
		this.names = columns.names;
		this.fields = columns.fields;
		this.namespaces = columns.namespaces;
		this.byName = columns.byName;
		this.#entries = columns.reused;
	}

	/** The searchable tool at `index` (made now if no call read it before). */
	entryAt(index: number): Entry {
		this.#entries ??= new Array<Entry | undefined>(this.size);
		let entry = this.#entries[index];
		if (entry === undefined) {
			const tool = this.items[index] as ToolInfo;
			const namespace = this.namespaces?.[index];
			entry = new Entry(tool, this.names[index] as string, namespace, this.fields, index * FIELDS_PER_TOOL);
			this.#entries[index] = entry;
		}
		return entry;
	}

	/** The entry at `index` if one was made (its document may be built), else `undefined`. */
	madeAt(index: number): Entry | undefined {
		return this.#entries?.[index];
	}

	get tools(): readonly Entry[] {
		if (this.#tools === undefined) {
			const tools = new Array<Entry>(this.size);
			for (let i = 0; i < this.size; i++) tools[i] = this.entryAt(i);
			this.#tools = Object.freeze(tools);
		}
		return this.#tools;
	}

	/** Built on first read (each tool's document with it), then the same array; frozen, so a ranker given it again knows its elements are the same. */
	get documents(): readonly ToolSearchDocument[] {
		this.#documents ??= Object.freeze(this.tools.map((entry) => entry.document));
		return this.#documents;
	}

	get(name: string): SearchableTool | undefined {
		const index = this.byName.get(name);
		return index === undefined || index < 0 ? undefined : this.entryAt(index);
	}

	namespaceSummary(hidden: ReadonlySet<string>): ToolSearchNamespaceSummary[] {
		if (this.namespaces === undefined) return [];
		this.#namespaceTally ??= new NamespaceTally(this.namespaces);
		const at = new Set<number>();
		for (const name of hidden) {
			const index = this.byName.get(name);
			if (index !== undefined && index >= 0) at.add(index);
		}
		return this.#namespaceTally.summary(at);
	}
}
