import type { EvalTool } from "../datasets.js";

/**
 * A ranker under evaluation. `build` indexes a whole catalogue (replacing any previous one);
 * `search` returns at most `k` tool names, best first, deterministically.
 */
export interface EvalRanker {
	readonly name: string;
	build(tools: readonly EvalTool[]): void;
	search(query: string, k: number): string[];
}

/** Best first: score descending, then name ascending by code units (locale-independent). */
export function byScoreThenName(
	a: { readonly name: string; readonly score: number },
	b: { readonly name: string; readonly score: number },
): number {
	if (a.score !== b.score) return b.score - a.score;
	return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
