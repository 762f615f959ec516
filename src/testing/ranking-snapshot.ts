/**
 * Golden ranking snapshots: the first tools of each query, as a text file that reads well in a
 * review, and a comparison that fails with a per-query diff when a change moves a tool.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { DEFAULT_SNAPSHOT_LIMIT, MAX_TESTING_RANK_DEPTH } from "../defaults.js";
import { quote } from "../errors.js";
import { invalidOptions, isObject } from "../internal/guards.js";
import type { ToolSearchFunction } from "./catalog-search.js";
import { namesOf } from "./expect-to-find.js";

/**
 * Options of {@link rankingSnapshot} and {@link expectRankingSnapshot}.
 *
 * @example
 * ```ts
 * const options: RankingSnapshotOptions = { limit: 3, update: process.env.UPDATE === "1" };
 * ```
 */
export interface RankingSnapshotOptions {
	/** How many tools of each query to record (1..100). @defaultValue 5 */
	limit?: number | undefined;
	/**
	 * Write the snapshot instead of comparing with it. @defaultValue `true` when the environment
	 * variable `UPDATE_RANKING_SNAPSHOTS` is `1`
	 */
	update?: boolean | undefined;
}

const HEADER = "# tool-search ranking snapshot: the first tools found for each query, best first.";
const UPDATE_HINT = "UPDATE_RANKING_SNAPSHOTS=1";

type Rankings = ReadonlyMap<string, readonly string[]>;

function checkQueries(queries: unknown): readonly string[] {
	if (!Array.isArray(queries) || queries.length === 0) {
		invalidOptions(`queries must be a non-empty array of strings, got ${quote(queries)}`);
	}
	const seen = new Set<string>();
	for (const query of queries as unknown[]) {
		if (typeof query !== "string") invalidOptions(`queries must be strings, got ${quote(query)} in them`);
		if (seen.has(query)) invalidOptions(`queries must not repeat, got ${quote(query)} twice`);
		seen.add(query);
	}
	return queries as readonly string[];
}

function checkLimit(options: unknown): number {
	if (options !== undefined && !isObject(options))
		invalidOptions(`options must be an object, got ${quote(options)}`);
	const limit = (options as RankingSnapshotOptions | undefined)?.limit ?? DEFAULT_SNAPSHOT_LIMIT;
	if (!(Number.isInteger(limit) && limit >= 1 && limit <= MAX_TESTING_RANK_DEPTH)) {
		invalidOptions(`limit must be an integer from 1 to ${MAX_TESTING_RANK_DEPTH}, got ${quote(limit)}`);
	}
	return limit;
}

async function rank(
	search: ToolSearchFunction,
	queries: readonly string[],
	limit: number,
): Promise<Rankings> {
	if (typeof search !== "function")
		invalidOptions(`search must be a function (see createCatalogSearch), got ${quote(search)}`);
	const rankings = new Map<string, readonly string[]>();
	for (const query of queries) rankings.set(query, namesOf(await search(query, limit)).slice(0, limit));
	return rankings;
}

function format(rankings: Rankings, limit: number): string {
	const lines = [HEADER, `# limit: ${limit}. To accept a change, run the tests with ${UPDATE_HINT}.`];
	for (const [query, names] of rankings) {
		lines.push("", JSON.stringify(query));
		if (names.length === 0) lines.push("  (nothing found)");
		names.forEach((name, at) => {
			lines.push(`  ${at + 1}. ${name}`);
		});
	}
	return `${lines.join("\n")}\n`;
}

/** Reads a snapshot back; `undefined` for text that is not one. */
function parse(text: string): { limit: number | undefined; rankings: Rankings } | undefined {
	const rankings = new Map<string, string[]>();
	let current: string[] | undefined;
	let limit: number | undefined;
	for (const line of text.split("\n")) {
		const declared = /^# limit: (\d+)\./.exec(line);
		if (declared !== null) limit = Number(declared[1]);
		if (line.startsWith("#") || line.trim() === "" || line.trim() === "(nothing found)") continue;
		const item = /^ {2}\d+\. (.*)$/.exec(line);
		if (item !== null && current !== undefined) current.push(item[1] as string);
		else if (line.startsWith('"')) {
			try {
				current = [];
				rankings.set(String(JSON.parse(line)), current);
			} catch {
				return undefined;
			}
		} else return undefined;
	}
	return { limit, rankings };
}

