import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectRankingSnapshot, rankingSnapshot, type ToolSearchFunction } from "tool-search/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "tool-search-snapshot-"));
	vi.stubEnv("CI", undefined as never);
	vi.stubEnv("UPDATE_RANKING_SNAPSHOTS", "");
});
afterEach(() => {
	rmSync(dir, { recursive: true, force: true });
	vi.unstubAllEnvs();
});

/** A search over fixed rankings by query. */
const rankings =
	(byQuery: Record<string, string[]>): ToolSearchFunction =>
	(query, limit) =>
		(byQuery[query] ?? []).slice(0, limit);

const BEFORE = rankings({
	"create an issue": ["github__create_issue", "github__list_issues", "jira__create"],
	rain: [],
});
const AFTER = rankings({
	"create an issue": ["github__create_issue", "jira__create", "github__list_issues"],
	rain: [],
});

describe("rankingSnapshot", () => {
	it("writes each query as JSON and its tools numbered", async () => {
		expect(await rankingSnapshot(BEFORE, ["create an issue", "rain"], { limit: 2 })).toBe(
			[
				"# tool-search ranking snapshot: the first tools found for each query, best first.",
				"# limit: 2. To accept a change, run the tests with UPDATE_RANKING_SNAPSHOTS=1.",
				"",
				'"create an issue"',
				"  1. github__create_issue",
				"  2. github__list_issues",
				"",
				'"rain"',
				"  (nothing found)",
				"",
			].join("\n"),
		);
	});

	it.each([
		{ queries: [], message: "tool-search: queries must be a non-empty array of strings, got []" },
		{ queries: ["a", "a"], message: 'tool-search: queries must not repeat, got "a" twice' },
	])("refuses queries $queries", async ({ queries, message }) => {
		await expect(rankingSnapshot(BEFORE, queries)).rejects.toMatchObject({
			code: "INVALID_OPTIONS",
			message,
		});
	});
});

describe("expectRankingSnapshot", () => {
	it("writes a missing snapshot, then passes while the rankings stay", async () => {
		const file = join(dir, "nested", "rankings.txt");
		await expectRankingSnapshot(BEFORE, ["create an issue", "rain"], file);
		expect(readFileSync(file, "utf8")).toContain("  3. jira__create");
		await expectRankingSnapshot(BEFORE, ["create an issue", "rain"], file);
	});

	it("fails with a per-query diff when a tool moves, and a query added or dropped", async () => {
		const file = join(dir, "rankings.txt");
		await expectRankingSnapshot(BEFORE, ["create an issue", "rain"], file);
		await expect(expectRankingSnapshot(AFTER, ["create an issue", "snow"], file)).rejects.toMatchObject({
			name: "AssertionError",
			message: [
				`rankings differ from ${file} for 3 of 3 queries (- snapshot, + now; run the tests with UPDATE_RANKING_SNAPSHOTS=1 to accept):`,
				'  "create an issue"',
				"      1. github__create_issue",
				"    - 2. github__list_issues",
				"    + 2. jira__create",
				"    - 3. jira__create",
				"    + 3. github__list_issues",
				'  "snow" (new: not in the snapshot)',
				'  "rain" (in the snapshot, no longer asked)',
			].join("\n"),
		});
	});

	it("accepts the change with update (or UPDATE_RANKING_SNAPSHOTS=1)", async () => {
		const file = join(dir, "rankings.txt");
		await expectRankingSnapshot(BEFORE, ["create an issue"], file);
		vi.stubEnv("UPDATE_RANKING_SNAPSHOTS", "1");
		await expectRankingSnapshot(AFTER, ["create an issue"], file);
		vi.stubEnv("UPDATE_RANKING_SNAPSHOTS", "");
		await expectRankingSnapshot(AFTER, ["create an issue"], file);
		await expect(expectRankingSnapshot(BEFORE, ["create an issue"], file)).rejects.toThrow("rankings differ");
		await expectRankingSnapshot(BEFORE, ["create an issue"], file, { update: true });
		await expectRankingSnapshot(BEFORE, ["create an issue"], file);
	});

	it.each([
		{
			description: "a missing snapshot when CI is set",
			setup: () => vi.stubEnv("CI", "true"),
			message: "does not exist (CI is set); run the tests with UPDATE_RANKING_SNAPSHOTS=1",
		},
		{
			description: "a file that is not a snapshot",
			setup: (file: string) => writeFileSync(file, "hello\n"),
			message: "is not a ranking snapshot; run the tests with UPDATE_RANKING_SNAPSHOTS=1",
		},
		{
			description: "a snapshot of another limit",
			setup: (file: string) => writeFileSync(file, "# limit: 3.\n"),
			message: "records 3 tools per query, not 5; run the tests with UPDATE_RANKING_SNAPSHOTS=1",
		},
	])("fails for $description", async ({ setup, message }) => {
		const file = join(dir, "rankings.txt");
		setup(file);
		await expect(expectRankingSnapshot(BEFORE, ["rain"], file)).rejects.toThrow(message);
	});
});
