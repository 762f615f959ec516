/**
 * The searchable side of a host's catalogue for `tool_search`: which tools can be searched, and
 * their search documents, kept across calls. A host that returns the same tool objects (in a fresh
 * array or not) costs a few property reads per tool and call; a changed tool costs a new document.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { createToolSearchDocument } from "../document/create-tool-search-document.js";
import { isObject } from "../internal/guards.js";
import type { ToolInfo, ToolNamespace, ToolSearchDocument } from "../types.js";

/** A searchable tool with its namespace (as given then) and search document. */
export interface SearchableTool {
	readonly tool: ToolInfo;
	readonly namespace: ToolNamespace | undefined;
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

interface Entry extends SearchableTool {
	readonly description: unknown;
	readonly parameters: unknown;
	readonly inputSchema: unknown;
	readonly title: unknown;
	readonly label: unknown;
	seenAt: number;
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
	return (
		entry.tool === tool &&
		entry.description === tool.description &&
		entry.parameters === tool.parameters &&
		entry.inputSchema === tool.inputSchema &&
		entry.title === tool.title &&
		entry.label === tool.label
	);
}

/**
 * Keeps the search documents of a host's tools across `tool_search` calls. Malformed host tools
 * (not objects, no string name) are skipped; of two tools with one name, the first wins.
 * `exclude` and `namespaceOf` are asked again on every call.
 */
export class SearchableCatalog {
	readonly #exclude: ((tool: ToolInfo) => boolean) | undefined;
	readonly #namespaceOf: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	readonly #entries = new Map<string, Entry>();
	#epoch = 0;
	/** The previous call's host array contents and result, for the fast path. */
	#lastItems: unknown[] = [];
	#last: SearchableTools | undefined;

	constructor(options: {
		exclude?: ((tool: ToolInfo) => boolean) | undefined;
		namespaceOf?: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	}) {
		this.#exclude = options.exclude;
		this.#namespaceOf = options.namespaceOf;
	}

	/** The searchable tools among `all` (what the host's `getAllTools()` returned). */
	collect(all: unknown): SearchableTools {
		const items = Array.isArray(all) ? (all as unknown[]) : [];
		const last = this.#last;
		if (last !== undefined && this.#sameAsLast(items, last)) return last;

		const epoch = ++this.#epoch;
		const tools: SearchableTool[] = [];
		for (const item of items) {
			if (!isObject(item) || typeof item.name !== "string" || item.name === "") continue;
			const tool = item as unknown as ToolInfo;
			let entry = this.#entries.get(tool.name);
			if (entry?.seenAt === epoch) continue; // a second tool of that name
			if (tool.name === TOOL_SEARCH_TOOL_NAME || this.#exclude?.(tool) === true) {
				if (entry !== undefined) entry.seenAt = epoch;
				continue;
			}
			const namespace = snapshotNamespace(this.#namespaceOf?.(tool));
			if (entry === undefined || !unchanged(entry, tool) || !sameNamespace(entry.namespace, namespace)) {
				entry = {
					tool,
					namespace,
					document: createToolSearchDocument(tool, namespace),
					description: tool.description,
					parameters: tool.parameters,
					inputSchema: tool.inputSchema,
					title: tool.title,
					label: tool.label,
					seenAt: epoch,
				};
				this.#entries.set(tool.name, entry);
			}
			entry.seenAt = epoch;
			tools.push(entry);
		}
		if (this.#entries.size > tools.length) {
			for (const [name, entry] of this.#entries) if (entry.seenAt !== epoch) this.#entries.delete(name);
		}
		const entries = this.#entries;
		const result: SearchableTools = {
			tools,
			documents: tools.map((entry) => entry.document),
			get: (name) => {
				const entry = entries.get(name);
				return entry?.seenAt === epoch ? entry : undefined;
			},
		};
		this.#lastItems = items.slice();
		this.#last = result;
		return result;
	}

	/**
	 * Whether the host returned the same tool objects as last time, unchanged, with the same answers
	 * from `exclude` and `namespaceOf`: then last call's result (and documents array) still holds.
	 */
	#sameAsLast(items: readonly unknown[], last: SearchableTools): boolean {
		const previous = this.#lastItems;
		const count = items.length;
		if (count !== previous.length) return false;
		const exclude = this.#exclude;
		const namespaceOf = this.#namespaceOf;
		const searchable = last.tools as readonly Entry[];
		let at = 0;
		for (let i = 0; i < count; i++) {
			const item = items[i];
			if (item !== previous[i]) return false;
			const entry = searchable[at];
			if (entry !== undefined && entry.tool === item) {
				const tool = item as ToolInfo;
				if (!unchanged(entry, tool)) return false;
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
