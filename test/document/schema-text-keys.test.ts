import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { schemaText } from "../../src/document/schema-text.js";
import { thrown } from "../helpers/thrown.js";

/**
 * The schema walk reads a schema node's keywords (`title`, `description`, `enum`, `const`,
 * `properties`, `items`, ...) only when the node has them as own enumerable string keys: the keys
 * `JSON.stringify` sends a model. Before (to 0.1.0 included) it read each keyword with `[[Get]]`,
 * which also saw inherited and non-enumerable properties.
 */

class OwnFields {
	readonly type = "string";
	readonly description = "own field of a class instance";
}

class PrototypeGetter {
	get description(): string {
		return "from the prototype";
	}
}

function nonEnumerable(key: string, value: unknown): object {
	return Object.defineProperty({}, key, { value, enumerable: false });
}

function throwingGetter(enumerable: boolean): object {
	return Object.defineProperty({ type: "string" }, "description", {
		get(): never {
			throw new Error("hostile getter");
		},
		enumerable,
	});
}

/** A proxy that answers every key on `get` but reports only `keys` as its own. */
function proxyReporting(keys: readonly string[]): object {
	return new Proxy(
		{},
		{
			ownKeys: () => [...keys],
			getOwnPropertyDescriptor: (_target, key) =>
				typeof key === "string" && keys.includes(key)
					? { value: `${key} text`, enumerable: true, configurable: true, writable: true }
					: undefined,
			get: (_target, key) => (key === "properties" ? { answered: {} } : `${String(key)} text`),
		},
	);
}

describe("schemaText reads a node's own enumerable keys", () => {
	it.each<[string, unknown, readonly string[], readonly string[]]>([
		["a class instance's own fields", new OwnFields(), [], ["own field of a class instance"]],
		["a getter on a class's prototype is not read", new PrototypeGetter(), [], []],
		[
			"inherited keys are not read",
			Object.create({ description: "inherited", properties: { inherited: {} } }),
			[],
			[],
		],
		[
			"an object literal's __proto__ is its prototype, not read",
			{ __proto__: { description: "prototype" }, title: "own" },
			[],
			["own"],
		],
		["non-enumerable own keys are not read", nonEnumerable("description", "hidden"), [], []],
		[
			"non-enumerable properties are not read",
			nonEnumerable("properties", { hidden: { description: "hidden" } }),
			[],
			[],
		],
		["a non-enumerable getter that throws is not read", throwingGetter(false), [], []],
		[
			"a null-prototype object",
			Object.assign(Object.create(null), { description: "no prototype", properties: { a: {} } }),
			["a"],
			["no prototype"],
		],
		[
			"a proxy over a plain object reads as the object",
			new Proxy({ description: "proxied", properties: { a: { title: "A" } } }, {}),
			["a"],
			["proxied", "A"],
		],
		["a proxy reads the keys it reports", proxyReporting(["description"]), [], ["description text"]],
		["a proxy that reports no keys reads as empty", proxyReporting([]), [], []],
		[
			"a JSON-parsed __proto__ key is an own key: no keyword, and a property name in properties",
			JSON.parse(
				'{"__proto__": {"description": "not a prototype"}, "properties": {"__proto__": {"description": "a property"}}}',
			),
			["__proto__"],
			["a property"],
		],
		[
			"keywords are read in the walk's order, whatever the key order",
			{
				$ref: "#/$defs/x",
				anyOf: [{ title: "any" }],
				enum: ["e"],
				description: "d",
				title: "t",
				$defs: { x: { title: "ref" } },
			},
			[],
			["t", "d", "e", "any", "ref"],
		],
	])("%s", (_label, schema, names, texts) => {
		expect(schemaText(schema)).toEqual({ names, texts });
	});

	it("reads an own enumerable getter once, and a throwing one throws (createToolSearchDocument: INVALID_TOOL)", () => {
		let reads = 0;
		const counted = {
			get description(): string {
				reads++;
				return "computed";
			},
		};
		expect(schemaText(counted)).toEqual({ names: [], texts: ["computed"] });
		expect(reads).toBe(1);

		const hostile = throwingGetter(true);
		expect(() => schemaText(hostile)).toThrow("hostile getter");
		const error = thrown(() =>
			createToolSearchDocument({ name: "t", inputSchema: { properties: { a: hostile } } }),
		);
		expect([error.code, error.message]).toEqual([
			"INVALID_TOOL",
			"tool-search: tool could not be read: hostile getter",
		]);
	});

	it("reads no key it does not use (a throwing getter on `type` or an unknown key is never called)", () => {
		const schema = {
			get type(): never {
				throw new Error("type read");
			},
			get examples(): never {
				throw new Error("examples read");
			},
			description: "kept",
		};
		expect(schemaText(schema)).toEqual({ names: [], texts: ["kept"] });
	});
});

