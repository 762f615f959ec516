/**
 * Property 4, damaged snapshots: `toJSON` of a random index (or ranker), damaged at random
 * (numbers changed, arrays truncated / extended / shuffled, keys deleted or added, strings and
 * base64 bytes edited, types swapped, the whole thing passed as JSON text). `fromJSON` either
 * throws `ToolSearchError` `INVALID_INDEX_DATA`, or loads an index that searches exactly like the
 * undamaged one, before and after the same add / update / remove / save on both, throwing nothing
 * else along the way.
 */
import fc from "fast-check";
import { ToolSearchError } from "tool-search";
import { Bm25Ranker, ToolSearchIndex } from "tool-search/ranking";
import { words } from "./gen.js";
import { check, type FuzzProperty, show } from "./harness.js";
import { documentOf, type Spec, spec } from "./index-ops.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Mutation {
	/** Which node (index into the list of nodes, modulo its length). */
	at: number;
	kind: number;
	arg: number;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
	at: fc.nat(),
	kind: fc.nat({ max: 99 }),
	arg: fc.integer({ min: -1_000, max: 1_000_000 }),
});

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Every node of `root`, as [parent, key] pairs (root itself as [undefined, ""]). */
function nodes(root: Json): [Json[] | { [key: string]: Json } | undefined, string | number][] {
	const out: [Json[] | { [key: string]: Json } | undefined, string | number][] = [[undefined, ""]];
	const walk = (value: Json): void => {
		if (Array.isArray(value)) {
			for (let i = 0; i < value.length; i++) {
				out.push([value, i]);
				walk(value[i] as Json);
			}
		} else if (typeof value === "object" && value !== null) {
			for (const key of Object.keys(value)) {
				out.push([value, key]);
				walk(value[key] as Json);
			}
		}
	};
	walk(root);
	return out;
}

function mutateBytes(text: string, kind: number, arg: number): string {
	const bytes = Buffer.from(text, "base64");
	const n = Math.abs(arg);
	switch (kind % 7) {
		case 0:
			if (bytes.length > 0) bytes[n % bytes.length] = (bytes[n % bytes.length] as number) ^ (1 << (n % 8));
			return bytes.toString("base64");
		case 1:
			if (bytes.length > 0) bytes[n % bytes.length] = 0xff;
			return bytes.toString("base64");
		case 2:
			return bytes.subarray(0, Math.max(0, bytes.length - 1 - (n % 4))).toString("base64");
		case 3:
			return Buffer.concat([bytes, Buffer.alloc(1 + (n % 8), n & 0xff)]).toString("base64");
		case 4: {
			// swap two 4-byte words
			const words32 = Math.floor(bytes.length / 4);
			if (words32 >= 2) {
				const a = (n % words32) * 4;
				const b = ((n >> 3) % words32) * 4;
				const tmp = Buffer.from(bytes.subarray(a, a + 4));
				bytes.copy(bytes, a, b, b + 4);
				tmp.copy(bytes, b);
			}
			return bytes.toString("base64");
		}
		case 5:
			return `${text.slice(0, -2)}!`;
		default:
			if (bytes.length >= 4) bytes.writeInt32LE(arg, (n % Math.floor(bytes.length / 4)) * 4);
			return bytes.toString("base64");
	}
}

function mutateValue(value: Json, kind: number, arg: number): Json | undefined {
	const k = kind % 10;
	if (typeof value === "number") {
		return [value + 1, value - 1, 0, -1, 2 ** 31, null, value + 0.5, String(value), arg, value * 2][
			k
		] as Json;
	}
	if (typeof value === "string") {
		if (value.length > 3 && BASE64.test(value) && kind % 3 !== 0) return mutateBytes(value, kind, arg);
		return [
			`${value}x`,
			value.slice(0, -1),
			"",
			`${value.slice(1)}${value[0] ?? ""}`,
			value.toUpperCase(),
			arg,
			null,
			`${value}${value}`,
			"__proto__",
			"constructor",
		][k] as Json;
	}
	if (Array.isArray(value)) {
		const copy = [...value];
		const n = Math.abs(arg);
		switch (k) {
			case 0:
				copy.pop();
				return copy;
			case 1:
				return copy.slice(0, n % (copy.length + 1));
			case 2:
				copy.push(copy[n % Math.max(1, copy.length)] ?? 0);
				return copy;
			case 3:
				return copy.reverse();
			case 4:
				if (copy.length >= 2) {
					const a = n % copy.length;
					const b = (n >> 4) % copy.length;
					[copy[a], copy[b]] = [copy[b] as Json, copy[a] as Json];
				}
				return copy;
			case 5:
				copy.push(arg);
				return copy;
			case 6:
				copy.unshift(copy[0] ?? "x");
				return copy;
			case 7:
				return {};
			case 8:
				return null;
			default:
				return [];
		}
	}
	if (typeof value === "object" && value !== null) {
		const keys = Object.keys(value);
		const copy: { [key: string]: Json } = { ...value };
		switch (k % 5) {
			case 0:
				if (keys.length > 0) delete copy[keys[Math.abs(arg) % keys.length] as string];
				return copy;
			case 1:
				copy[`extra${arg}`] = arg;
				return copy;
			case 2:
				return [];
			case 3:
				return null;
			default:
				return Object.fromEntries(Object.entries(copy).reverse());
		}
	}
	return [0, "x", [], {}, true][k % 5] as Json;
}

