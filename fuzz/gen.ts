/**
 * Shared generators: hostile strings, numbers and values, tools and catalogues. Everything here
 * is deterministic for a given fast-check seed; hostile objects (proxies, throwing getters) are built
 * by `map`, so each run gets fresh ones.
 */
import fc from "fast-check";
import type { ToolInfo } from "tool-search";
import { unfreezable } from "./harness.js";

/** Words the catalogues are made of, so that queries match something. */
export const WORDS = [
	"send",
	"email",
	"message",
	"file",
	"read",
	"write",
	"issue",
	"github",
	"weather",
	"forecast",
	"calendar",
	"event",
	"create",
	"list",
	"delete",
	"search",
	"user",
	"slack",
	"channel",
	"price",
	"stock",
	"database",
	"query",
	"the",
	"a",
	"of",
] as const;

export const word = fc.constantFrom(...WORDS);
export const words = (max = 8) => fc.array(word, { maxLength: max }).map((list) => list.join(" "));

/** Strings a model or a server might produce: unicode, controls, lone surrogates, RTL, emoji, long runs. */
export const hostileString = (maxLength = 64): fc.Arbitrary<string> =>
	fc.oneof(
		{ weight: 4, arbitrary: words(6) },
		{ weight: 2, arbitrary: fc.string({ maxLength, unit: "grapheme" }) },
		{ weight: 2, arbitrary: fc.string({ maxLength, unit: "binary" }) },
		{ weight: 1, arbitrary: fc.string({ maxLength }) },
		{
			weight: 1,
			arbitrary: fc.constantFrom(
				"",
				" ",
				"\u0000",
				"\ud800",
				"\udfff",
				"\u202e\u202d",
				"\u200b\u200b",
				"İı",
				"ß",
				"ﬁle",
				"\uFEFFsend",
				"__proto__",
				"constructor",
				"prototype",
				"toString",
				"hasOwnProperty",
				"__defineGetter__",
				"valueOf",
				"🧪🔥💥",
				"a\u0301\u0301\u0301\u0301",
				"-".repeat(300),
				"_".repeat(300),
				"a__".repeat(100),
				"__",
				"x".repeat(10_000),
				"getHTTPResponseXMLParser".repeat(50),
				"send email ".repeat(500),
			),
		},
	);

/** Long inputs (10³–10⁵ characters), rarely, so a full run stays fast. */
export const hugeString: fc.Arbitrary<string> = fc
	.record({
		unit: fc.constantFrom(
			"a",
			"send ",
			"é",
			"\u0301",
			"🙂",
			"_",
			"__",
			"-",
			" ",
			"a1",
			"Ab",
			"HTTPServer",
			"x y z ",
			"\ud800",
			"email",
		),
		size: fc.integer({ min: 1_000, max: 100_000 }),
	})
	.map(({ unit, size }) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size));

/** Numbers as a `limit` may come: huge, fractional, negative, NaN, infinities, -0. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
	fc.constantFrom(1, 2, 3, 8, 50, 100, 1e9, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308),
	fc.constantFrom(0, -0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-300),
	fc.integer({ min: -5, max: 500 }),
	fc.double(),
);

/** Any value, fast-check's widest. */
export const anything = fc.anything({
	withBigInt: true,
	withBoxedValues: true,
	withDate: true,
	withMap: true,
	withSet: true,
	withNullPrototype: true,
	withObjectString: true,
	withSparseArray: true,
	withTypedArray: true,
	withUnicodeString: true,
	maxDepth: 3,
});

/** A value whose every read throws. */
export function throwingProxy(label: string): object {
	const fail = (): never => {
		throw new Error(`${label}: hostile proxy trap`);
	};
	const proxy = new Proxy(
		{},
		{
			// fast-check reads its own symbol keys (clone, stringify) off generated values.
			get: (_target, key) =>
				key === fc.toStringMethod
					? () => `<proxy ${label}: every trap throws>`
					: typeof key === "symbol"
						? undefined
						: fail(),
			has: (_target, key) => (typeof key === "symbol" ? false : fail()),
			ownKeys: fail,
			getOwnPropertyDescriptor: fail,
			getPrototypeOf: fail,
			set: fail,
			defineProperty: fail,
			deleteProperty: fail,
		},
	);
	unfreezable.add(proxy);
	return proxy;
}

