/**
 * The behaviours every {@link ToolRanker} must have, as a reusable vitest suite. Call
 * {@link runRankerConformance} from a `*.test.ts` file:
 *
 * ```ts
 * runRankerConformance({ name: "Bm25Ranker", create: () => new Bm25Ranker() });
 * ```
 *
 * Every check has a key; a ranker that cannot meet one lists it in `skip` (the test then shows as
 * skipped). Rankers may be synchronous or asynchronous: every result is awaited.
 */
import { describe, expect, it } from "vitest";
import { ToolSearchError } from "../../src/errors.js";
import type { ToolRanker, ToolRankOptions, ToolSearchDocument, ToolSearchMatch } from "../../src/types.js";
import { deepFreeze } from "../helpers/deep-freeze.js";
import { fixtureDocuments, piFixtureDocuments } from "./fixture-documents.js";

/** The keys of the conformance checks, for `skip`. */
export const RANKER_CONFORMANCE_CHECKS = [
	"limit",
	"limit-zero",
	"known-names",
	"unique-names",
	"sorted",
	"finite-scores",
	"deterministic",
	"order-independent",
	"empty-catalogue",
	"no-match",
	"empty-query",
	"exact-name",
	"relevance",
	"pi-documents",
	"no-mutation",
	"abort",
] as const;

/** One conformance check. */
export type RankerConformanceCheck = (typeof RANKER_CONFORMANCE_CHECKS)[number];

export interface RankerConformanceOptions {
	/** Shown in the suite's title. */
	name: string;
	/** Creates a fresh ranker; called once per test. */
	create: () => ToolRanker;
	/** Checks this ranker is exempt from. */
	skip?: readonly RankerConformanceCheck[];
}

/** Natural queries and the tool each must rank in its top 3. */
export const RELEVANCE_CASES: readonly { query: string; expected: string }[] = [
	{ query: "send a message to a slack channel", expected: "slack__post_message" },
	{ query: "read a file from disk", expected: "filesystem__read_file" },
	{ query: "weather forecast for tomorrow", expected: "weather__get_forecast" },
	{ query: "open a new issue in a github repository", expected: "github__create_issue" },
	{ query: "merge a pull request", expected: "github__merge_pull_request" },
	{ query: "add an emoji reaction", expected: "slack__add_reaction" },
];

/** Queries whose exact text is a tool's full or local name, and that tool. */
export const EXACT_NAME_CASES: readonly { query: string; expected: string }[] = [
	{ query: "slack__post_message", expected: "slack__post_message" },
	{ query: "post_message", expected: "slack__post_message" },
	{ query: "filesystem__read_file", expected: "filesystem__read_file" },
	{ query: "create_issue", expected: "github__create_issue" },
	{ query: "get_forecast", expected: "weather__get_forecast" },
];

/** Queries used for the structural checks: broad, narrow, one word, many words. */
const QUERIES = [
	"send a message to a slack channel",
	"read a file from disk",
	"list",
	"pull request",
	"create",
	"meeting attendees email",
	"file directory path",
	"location",
];

const LIMITS = [1, 2, 3, 5, 100];

async function rank(
	ranker: ToolRanker,
	query: string,
	documents: readonly ToolSearchDocument[],
	limit: number,
	options?: ToolRankOptions,
): Promise<ToolSearchMatch[]> {
	return await ranker.rank(query, documents, limit, options);
}

function names(matches: readonly { name: string }[]): string[] {
	return matches.map((match) => match.name);
}

/**
 * Registers a `describe` block checking that rankers made by `options.create` behave as every
 * ranker must.
 */
