/**
 * Your own agent loop: 527 real MCP tools behind one tool_search, with a scripted model standing in
 * for the LLM (no network). Run: npm run example:own-loop
 */
import { readFileSync } from "node:fs";
import {
	checkToolCall,
	createActiveToolSet,
	createToolSearchTool,
	type ToolInfo,
	type ToolNamespace,
} from "tool-search";

// The catalogue: LiveMCPBench's tools, named `<server>__<tool>`; each MCP server is a namespace.
type Row = {
	name: string;
	description: string;
	parameters: unknown;
	server: string;
	server_description: string;
};
const rows = (
	JSON.parse(readFileSync(new URL("../data/livemcpbench.json", import.meta.url), "utf8")) as { tools: Row[] }
).tools;
const tools: ToolInfo[] = rows.map((row) => ({
	name: row.name,
	description: row.description,
	inputSchema: row.parameters,
}));
const servers = new Map<string, ToolNamespace>(
	rows.map((row) => [row.name, { name: row.server, description: row.server_description }]),
);

// The host keeps every tool; the policy defers all but the pinned one until a search finds them.
const host = createActiveToolSet({ tools });
const toolSearch = createToolSearchTool({
	tools: host,
	namespaceOf: (tool) => servers.get(tool.name),
	policy: { mode: "all", pinned: ["filesystem__read_file"] },
});

// Each turn, the model is sent tool_search (name, description, parameters: a JSON Schema) plus the
// active tools. Its description tells the model how to search; the policy says whether to offer it.
console.log(`tool_search offered: ${toolSearch.applyPolicy()?.searchEnabled}; its description starts:`);
console.log(`  ${toolSearch.description.split("\n")[0]}\n`);
const declared = () => [toolSearch, ...tools.filter((tool) => host.getActiveTools().includes(tool.name))];
const script = [
	{ name: "weather__get_weather_by_city", input: { city: "Lisbon" } }, // not loaded yet: refused
	{ name: toolSearch.name, input: { query: "weather forecast for a city", limit: 2 } },
	{ name: "weather__get_weather_by_city", input: { city: "Lisbon" } }, // loaded now
];
for (const call of script) {
	console.log(`model sees ${declared().length} tools and calls ${call.name} ${JSON.stringify(call.input)}`);
	if (call.name === toolSearch.name) {
		console.log(
			`  ${(await toolSearch.execute("call", call.input)).content[0].text.replaceAll("\n", "\n  ")}`,
		);
		continue;
	}
	// The guard: a tool that exists but is not loaded, or does not exist, gets an error the model can act on.
	const check = checkToolCall(call.name, host);
	if (check.status === "inactive" || check.status === "unknown") console.log(`  error: ${check.message}`);
	else console.log("  runs the tool (your code)");
}
