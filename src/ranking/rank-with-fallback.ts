import { DEFAULT_RANKER_TIMEOUT_MS } from "../defaults.js";
import { quote } from "../errors.js";
import type { QueryTermInfo } from "../index/index-search.js";
import { describeError, elapsedMs, withDeadline } from "../internal/deadline.js";
import { isObject } from "../internal/guards.js";
import type { ToolRanker, ToolRankOptions, ToolSearchDocument, ToolSearchMatch } from "../types.js";
import { throwIfAborted } from "./check-rank-call.js";
import { type DetailedRanker, isDetailedRanker, rankerName } from "./ranker-brand.js";
import { getDefaultToolRanker } from "./registry.js";

/**
 * One ranker tried by {@link rankWithFallback}: its name, how long it took, and why its answer was
 * not used (absent when it answered).
 */
export interface RankAttempt {
	ranker: string;
	ms: number;
	error?: string;
	/** Which of the call's phrasings (0-based), when it had several (`queries`). */
	phrasing?: number;
}

/** What to do when a ranker of the chain fails: try the next, answer with nothing, or fail the search. */
export type OnRankerError = "fallback" | "empty" | "fail";

/** What {@link rankWithFallback} did. */
export interface RankOutcome {
	/** The matches, best first, at most `limit`, each naming one of the documents once. */
	matches: ToolSearchMatch[];
	/**
	 * The name of the ranker that answered (its `name`: `"bm25"`, `"wink"`, a custom ranker's own,
	 * or `"custom"`); `"fallback"` when every given ranker failed and the built-in BM25 answered.
	 */
	rankedBy: string;
	/** Why the first given ranker was not used, when another one answered. */
	fallbackReason?: string;
	/** How each query term fared, when the answering ranker is a `Bm25Ranker` (others do not say). */
	terms?: readonly QueryTermInfo[];
	/** True when the `Bm25Ranker` found only generic terms and returned nothing on purpose. */
	abstained?: boolean;
	/**
	 * Distinct query terms the `Bm25Ranker` did not search (past its term or postings budget), when
	 * there were some.
	 */
	ignoredTerms?: number;
	/** Every ranker tried, in order. */
	attempts?: RankAttempt[];
	/**
	 * With `onError` `"empty"` or `"fail"`: why the chain stopped at a failing ranker (`matches` is
	 * then empty).
	 */
	failure?: string;
}

/** Options of {@link rankWithFallback}: the ranker's, plus a query-time exclusion and the fallback. */
export interface RankWithFallbackOptions extends ToolRankOptions {
	/**
	 * Documents to leave out of the results. A `Bm25Ranker` keeps them indexed (no re-indexing when
	 * the set changes) and filters at query time; any other ranker is given only the rest.
	 */
	exclude?: ((name: string) => boolean) | ReadonlySet<string> | undefined;
	/** The ranker to fall back to after the chain. @defaultValue the shared default `Bm25Ranker` */
	fallback?: ToolRanker | undefined;
	/**
	 * How long to wait for each ranker that is not a `Bm25Ranker` before giving up on it, in
	 * milliseconds; `Infinity` waits for ever. The late ranker's answer is ignored (it still gets
	 * `signal`). @defaultValue {@link DEFAULT_RANKER_TIMEOUT_MS}
	 */
	timeoutMs?: number | undefined;
	/** What a failing ranker leads to. @defaultValue `"fallback"` */
	onError?: OnRankerError | undefined;
	/**
	 * The host's catalogue version the documents come from: a `Bm25Ranker` whose index holds it
	 * answers without the documents being read (or, given lazily, built).
	 */
	catalogVersion?: string | number | undefined;
}

/** Documents given lazily: read (and built) only when a ranker needs them. */
export interface LazyDocuments {
	readonly documents: readonly ToolSearchDocument[];
}

const NO_DOCUMENTS: readonly ToolSearchDocument[] = Object.freeze([]);

function isLazy(given: readonly ToolSearchDocument[] | LazyDocuments): given is LazyDocuments {
	return !Array.isArray(given);
}

export { throwIfAborted } from "./check-rank-call.js";

/** Most component scores kept from one match. */
const MAX_SIGNALS = 16;

