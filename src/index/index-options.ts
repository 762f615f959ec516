import {
	type Bm25Params,
	DEFAULT_INDEX_OPTIONS,
	type RankingRules,
	type ResolvedToolSearchIndexOptions,
	TOOL_SEARCH_FIELDS,
	type ToolSearchFieldName,
} from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { invalidIndexData, invalidOptions, isObject } from "../internal/guards.js";

export type { ResolvedToolSearchIndexOptions };

/**
 * Options of a `ToolSearchIndex` (and of the `Bm25Ranker` built on it). Every field is optional;
 * the defaults are {@link DEFAULT_INDEX_OPTIONS}, and the resolved options
 * ({@link ResolvedToolSearchIndexOptions}) have the same keys.
 *
 * @example
 * ```ts
 * const options: ToolSearchIndexOptions = { fieldWeights: { description: 2 }, glossary: { ticket: ["jira__create_issue"] } };
 * const index = new ToolSearchIndex(options);
 * ```
 */
export interface ToolSearchIndexOptions {
	/** BM25+ parameters; each defaults to `DEFAULT_BM25_PARAMS`. */
	bm25?: Partial<Bm25Params> | undefined;
	/**
	 * Field weights, each 0 (the field is not searched) or in `[1e-6, 1e6]`; each defaults to
	 * `DEFAULT_FIELD_WEIGHTS`.
	 */
	fieldWeights?: Partial<Record<ToolSearchFieldName, number>> | undefined;
	/** Ranking rules on BM25; each defaults to `DEFAULT_RANKING_RULES`. */
	rules?: Partial<RankingRules> | undefined;
	/**
	 * Query-side synonyms: each word of a group also searches for the others, at `weight` times
	 * their score. `builtIn` (default true) adds the library's groups of common tool verbs and
	 * objects (send/post/message, find/search/lookup, create/add/new, email/mail/inbox, …).
	 * `groups` adds the host's own. Default weight 0.3.
	 */
	synonyms?: { builtIn?: boolean; weight?: number; groups?: readonly (readonly string[])[] } | undefined;
	/**
	 * The host's glossary: a query word → tool names (matched as if the word were in their name)
	 * or words (searched like synonyms). E.g. `{ ticket: ["jira__create_issue"], pr: ["pull request"] }`.
	 */
	glossary?: Readonly<Record<string, readonly string[]>> | undefined;
	/**
	 * Typo tolerance for query words the index does not know: indexed words within edit distance 1
	 * (4–7 letters) or 2 (8+ letters) are searched at `weight / distance`. Default disabled, weight
	 * 0.5.
	 */
	fuzzy?: { enabled?: boolean; weight?: number } | undefined;
	/**
	 * The concept map: a query word of a domain also searches for the domain's other words, at
	 * `weight` times their score ("rain" reaches "weather" and "forecast"). `builtIn` (default
	 * true) adds the library's map of common tool domains (`BUILT_IN_CONCEPTS`); `domains` adds the
	 * host's (a domain named like a built-in one extends it). Replace the map with `builtIn: false`
	 * and your `domains`; turn it off with `builtIn: false` or `weight: 0`. Default weight 0.25.
	 */
	concepts?:
		| { builtIn?: boolean; weight?: number; domains?: Readonly<Record<string, readonly string[]>> }
		| undefined;
	/**
	 * Prefix matching: a query word of 3+ letters that no tool has also searches for the indexed
	 * words it begins (`repo` → `repository`, `config` → `configuration`), at `weight` times their
	 * score. Default enabled, weight 0.4.
	 */
	prefix?: { enabled?: boolean; weight?: number } | undefined;
}

/** The keys of {@link ToolSearchIndexOptions}, and of the resolved options, in order. */
export const RESOLVED_OPTION_KEYS = Object.freeze([
	"bm25",
	"fieldWeights",
	"rules",
	"synonyms",
	"glossary",
	"fuzzy",
	"concepts",
	"prefix",
] as const satisfies readonly (keyof ResolvedToolSearchIndexOptions)[]);

function checkKeys(value: unknown, what: string, allowed: readonly string[]): Record<string, unknown> {
	if (value === undefined) return {};
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		invalidOptions(`${what} must be an object, got ${quote(value)}`);
	}
	for (const key of Object.keys(value)) {
		if (!allowed.includes(key))
			invalidOptions(`unknown option ${quote(`${what}.${key}`)}; expected one of ${allowed.join(", ")}`);
	}
	return value as Record<string, unknown>;
}

