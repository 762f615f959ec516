/**
 * Custom rankers: ranks a small catalogue with the default BM25 ranker, then with `WinkBm25Ranker`
 * (from `tool-search/wink`, needs the optional peer `wink-bm25-text-search`), then with a toy ranker,
 * showing that registrations nest and can be undone in any order.
 *
 * Run: npm run example:custom-ranker
 */
import { createToolSearchDocument, getToolRanker, registerToolRanker } from "tool-search";
import { Bm25Ranker } from "tool-search/ranking";
import { WinkBm25Ranker } from "tool-search/wink";

const slack = { name: "slack", description: "Slack workspace messaging" };
const github = { name: "github", description: "GitHub repositories and issues" };
const filesystem = { name: "filesystem", description: "Local files and directories" };
const documents = [
	createToolSearchDocument(
		{ name: "slack__post_message", description: "Post a message to a channel" },
		slack,
	),
	createToolSearchDocument(
		{ name: "slack__list_channels", description: "List the workspace's channels" },
		slack,
	),
	createToolSearchDocument(
		{ name: "github__create_issue", description: "Open an issue in a repository" },
		github,
	),
	createToolSearchDocument(
		{ name: "github__list_issues", description: "List the issues of a repository" },
		github,
	),
	createToolSearchDocument(
		{
			name: "filesystem__list_directory",
			description: "List the files and subdirectories of a directory",
			inputSchema: {
				type: "object",
				properties: { path: { type: "string", description: "Directory path" } },
			},
		},
		filesystem,
	),
	createToolSearchDocument(
		{ name: "filesystem__read_file", description: "Read a file from disk" },
		filesystem,
	),
];

// A toy ranker: any object with a rank(query, documents, limit) method, sync or async, will do.
// This one only keeps tools whose name contains the query's first word, in name order.
const firstWordRanker = {
	rank(query: string, tools: readonly { name: string }[], limit: number) {
		const word = query.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
		return tools
			.filter((tool) => word !== "" && tool.name.toLowerCase().includes(word))
			.map((tool) => ({ name: tool.name, score: 1 }))
			.sort((a, b) => (a.name < b.name ? -1 : 1))
			.slice(0, limit);
	},
};

const wink = new WinkBm25Ranker();
const QUERY = "list the files in a directory";

function rankerName(ranker: unknown): string {
	if (ranker === wink) return "WinkBm25Ranker";
	if (ranker === firstWordRanker) return "first-word toy ranker";
	return ranker instanceof Bm25Ranker ? "Bm25Ranker (default)" : "unknown";
}

async function show(step: string): Promise<void> {
	const ranker = getToolRanker();
	const matches = await ranker.rank(QUERY, documents, 3);
	console.log(`\n${step}\n  active: ${rankerName(ranker)}`);
	for (const { name, score } of matches) console.log(`  ${score.toFixed(3).padStart(7)}  ${name}`);
}

console.log(`query: ${JSON.stringify(QUERY)}`);
await show("1. nothing registered");
const undoWink = registerToolRanker(wink);
await show("2. registerToolRanker(new WinkBm25Ranker())");
const undoToy = registerToolRanker(firstWordRanker);
await show("3. registerToolRanker(firstWordRanker), nested on top of wink");
undoWink();
await show("4. undo the wink registration first: the toy ranker stays in force");
undoToy();
await show("5. undo the toy registration: back to the default");
undoToy(); // undo is idempotent