/** One query's lines of the diff: unchanged positions plain, changed ones as `-` then `+`. */
function diffQuery(
	query: string,
	expected: readonly string[] | undefined,
	actual: readonly string[] | undefined,
) {
	if (expected === undefined) return [`  ${JSON.stringify(query)} (new: not in the snapshot)`];
	if (actual === undefined) return [`  ${JSON.stringify(query)} (in the snapshot, no longer asked)`];
	const lines = [`  ${JSON.stringify(query)}`];
	for (let at = 0; at < Math.max(expected.length, actual.length); at++) {
		const [was, now] = [expected[at], actual[at]];
		if (was === now) lines.push(`      ${at + 1}. ${was}`);
		else {
			if (was !== undefined) lines.push(`    - ${at + 1}. ${was}`);
			if (now !== undefined) lines.push(`    + ${at + 1}. ${now}`);
		}
	}
	return lines;
}

/**
 * The ranking snapshot text of `queries`: for each, the first `limit` tools `search` finds. Use it
 * with your runner's own snapshots (`expect(text).toMatchFileSnapshot(...)` in vitest), or let
 * {@link expectRankingSnapshot} keep the file.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for no queries, a repeated query, a `limit` out of
 * 1..100, or a `search` that is not a function.
 *
 * @example
 * ```ts
 * const text = await rankingSnapshot(createCatalogSearch(tools), ["create an issue", "weather in Oslo"], { limit: 3 });
 * // "create an issue"
 * //   1. github__create_issue
 * //   ...
 * ```
 */
export async function rankingSnapshot(
	search: ToolSearchFunction,
	queries: readonly string[],
	options?: RankingSnapshotOptions,
): Promise<string> {
	const limit = checkLimit(options);
	return format(await rank(search, checkQueries(queries), limit), limit);
}

/**
 * Compares the rankings of `queries` with the snapshot in `file` and rejects with a per-query diff
 * (`- 2. was`, `+ 2. now`) when any differs. The file is written when `update` is on, or when it
 * does not exist yet (except when the `CI` environment variable is set: then a missing snapshot
 * fails). The snapshot is plain text, one query (as JSON) and its numbered tools per block.
 *
 * @throws {ToolSearchError} as {@link rankingSnapshot}.
 *
 * @example
 * ```ts
 * test("rankings do not move unnoticed", async () => {
 *   await expectRankingSnapshot(search, ["create an issue", "post to slack"], "test/rankings.txt", { limit: 3 });
 * });
 * ```
 */
export async function expectRankingSnapshot(
	search: ToolSearchFunction,
	queries: readonly string[],
	file: string,
	options?: RankingSnapshotOptions,
): Promise<void> {
	if (typeof file !== "string" || file === "") invalidOptions(`file must be a path, got ${quote(file)}`);
	const limit = checkLimit(options);
	const actual = await rank(search, checkQueries(queries), limit);
	const update = options?.update ?? process.env.UPDATE_RANKING_SNAPSHOTS === "1";
	const exists = existsSync(file);
	if (update || (!exists && process.env.CI === undefined)) {
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, format(actual, limit));
		return;
	}
	const fail = (message: string): never => {
		const error = new Error(message);
		error.name = "AssertionError";
		throw error;
	};
	if (!exists) fail(`ranking snapshot ${file} does not exist (CI is set); run the tests with ${UPDATE_HINT}`);
	const saved = parse(readFileSync(file, "utf8"));
	if (saved === undefined) fail(`${file} is not a ranking snapshot; run the tests with ${UPDATE_HINT}`);
	const { rankings: expected, limit: savedLimit } = saved as NonNullable<typeof saved>;
	if (savedLimit !== undefined && savedLimit !== limit) {
		fail(
			`ranking snapshot ${file} records ${savedLimit} tools per query, not ${limit}; run the tests with ${UPDATE_HINT}`,
		);
	}
	const queriesOfBoth = [...new Set([...actual.keys(), ...expected.keys()])];
	const changed = queriesOfBoth.filter(
		(query) => JSON.stringify(expected.get(query)) !== JSON.stringify(actual.get(query)),
	);
	if (changed.length === 0) return;
	const diff = changed.flatMap((query) => diffQuery(query, expected.get(query), actual.get(query)));
	fail(
		[
			`rankings differ from ${file} for ${changed.length} of ${queriesOfBoth.length} queries (- snapshot, + now; run the tests with ${UPDATE_HINT} to accept):`,
			...diff,
		].join("\n"),
	);
}