/** The smallest and largest non-zero field weight. */
const MIN_FIELD_WEIGHT = 1e-6;
const MAX_FIELD_WEIGHT = 1e6;

/** The largest `bm25.k1`, `bm25.delta`, `rules.localNameBonus` and `rules.proximity` accepted. */
const MAX_SCORE_PARAMETER = 1e6;

function number(value: unknown, name: string, fallback: number, min: number, max: number): number {
	if (value === undefined) return fallback;
	if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
		const range =
			max === Number.POSITIVE_INFINITY ? `a finite number >= ${min}` : `a number in [${min}, ${max}]`;
		invalidOptions(`${name} must be ${range}, got ${quote(value)}`);
	}
	return value;
}

const isStringArray = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every((item) => typeof item === "string");

function groupsOf(value: unknown): readonly (readonly string[])[] {
	if (!Array.isArray(value) || !value.every(isStringArray)) {
		invalidOptions(`synonyms.groups must be an array of string arrays, got ${quote(value)}`);
	}
	return Object.freeze(value.map((group) => Object.freeze([...group])));
}

function glossaryOf(value: unknown): Readonly<Record<string, readonly string[]>> {
	return wordListsOf(value, "glossary");
}

/** A frozen copy of a record of string arrays (the glossary, concept domains), checked. */
function wordListsOf(value: unknown, what: string): Readonly<Record<string, readonly string[]>> {
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		invalidOptions(`${what} must be an object of string arrays, got ${quote(value)}`);
	}
	const entries: [string, readonly string[]][] = [];
	for (const [term, targets] of Object.entries(value)) {
		if (!isStringArray(targets))
			invalidOptions(`${what}[${quote(term)}] must be an array of strings, got ${quote(targets)}`);
		entries.push([term, Object.freeze([...targets])]);
	}
	// Defined, not assigned: `copy[term] = ...` with the key "__proto__" would set the prototype and
	// drop the entry.
	return Object.freeze(Object.fromEntries(entries));
}

/**
 * Validates options and fills in defaults. Throws `ToolSearchError` (`INVALID_OPTIONS`) quoting
 * the bad value. Does not mutate `options`.
 */
