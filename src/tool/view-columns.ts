/**
 * The columns a collect writes for a view (`catalog-view.ts`), and what it carries over from the
 * last collect: the entries (and built documents) of tools read again with the same fields.
 * @internal
 */
import type { ToolInfo, ToolNamespace } from "../types.js";
import {
	type CatalogView,
	type Entry,
	FIELDS_PER_TOOL,
	sameFields,
	sameNamespace,
	type ViewColumns,
} from "./catalog-view.js";
import type { NameLookup } from "./taken-names.js";

/** What a collect carries over from the last one, to reuse built documents. */
export interface Known {
	readonly view: CatalogView | undefined;
	/** Entries of tools the last collect excluded. */
	readonly excluded: ReadonlyMap<string, Entry>;
}

/**
 * Where the tool just read (at `at` in `columns`) was in the last view when it was searchable
 * there with the same fields and namespace (so any document built for it still holds), else -1.
 * Compares the fields as just read, not read again: a getter may answer differently each time.
 */
function lastIndexOf(view: CatalogView, name: string, at: number, columns: ViewColumns): number {
	const last = view.byName.get(name);
	if (last === undefined || last < 0) return -1;
	const { fields } = columns;
	const from = at * FIELDS_PER_TOOL;
	const lastFrom = last * FIELDS_PER_TOOL;
	for (let i = 0; i < FIELDS_PER_TOOL; i++) if (fields[from + i] !== view.fields[lastFrom + i]) return -1;
	return sameNamespace(view.namespaces?.[last], columns.namespaces?.[at]) ? last : -1;
}

/** Whether `entry` was made from the fields and namespace just read at `at` in `columns` (its document holds). */
function madeFrom(entry: Entry, at: number, columns: ViewColumns): boolean {
	return (
		sameFields(entry.info, columns.fields, at * FIELDS_PER_TOOL) &&
		sameNamespace(entry.namespace, columns.namespaces?.[at])
	);
}

/**
 * Columns for up to `capacity` tools, written by index (at 100k tools, in a fresh process, pushing
 * the same values cost ≈ 30 ms against ≈ 16, most of it growing the arrays); {@link finishColumns}
 * cuts them to the tools taken.
 */
export function emptyColumns(capacity: number, namespaces: boolean, reuse: boolean): ViewColumns {
	return {
		items: new Array<ToolInfo>(capacity),
		names: new Array<string>(capacity),
		fields: new Array<unknown>(capacity * FIELDS_PER_TOOL),
		namespaces: namespaces ? new Array<ToolNamespace | undefined>(capacity) : undefined,
		byName: NO_NAMES,
		reused: reuse ? [] : undefined,
	};
}

const NO_NAMES = new Map<string, number>();

/** Cuts `columns` to the `count` tools taken, found by `byName`. */
export function finishColumns(columns: ViewColumns, count: number, byName: NameLookup): void {
	columns.items.length = count;
	columns.names.length = count;
	columns.fields.length = count * FIELDS_PER_TOOL;
	if (columns.namespaces !== undefined) columns.namespaces.length = count;
	columns.byName = byName;
}

/**
 * Carries over the entry (and its built document) of the tool just taken at `at` from the last
 * view or from the tools the last collect excluded, when its fields and namespace are the same;
 * whether it was the tool at the same index last time.
 */
export function reuseEntry(known: Known, view: CatalogView, columns: ViewColumns, at: number): boolean {
	const name = columns.names[at] as string;
	const last = lastIndexOf(view, name, at, columns);
	if (last >= 0) {
		(columns.reused as (Entry | undefined)[])[at] = view.madeAt(last);
	} else {
		const parked = known.excluded.get(name);
		if (parked !== undefined && madeFrom(parked, at, columns))
			(columns.reused as (Entry | undefined)[])[at] = parked;
	}
	return last === at;
}

/** The entry made for `name` in the last view, or kept aside when the last collect excluded it. */
export function madeEntry(known: Known, name: string): Entry | undefined {
	const last = known.view?.byName.get(name);
	return last !== undefined && last >= 0 ? known.view?.madeAt(last) : known.excluded.get(name);
}
