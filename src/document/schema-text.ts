/**
 * The JSON Schema walk behind the `parameterNames` and `parameterText` fields: collects property
 * names and human text (titles, descriptions, enum and const values) from a tool's argument schema.
 */

/** What {@link schemaText} collects from a schema. Both lists are deduplicated, in walk order. */
export interface SchemaText {
	/** Property names, nested ones included (`filter.labels` gives `filter` and `labels`). */
	readonly names: readonly string[];
	/** Titles, descriptions, and enum/const values (strings, numbers, booleans, bigints stringified). */
	readonly texts: readonly string[];
}

/**
 * How many levels below the root {@link schemaText} descends (each `properties`, `items`, `anyOf`,
 * `$ref`, ... step is one level). Deeper sub-schemas are ignored.
 */
export const MAX_SCHEMA_DEPTH = 32;

type SchemaObject = Readonly<Record<string, unknown>>;

/** A plain object (not null, not an array): the only thing the walk treats as a schema. */
function isSchemaObject(value: unknown): value is SchemaObject {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Decodes one RFC 6901 reference token: `~1` is `/` and `~0` is `~` (in that order, so `~01` is
 * `~1`). The fragment is percent-decoded first, as RFC 6901 section 6 asks of URI fragments.
 */
function unescapeToken(token: string): string {
	let decoded = token;
	if (decoded.includes("%")) {
		try {
			decoded = decodeURIComponent(decoded);
		} catch {
			// A malformed escape: keep the token as written.
		}
	}
	return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * Resolves a local `$ref` (`#`, `#/$defs/X`, `#/definitions/X`, `#/properties/a/items`, ...) against
 * the root schema. Only own properties are followed, so `#/__proto__` or `#/constructor` resolve to
 * nothing. Returns `undefined` for remote refs, `$anchor` refs (`#name`), and dangling pointers.
 */
function resolveLocalRef(root: unknown, ref: string): unknown {
	if (ref === "#") return root;
	if (!ref.startsWith("#/")) return undefined;
	let current: unknown = root;
	for (const raw of ref.slice(2).split("/")) {
		const token = unescapeToken(raw);
		if (Array.isArray(current)) {
			if (!/^(?:0|[1-9]\d*)$/.test(token)) return undefined;
			current = current[Number(token)];
		} else if (isSchemaObject(current) && Object.hasOwn(current, token)) {
			current = current[token];
		} else {
			return undefined;
		}
	}
	return current;
}

/** A string worth indexing: trimmed, or `undefined` when empty or not text-like. */
function textOf(value: unknown): string | undefined {
	let text: string;
	if (typeof value === "string") text = value.trim();
	else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
		text = String(value);
	} else return undefined;
	return text === "" ? undefined : text;
}

/**
 * Walks a JSON Schema and collects its property names and text, for search.
 *
 * Descends through `properties`, `items` (schema or array form), `prefixItems`,
 * `additionalProperties` (when it is a schema, not a boolean), `anyOf`, `oneOf`, `allOf`, and local
 * `$ref`s (JSON pointers resolved against the root `schema`, e.g. `#/$defs/Issue`). `not` is skipped:
 * it describes what the tool does *not* accept. Remote refs and `$anchor` refs are ignored.
 *
 * - Never throws on malformed input: anything that is not a plain object where a schema is expected
 *   (null, numbers, strings, arrays) is skipped, as are non-string descriptions and titles.
 * - Terminates on cycles (`$ref` to itself, mutual refs, JS object cycles): each schema object is
 *   visited once, and the walk stops {@link MAX_SCHEMA_DEPTH} levels below the root.
 * - Runs in time linear in the size of the schema (10,000 properties is fine).
 * - Every key of `properties` counts as a name, whatever its value (`true` is a valid schema).
 *   Texts are trimmed; empty names and texts are dropped; exact duplicates are kept once.
 * - A sub-schema reached twice (shared by JS reference or by `$ref`) is read at its first visit
 *   only; since output is deduplicated this loses nothing, except when that first visit was
 *   already close to the depth cap.
 *
 * @example
 * ```ts
 * schemaText({
 *   type: "object",
 *   properties: {
 *     title: { type: "string", description: "Issue title" },
 *     filter: { type: "object", properties: { labels: { type: "array", items: { enum: ["bug", "docs"] } } } },
 *   },
 * });
 * // { names: ["title", "filter", "labels"], texts: ["Issue title", "bug", "docs"] }
 * ```
 */
export function schemaText(schema: unknown): SchemaText {
	const names = new Set<string>();
	const texts = new Set<string>();
	const visited = new Set<object>();
	const refCache = new Map<string, unknown>();

	const addText = (value: unknown): void => {
		const text = textOf(value);
		if (text !== undefined) texts.add(text);
	};

	const walkEach = (list: unknown, depth: number): void => {
		if (!Array.isArray(list)) return;
		for (const item of list) walk(item, depth);
	};

	const walk = (node: unknown, depth: number): void => {
		if (depth > MAX_SCHEMA_DEPTH || !isSchemaObject(node) || visited.has(node)) return;
		visited.add(node);
		const next = depth + 1;

		if (typeof node.title === "string") addText(node.title);
		if (typeof node.description === "string") addText(node.description);
		if (Array.isArray(node.enum)) for (const value of node.enum) addText(value);
		if (Object.hasOwn(node, "const")) addText(node.const);

		const properties = node.properties;
		if (isSchemaObject(properties)) {
			for (const name of Object.keys(properties)) {
				if (name.trim() !== "") names.add(name);
				walk(properties[name], next);
			}
		}

		if (Array.isArray(node.items)) walkEach(node.items, next);
		else walk(node.items, next);
		walkEach(node.prefixItems, next);
		walk(node.additionalProperties, next);
		walkEach(node.anyOf, next);
		walkEach(node.oneOf, next);
		walkEach(node.allOf, next);

		const ref = node.$ref;
		if (typeof ref === "string") {
			let target = refCache.get(ref);
			if (target === undefined && !refCache.has(ref)) {
				target = resolveLocalRef(schema, ref);
				refCache.set(ref, target);
			}
			walk(target, next);
		}
	};

	walk(schema, 0);
	return { names: [...names], texts: [...texts] };
}
