/**
 * The main demo: an agent carrying the 527 real MCP tools of LiveMCPBench (70 servers) with one
 * `tool_search` tool. A scripted session makes several searches, printing what the model sees,
 * the ranked matches with scores, and the active tool set as it grows.
 *
 * Run: `npm run demo` (the scripted session) or `npm run demo -- "a query"` (one search).
 * Data: data/livemcpbench.json (LiveMCPBench, Apache-2.0; see data/README.md).
 */
import { readFileSync } from "node:fs";
import {
	createActiveToolSet,
	createToolSearchTool,
	type ToolInfo,
	type ToolNamespace,
	type ToolSearchToolResult,
} from "tool-search";

interface DatasetTool {
	name: string;
	description: string;
	parameters: unknown;
	server: string | null;
	server_description?: string;
}

const dataset = JSON.parse(readFileSync(new URL("../data/livemcpbench.json", import.meta.url), "utf8")) as {
	tools: DatasetTool[];
};

// Each MCP server is a namespace; its tools are named `<server>__<tool>`.
const namespaces = new Map<string, ToolNamespace>();
const serverOf = new Map<string, string>();
const tools: ToolInfo[] = dataset.tools.map((tool) => {
	if (tool.server !== null) {
		serverOf.set(tool.name, tool.server);
		if (!namespaces.has(tool.server)) {
			namespaces.set(tool.server, { name: tool.server, description: tool.server_description ?? "" });
		}
	}
	return { name: tool.name, description: tool.description, inputSchema: tool.parameters };
});

// The host: every tool known, only what the model needs active. `filesystem__read_file` is pinned.
const host = createActiveToolSet({ tools, pinned: ["filesystem__read_file"] });
const toolSearch = createToolSearchTool({
	tools: host,
	namespaceOf: (tool) => namespaces.get(serverOf.get(tool.name) ?? ""),
});

function show(result: ToolSearchToolResult): void {
	console.log("  model sees:");
	for (const line of result.content[0].text.split("\n")) console.log(`    ${line}`);
	if (result.isError) return;
	console.log("  ranked (score, server):");
	for (const tool of result.details.tools) {
		console.log(`    ${tool.score.toFixed(3).padStart(9)}  ${tool.name}  [${tool.server_name ?? "-"}]`);
	}
	console.log(`  active tools now (${host.getActiveTools().length}): ${host.getActiveTools().join(", ")}`);
}

const oneQuery = process.argv.slice(2).join(" ").trim();
const session: { query: string; limit?: number }[] = oneQuery
	? [{ query: oneQuery }]
	: [
			{ query: "current weather forecast for a city", limit: 3 },
			{ query: "find parking near an address", limit: 3 },
			{ query: "get the latest price of bitcoin", limit: 3 },
			// "No tool matched: bitcoin" above: the model rephrases that word, as the result asks.
			{ query: "cryptocurrency price", limit: 3 },
			{ query: "create a word document and add a paragraph", limit: 4 },
			{ query: "search arxiv papers about tool retrieval", limit: 3 },
			{ query: "" }, // the model's mistake: an empty query becomes a readable error
		];

console.log(
	`Catalogue: ${tools.length} tools on ${namespaces.size} MCP servers; one tool_search tool in the prompt.\n`,
);
for (const [i, call] of session.entries()) {
	const params = call.limit === undefined ? { query: call.query } : call;
	console.log(`#${i + 1} tool_search ${JSON.stringify(params)}`);
	show(await toolSearch.execute(`call-${i + 1}`, params));
	console.log("");
}
