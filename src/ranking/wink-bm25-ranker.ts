/**
 * A {@link ToolRanker} over `wink-bm25-text-search`, the optional peer dependency behind the
 * `tool-search/wink` entry point.
 */
/// <reference path="./wink-bm25-text-search.d.ts" />
import winkBm25 from "wink-bm25-text-search";
import { resolveToolSearchFields } from "../document/resolve-fields.js";
import { quote } from "../errors.js";
import { invalidOptions } from "../internal/guards.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type {
	ToolRanker,
	ToolRankOptions,
	ToolSearchDocument,
	ToolSearchFields,
	ToolSearchMatch,
} from "../types.js";
import { checkRankCall } from "./check-rank-call.js";

/**
 * The fields {@link WinkBm25Ranker} indexes, each built from {@link ToolSearchFields}:
 * - `name`: `name`, `localName` and `label`;
 * - `description`: `description`;
 * - `params`: `parameterNames` and `parameterText`;
 * - `namespace`: `namespace` and `namespaceText`.
 */
export type WinkBm25FieldName = "name" | "description" | "params" | "namespace";

/**
 * Options of {@link WinkBm25Ranker}. Every key is optional; missing ones take the defaults.
 *
 * @example
 * ```ts
 * const options: WinkBm25RankerOptions = { fieldWeights: { name: 3, description: 1 }, bm25Params: { k1: 1.2 } };
 * registerToolRanker(new WinkBm25Ranker(options));
 * ```
 */
export interface WinkBm25RankerOptions {
	/**
	 * Weight of each field: a term's frequency in a field is multiplied by it. Finite numbers `>= 0`;
	 * `0` leaves the field out of the index; at least one weight must be positive. Defaults:
	 * `{ name: 3, description: 1, params: 1, namespace: 1 }`.
	 */
	fieldWeights?: Readonly<Partial<Record<WinkBm25FieldName, number>>>;
	/**
	 * wink's BM25 parameters: `k1` (term-frequency saturation, finite `>= 0`, default 1.2), `b`
	 * (length normalisation, in `[0, 1]`, default 0.75) and `k` (IDF smoothing, finite `>= 0`,
	 * default 1: `idf = ln((N - n + 0.5) / (n + 0.5) + k)`; with `k < 1` a term found in most tools
	 * gets a negative IDF, so scores may be negative).
	 */
	bm25Params?: Readonly<{ k1?: number; b?: number; k?: number }>;
}

const FIELD_NAMES: readonly WinkBm25FieldName[] = ["name", "description", "params", "namespace"];
const BM25_PARAM_NAMES = ["k1", "b", "k"] as const;
type WinkBm25ParamName = (typeof BM25_PARAM_NAMES)[number];

/** wink refuses to consolidate fewer documents than this; smaller catalogues are padded. */
const WINK_MIN_DOCUMENTS = 3;
/** Digits wink keeps of each precomputed term score (its maximum; its default is 4). */
const SCORE_PRECISION = 9;

/** One indexed tool. `seen` marks the tools found by the latest cache check. */
interface IndexEntry {
	readonly fields: ToolSearchFields;
	/** The latest document seen with these fields, and whether it (with its fields) is frozen. */
	document: ToolSearchDocument;
	frozen: boolean;
	seen: number;
}