/** Applies the mutations in order to a copy of `data`. */
export function damage(data: unknown, mutations: readonly Mutation[]): Json {
	let root = JSON.parse(JSON.stringify(data)) as Json;
	for (const { at, kind, arg } of mutations) {
		const list = nodes(root);
		const [parent, key] = list[at % list.length] as (typeof list)[number];
		const value = parent === undefined ? root : ((parent as Record<string | number, Json>)[key] as Json);
		const next = mutateValue(value, kind, arg);
		if (parent === undefined) root = next ?? null;
		else if (kind % 17 === 16 && !Array.isArray(parent))
			delete (parent as Record<string, Json>)[key as string];
		else (parent as Record<string | number, Json>)[key] = next ?? null;
	}
	return root;
}

type After = { kind: "add" | "update"; tool: Spec } | { kind: "remove"; name: string } | { kind: "save" };
const after: fc.Arbitrary<After> = fc.oneof(
	fc.record({ kind: fc.constantFrom("add" as const, "update" as const), tool: spec }),
	fc.record({
		kind: fc.constant("remove" as const),
		name: fc.constantFrom("a__send_mail", "b__read_file", "e", "h"),
	}),
	fc.constant({ kind: "save" as const }),
);

function outcome(run: () => unknown): string {
	try {
		const value = run();
		return typeof value === "boolean" ? `ok ${value}` : "ok";
	} catch (error) {
		if (ToolSearchError.isInstance(error)) return `ToolSearchError ${error.code}`;
		throw new Error(`threw ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`);
	}
}

function sameSearches(
	what: string,
	queries: readonly string[],
	search: (query: string) => { name: string; score: number }[],
	reference: (query: string) => { name: string; score: number }[],
): void {
	for (const query of queries) {
		const got = search(query);
		const want = reference(query);
		check(
			got.length === want.length &&
				got.every((m, i) => m.name === want[i]?.name && m.score === want[i]?.score),
			() => `${what}: "${query}" gives ${show(got, 300)}, undamaged ${show(want, 300)}`,
		);
	}
}

function isLoadError(error: unknown): boolean {
	return ToolSearchError.isInstance(error) && error.code === "INVALID_INDEX_DATA";
}

const tools = fc.uniqueArray(spec, { selector: (s) => s.name, minLength: 1, maxLength: 8 });
const mutations = fc.array(mutation, { minLength: 1, maxLength: 3 });

function snapshotProperties(): FuzzProperty[] {
	const index: FuzzProperty = {
		name: "snapshots/index",
		summary:
			"ToolSearchIndex.fromJSON(damaged toJSON): INVALID_INDEX_DATA, or searches and later ops exactly as undamaged",
		runs: 50_000,
		property: () =>
			fc.property(
				tools,
				mutations,
				fc.boolean(),
				fc.array(after, { maxLength: 4 }),
				fc.array(words(3), { maxLength: 2 }),
				(specs, muts, asText, ops, extra) => {
					const original = new ToolSearchIndex();
					original.addAll(specs.map(documentOf));
					const saved = original.toJSON();
					const damaged = damage(saved, muts);
					let loaded: ToolSearchIndex;
					try {
						loaded = ToolSearchIndex.fromJSON(asText ? JSON.stringify(damaged) : damaged);
					} catch (error) {
						check(
							isLoadError(error),
							() =>
								`fromJSON threw ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`,
						);
						return;
					}
					check(!asText, "fromJSON accepted JSON text");
					const reference = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(saved)));
					const queries = [...saved.terms, ...saved.names, ...extra];
					const all = (target: ToolSearchIndex) => (query: string) =>
						target.search(query, { limit: Number.POSITIVE_INFINITY });
					sameSearches("after load", queries, all(loaded), all(reference));
					for (const step of ops) {
						const run = (target: ToolSearchIndex) => () => {
							if (step.kind === "add") return target.add(documentOf(step.tool));
							if (step.kind === "update") return target.update(documentOf(step.tool));
							if (step.kind === "remove") return target.remove(step.name);
							return target.toJSON();
						};
						const got = outcome(run(loaded));
						const want = outcome(run(reference));
						check(got === want, `${step.kind}: ${got}, undamaged ${want}`);
					}
					sameSearches("after ops", queries, all(loaded), all(reference));
					const again = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(loaded)));
					sameSearches("after save and load", queries, all(again), all(reference));
				},
			),
	};

	const ranker: FuzzProperty = {
		name: "snapshots/ranker",
		summary:
			"Bm25Ranker.fromJSON(damaged toJSON): INVALID_INDEX_DATA, or ranks the same documents exactly as undamaged",
		runs: 12_000,
		property: () =>
			fc.property(tools, mutations, fc.array(words(3), { maxLength: 2 }), (specs, muts, extra) => {
				const documents = specs.map(documentOf);
				const original = new Bm25Ranker();
				original.rank("warm up", documents, 1);
				const saved = original.toJSON();
				const damaged = damage(saved, muts);
				let loaded: Bm25Ranker;
				try {
					loaded = Bm25Ranker.fromJSON(damaged);
				} catch (error) {
					check(
						isLoadError(error),
						() =>
							`fromJSON threw ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`,
					);
					return;
				}
				const reference = Bm25Ranker.fromJSON(JSON.parse(JSON.stringify(saved)));
				const queries = [...saved.index.terms, ...saved.index.names, ...extra];
				const all = (target: Bm25Ranker) => (query: string) =>
					target.rank(query, documents, Number.POSITIVE_INFINITY);
				sameSearches("ranker after load", queries, all(loaded), all(reference));
				outcome(() => Bm25Ranker.fromJSON(JSON.parse(JSON.stringify(loaded))));
			}),
	};
	return [index, ranker];
}

export const properties: FuzzProperty[] = snapshotProperties();