/** A ranker's component scores (`signals`), when they are an object of finite numbers; else none. */
function cleanSignals(value: unknown): Readonly<Record<string, number>> | undefined {
	if (!isObject(value) || Array.isArray(value)) return undefined;
	const kept: Record<string, number> = {};
	let count = 0;
	for (const key of Object.keys(value)) {
		const score = value[key];
		if (typeof score !== "number" || !Number.isFinite(score) || key.length > 64) continue;
		kept[key] = score;
		if (++count >= MAX_SIGNALS) break;
	}
	return count === 0 ? undefined : Object.freeze(kept);
}

/** Checks a ranker's answer; returns the cleaned matches or a reason it cannot be used. */
function checkMatches(
	value: unknown,
	documents: readonly ToolSearchDocument[],
	limit: number,
): ToolSearchMatch[] | string {
	if (!Array.isArray(value)) return `ranker returned ${quote(value)} instead of an array of matches`;
	const known = new Set<string>();
	for (const document of documents) known.add(document.name);
	const seen = new Set<string>();
	const matches: ToolSearchMatch[] = [];
	for (const item of value as unknown[]) {
		const name = (item as { name?: unknown } | null)?.name;
		const score = (item as { score?: unknown } | null)?.score;
		// ±Infinity would serialise as `null` in the result: as unusable as NaN.
		if (typeof name !== "string" || typeof score !== "number" || !Number.isFinite(score)) {
			return `ranker returned an invalid match ${quote(item)}`;
		}
		if (!known.has(name)) return `ranker returned ${quote(name)}, which is not one of the documents`;
		if (seen.has(name)) continue;
		seen.add(name);
		const signals = cleanSignals((item as { signals?: unknown }).signals);
		matches.push(signals === undefined ? { name, score } : { name, score, signals });
		if (matches.length >= limit) break;
	}
	return matches;
}

/** `{ ignoredTerms }` when some terms were not searched, else nothing (the outcome stays as it was). */
function ignored(ignoredTerms: number | undefined): { ignoredTerms?: number } {
	return typeof ignoredTerms === "number" && ignoredTerms > 0 ? { ignoredTerms } : {};
}

/** What a trusted ranker is called with: the ranker options, the exclusion and the catalogue version. */
type TrustedOptions = ToolRankOptions & {
	exclude?: ((name: string) => boolean) | ReadonlySet<string> | undefined;
	catalogVersion?: string | number | undefined;
};

/** A trusted `Bm25Ranker`'s answer, with its term details. */
function searchTrusted(
	ranker: DetailedRanker,
	query: string,
	documents: () => readonly ToolSearchDocument[],
	limit: number,
	options: TrustedOptions,
): Omit<RankOutcome, "rankedBy"> {
	const { catalogVersion } = options;
	// The index already holds this catalogue version: the documents need not be read, nor built.
	const held = catalogVersion !== undefined && Object.is(ranker.catalogVersion, catalogVersion);
	const given = held ? NO_DOCUMENTS : documents();
	const { matches, terms, abstained, ignoredTerms } = ranker.searchDetailed(query, given, limit, options);
	return { matches, terms, abstained, ...ignored(ignoredTerms) };
}

/** One untrusted ranker's answer, checked, within `timeoutMs`; or why it cannot be used. */
async function attempt(
	ranker: ToolRanker,
	query: string,
	candidates: readonly ToolSearchDocument[],
	limit: number,
	rankOptions: ToolRankOptions,
	timeoutMs: number,
): Promise<ToolSearchMatch[] | string> {
	const { signal } = rankOptions;
	const settled = await withDeadline(
		() => ranker.rank(query, candidates, limit, rankOptions),
		timeoutMs,
		signal,
	);
	throwIfAborted(signal);
	if (!settled.ok) return `ranker failed: ${settled.error}`;
	try {
		return checkMatches(settled.value, candidates, limit);
	} catch (error) {
		return `ranker failed: ${describeError(error)}`; // a throwing getter in the answer
	}
}