interface BuiltIndex {
	readonly engine: winkBm25.Engine;
	/** Tool names by wink document id (the position in this array). */
	readonly names: readonly string[];
	readonly byName: ReadonlyMap<string, IndexEntry>;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readFieldWeights(value: unknown): Readonly<Record<WinkBm25FieldName, number>> {
	const weights: Record<WinkBm25FieldName, number> = { ...WinkBm25Ranker.DEFAULT_FIELD_WEIGHTS };
	if (value === undefined) return Object.freeze(weights);
	if (!isRecord(value)) {
		invalidOptions(`WinkBm25Ranker fieldWeights must be an object, got ${quote(value)}`);
	}
	for (const [key, weight] of Object.entries(value)) {
		if (!(FIELD_NAMES as readonly string[]).includes(key)) {
			invalidOptions(
				`WinkBm25Ranker fieldWeights has an unknown field ${quote(key)}; the fields are ${FIELD_NAMES.join(", ")}`,
			);
		}
		if (weight === undefined) continue;
		if (typeof weight !== "number" || !Number.isFinite(weight) || weight < 0) {
			invalidOptions(`WinkBm25Ranker fieldWeights.${key} must be a finite number >= 0, got ${quote(weight)}`);
		}
		weights[key as WinkBm25FieldName] = weight;
	}
	if (FIELD_NAMES.every((field) => weights[field] === 0)) {
		invalidOptions(
			`WinkBm25Ranker fieldWeights must give at least one field a weight > 0, got ${quote(value)}`,
		);
	}
	return Object.freeze(weights);
}

function readBm25Params(value: unknown): Readonly<Record<WinkBm25ParamName, number>> {
	const params: Record<WinkBm25ParamName, number> = { ...WinkBm25Ranker.DEFAULT_BM25_PARAMS };
	if (value === undefined) return Object.freeze(params);
	if (!isRecord(value)) {
		invalidOptions(`WinkBm25Ranker bm25Params must be an object, got ${quote(value)}`);
	}
	for (const [key, param] of Object.entries(value)) {
		if (!(BM25_PARAM_NAMES as readonly string[]).includes(key)) {
			invalidOptions(
				`WinkBm25Ranker bm25Params has an unknown parameter ${quote(key)}; the parameters are k1, b, k`,
			);
		}
		if (param === undefined) continue;
		if (key === "b") {
			if (typeof param !== "number" || !(param >= 0 && param <= 1)) {
				invalidOptions(`WinkBm25Ranker bm25Params.b must be a number in [0, 1], got ${quote(param)}`);
			}
		} else if (typeof param !== "number" || !Number.isFinite(param) || param < 0) {
			invalidOptions(`WinkBm25Ranker bm25Params.${key} must be a finite number >= 0, got ${quote(param)}`);
		}
		params[key as WinkBm25ParamName] = param;
	}
	return Object.freeze(params);
}

/** The text of each wink field of a tool. */
function winkDocument(fields: ToolSearchFields): Record<WinkBm25FieldName, string> {
	return {
		name: `${fields.name}\n${fields.localName}\n${fields.label}`,
		description: fields.description,
		params: `${fields.parameterNames}\n${fields.parameterText}`,
		namespace: `${fields.namespace}\n${fields.namespaceText}`,
	};
}

/** A padding document: every field empty, so it has no tokens and can match no query. */
const PLACEHOLDER: Readonly<Record<WinkBm25FieldName, string>> = Object.freeze({
	name: "",
	description: "",
	params: "",
	namespace: "",
});

/** The document's name, or `undefined` for a runtime value without a non-empty string name. */
function documentName(document: ToolSearchDocument): string | undefined {
	const name = (document as { name?: unknown } | null)?.name;
	return typeof name === "string" && name !== "" ? name : undefined;
}

/** True when neither the document nor its `fields` can change (as `createToolSearchDocument` makes them). */
function isFrozenDocument(document: ToolSearchDocument): boolean {
	if (!Object.isFrozen(document)) return false;
	const fields: unknown = document.fields;
	return typeof fields !== "object" || fields === null || Object.isFrozen(fields);
}

function sameFields(a: ToolSearchFields, b: ToolSearchFields): boolean {
	return (
		a === b ||
		(a.name === b.name &&
			a.localName === b.localName &&
			a.label === b.label &&
			a.namespace === b.namespace &&
			a.namespaceText === b.namespaceText &&
			a.description === b.description &&
			a.parameterNames === b.parameterNames &&
			a.parameterText === b.parameterText)
	);
}

/** Best first: score descending, then name ascending (by UTF-16 code units, locale-independent). */
function compareMatches(a: ToolSearchMatch, b: ToolSearchMatch): number {
	if (a.score !== b.score) return b.score - a.score;
	return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Ranks tools with [wink-bm25-text-search](https://github.com/winkjs/wink-bm25-text-search), a
 * BM25F engine with per-field weights, reading each document's fields through
 * `resolveToolSearchFields` (so pi-style `{ name, text }` documents work too) and tokenizing with the
 * library's `tokenize`. An alternative to the default `Bm25Ranker`, e.g. to compare rankings; it
 * has no exact-name rule and no coverage rule, only BM25F scores.
 *
 * Scoring is wink's: a term's frequency in each field is multiplied by the field's weight and
 * summed, saturated with `k1` and normalised by the tool's whole weighted length with `b`, then
 * multiplied by `ln((N - n + 0.5) / (n + 0.5) + k)`; a tool's score is the sum over the query's
 * tokens (a repeated query token counts again). Tools matching no query token are not returned.
 *
 * The index is built on the first `rank` call and reused while the catalogue stays the same: the
 * same array, or a new array holding tools of the same names with the same field text, in any
 * order. Checking costs a map lookup per tool, plus a field comparison for documents that are not
 * frozen (a document mutated in place is noticed). wink cannot add tools to a finished index, so any change to the catalogue rebuilds the
 * whole index (some 40 ms per thousand tools of typical size): fine for catalogues that change now and
 * then, wasteful for one that changes between every search. wink needs at least three tools to
 * build an index; smaller catalogues are padded with empty tools that match nothing and are
 * never returned. When two documents share a name, the first one is used; a document
 * without a non-empty string `name` (possible only at runtime) is skipped, as `Bm25Ranker` does.
 *
 * `rank` is synchronous; it throws `ToolSearchError` `ABORTED` when `options.signal` has already
 * fired, and `INVALID_OPTIONS` for a `limit` that is not a non-negative integer or `Infinity`.
 *
 * @example
 * ```ts
 * import { registerToolRanker } from "tool-search";
 * import { WinkBm25Ranker } from "tool-search/wink";
 *
 * const undo = registerToolRanker(new WinkBm25Ranker({ fieldWeights: { name: 4 } }));
 * // ... tool_search now ranks with wink ...
 * undo();
 * ```
 */
export class WinkBm25Ranker implements ToolRanker {
	/** Reported as `ranked_by` in `tool_search` results. */
	readonly name = "wink";
	/** Default field weights: the name counts three times as much as the rest. */
	static readonly DEFAULT_FIELD_WEIGHTS: Readonly<Record<WinkBm25FieldName, number>> = Object.freeze({
		name: 3,
		description: 1,
		params: 1,
		namespace: 1,
	});

	/** wink's default BM25 parameters: `k1 = 1.2`, `b = 0.75`, `k = 1`. */
	static readonly DEFAULT_BM25_PARAMS: Readonly<Record<"k1" | "b" | "k", number>> = Object.freeze({
		k1: 1.2,
		b: 0.75,
		k: 1,
	});

	/** The field weights in force, defaults filled in. */
	readonly fieldWeights: Readonly<Record<WinkBm25FieldName, number>>;
	/** The BM25 parameters in force, defaults filled in. */
	readonly bm25Params: Readonly<Record<"k1" | "b" | "k", number>>;

	#index: BuiltIndex | undefined;
	#buildCount = 0;
	#stamp = 0;

	/**
	 * @throws {ToolSearchError} `INVALID_OPTIONS` when `options` is not an object, names an unknown
	 * field or parameter, or holds an out-of-range value.
	 */
	constructor(options: WinkBm25RankerOptions = {}) {
		if (!isRecord(options)) {
			invalidOptions(`WinkBm25Ranker options must be an object, got ${quote(options)}`);
		}
		this.fieldWeights = readFieldWeights(options.fieldWeights);
		this.bm25Params = readBm25Params(options.bm25Params);
	}

	/** How many times this ranker has built its index; it stays put while the catalogue does. */
	get buildCount(): number {
		return this.#buildCount;
	}

	rank(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): ToolSearchMatch[] {
		checkRankCall(documents, limit, options);
		if (typeof query !== "string") invalidOptions(`query must be a string, got ${quote(query)}`);
		if (limit === 0 || documents.length === 0) return [];

		const index = this.#indexFor(documents);
		// Every match, best first: wink sorts by score but leaves ties in no useful order.
		const found = index.engine.search(query, index.names.length + WINK_MIN_DOCUMENTS);
		// Keep the first `limit` and whatever ties the last of them, then order ties by name.
		let end = Math.min(limit, found.length);
		const boundary = found[end - 1]?.[1];
		while (end < found.length && found[end]?.[1] === boundary) end += 1;
		const matches: ToolSearchMatch[] = [];
		for (let at = 0; at < end; at += 1) {
			const [id, score] = found[at] as winkBm25.SearchResult;
			// Placeholder ids ("p0", ...) map to no name; they have no tokens, so wink never finds them.
			const name = index.names[Number(id)];
			if (name !== undefined && Number.isFinite(score)) matches.push({ name, score });
		}
		matches.sort(compareMatches);
		if (matches.length > limit) matches.length = limit;
		return matches;
	}

	/** The cached index when it still describes `documents`, else a new one. */
	#indexFor(documents: readonly ToolSearchDocument[]): BuiltIndex {
		const cached = this.#index;
		if (cached !== undefined && this.#isCurrent(cached, documents)) return cached;
		const index = this.#build(documents);
		this.#index = index;
		return index;
	}

	/** True when `documents` holds exactly the indexed tools: same names, same field text. */
	#isCurrent(index: BuiltIndex, documents: readonly ToolSearchDocument[]): boolean {
		this.#stamp += 1;
		const stamp = this.#stamp;
		let distinct = 0;
		for (const document of documents) {
			const name = documentName(document);
			if (name === undefined) continue; // skipped when building too
			const entry = index.byName.get(name);
			if (entry === undefined) return false;
			if (entry.seen === stamp) continue; // a later duplicate, ignored as when building
			entry.seen = stamp;
			distinct += 1;
			// A frozen document seen before cannot have changed: skip resolving its fields.
			if (entry.document === document && entry.frozen) continue;
			if (!sameFields(entry.fields, resolveToolSearchFields(document))) return false;
			entry.document = document;
			entry.frozen = isFrozenDocument(document);
		}
		return distinct === index.names.length;
	}

	#build(documents: readonly ToolSearchDocument[]): BuiltIndex {
		const engine = winkBm25();
		const fldWeights: Record<string, number> = {};
		for (const field of FIELD_NAMES) {
			// wink rejects a weight of 0; leaving the field out has the same effect.
			if (this.fieldWeights[field] > 0) fldWeights[field] = this.fieldWeights[field];
		}
		engine.defineConfig({ fldWeights, bm25Params: { ...this.bm25Params } });
		engine.definePrepTasks([tokenize]);

		const names: string[] = [];
		const byName = new Map<string, IndexEntry>();
		for (const document of documents) {
			const name = documentName(document);
			if (name === undefined || byName.has(name)) continue;
			const fields = resolveToolSearchFields(document);
			byName.set(name, { fields, document, frozen: isFrozenDocument(document), seen: 0 });
			engine.addDoc(winkDocument(fields), String(names.length));
			names.push(name);
		}
		for (let pad = names.length; pad < WINK_MIN_DOCUMENTS; pad += 1)
			engine.addDoc({ ...PLACEHOLDER }, `p${pad}`);
		engine.consolidate(SCORE_PRECISION);
		this.#buildCount += 1;
		return { engine, names, byName };
	}
}
