import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_RANKER_TIMEOUT_MS } from "../../src/defaults.js";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { rankWithFallback } from "../../src/ranking/rank-with-fallback.js";
import { brandDetailedRanker } from "../../src/ranking/ranker-brand.js";
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
		const outcome = await rankWithFallback(foreign, "weather zyzzyva", documents, 5);
		expect(outcome.rankedBy).toBe("bm25");
		expect(outcome.terms?.map((term) => [term.term, term.matched])).toEqual([
			["weather", true],
			["zyzzyva", false],
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

	it.each([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN])(
		"treats a score of %s as an unusable answer and falls back",
		async (score) => {
			const ranker: ToolRanker = { rank: () => [{ name: "weather__forecast", score }] };
			const outcome = await rankWithFallback(ranker, "weather", documents, 5, { fallback: new Bm25Ranker() });
			expect(outcome.rankedBy).toBe("fallback");
			expect(outcome.fallbackReason).toMatch(/^ranker returned an invalid match/);
			expect(outcome.matches.every((match) => Number.isFinite(match.score))).toBe(true);
		},
	);
});

describe("rankWithFallback: the ranker's deadline", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("falls back to BM25 when the ranker never answers, after timeoutMs", async () => {
		vi.useFakeTimers();
		const never: ToolRanker = { name: "slow", rank: () => new Promise(() => {}) };
		let settled = false;
		const pending = rankWithFallback(never, "weather", documents, 5, {
			fallback: new Bm25Ranker(),
			timeoutMs: 1000,
		});
		void pending.then(() => {
			settled = true;
		});
		await vi.advanceTimersByTimeAsync(999);
		expect(settled).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(await pending).toMatchObject({
			rankedBy: "fallback",
			fallbackReason: "ranker failed: timed out after 1000 ms",
			matches: [{ name: "weather__forecast" }],
		});
		expect(vi.getTimerCount()).toBe(0);
	});

	it("waits DEFAULT_RANKER_TIMEOUT_MS by default, and for ever with Infinity", async () => {
		vi.useFakeTimers();
		const never: ToolRanker = { rank: () => new Promise(() => {}) };
		const byDefault = rankWithFallback(never, "weather", documents, 5, { fallback: new Bm25Ranker() });
		await vi.advanceTimersByTimeAsync(DEFAULT_RANKER_TIMEOUT_MS);
		expect((await byDefault).fallbackReason).toBe(
			`ranker failed: timed out after ${DEFAULT_RANKER_TIMEOUT_MS} ms`,
		);
		let settled = false;
		void rankWithFallback(never, "weather", documents, 5, { timeoutMs: Number.POSITIVE_INFINITY }).then(
			() => {
				settled = true;
			},
		);
		await vi.advanceTimersByTimeAsync(10 * DEFAULT_RANKER_TIMEOUT_MS);
		expect(settled).toBe(false);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("clears its timer when the ranker answers, and ignores a late rejection", async () => {
		vi.useFakeTimers();
		const quick: ToolRanker = { rank: async () => [{ name: "weather__forecast", score: 1 }] };
		const outcome = await rankWithFallback(quick, "weather", documents, 5, { timeoutMs: 1000 });
		expect(outcome.rankedBy).toBe("custom");
		expect(vi.getTimerCount()).toBe(0);
		let reject: (error: Error) => void = () => {};
		const late: ToolRanker = { rank: () => new Promise((_, no) => (reject = no)) };
		const unhandled = vi.fn();
		process.on("unhandledRejection", unhandled);
		try {
			const pending = rankWithFallback(late, "weather", documents, 5, {
				timeoutMs: 10,
				fallback: new Bm25Ranker(),
			});
			await vi.advanceTimersByTimeAsync(10);
			expect((await pending).rankedBy).toBe("fallback");
			reject(new Error("too late"));
			vi.useRealTimers();
			await new Promise((resolve) => setImmediate(resolve)); // node reports unhandled rejections by then
			expect(unhandled).not.toHaveBeenCalled();
		} finally {
			process.off("unhandledRejection", unhandled);
		}
	});

	it("passes on how many query terms the BM25 ranker left unsearched, when some were", async () => {
		const detailed = (ignoredTerms: number) => {
			const ranker = {
				rank: () => [],
				searchDetailed: () => ({ matches: [], terms: [], abstained: false, ignoredTerms }),
			};
			brandDetailedRanker(ranker);
			return ranker;
		};
		expect((await rankWithFallback(detailed(3), "weather", documents, 5)).ignoredTerms).toBe(3);
		expect(await rankWithFallback(detailed(0), "weather", documents, 5)).not.toHaveProperty("ignoredTerms");
		const failing: ToolRanker = {
			rank: () => {
				throw new Error("boom");
			},
		};
		const outcome = await rankWithFallback(failing, "weather", documents, 5, { fallback: detailed(2) });
		expect(outcome).toMatchObject({ rankedBy: "fallback", ignoredTerms: 2 });
	});
});

describe("rankWithFallback: a chain of rankers", () => {
	const failing = (name: string): ToolRanker => ({
		name,
		rank: () => {
			throw new Error(`${name} is down`);
		},
	});
	const answering: ToolRanker = { name: "second", rank: () => [{ name: "github__create_issue", score: 2 }] };

	it("tries each ranker in order and lists every attempt, with the first failure as the reason", async () => {
		const outcome = await rankWithFallback([failing("first"), answering], "issue", documents, 5);
		expect(outcome).toMatchObject({
			rankedBy: "second",
			fallbackReason: "ranker failed: first is down",
			matches: [{ name: "github__create_issue", score: 2 }],
		});
		expect(outcome.attempts?.map(({ ranker, error }) => [ranker, error])).toEqual([
			["first", "ranker failed: first is down"],
			["second", undefined],
		]);
		expect(outcome.attempts?.every((attempt) => attempt.ms >= 0)).toBe(true);
	});

	it("answers with the built-in BM25 (ranked_by fallback) after the last ranker failed", async () => {
		const outcome = await rankWithFallback([failing("a"), failing("b")], "weather", documents, 5, {
			fallback: new Bm25Ranker(),
		});
		expect(outcome).toMatchObject({ rankedBy: "fallback", fallbackReason: "ranker failed: a is down" });
		expect(outcome.attempts?.map((attempt) => attempt.ranker)).toEqual(["a", "b", "bm25"]);
		expect(outcome.matches[0]?.name).toBe("weather__forecast");
	});

	it.each(["empty", "fail"] as const)("stops at the first failure with onError %s", async (onError) => {
		const second = { ...answering, rank: vi.fn(answering.rank) };
		const outcome = await rankWithFallback([failing("a"), second], "issue", documents, 5, { onError });
		expect(outcome).toMatchObject({ matches: [], rankedBy: "a", failure: "ranker failed: a is down" });
		expect(second.rank).not.toHaveBeenCalled();
	});

	it("keeps a ranker's component scores (finite numbers only) and drops malformed ones", async () => {
		const ranker: ToolRanker = {
			rank: () => [
				{ name: "weather__forecast", score: 1, signals: { bm25: 3, dense: 0.5, bad: Number.NaN } },
				{ name: "github__create_issue", score: 0.5, signals: "junk" as never },
			],
		};
		const { matches } = await rankWithFallback(ranker, "weather", documents, 5);
		expect(matches).toEqual([
			{ name: "weather__forecast", score: 1, signals: { bm25: 3, dense: 0.5 } },
			{ name: "github__create_issue", score: 0.5 },
		]);
	});
});

describe("rankWithFallback: a hostile answer", () => {
	it("falls back when reading the ranker's answer throws (a throwing getter)", async () => {
		const match = {};
		Object.defineProperty(match, "name", {
			get() {
				throw new Error("match getter");
			},
		});
		const ranker: ToolRanker = { rank: async () => [match as never] };
		const outcome = await rankWithFallback(ranker, "weather", documents, 5, { fallback: new Bm25Ranker() });
		expect(outcome).toMatchObject({ rankedBy: "fallback", fallbackReason: "ranker failed: match getter" });
	});
});