/**
 * Ranks with `ranker` (or each ranker of a chain, in order). A ranker that throws, rejects, answers
 * something unusable (not an array, an unknown name, a score that is not a finite number) or does
 * not answer within `timeoutMs` is a failure: with `onError: "fallback"` (the default) the next
 * ranker is tried, and after the last the `fallback` BM25 ranker answers; with `"empty"` or
 * `"fail"` the chain stops there with no matches and a `failure`. The outcome lists every attempt
 * and says which ranker answered. When `options.signal` aborts, rejects with a `ToolSearchError`
 * of code `ABORTED`, whichever ranker was running.
 *
 * @example
 * ```ts
 * const outcome = await rankWithFallback(myRanker, "create issue", documents, 8);
 * if (outcome.rankedBy === "fallback") console.warn(outcome.fallbackReason);
 * ```
 */
export async function rankWithFallback(
	ranker: ToolRanker | readonly ToolRanker[],
	query: string,
	given: readonly ToolSearchDocument[] | LazyDocuments,
	limit: number,
	options: RankWithFallbackOptions = {},
): Promise<RankOutcome> {
	const {
		signal,
		exclude,
		fallback,
		timeoutMs = DEFAULT_RANKER_TIMEOUT_MS,
		onError = "fallback",
		catalogVersion,
		...rankOptions
	} = options;
	throwIfAborted(signal);
	const documents = (): readonly ToolSearchDocument[] =>
		isLazy(given) ? given.documents : (given as readonly ToolSearchDocument[]);
	const trustedOptions: TrustedOptions = { ...rankOptions, signal, exclude, catalogVersion };
	const callOptions = signal === undefined ? rankOptions : { ...rankOptions, signal };
	const attempts: RankAttempt[] = [];
	let candidates: readonly ToolSearchDocument[] | undefined;
	let fallbackReason: string | undefined;
	for (const each of Array.isArray(ranker) ? (ranker as readonly ToolRanker[]) : [ranker as ToolRanker]) {
		const name = rankerName(each);
		const start = performance.now();
		if (isDetailedRanker(each)) {
			// Our own ranker is trusted: its answer needs no O(catalogue) check on the hot path.
			const outcome = searchTrusted(each, query, documents, limit, trustedOptions);
			attempts.push({ ranker: name, ms: elapsedMs(start) });
			return {
				...outcome,
				rankedBy: name,
				...(fallbackReason === undefined ? {} : { fallbackReason }),
				attempts,
			};
		}
		candidates ??=
			exclude === undefined
				? documents()
				: documents().filter((document) =>
						typeof exclude === "function" ? !exclude(document.name) : !exclude.has(document.name),
					);
		const answer = await attempt(each, query, candidates, limit, callOptions, timeoutMs);
		if (typeof answer !== "string") {
			attempts.push({ ranker: name, ms: elapsedMs(start) });
			return {
				matches: answer,
				rankedBy: name,
				...(fallbackReason === undefined ? {} : { fallbackReason }),
				attempts,
			};
		}
		attempts.push({ ranker: name, ms: elapsedMs(start), error: answer });
		if (onError !== "fallback") return { matches: [], rankedBy: name, attempts, failure: answer };
		fallbackReason ??= answer;
	}
	return answerWithFallback(fallback ?? getDefaultToolRanker(), query, documents, limit, {
		reason: fallbackReason ?? "ranker failed",
		attempts,
		trustedOptions,
		candidates: candidates ?? documents(),
		callOptions,
	});
}

/** The fallback ranker's answer once the chain failed; `rankedBy` is `"fallback"`. */
async function answerWithFallback(
	fallback: ToolRanker,
	query: string,
	documents: () => readonly ToolSearchDocument[],
	limit: number,
	context: {
		reason: string;
		attempts: RankAttempt[];
		trustedOptions: TrustedOptions;
		candidates: readonly ToolSearchDocument[];
		callOptions: ToolRankOptions;
	},
): Promise<RankOutcome> {
	const { reason, attempts, trustedOptions, candidates, callOptions } = context;
	const start = performance.now();
	const outcome = isDetailedRanker(fallback)
		? searchTrusted(fallback, query, documents, limit, trustedOptions)
		: { matches: await fallback.rank(query, candidates, limit, callOptions) };
	throwIfAborted(trustedOptions.signal);
	attempts.push({ ranker: rankerName(fallback), ms: elapsedMs(start) });
	return { ...outcome, rankedBy: "fallback", fallbackReason: reason, attempts };
}
