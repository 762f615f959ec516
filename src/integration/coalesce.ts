/**
 * `coalesceByNamespace`: ranked search results grouped by namespace, for hosts whose wire format
 * has namespaces (seed: Codex merges the hits of one MCP server into one namespace spec).
 */
import { quote, ToolSearchError } from "../errors.js";

/**
 * One group of {@link coalesceByNamespace}: the items of one namespace, or a single item without one.
 *
 * @example
 * ```ts
 * const group: NamespaceGroup<string> = { namespace: "github", items: ["github__create_issue"] };
 * ```
 */
export interface NamespaceGroup<T> {
	/** The namespace, or `undefined` for an item without one. */
	namespace: string | undefined;
	/** The items, in rank order. */
	items: T[];
}

/**
 * Reads what a `namespaceOf` callback returned: a non-empty string is a namespace, `undefined` and
 * `null` are none, anything else is a host bug.
 *
 * @throws {ToolSearchError} `INVALID_TOOL` when `value` is neither a non-empty string, `undefined` nor `null`.
 *
 * @example
 * ```ts
 * readNamespace(namespaceOf(tool), tool.name); // "github" or undefined
 * ```
 */
export function readNamespace(value: unknown, item: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value === "string" && value !== "") return value;
	throw new ToolSearchError(
		"INVALID_TOOL",
		`namespaceOf must return a non-empty string or undefined, got ${quote(value)} for ${quote(item)}`,
	);
}

/**
 * Groups ranked items by namespace. Groups come in the rank order of each namespace's first item,
 * and keep their items in rank order. An item without a namespace (`namespaceOf` returns
 * `undefined` or `null`) is a group of its own, at its rank: items without a namespace are never
 * merged, even when adjacent, since nothing says they belong together. Neither `items` nor its
 * elements are mutated; every item appears in exactly one group.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `items` is not an array or `namespaceOf` not a
 * function; `INVALID_TOOL` when `namespaceOf` returns something other than a non-empty string,
 * `undefined` or `null`.
 *
 * @example
 * ```ts
 * const namespaceOf = (name: string) => (name.includes("__") ? name.split("__")[0] : undefined);
 * coalesceByNamespace(["gh__a", "read", "slack__b", "gh__c"], namespaceOf);
 * // [{ namespace: "gh", items: ["gh__a", "gh__c"] }, { namespace: undefined, items: ["read"] },
 * //  { namespace: "slack", items: ["slack__b"] }]
 * ```
 */
export function coalesceByNamespace<T>(
	items: readonly T[],
	namespaceOf: (item: T) => string | undefined,
): NamespaceGroup<T>[] {
	if (!Array.isArray(items)) {
		throw new ToolSearchError("INVALID_OPTIONS", `items must be an array, got ${quote(items)}`);
	}
	if (typeof namespaceOf !== "function") {
		throw new ToolSearchError("INVALID_OPTIONS", `namespaceOf must be a function, got ${quote(namespaceOf)}`);
	}
	const groups: NamespaceGroup<T>[] = [];
	const byNamespace = new Map<string, NamespaceGroup<T>>();
	for (const item of items as readonly T[]) {
		const namespace = readNamespace(namespaceOf(item), item);
		if (namespace === undefined) {
			groups.push({ namespace: undefined, items: [item] });
			continue;
		}
		const group = byNamespace.get(namespace);
		if (group !== undefined) group.items.push(item);
		else {
			const created: NamespaceGroup<T> = { namespace, items: [item] };
			byNamespace.set(namespace, created);
			groups.push(created);
		}
	}
	return groups;
}
