import { describe, expect, it } from "vitest";
import { CATALOG } from "../fixtures/catalog.js";
import { cli, folderWith } from "./cli-helpers.js";

const REQUESTS = [
	{ id: "issue", query: "create an issue", relevant: "github__create_issue" },
	// Ranked #3 (see test/testing/expect-to-find.test.ts): a miss within 2.
	{ id: "prs", query: "merge a pull request", relevant: ["github__list_pull_requests"] },
	{ id: "none", query: "rainbow unicorn", relevant: [] },
]
	.map((request) => JSON.stringify(request))
	.join("\n");

describe("tool-search eval", () => {
	it("prints the metrics and each miss: where its gold went and what came first", async () => {
		const cwd = folderWith({ "tools.json": CATALOG, "requests.jsonl": REQUESTS });
		const run = await cli(["eval", "tools.json", "requests.jsonl", "--within", "2"], { cwd });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(run.stdout.split("\n")).toEqual([
			"3 requests (2 with gold) over 31 tools of tools.json",
			"  R@1 0.500   R@5 1.000   R@10 1.000   C@5 1.000   nDCG@10 0.750   MRR 0.667",
			"  abstention: 1 of the 1 requests no tool fits found nothing (precision 1.000, recall 1.000)",
			"1 misses (a gold tool outside the first 2):",
			'  prs "merge a pull request"',
			"     gold: github__list_pull_requests #3",
			"     found: github__merge_pull_request, github__create_pull_request",
			"",
		]);
	});

	it("explains each miss's gold tools, and says so when there is none", async () => {
		const cwd = folderWith({ "tools.json": CATALOG, "requests.jsonl": REQUESTS });
		const explained = await cli(["eval", "tools.json", "requests.jsonl", "--within", "2", "--explain"], {
			cwd,
		});
		expect(explained.stdout).toMatch(
			/ {5}github__list_pull_requests:\n {7}terms: merge.* · pull [\d.]+ \(name×1 /,
		);
		const all = await cli(["eval", "tools.json", "requests.jsonl", "--within", "3"], { cwd });
		expect(all.stdout).toContain("no misses: every gold tool is within the first 3");
	});

	it("prints every request as JSON", async () => {
		const cwd = folderWith({ "tools.json": CATALOG, "requests.jsonl": REQUESTS });
		const json = JSON.parse((await cli(["eval", "tools.json", "requests.jsonl", "--json"], { cwd })).stdout);
		expect(json).toMatchObject({
			labelled: "requests.jsonl",
			within: 5,
			requests: 3,
			withGold: 2,
			misses: [],
		});
		expect(json.results.map((result: { id: string }) => result.id)).toEqual(["issue", "prs", "none"]);
	});

	it.each([
		{
			args: ["eval", "tools.json"],
			code: 2,
			line: "missing the labelled requests (a JSON or JSON Lines file) (see: tool-search eval --help)",
		},
		{
			args: ["eval", "tools.json", "a.jsonl", "b.jsonl"],
			code: 2,
			line: 'unexpected argument "b.jsonl" (see: tool-search eval --help)',
		},
		{
			args: ["eval", "tools.json", "typo.jsonl"],
			code: 1,
			line: 'typo.jsonl: labelled request "#1" names "github__create_isue", which the catalog does not have',
		},
		{
			args: ["eval", "tools.json", "bad.jsonl"],
			code: 1,
			line: "bad.jsonl: line 2: not JSON (Expected property name", // the rest is Node's
		},
		{
			args: ["eval", "tools.json", "nope.jsonl"],
			code: 1,
			line: "cannot read labelled requests nope.jsonl: no such file",
		},
	])("fails with exit $code and one line: $line", async ({ args, code, line }) => {
		const cwd = folderWith({
			"tools.json": CATALOG,
			"typo.jsonl": '{"query": "issue", "relevant": "github__create_isue"}',
			"bad.jsonl": '{"query": "issue", "relevant": "github__create_issue"}\n{oops',
		});
		const run = await cli(args, { cwd });
		expect([run.code, run.stdout, run.stderr.split("\n").length]).toEqual([code, "", 2]);
		expect(run.stderr.startsWith(`tool-search: ${line}`)).toBe(true);
	});
});
