/**
 * `evaluateToolSearch`: the metrics of `npm run eval` (R@1, R@5, R@10, C@5, nDCG@10, MRR, and
 * abstention) for a catalogue and its owner's labelled requests, with the misses listed.
 */
import { DEFAULT_MISS_WITHIN, EVALUATION_DEPTH, MAX_TESTING_RANK_DEPTH } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import type { ToolCatalog } from "../host/types.js";
import { invalidOptions } from "../internal/guards.js";
import type { ToolInfo } from "../types.js";
import { type CatalogSearchOptions, createSearchRunner } from "./catalog-search.js";
import { type CheckedRequest, checkRequests, type LabelledRequest } from "./labelled-requests.js";
import {
	type AbstentionScores,
	abstentionScores,
	averageMetrics,
	groupRanks,
	queryMetrics,
	type RetrievalMetrics,
} from "./metrics.js";

/**
 * Options of {@link evaluateToolSearch}: the search's (as {@link createCatalogSearch}'s) and the
 * evaluation's.
 *
 * @example
 * ```ts
 * const options: EvaluateToolSearchOptions = { within: 3, namespaceOf, onProgress: (done, total) => {} };
 * ```
 */
export interface EvaluateToolSearchOptions extends CatalogSearchOptions {
	/** A request misses when one of its gold groups is not among its first `within` tools (1..100). @defaultValue 5 */
	within?: number | undefined;
	/** Called after each request with how many are done. @defaultValue none */
	onProgress?: ((done: number, total: number) => void) | undefined;
}

/**
 * One labelled request, evaluated.
 *
 * @example
 * ```ts
 * for (const miss of evaluation.misses) console.log(miss.id, miss.query, miss.groupRanks, miss.ranking.slice(0, 3));
 * ```
 */
export interface EvaluatedRequest {
	readonly id: string;
	readonly query: string;
	/** Its gold groups (`[]`: no tool fits). */
	readonly relevant: readonly (readonly string[])[];
	/** The first 10 tools found (or `within`, when larger), best first. */
	readonly ranking: readonly string[];
	/** Per gold group, the rank of its first member (within the first 100), or `null`. */
	readonly groupRanks: readonly (number | null)[];
	/** Its metrics; `undefined` for a request no tool fits. */
	readonly metrics: RetrievalMetrics | undefined;
	/** Whether a gold group is not among the first `within` tools. */
	readonly missed: boolean;
	/** Why `tool_search` refused the query (too long, no words), when it did: it found nothing. */
	readonly refused?: string;
}

/**
 * What {@link evaluateToolSearch} measured.
 *
 * @example
 * ```ts
 * const { metrics, misses, requests }: ToolSearchEvaluation = await evaluateToolSearch(tools, labelled);
 * console.log(`R@5 ${metrics.r5.toFixed(3)} over ${requests} requests; ${misses.length} misses`);
 * ```
 */
export interface ToolSearchEvaluation {
	/** How many requests were evaluated. */
	readonly requests: number;
	/** How many have gold: the denominator of `metrics`. */
	readonly withGold: number;
	/** Means over the requests with gold (all zeros when none has). */
	readonly metrics: RetrievalMetrics;
	/** Abstention over every request: how often nothing was found, and whether rightly. */
	readonly abstention: AbstentionScores;
	/** Every request, in the order given. */
	readonly results: readonly EvaluatedRequest[];
	/** The requests with `missed`, in the order given. */
	readonly misses: readonly EvaluatedRequest[];
}

function checkWithin(within: unknown): number {
	if (within === undefined) return DEFAULT_MISS_WITHIN;
	if (
		!(
			typeof within === "number" &&
			Number.isInteger(within) &&
			within >= 1 &&
			within <= MAX_TESTING_RANK_DEPTH
		)
	) {
		invalidOptions(`within must be an integer from 1 to ${MAX_TESTING_RANK_DEPTH}, got ${quote(within)}`);
	}
	return within;
}

type Runner = ReturnType<typeof createSearchRunner>;

/** Searches one request and scores it; a miss past the first `depth` tools is searched to 100. */
async function evaluateRequest(
	runner: Runner,
	request: CheckedRequest,
	within: number,
): Promise<EvaluatedRequest> {
	const depth = Math.max(EVALUATION_DEPTH, within);
	const outcome = await runner.search(request.query, depth);
	const ranking = "matches" in outcome ? outcome.matches.map((match) => match.name) : [];
	let ranks = groupRanks(ranking, request.groups);
	const missed = ranks.some((rank) => rank === null || rank > within);
	if (ranks.includes(null) && ranking.length === depth && depth < MAX_TESTING_RANK_DEPTH) {
		const deeper = await runner.search(request.query, MAX_TESTING_RANK_DEPTH);
		if ("matches" in deeper)
			ranks = groupRanks(
				deeper.matches.map((match) => match.name),
				request.groups,
			);
	}
	const hasGold = request.groups.length > 0;
	return {
		id: request.id,
		query: request.query,
		relevant: request.groups,
		ranking,
		groupRanks: ranks,
		metrics: hasGold ? queryMetrics(ranking.slice(0, EVALUATION_DEPTH), request.groups) : undefined,
		missed: hasGold && missed,
		...("refused" in outcome ? { refused: outcome.refused } : {}),
	};
}

/**
 * Evaluates how `tool_search` ranks a catalogue for labelled requests: each request is searched as
 * a model's `tool_search` call would be (see {@link createCatalogSearch}), and scored on its first
 * 10 tools with the metrics of `npm run eval` (means over the requests with gold; abstention over
 * all). A request whose gold group is not among the first `within` tools is a miss; a miss past the
 * first 10 is searched again, to 100, to say where its gold went. A query `tool_search` refuses
 * (over 1,000 characters, say) finds nothing, as for a model, and says why in `refused`.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for malformed requests or options, `UNKNOWN_TOOL`
 * when a request names a tool the catalogue does not have.
 *
 * @example
 * ```ts
 * const evaluation = await evaluateToolSearch(tools, parseLabelledRequests(readFileSync("requests.jsonl", "utf8")));
 * expect(evaluation.metrics.r5).toBeGreaterThanOrEqual(0.9);
 * expect(evaluation.misses.map((miss) => miss.id)).toEqual([]);
 * ```
 */
export async function evaluateToolSearch(
	catalog: readonly ToolInfo[] | ToolCatalog,
	labelled: readonly LabelledRequest[],
	options: EvaluateToolSearchOptions = {},
): Promise<ToolSearchEvaluation> {
	const { within: givenWithin, onProgress, ...searchOptions } = options ?? {};
	const within = checkWithin(givenWithin);
	const requests = checkRequests(labelled);
	const runner = createSearchRunner(catalog, searchOptions);
	for (const request of requests) {
		const unknown = request.groups.flat().find((name) => !runner.has(name));
		if (unknown !== undefined) {
			throw new ToolSearchError(
				"UNKNOWN_TOOL",
				`labelled request ${quote(request.id)} names ${quote(unknown)}, which the catalog does not have`,
			);
		}
	}
	const results: EvaluatedRequest[] = [];
	for (const request of requests) {
		results.push(await evaluateRequest(runner, request, within));
		onProgress?.(results.length, requests.length);
	}
	const scored = results.flatMap((result) => (result.metrics === undefined ? [] : [result.metrics]));
	return {
		requests: results.length,
		withGold: scored.length,
		metrics: averageMetrics(scored),
		abstention: abstentionScores(
			results.map((result) => ({
				abstained: result.ranking.length === 0,
				goldNone: result.relevant.length === 0,
			})),
		),
		results,
		misses: results.filter((result) => result.missed),
	};
}
