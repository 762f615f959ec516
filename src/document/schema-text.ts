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

import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES, MAX_SCHEMA_TEXT_LENGTH } from "../defaults.js";
import { UniqueList } from "./unique-list.js";

export { MAX_SCHEMA_DEPTH } from "../defaults.js";

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
 * - Reads what `JSON.stringify` would send a model: a node's keywords (`title`, `description`,
 *   `enum`, `const`, `properties`, `items`, ...) only when they are its own enumerable string keys,
 *   and `properties`' own enumerable keys. Inherited keys (a class's prototype getters,
 *   `Object.create(base)`) and non-enumerable ones are not read; a Proxy is read through the keys
 *   its `ownKeys` trap reports. A keyword's value is read once, and keys the walk does not use are
 *   never read (so their getters never run).
 * - Never throws on malformed input: anything that is not a plain object where a schema is expected
 *   (null, numbers, strings, arrays) is skipped, as are non-string descriptions and titles. What a
 *   read getter or proxy trap throws comes through (`createToolSearchDocument` turns it into
 *   `INVALID_TOOL`).
 * - Terminates on cycles (`$ref` to itself, mutual refs, JS object cycles): each schema object is
 *   visited once, and the walk stops {@link MAX_SCHEMA_DEPTH} levels below the root.
 * - Reads a bounded part of any schema: at most {@link MAX_SCHEMA_NODES} schema nodes, property
 *   names and enum values together, and {@link MAX_SCHEMA_TEXT_LENGTH} code units of names and
 *   texts (the text crossing it is cut); the rest is ignored, in walk order. Recursion is at most
 *   {@link MAX_SCHEMA_DEPTH} deep, so no schema overflows the stack. Listing the keys of each node
 *   read (and of each `properties` object) takes time linear in their number, as
 *   `JSON.stringify` of the schema does: a node of a million keys costs about half a second.
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
	const walk: SchemaWalk = {
		root: schema,
		names: new UniqueList(),
		texts: new UniqueList(),
		visited: new UniqueList(),
		items: MAX_SCHEMA_NODES,
		chars: MAX_SCHEMA_TEXT_LENGTH,
		refs: undefined,
	};
	walkSchema(walk, schema, 0);
	return { names: walk.names.items, texts: walk.texts.items };
}

/** The state of one {@link schemaText} walk (module-level functions, no closures per call). */
interface SchemaWalk {
	readonly root: unknown;
	readonly names: UniqueList<string>;
	readonly texts: UniqueList<string>;
	readonly visited: UniqueList<object>;
	/** Schema nodes, property names and enum values still to read ({@link MAX_SCHEMA_NODES} at first). */
	items: number;
	/** Code units of names and texts still to collect ({@link MAX_SCHEMA_TEXT_LENGTH} at first). */
	chars: number;
	/** Resolved `$ref`s, made on the first `$ref`. */
	refs: Map<string, unknown> | undefined;
}

/** Whether the walk may read one more item (a node, a property name, an enum value). */
function take(walk: SchemaWalk): boolean {
	if (walk.items <= 0 || walk.chars <= 0) return false;
	walk.items--;
	return true;
}

/** Adds `text` to `into` within the character budget (a text crossing it is cut). */
function addWithin(walk: SchemaWalk, into: UniqueList<string>, text: string): void {
	if (into.has(text)) return;
	const kept = text.length <= walk.chars ? text : text.slice(0, walk.chars);
	walk.chars -= kept.length;
	// A cut text may equal one kept already.
	if (kept !== text && into.has(kept)) return;
	into.push(kept);
}

function addText(walk: SchemaWalk, value: unknown): void {
	const cap = walk.chars + 1_000;
	const text = textOf(typeof value === "string" && value.length > cap ? value.slice(0, cap) : value);
	if (text !== undefined) addWithin(walk, walk.texts, text);
}

/** Adds `value` as a text when it is a string (titles and descriptions: other types are skipped). */
function addString(walk: SchemaWalk, value: unknown): void {
	if (typeof value === "string") addText(walk, value);
}

function walkEach(walk: SchemaWalk, list: unknown, depth: number): void {
	if (!Array.isArray(list)) return;
	for (const item of list) {
		if (walk.items <= 0) return;
		walkSchema(walk, item, depth);
	}
}

