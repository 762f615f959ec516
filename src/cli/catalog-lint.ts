/**
 * What a catalogue owner wants to fix before a model meets the catalogue: tools without a
 * description, names that differ only in spelling or by one character, one tool name on several
 * servers, and tools that share a description word for word. Pure functions over names and tools.
 */
import { namespaceFromToolName } from "../integration/discovery-policy.js";
import type { ToolInfo } from "../types.js";

/** Tools sharing one key: the key and the names, in catalogue order. */
export interface NameGroup {
	readonly key: string;
	readonly names: readonly string[];
}

/** The problems found, each list in catalogue order. */
export interface CatalogLint {
	/** Tools whose description is missing or blank. */
	readonly emptyDescriptions: readonly string[];
	/** Pairs of names in one namespace that fold to one spelling or are one edit apart. */
	readonly nearDuplicates: readonly (readonly [string, string])[];
	/** Tool names (after the server prefix) that several namespaces have. */
	readonly sharedLocalNames: readonly NameGroup[];
	/** Tools whose descriptions are identical. */
	readonly sameDescriptions: readonly NameGroup[];
}

/** Names past this many characters are not compared for near-duplicates. */
const MAX_COMPARED_NAME = 64;
/** A deletion key shared by more names than this is too common to say anything; it is skipped. */
const MAX_BUCKET = 50;

/** A name with case, separators and camelCase folded: `readFile`, `read_file` and `Read-File` agree. */
export function foldName(name: string): string {
	return name
		.replace(/([a-z0-9])([A-Z])/g, "$1_$2")
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Whether `a` and `b` are at most one insertion, deletion or substitution apart. */
export function withinOneEdit(a: string, b: string): boolean {
	if (Math.abs(a.length - b.length) > 1) return false;
	let i = 0;
	while (i < a.length && i < b.length && a[i] === b[i]) i++;
	if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
	return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function localName(name: string): { namespace: string; local: string } {
	const namespace = namespaceFromToolName(name);
	if (namespace === undefined) return { namespace: "", local: name };
	return { namespace, local: name.slice(name.lastIndexOf("__") + 2) };
}

/**
 * Pairs of names, within one namespace (the `server__` prefix), that fold to one spelling
 * (`read_file`, `readFile`) or whose local names are one edit apart (`list_issue`, `list_issues`).
 * Found through shared deletion keys (each name and its one-character deletions), so it stays
 * linear in the catalogue.
 */
export function nearDuplicateNames(names: readonly string[]): [string, string][] {
	const buckets = new Map<string, string[]>();
	const add = (key: string, name: string) => {
		const bucket = buckets.get(key);
		if (bucket === undefined) buckets.set(key, [name]);
		else if (bucket.at(-1) !== name) bucket.push(name);
	};
	for (const name of names) {
		const { namespace, local } = localName(name);
		add(`fold\u0000${namespace}\u0000${foldName(local)}`, name);
		if (local.length > MAX_COMPARED_NAME) continue;
		add(`edit\u0000${namespace}\u0000${local}`, name);
		for (let at = 0; at < local.length; at++)
			add(`edit\u0000${namespace}\u0000${local.slice(0, at)}${local.slice(at + 1)}`, name);
	}
	const pairs = new Map<string, [string, string]>();
	const order = new Map(names.map((name, at) => [name, at]));
	for (const [key, bucket] of buckets) {
		if (bucket.length < 2 || bucket.length > MAX_BUCKET) continue;
		const folded = key.startsWith("fold");
		for (let i = 0; i < bucket.length; i++) {
			for (let j = i + 1; j < bucket.length; j++) {
				const [a, b] = [bucket[i] as string, bucket[j] as string];
				if (a === b || !(folded || withinOneEdit(localName(a).local, localName(b).local))) continue;
				const pair: [string, string] = (order.get(a) ?? 0) < (order.get(b) ?? 0) ? [a, b] : [b, a];
				pairs.set(`${pair[0]}\u0000${pair[1]}`, pair);
			}
		}
	}
	return [...pairs.values()].sort(
		(x, y) =>
			(order.get(x[0]) ?? 0) - (order.get(y[0]) ?? 0) || (order.get(x[1]) ?? 0) - (order.get(y[1]) ?? 0),
	);
}

function groups(entries: readonly [string, string][]): NameGroup[] {
	const byKey = new Map<string, string[]>();
	for (const [key, name] of entries) byKey.set(key, [...(byKey.get(key) ?? []), name]);
	return [...byKey].flatMap(([key, names]) => (names.length > 1 ? [{ key, names }] : []));
}

/** Every problem of a catalogue. */
export function lintCatalog(tools: readonly ToolInfo[]): CatalogLint {
	const names = tools.map((tool) => tool.name);
	const described = tools.map(
		(tool) => [tool.name, typeof tool.description === "string" ? tool.description.trim() : ""] as const,
	);
	return {
		emptyDescriptions: described.flatMap(([name, text]) => (text === "" ? [name] : [])),
		nearDuplicates: nearDuplicateNames(names),
		sharedLocalNames: groups(
			names.flatMap((name) => {
				const { namespace, local } = localName(name);
				return namespace === "" ? [] : [[local, name] as [string, string]];
			}),
		),
		sameDescriptions: groups(
			described.flatMap(([name, text]) => (text === "" ? [] : [[text, name] as [string, string]])),
		),
	};
}