export function resolveIndexOptions(
	options: ToolSearchIndexOptions | undefined,
): ResolvedToolSearchIndexOptions {
	const defaults = DEFAULT_INDEX_OPTIONS;
	const top = checkKeys(options, "options", RESOLVED_OPTION_KEYS);
	const synonyms = checkKeys(top.synonyms, "synonyms", ["builtIn", "weight", "groups"]);
	const fuzzy = checkKeys(top.fuzzy, "fuzzy", ["enabled", "weight"]);
	const concepts = checkKeys(top.concepts, "concepts", ["builtIn", "weight", "domains"]);
	const prefix = checkKeys(top.prefix, "prefix", ["enabled", "weight"]);
	const bm25 = checkKeys(top.bm25, "bm25", ["k1", "b", "delta"]);
	const weights = checkKeys(top.fieldWeights, "fieldWeights", TOOL_SEARCH_FIELDS);
	const rules = checkKeys(top.rules, "rules", [
		"exactName",
		"coverage",
		"localNameBonus",
		"abstain",
		"namespaceBoost",
		"proximity",
		"fillerWeight",
	]);
	// Scores are sums of these times idf: past MAX_SCORE_PARAMETER a score can overflow to Infinity,
	// and every tool then ties (ordered by name). Far above any useful value (defaults 0.5–2).
	const max = MAX_SCORE_PARAMETER;
	const fieldWeights = {} as Record<ToolSearchFieldName, number>;
	for (const field of TOOL_SEARCH_FIELDS) {
		const weight = weights[field];
		// A tool's weighted tf is kept as a float32: weights beyond these bounds could overflow it to
		// Infinity or round it to 0. Far wider than any useful weight.
		if (
			weight !== undefined &&
			(typeof weight !== "number" ||
				!(weight === 0 || (weight >= MIN_FIELD_WEIGHT && weight <= MAX_FIELD_WEIGHT)))
		) {
			invalidOptions(`fieldWeights.${field} must be 0 or a number in [1e-6, 1e6], got ${quote(weight)}`);
		}
		fieldWeights[field] = weight ?? defaults.fieldWeights[field];
	}
	const flag = (value: unknown, name: string, fallback: boolean): boolean => {
		if (value === undefined) return fallback;
		if (typeof value !== "boolean") invalidOptions(`${name} must be a boolean, got ${quote(value)}`);
		return value;
	};
	return Object.freeze({
		bm25: Object.freeze({
			k1: number(bm25.k1, "bm25.k1", defaults.bm25.k1, 0, max),
			b: number(bm25.b, "bm25.b", defaults.bm25.b, 0, 1),
			delta: number(bm25.delta, "bm25.delta", defaults.bm25.delta, 0, max),
		}),
		fieldWeights: Object.freeze(fieldWeights),
		rules: Object.freeze({
			exactName: flag(rules.exactName, "rules.exactName", defaults.rules.exactName),
			coverage: flag(rules.coverage, "rules.coverage", defaults.rules.coverage),
			localNameBonus: number(
				rules.localNameBonus,
				"rules.localNameBonus",
				defaults.rules.localNameBonus,
				0,
				max,
			),
			abstain: flag(rules.abstain, "rules.abstain", defaults.rules.abstain),
			namespaceBoost: number(
				rules.namespaceBoost,
				"rules.namespaceBoost",
				defaults.rules.namespaceBoost,
				0,
				1,
			),
			proximity: number(rules.proximity, "rules.proximity", defaults.rules.proximity, 0, max),
			fillerWeight: number(rules.fillerWeight, "rules.fillerWeight", defaults.rules.fillerWeight, 0, 1),
		}),
		synonyms: Object.freeze({
			builtIn: flag(synonyms.builtIn, "synonyms.builtIn", defaults.synonyms.builtIn),
			weight: number(synonyms.weight, "synonyms.weight", defaults.synonyms.weight, 0, 1),
			groups: synonyms.groups === undefined ? defaults.synonyms.groups : groupsOf(synonyms.groups),
		}),
		glossary: top.glossary === undefined ? defaults.glossary : glossaryOf(top.glossary),
		fuzzy: Object.freeze({
			enabled: flag(fuzzy.enabled, "fuzzy.enabled", defaults.fuzzy.enabled),
			weight: number(fuzzy.weight, "fuzzy.weight", defaults.fuzzy.weight, 0, 1),
		}),
		concepts: Object.freeze({
			builtIn: flag(concepts.builtIn, "concepts.builtIn", defaults.concepts.builtIn),
			weight: number(concepts.weight, "concepts.weight", defaults.concepts.weight, 0, 1),
			domains:
				concepts.domains === undefined
					? defaults.concepts.domains
					: wordListsOf(concepts.domains, "concepts.domains"),
		}),
		prefix: Object.freeze({
			enabled: flag(prefix.enabled, "prefix.enabled", defaults.prefix.enabled),
			weight: number(prefix.weight, "prefix.weight", defaults.prefix.weight, 0, 1),
		}),
	});
}

/**
 * The options a snapshot was saved with, checked: resolved options (they resolve to themselves),
 * and — when the caller gives `options` — equal to those. Throws `INVALID_INDEX_DATA`.
 */
export function savedOptions(
	saved: unknown,
	options?: ToolSearchIndexOptions,
): ResolvedToolSearchIndexOptions {
	if (!isObject(saved) || !RESOLVED_OPTION_KEYS.every((key) => isObject(saved[key]))) {
		throw invalidIndexData(`saved index options must be an object of resolved options, got ${quote(saved)}`);
	}
	let resolved: ResolvedToolSearchIndexOptions;
	try {
		resolved = resolveIndexOptions(saved as ToolSearchIndexOptions);
	} catch (error) {
		if (!ToolSearchError.isInstance(error) || error.code !== "INVALID_OPTIONS") throw error;
		throw invalidIndexData(`saved index options are damaged: ${error.message}`);
	}
	if (JSON.stringify(resolved) !== JSON.stringify(saved))
		throw invalidIndexData("saved index options are invalid or damaged");
	if (options !== undefined) {
		const wanted = resolveIndexOptions(options);
		for (const key of RESOLVED_OPTION_KEYS) {
			if (JSON.stringify(wanted[key]) !== JSON.stringify(resolved[key])) {
				throw invalidIndexData(
					`the index was saved with ${key} ${quote(resolved[key])}, not ${quote(wanted[key])}: rebuild it with the new options`,
				);
			}
		}
	}
	return resolved;
}