// The keywords the walk reads, one bit each in what keywordsOf returns.
const TITLE = 1;
const DESCRIPTION = 2;
const ENUM = 4;
const CONST = 8;
const PROPERTIES = 16;
const ITEMS = 32;
const PREFIX_ITEMS = 64;
const ADDITIONAL_PROPERTIES = 128;
const ANY_OF = 256;
const ONE_OF = 512;
const ALL_OF = 1024;
const REF = 2048;

/**
 * The keywords the walk reads that `node` has as own enumerable string keys, as a bit set: one pass
 * over the node's keys instead of a `[[Get]]` per keyword, most of which would miss (a node has
 * two or three of the twelve). For a JSON-parsed node the two read the same values (a property
 * test holds it); they differ only for inherited, non-enumerable and proxied keys, which
 * `JSON.stringify` does not send either.
 */
function keywordsOf(node: SchemaObject): number {
	let found = 0;
	for (const key in node) {
		if (!Object.hasOwn(node, key)) continue;
		switch (key) {
			// The commonest keys first: a string switch compares case by case.
			case "type":
			case "required":
				break;
			case "description":
				found |= DESCRIPTION;
				break;
			case "properties":
				found |= PROPERTIES;
				break;
			case "title":
				found |= TITLE;
				break;
			case "enum":
				found |= ENUM;
				break;
			case "const":
				found |= CONST;
				break;
			case "items":
				found |= ITEMS;
				break;
			case "prefixItems":
				found |= PREFIX_ITEMS;
				break;
			case "additionalProperties":
				found |= ADDITIONAL_PROPERTIES;
				break;
			case "anyOf":
				found |= ANY_OF;
				break;
			case "oneOf":
				found |= ONE_OF;
				break;
			case "allOf":
				found |= ALL_OF;
				break;
			case "$ref":
				found |= REF;
				break;
		}
	}
	return found;
}

function walkSchema(walk: SchemaWalk, node: unknown, depth: number): void {
	if (depth > MAX_SCHEMA_DEPTH || !isSchemaObject(node) || walk.visited.has(node)) return;
	if (!take(walk)) return;
	walk.visited.push(node);
	const next = depth + 1;
	const has = keywordsOf(node);
	if (has === 0) return;

	if (has & TITLE) addString(walk, node.title);
	if (has & DESCRIPTION) addString(walk, node.description);
	if (has & ENUM) {
		const values = node.enum;
		if (Array.isArray(values)) {
			for (const value of values) {
				if (!take(walk)) break;
				addText(walk, value);
			}
		}
	}
	if (has & CONST) addText(walk, node.const);
	if (has & PROPERTIES) walkProperties(walk, node.properties, next);
	if (has & ITEMS) {
		const items = node.items;
		if (Array.isArray(items)) walkEach(walk, items, next);
		else walkSchema(walk, items, next);
	}
	if (has & PREFIX_ITEMS) walkEach(walk, node.prefixItems, next);
	if (has & ADDITIONAL_PROPERTIES) walkSchema(walk, node.additionalProperties, next);
	if (has & ANY_OF) walkEach(walk, node.anyOf, next);
	if (has & ONE_OF) walkEach(walk, node.oneOf, next);
	if (has & ALL_OF) walkEach(walk, node.allOf, next);
	if (has & REF) walkRef(walk, node.$ref, next);
}

/** Each own enumerable key of `properties` is a name, and its value a schema. */
function walkProperties(walk: SchemaWalk, properties: unknown, depth: number): void {
	if (!isSchemaObject(properties)) return;
	for (const name in properties) {
		if (!Object.hasOwn(properties, name)) continue;
		if (!take(walk)) break;
		if (name.trim() !== "") addWithin(walk, walk.names, name);
		walkSchema(walk, properties[name], depth);
	}
}

/** Walks the target of a local `$ref` (resolved once per walk). */
function walkRef(walk: SchemaWalk, ref: unknown, depth: number): void {
	if (typeof ref !== "string") return;
	walk.refs ??= new Map();
	let target = walk.refs.get(ref);
	if (target === undefined && !walk.refs.has(ref)) {
		target = resolveLocalRef(walk.root, ref);
		walk.refs.set(ref, target);
	}
	walkSchema(walk, target, depth);
}