/** What the walk collects, read with `[[Get]]` (how it read every schema before): the reference. */
function referenceText(schema: unknown): { names: string[]; texts: string[] } {
	const names: string[] = [];
	const texts: string[] = [];
	const isNode = (value: unknown): value is Record<string, unknown> =>
		typeof value === "object" && value !== null && !Array.isArray(value);
	const addText = (value: unknown): void => {
		const text =
			typeof value === "string"
				? value.trim()
				: typeof value === "number" || typeof value === "boolean"
					? String(value)
					: "";
		if (text !== "" && !texts.includes(text)) texts.push(text);
	};
	const each = (list: unknown): void => {
		if (Array.isArray(list)) for (const item of list) walk(item);
	};
	const walk = (node: unknown): void => {
		if (!isNode(node)) return;
		if (typeof node.title === "string") addText(node.title);
		if (typeof node.description === "string") addText(node.description);
		if (Array.isArray(node.enum)) for (const value of node.enum) addText(value);
		if (Object.hasOwn(node, "const")) addText(node.const);
		const properties = node.properties;
		if (isNode(properties)) {
			for (const name in properties) {
				if (!Object.hasOwn(properties, name)) continue;
				if (name.trim() !== "" && !names.includes(name)) names.push(name);
				walk(properties[name]);
			}
		}
		if (Array.isArray(node.items)) each(node.items);
		else walk(node.items);
		each(node.prefixItems);
		walk(node.additionalProperties);
		each(node.anyOf);
		each(node.oneOf);
		each(node.allOf);
	};
	walk(schema);
	return { names, texts };
}

const word = fc.constantFrom("alpha", "beta", " gamma ", "", "delta", "__proto__", "constructor", "toString");
const scalar = fc.oneof(word, fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.constant(null));

/** An object with these entries as own enumerable data properties, `__proto__` included. */
function objectOf(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
	const object: Record<string, unknown> = {};
	for (const [key, value] of entries) {
		Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
	}
	return object;
}

const { schema } = fc.letrec<{ schema: unknown }>((tie) => {
	const child = tie("schema");
	const keywords = fc.record(
		{
			title: fc.oneof(word, scalar),
			description: fc.oneof(word, scalar),
			type: fc.constantFrom("object", "string", "array"),
			enum: fc.oneof(fc.array(scalar, { maxLength: 4 }), scalar),
			const: scalar,
			properties: fc.oneof(fc.dictionary(word, child, { maxKeys: 3 }), scalar),
			items: fc.oneof(child, fc.array(child, { maxLength: 2 })),
			prefixItems: fc.oneof(fc.array(child, { maxLength: 2 }), scalar),
			additionalProperties: fc.oneof(child, fc.boolean()),
			anyOf: fc.array(child, { maxLength: 2 }),
			oneOf: fc.array(child, { maxLength: 2 }),
			allOf: fc.array(child, { maxLength: 2 }),
			required: fc.array(word, { maxLength: 2 }),
			examples: fc.array(scalar, { maxLength: 2 }),
		},
		{ requiredKeys: [] },
	);
	const node = fc
		.tuple(keywords, fc.option(fc.dictionary(word, scalar, { maxKeys: 2 }), { nil: undefined }))
		.chain(([found, proto]) => {
			const entries: [string, unknown][] = Object.entries(found);
			if (proto !== undefined) entries.push(["__proto__", proto]);
			// Any key order: the walk's output follows the keywords, not the keys.
			return fc.shuffledSubarray(entries, { minLength: entries.length }).map(objectOf);
		});
	return { schema: fc.oneof({ maxDepth: 3, depthIdentifier: "schema" }, fc.constant({}), scalar, node) };
});

describe("schemaText on JSON-parsed schemas (property)", () => {
	it("collects what reading every keyword with [[Get]] collects", () => {
		fc.assert(
			fc.property(schema, (generated) => {
				const parsed: unknown = JSON.parse(JSON.stringify(generated));
				expect(schemaText(parsed)).toEqual(referenceText(parsed));
			}),
			{ numRuns: 300 },
		);
	});
});
