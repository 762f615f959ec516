/**
 * The discovery pipeline: a small catalogue searched through a ranker chain whose first ranker is
 * down (the built-in BM25 takes over), a tool that is unavailable for this request, per-user
 * affinities, a judge in shadow mode, a stale call refused at execution, and the trace file with
 * its evaluation. No network. Run: npm run example:pipeline
 */
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createActiveToolSet, createToolSearchTool, type ToolInfo, type ToolRanker } from "tool-search";
import { createTraceWriter, evaluateTraces, type ToolSearchJudge } from "tool-search/pipeline";

const tool = (name: string, description: string): ToolInfo => ({ name, description });
const tools = [
	tool("github__create_issue", "Create a new issue in a GitHub repository."),
	tool("jira__create_issue", "Create a new issue in a Jira project."),
	tool("linear__create_issue", "Create a new issue in a Linear team."),
	tool("github__list_issues", "List the issues of a GitHub repository."),
	tool("snowflake__run_query", "Run a SQL query on the Snowflake warehouse."),
	tool("postgres__run_query", "Run a SQL query on a PostgreSQL database."),
	tool("slack__post_message", "Post a message to a Slack channel."),
];

// Per request (the call's ctx): is the warehouse up; which tools the user's memory prefers or avoids.
type Request = { warehouseUp: boolean; affinity: Record<string, number> };
const request: Request = {
	warehouseUp: false,
	affinity: { jira__create_issue: 5, github__create_issue: -3 },
};

// A remote ranker that is down: the chain falls back to the built-in BM25 after it.
const remote: ToolRanker = {
	name: "remote-embeddings",
	rank: () => Promise.reject(new Error("503 Unavailable")),
};
// A stand-in for an LLM judge: it keeps the candidates whose description has every query word.
const judge: ToolSearchJudge = {
	mode: "shadow", // decide and record; change nothing the model sees
	decide: (query, candidates) => {
		const fits = candidates.filter((c) =>
			query.split(" ").every((word) => String(c.tool.description).toLowerCase().includes(word)),
		);
		return fits.length > 0 ? { selected: fits.map((c) => c.name) } : { abstain: true, reason: "no fit" };
	},
};

const traces = createTraceWriter({ path: join(mkdtempSync(join(tmpdir(), "tool-search-")), "traces.jsonl") });
const toolSearch = createToolSearchTool({
	tools: createActiveToolSet({ tools }),
	rankers: [remote], // then the built-in BM25
	isAvailable: (name, ctx) => !name.startsWith("snowflake__") || (ctx as Request).warehouseUp,
	affinity: (name, ctx) => (ctx as Request).affinity[name] ?? 0,
	judge,
	activationLimit: 2,
	onTrace: traces.write,
});
const search = (query: string, limit: number) =>
	toolSearch.execute(`call: ${query}`, { query, limit }, undefined, undefined, request);

for (const query of ["create issue", "run sql query"]) {
	const result = await search(query, 3);
	console.log(`\n> tool_search ${JSON.stringify({ query, limit: 3 })}\n${result.content[0].text}`);
	const discovery = result.isError ? undefined : result.details.discovery;
	const attempts = discovery?.attempts.map((a) => `${a.ranker}${a.error ? ` (${a.error})` : ""}`);
	console.log(`  attempts: ${attempts?.join(" → ")}; unavailable: ${discovery?.unavailable ?? "none"}`);
	for (const c of discovery?.candidates.slice(0, 3) ?? [])
		console.log(`  ${c.name} ${JSON.stringify(c.signals)}`);
	console.log(`  shadow judge: ${JSON.stringify(discovery?.judge)}`);
}

// The warehouse comes back, a search loads the Snowflake tool, then it goes down again: the
// model's next call to it (stale history) is refused at execution, and the refusal is traced.
request.warehouseUp = true;
await search("snowflake query", 1);
toolSearch.reportToolCall({ name: "snowflake__run_query", status: "ok", toolCallId: "call-4" });
request.warehouseUp = false;
const stale = await toolSearch.checkToolCall("snowflake__run_query", { ctx: request, toolCallId: "call-5" });
console.log(`\n> the model calls snowflake__run_query again: ${"message" in stale ? stale.message : "runs"}`);

traces.close();
const records = readFileSync(traces.path, "utf8")
	.trim()
	.split("\n")
	.map((line) => JSON.parse(line));
console.log(`\n${traces.path} (mode ${(statSync(traces.path).mode & 0o777).toString(8)}):`);
for (const r of records)
	console.log(`  ${r.type} ${r.query ?? r.tool}: ${r.outcome ?? r.status} ${r.activated ?? ""}`);
const report = evaluateTraces(records, { "create issue": ["jira__create_issue"] });
const { recallAt, mrr, fallbackRate, judge: judged, activatedNeverCalled: unused } = report;
console.log(`\nevaluateTraces: R@1 ${recallAt?.[1]}, MRR ${mrr}, fallback rate ${fallbackRate},`);
console.log(`  judge/ranker agreement ${judged?.agreement?.toFixed(2)} over ${judged?.decisions} decisions,`);
console.log(`  activated but never called: ${unused.neverCalled} of ${unused.activated}`);
