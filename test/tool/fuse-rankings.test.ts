import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { QueryTermInfo } from "../../src/index/index-search.js";
import type { RankOutcome } from "../../src/ranking/rank-with-fallback.js";
import { combineOutcomes, fuseRankings } from "../../src/tool/fuse-rankings.js";
import type { ToolSearchMatch } from "../../src/types.js";

/** A ranking of names, best first (the ranker's scores do not count in the fusion). */
const ranking = (...names: string[]): ToolSearchMatch[] =>
	names.map((name, at) => ({ name, score: 100 - at }));
const names = (matches: readonly ToolSearchMatch[]): string[] => matches.map((match) => match.name);
const rrf = (...ranks: number[]): number => ranks.reduce((sum, rank) => sum + 1 / (60 + rank), 0);

describe("fuseRankings", () => {
	it.each([
		{
			description: "a tool two phrasings find beats one that a single phrasing ranks first",
			rankings: [ranking("a", "b"), ranking("c", "b")],
			expected: ["b", "a", "c"],
		},
		{
			description: "found by two at ranks 5 and 5 beats first in one",
			rankings: [ranking("a", "x1", "x2", "x3", "b"), ranking("y1", "y2", "y3", "y4", "b")],
			expected: ["b", "a", "y1", "x1", "y2", "x2", "y3", "x3", "y4"],
		},
		{
			description: "ties by first appearance, phrasing by phrasing",
			rankings: [ranking("z", "y"), ranking("b", "a")],
			expected: ["z", "b", "y", "a"],
		},
		{
			description: "one ranking keeps its order",
			rankings: [ranking("c", "a", "b")],
			expected: ["c", "a", "b"],
		},
		{ description: "no rankings", rankings: [], expected: [] },
		{ description: "empty rankings", rankings: [[], []], expected: [] },
		{
			description: "a name repeated within one ranking counts once, at its first place",
			rankings: [ranking("a", "b", "a"), ranking("b")],
			expected: ["b", "a"],
		},
	])("$description", ({ rankings, expected }) => {
		expect(names(fuseRankings(rankings, 50))).toEqual(expected);
	});

	it("scores 1 / (60 + rank) summed, and keeps the best `limit`", () => {
		const fused = fuseRankings([ranking("a", "b", "c"), ranking("b", "d")], 2);
		expect(fused).toEqual([
			{ name: "b", score: rrf(1, 2) },
			{ name: "a", score: rrf(1) },
		]);
		expect(fuseRankings([ranking("a")], 0)).toEqual([]);
		expect(fuseRankings([ranking("a", "b")], 1, 0)).toEqual([{ name: "a", score: 1 }]);
	});

	it("gives bit-equal scores to equal ranks, whatever the order of the rankings (property)", () => {
		const pool = ["a", "b", "c", "d", "e", "f"];
		const rankingArb = fc.shuffledSubarray(pool).map((picked) => ranking(...picked));
		fc.assert(
			fc.property(fc.array(rankingArb, { minLength: 1, maxLength: 5 }), (rankings) => {
				const forward = fuseRankings(rankings, 50);
				const backward = fuseRankings([...rankings].reverse(), 50);
				const score = new Map(backward.map((match) => [match.name, match.score]));
				for (const match of forward) expect(score.get(match.name)).toBe(match.score);
				for (let i = 1; i < forward.length; i++) {
					expect((forward[i - 1] as ToolSearchMatch).score).toBeGreaterThanOrEqual(
						(forward[i] as ToolSearchMatch).score,
					);
				}
			}),
		);
	});
});

const term = (text: string, matched: boolean): QueryTermInfo =>
	({ term: text, matched, generic: false }) as unknown as QueryTermInfo;

describe("combineOutcomes", () => {
	it("fuses the matches and merges what the phrasings report", () => {
		const outcomes: RankOutcome[] = [
			{ matches: ranking("a"), rankedBy: "bm25", terms: [term("send", true), term("zorblax", false)] },
			{
				matches: ranking("b", "a"),
				rankedBy: "bm25",
				terms: [term("zorblax", false), term("mail", true)],
				ignoredTerms: 2,
			},
			{ matches: [], rankedBy: "bm25", terms: [term("send", false)], ignoredTerms: 1 },
		];
		const combined = combineOutcomes(outcomes, 8);
		expect(names(combined.matches)).toEqual(["a", "b"]);
		expect(combined.rankedBy).toBe("bm25");
		expect(combined.fallbackReason).toBeUndefined();
		expect(combined.terms?.map((info) => [info.term, info.matched])).toEqual([
			["send", true],
			["zorblax", false],
			["mail", true],
		]);
		expect(combined.ignoredTerms).toBe(3);
		expect(combined.abstained).toBeUndefined();
	});

	it("says fallback, with the first phrasing's reason, when any phrasing fell back", () => {
		const combined = combineOutcomes(
			[
				{ matches: ranking("a"), rankedBy: "mine" },
				{ matches: ranking("a"), rankedBy: "fallback", fallbackReason: "ranker failed: one" },
				{ matches: [], rankedBy: "fallback", fallbackReason: "ranker failed: two" },
			],
			8,
		);
		expect(combined).toMatchObject({ rankedBy: "fallback", fallbackReason: "ranker failed: one" });
		expect(combined.terms).toBeUndefined();
		expect(combined.ignoredTerms).toBeUndefined();
	});

	it("abstains only when nothing was found and a phrasing abstained", () => {
		const abstained: RankOutcome = { matches: [], rankedBy: "bm25", abstained: true };
		const empty: RankOutcome = { matches: [], rankedBy: "bm25" };
		const found: RankOutcome = { matches: ranking("a"), rankedBy: "bm25" };
		expect(combineOutcomes([abstained, empty], 8).abstained).toBe(true);
		expect(combineOutcomes([empty, empty], 8).abstained).toBeUndefined();
		expect(combineOutcomes([abstained, found], 8).abstained).toBeUndefined();
	});
});
