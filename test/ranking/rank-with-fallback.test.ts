import { describe, expect, it, vi } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { rankWithFallback } from "../../src/ranking/rank-with-fallback.js";
import type { ToolRanker } from "../../src/types.js";

const documents = [
	createToolSearchDocument({ name: "weather__forecast", description: "Weather forecast for a city." }),
	createToolSearchDocument({ name: "github__create_issue", description: "Create a GitHub issue." }),
];

describe("rankWithFallback", () => {
	it("names the ranker that answered: bm25, a custom name, custom, or fallback", async () => {
		expect((await rankWithFallback(new Bm25Ranker(), "weather", documents, 5)).rankedBy).toBe("bm25");
		const named: ToolRanker = { name: "mine", rank: () => [{ name: "weather__forecast", score: 1 }] };
		expect((await rankWithFallback(named, "weather", documents, 5)).rankedBy).toBe("mine");
		const nameless: ToolRanker = { rank: () => [] };
		expect((await rankWithFallback(nameless, "weather", documents, 5)).rankedBy).toBe("custom");
		const failing: ToolRanker = {
			name: "broken",
			rank: () => {
				throw new Error("boom");
			},
		};
		const outcome = await rankWithFallback(failing, "weather", documents, 5, { fallback: new Bm25Ranker() });
		expect(outcome).toMatchObject({ rankedBy: "fallback", fallbackReason: "ranker failed: boom" });
		expect(outcome.matches[0]?.name).toBe("weather__forecast");
	});

	it("recognises a Bm25Ranker from another copy of the module (no instanceof), so term details survive", async () => {
		vi.resetModules();
		// A query string makes vite load a second, separate copy of the module, as an ESM and a CJS copy
		// of the package would be.
		const path = "../../src/ranking/bm25-ranker.js?copy";
		const copy = (await import(/* @vite-ignore */ path)) as typeof import("../../src/ranking/bm25-ranker.js");
		expect(copy.Bm25Ranker).not.toBe(Bm25Ranker);
		const foreign = new copy.Bm25Ranker();
		expect(foreign instanceof Bm25Ranker).toBe(false);
		const outcome = await rankWithFallback(foreign, "weather rain", documents, 5);
		expect(outcome.rankedBy).toBe("bm25");
		expect(outcome.terms?.map((term) => [term.term, term.matched])).toEqual([
			["weather", true],
			["rain", false],
		]);
	});

	it("does not take a look-alike for a Bm25Ranker", async () => {
		const lookAlike = {
			name: "bm25",
			rank: () => [{ name: "github__create_issue", score: 1 }],
			searchDetailed: () => {
				throw new Error("must not be called");
			},
		};
		const outcome = await rankWithFallback(lookAlike, "weather", documents, 5);
		expect(outcome).toMatchObject({
			rankedBy: "bm25",
			matches: [{ name: "github__create_issue", score: 1 }],
		});
		expect(outcome.terms).toBeUndefined();
	});
});
