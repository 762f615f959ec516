/**
 * Fusing the BM25 ranking with the embedding ranking: reciprocal-rank fusion or a weighted sum of
 * min-max normalised scores, best first, ties by name. Pure functions.
 */
import type { ToolSearchMatch } from "../../types.js";

/** A `HybridFusion` with its defaults filled in. */
export type ResolvedFusion = { mode: "rrf"; k: number } | { mode: "weighted"; weight: number };

/** Best first: score descending, then name by code units. */
export function byScoreThenName(a: ToolSearchMatch, b: ToolSearchMatch): number {
	if (a.score !== b.score) return b.score - a.score;
	return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The two sides' candidates fused into one ranking, best first, ties by name. */
export function fuse(
	lexical: readonly ToolSearchMatch[],
	dense: readonly ToolSearchMatch[],
	fusion: ResolvedFusion,
): ToolSearchMatch[] {
	const fused =
		fusion.mode === "rrf"
			? reciprocalRank(lexical, dense, fusion.k)
			: weighted(lexical, dense, fusion.weight);
	return [...fused].map(([name, score]) => ({ name, score })).sort(byScoreThenName);
}

/** `1 / (k + rank)` on each side where a tool is a candidate, summed. */
function reciprocalRank(
	lexical: readonly ToolSearchMatch[],
	dense: readonly ToolSearchMatch[],
	k: number,
): Map<string, number> {
	const fused = new Map<string, number>();
	for (const list of [lexical, dense]) {
		list.forEach((match, at) => {
			fused.set(match.name, (fused.get(match.name) ?? 0) + 1 / (k + at + 1));
		});
	}
	return fused;
}

/** `(1 − weight) · bm25 + weight · cosine`, each side min-max normalised over its candidates. */
function weighted(
	lexical: readonly ToolSearchMatch[],
	dense: readonly ToolSearchMatch[],
	weight: number,
): Map<string, number> {
	const fused = new Map<string, number>();
	const sides: [readonly ToolSearchMatch[], number][] = [
		[lexical, 1 - weight],
		[dense, weight],
	];
	for (const [list, share] of sides) {
		let min = Number.POSITIVE_INFINITY;
		let max = Number.NEGATIVE_INFINITY;
		for (const { score } of list) {
			if (score < min) min = score;
			if (score > max) max = score;
		}
		for (const { name, score } of list) {
			const normalised = max > min ? (score - min) / (max - min) : 1;
			fused.set(name, (fused.get(name) ?? 0) + share * normalised);
		}
	}
	return fused;
}