/** An object whose listed keys have getters that throw. */
export function throwingGetters(base: Record<string, unknown>, keys: readonly string[]): object {
	const value: Record<string, unknown> = { ...base };
	for (const key of keys) {
		Object.defineProperty(value, key, {
			enumerable: true,
			get() {
				throw new Error(`hostile getter ${key}`);
			},
		});
	}
	return value;
}

/** An object with an own `__proto__` key (as `JSON.parse` makes it), and other polluting keys. */
export function pollutingObject(extra: Record<string, unknown>): Record<string, unknown> {
	const value = JSON.parse(
		'{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}',
	);
	for (const [key, item] of Object.entries(extra)) value[key] = item;
	return value;
}

/** A JSON Schema nested `depth` levels (`properties.a.properties.a...`). */
export function deepSchema(depth: number, via: "properties" | "items" | "anyOf" = "properties"): object {
	let schema: Record<string, unknown> = { type: "string", description: "the leaf" };
	for (let i = 0; i < depth; i++) {
		if (via === "properties")
			schema = { type: "object", properties: { a: schema }, description: `level ${i}` };
		else if (via === "items") schema = { type: "array", items: schema };
		else schema = { anyOf: [schema, { type: "null" }] };
	}
	return schema;
}

/** A schema that contains itself. */
export function cyclicSchema(): object {
	const schema: Record<string, unknown> = { type: "object", description: "cyclic" };
	schema.properties = { self: schema, list: { type: "array", items: schema } };
	return schema;
}

/** A schema with `width` properties, each with a description. */
export function wideSchema(width: number): object {
	const properties: Record<string, unknown> = {};
	for (let i = 0; i < width; i++)
		properties[`p${i}`] = { type: "string", description: `parameter ${i} of many` };
	return { type: "object", properties };
}

/** A plain, well-formed tool. */
export const plainTool = (name: fc.Arbitrary<string>): fc.Arbitrary<ToolInfo> =>
	fc
		.record({
			name,
			description: words(10),
			param: fc.constantFrom("path", "to", "city", "q", "repo", "title"),
			title: fc.option(words(3), { nil: undefined }),
		})
		.map(({ name: toolName, description, param, title }) => ({
			name: toolName,
			description,
			...(title === undefined ? {} : { title }),
			inputSchema: { type: "object", properties: { [param]: { type: "string", description } } },
		}));

/** Names like an MCP catalogue's: `server__verb_object`. */
export const toolName = fc
	.tuple(fc.constantFrom("gh", "wx", "fs", "mail", "db", ""), word, word)
	.map(([server, verb, object]) => (server === "" ? `${verb}_${object}` : `${server}__${verb}_${object}`));

/** A deterministic catalogue of `size` distinct tools (no fast-check: the same on every run). */
export function fixedCatalogue(size: number, seed = 1): ToolInfo[] {
	let state = seed >>> 0 || 1;
	const next = (n: number): number => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) % n;
	};
	const pick = (): string => WORDS[next(WORDS.length)] as string;
	const servers = ["github", "weather", "files", "mail", "db", "calendar", "slack", "stocks"];
	const tools: ToolInfo[] = [];
	for (let i = 0; i < size; i++) {
		const server = servers[i % servers.length] as string;
		const description = Array.from({ length: 6 + next(20) }, pick).join(" ");
		tools.push({
			name: `${server}__${pick()}_${pick()}_${i}`,
			description: `${description}. ${Array.from({ length: 8 }, pick).join(" ")}.`,
			inputSchema: {
				type: "object",
				properties: { [pick()]: { type: "string", description: Array.from({ length: 4 }, pick).join(" ") } },
			},
		});
	}
	return tools;
}
