import { DEFAULT_RANKER_TIMEOUT_MS } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import type { QueryTermInfo } from "../index/index-search.js";
import type { ToolRanker, ToolRankOptions, ToolSearchDocument, ToolSearchMatch } from "../types.js";
import { throwIfAborted } from "./check-rank-call.js";
import { isDetailedRanker, rankerName } from "./ranker-brand.js";
import { getDefaultToolRanker } from "./registry.js";

/** What {@link rankWithFallback} did. */
export interface RankOutcome {
	/** The matches, best first, at most `limit`, each naming one of the documents once. */
	matches: ToolSearchMatch[];
	/**
	 * The name of the ranker that answered (its `name`: `"bm25"`, `"wink"`, a custom ranker's own,
	 * or `"custom"`); `"fallback"` when the given ranker failed and the fallback answered.
	 */
	rankedBy: string;
	/** Why the given ranker was not used, when `rankedBy` is `"fallback"`. */
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
}

/** Options of {@link rankWithFallback}: the ranker's, plus a query-time exclusion and the fallback. */
export interface RankWithFallbackOptions extends ToolRankOptions {
	/**
	 * Documents to leave out of the results. A `Bm25Ranker` keeps them indexed (no re-indexing when
	 * the set changes) and filters at query time; any other ranker is given only the rest.
	 */
	exclude?: ((name: string) => boolean) | undefined;
	/** The ranker to fall back to. @defaultValue the shared default `Bm25Ranker` */
	fallback?: ToolRanker | undefined;
	/**
	 * How long to wait for a ranker that is not a `Bm25Ranker` before falling back, in milliseconds;
	 * `Infinity` waits for ever. The late ranker is not stopped (it still gets `signal`), its answer
	 * is ignored. @defaultValue {@link DEFAULT_RANKER_TIMEOUT_MS}
	 */
	timeoutMs?: number | undefined;
}

export { throwIfAborted } from "./check-rank-call.js";

/** setTimeout's largest delay; a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** A promise that rejects with {@link RankerTimeout} after `ms`, unless disposed first. */
function deadline(ms: number): { promise: Promise<never>; dispose: () => void } | undefined {
	if (!(ms <= MAX_TIMER_MS)) return undefined;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const promise = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new RankerTimeout(ms)), ms);
	});
	promise.catch(() => {});
	return { promise, dispose: () => clearTimeout(timer) };
}

/** Why a ranker was given up on: it did not answer in time. */
class RankerTimeout extends Error {
	constructor(ms: number) {
		super(`timed out after ${ms} ms`);
	}
}

function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
	let onAbort: () => void = () => {};
	const promise = new Promise<never>((_, reject) => {
		onAbort = () =>
			reject(new ToolSearchError("ABORTED", "tool search was aborted", { cause: signal.reason }));
		signal.addEventListener("abort", onAbort, { once: true });
	});
	promise.catch(() => {});
	return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
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
		matches.push({ name, score });
		if (matches.length >= limit) break;
	}
	return matches;
}

/** `{ ignoredTerms }` when some terms were not searched, else nothing (the outcome stays as it was). */
function ignored(ignoredTerms: number | undefined): { ignoredTerms?: number } {
	return typeof ignoredTerms === "number" && ignoredTerms > 0 ? { ignoredTerms } : {};
}

function describeError(error: unknown): string {
	if (error instanceof Error) return error.message;
	return quote(error);
}

/**
 * Ranks with `ranker`, and when it throws, rejects, answers something unusable (not an array, an
 * unknown name, a score that is not a finite number) or does not answer within `timeoutMs`, with
 * the default BM25 ranker instead; the outcome says which. When `options.signal` aborts, rejects with a
 * `ToolSearchError` of code `ABORTED`, whichever ranker was running.
 *
 * @example
 * ```ts
 * const outcome = await rankWithFallback(myRanker, "create issue", documents, 8);
 * if (outcome.rankedBy === "fallback") console.warn(outcome.fallbackReason);
 * ```
 */
export async function rankWithFallback(
	ranker: ToolRanker,
	query: string,
	documents: readonly ToolSearchDocument[],
	limit: number,
	options: RankWithFallbackOptions = {},
): Promise<RankOutcome> {
	const { signal, exclude, fallback, timeoutMs = DEFAULT_RANKER_TIMEOUT_MS, ...rankOptions } = options;
	throwIfAborted(signal);
	const fallbackRanker = fallback ?? getDefaultToolRanker();
	const bm25Options = { ...rankOptions, signal, exclude };
	let fallbackReason: string | undefined;
	if (isDetailedRanker(ranker)) {
		// Our own ranker is trusted: its answer needs no O(catalogue) check on the hot path.
		const { matches, terms, abstained, ignoredTerms } = ranker.searchDetailed(
			query,
			documents,
			limit,
			bm25Options,
		);
		return { matches, rankedBy: rankerName(ranker), terms, abstained, ...ignored(ignoredTerms) };
	}
	const candidates =
		exclude === undefined ? documents : documents.filter((document) => !exclude(document.name));
	{
		const abort = signal ? abortPromise(signal) : undefined;
		const late = deadline(timeoutMs);
		try {
			const pending = Promise.resolve().then(() =>
				ranker.rank(
					query,
					candidates,
					limit,
					signal === undefined ? rankOptions : { ...rankOptions, signal },
				),
			);
			const racers: Promise<unknown>[] = [pending];
			if (abort !== undefined) racers.push(abort.promise);
			if (late !== undefined) racers.push(late.promise);
			const value = await (racers.length === 1 ? pending : Promise.race(racers));
			throwIfAborted(signal);
			const checked = checkMatches(value, candidates, limit);
			if (typeof checked !== "string") return { matches: checked, rankedBy: rankerName(ranker) };
			fallbackReason = checked;
		} catch (error) {
			throwIfAborted(signal);
			if (ToolSearchError.isInstance(error) && error.code === "ABORTED") throw error;
			fallbackReason = `ranker failed: ${describeError(error)}`;
		} finally {
			abort?.dispose();
			late?.dispose();
		}
	}
	const reason = fallbackReason ?? "ranker failed";
	if (isDetailedRanker(fallbackRanker)) {
		const { matches, terms, abstained, ignoredTerms } = fallbackRanker.searchDetailed(
			query,
			documents,
			limit,
			bm25Options,
		);
		return {
			matches,
			rankedBy: "fallback",
			fallbackReason: reason,
			terms,
			abstained,
			...ignored(ignoredTerms),
		};
	}
	const matches = await fallbackRanker.rank(query, candidates, limit, { ...rankOptions, signal });
	throwIfAborted(signal);
	return { matches, rankedBy: "fallback", fallbackReason: reason };
}