export function runRankerConformance(options: RankerConformanceOptions): void {
	const skip = new Set<string>(options.skip ?? []);
	for (const key of skip) {
		if (!(RANKER_CONFORMANCE_CHECKS as readonly string[]).includes(key)) {
			throw new Error(`runRankerConformance: unknown check ${JSON.stringify(key)} in skip`);
		}
	}
	const check = (key: RankerConformanceCheck, title: string, test: () => Promise<void>): void => {
		it.skipIf(skip.has(key))(`${key}: ${title}`, test);
	};

	describe(`${options.name} conformance`, () => {
		check("limit", "returns at most `limit` matches, the best of a longer list", async () => {
			const ranker = options.create();
			const documents = fixtureDocuments();
			for (const query of QUERIES) {
				const all = await rank(ranker, query, documents, 100);
				for (const limit of LIMITS) {
					const matches = await rank(ranker, query, documents, limit);
					expect(matches.length, `${query} / ${limit}`).toBeLessThanOrEqual(limit);
					expect(names(matches), `${query} / ${limit}`).toEqual(names(all).slice(0, limit));
				}
			}
		});

		check("limit-zero", "returns [] for limit 0", async () => {
			const ranker = options.create();
			for (const query of QUERIES) expect(await rank(ranker, query, fixtureDocuments(), 0)).toEqual([]);
		});

		check("known-names", "returns only names of the given documents", async () => {
			const ranker = options.create();
			const documents = fixtureDocuments();
			const known = new Set(names(documents));
			const subset = documents.filter((_, at) => at % 3 === 0);
			const knownSubset = new Set(names(subset));
			for (const query of QUERIES) {
				for (const match of await rank(ranker, query, documents, 100))
					expect(known.has(match.name)).toBe(true);
				for (const match of await rank(ranker, query, subset, 100)) {
					expect(knownSubset.has(match.name), `${query}: ${match.name}`).toBe(true);
				}
			}
		});

		check("unique-names", "names each tool at most once", async () => {
			const ranker = options.create();
			for (const query of QUERIES) {
				const matches = await rank(ranker, query, fixtureDocuments(), 100);
				expect(new Set(names(matches)).size).toBe(matches.length);
			}
		});

		check("sorted", "sorts by score, descending", async () => {
			const ranker = options.create();
			for (const query of QUERIES) {
				const matches = await rank(ranker, query, fixtureDocuments(), 100);
				for (let at = 1; at < matches.length; at += 1) {
					expect(matches[at - 1]?.score, query).toBeGreaterThanOrEqual(matches[at]?.score ?? Number.NaN);
				}
			}
		});

		check("finite-scores", "gives every match a finite numeric score", async () => {
			const ranker = options.create();
			for (const query of QUERIES) {
				for (const match of await rank(ranker, query, fixtureDocuments(), 100)) {
					expect(typeof match.name).toBe("string");
					expect(Number.isFinite(match.score), `${query}: ${match.name}`).toBe(true);
				}
			}
		});

		check("deterministic", "answers the same input the same way, on the same or a new ranker", async () => {
			const ranker = options.create();
			const documents = fixtureDocuments();
			for (const query of QUERIES) {
				const first = await rank(ranker, query, documents, 5);
				expect(await rank(ranker, query, documents, 5)).toEqual(first);
				expect(await rank(ranker, query, fixtureDocuments(), 5)).toEqual(first);
				expect(await rank(options.create(), query, fixtureDocuments(), 5)).toEqual(first);
			}
		});

		check("order-independent", "ranks the same whatever the order of the documents", async () => {
			const documents = fixtureDocuments();
			const reversed = [...documents].reverse();
			for (const query of QUERIES) {
				const forward = await rank(options.create(), query, documents, 100);
				const backward = await rank(options.create(), query, reversed, 100);
				expect(names(backward), query).toEqual(names(forward));
				backward.forEach((match, at) => {
					expect(match.score).toBeCloseTo(forward[at]?.score ?? Number.NaN, 9);
				});
				// The same ranker, switching between the two orders.
				const ranker = options.create();
				await rank(ranker, query, documents, 100);
				expect(names(await rank(ranker, query, reversed, 100)), query).toEqual(names(forward));
			}
		});

		check("empty-catalogue", "returns [] for no documents", async () => {
			const ranker = options.create();
			for (const query of [...QUERIES, "", "slack__post_message"]) {
				for (const limit of LIMITS) expect(await rank(ranker, query, [], limit)).toEqual([]);
			}
		});

		check("no-match", "returns [] for a query sharing no word with any tool", async () => {
			const ranker = options.create();
			for (const query of ["zzqx", "qwxz vbnmk", "florbnax_quizzle"]) {
				expect(await rank(ranker, query, fixtureDocuments(), 10), query).toEqual([]);
			}
		});

		check("empty-query", "returns [] for an empty or blank query", async () => {
			const ranker = options.create();
			for (const query of ["", "   ", "\n\t"]) {
				expect(await rank(ranker, query, fixtureDocuments(), 10), JSON.stringify(query)).toEqual([]);
			}
		});

		check("exact-name", "ranks a tool first for a query that is its name", async () => {
			const ranker = options.create();
			for (const { query, expected } of EXACT_NAME_CASES) {
				const matches = await rank(ranker, query, fixtureDocuments(), 5);
				expect(matches[0]?.name, query).toBe(expected);
			}
		});

		check("relevance", "ranks the clearly relevant tool in the top 3 for natural queries", async () => {
			const ranker = options.create();
			for (const { query, expected } of RELEVANCE_CASES) {
				const matches = await rank(ranker, query, fixtureDocuments(), 3);
				expect(names(matches), query).toContain(expected);
			}
		});

		check("pi-documents", "ranks pi-style documents ({ name, text }, no fields)", async () => {
			const ranker = options.create();
			const documents = piFixtureDocuments();
			const known = new Set(names(documents));
			for (const { query, expected } of RELEVANCE_CASES.slice(0, 3)) {
				const matches = await rank(ranker, query, documents, 3);
				expect(names(matches), query).toContain(expected);
				for (const match of matches) expect(known.has(match.name)).toBe(true);
			}
			const bare = documents.map(({ name, text }) => ({ name, text }));
			const matches = await rank(ranker, "read a file from disk", bare, 3);
			expect(names(matches)).toContain("filesystem__read_file");
		});

		check("no-mutation", "leaves the documents untouched and accepts frozen ones", async () => {
			const ranker = options.create();
			const documents = deepFreeze(fixtureDocuments());
			const pi = deepFreeze(piFixtureDocuments());
			const before = structuredClone([documents, pi]);
			for (const query of QUERIES) {
				await rank(ranker, query, documents, 5);
				await rank(ranker, query, pi, 5);
			}
			expect([documents, pi]).toEqual(before);
		});

		check("abort", "throws or rejects with ToolSearchError ABORTED for an aborted signal", async () => {
			const ranker = options.create();
			const controller = new AbortController();
			controller.abort(new Error("user cancelled"));
			for (const documents of [fixtureDocuments(), []]) {
				const error: unknown = await Promise.resolve()
					.then(() => ranker.rank("read a file", documents, 5, { signal: controller.signal }))
					.then(
						() => undefined,
						(reason: unknown) => reason,
					);
				expect(ToolSearchError.isInstance(error), String(error)).toBe(true);
				expect((error as ToolSearchError).code).toBe("ABORTED");
			}
		});
	});
}
