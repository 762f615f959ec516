/**
 * The capability check that lets `tool_search` ask a ranker for term details: a brand on
 * `Bm25Ranker` instances under a registered symbol, so it holds across the ESM and CJS copies of
 * this package (an `instanceof` would fail there), and no user ranker can carry it by accident.
 */

import type { IndexSearchResult } from "../index/index-search.js";
import type { ToolRankOptions, ToolSearchDocument } from "../types.js";

const BRAND = Symbol.for("tool-search.bm25-ranker");

/** The part of `Bm25Ranker` that `rankWithFallback` uses when the ranker carries the brand. */
export interface DetailedRanker {
	/** The host's catalogue version its index holds, when it knows one (`Bm25Ranker.catalogVersion`). */
	readonly catalogVersion?: string | number | undefined;
	searchDetailed(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions & {
			exclude?: ((name: string) => boolean) | ReadonlySet<string> | undefined;
			catalogVersion?: string | number | undefined;
		},
	): IndexSearchResult;
}

/** Brands a `Bm25Ranker` (called from its constructor); the property is not enumerable. */
export function brandDetailedRanker(ranker: DetailedRanker): void {
	Object.defineProperty(ranker, BRAND, { value: true });
}

/** Whether `ranker` is a (branded) `Bm25Ranker` from any copy of this package. */
export function isDetailedRanker(ranker: unknown): ranker is DetailedRanker {
	return (
		typeof ranker === "object" &&
		ranker !== null &&
		(ranker as { [BRAND]?: unknown })[BRAND] === true &&
		typeof (ranker as { searchDetailed?: unknown }).searchDetailed === "function"
	);
}

/** The name `tool_search` reports for a ranker: its `name`, or `"custom"`. */
export function rankerName(ranker: { name?: unknown }): string {
	const name = ranker.name;
	return typeof name === "string" && name.trim() !== "" ? name : "custom";
}
