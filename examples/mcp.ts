/**
 * MCP: two in-process MCP servers (weather, github) behind a `tool_search` proxy, driven by a
 * scripted agent. The agent lists tools (only `tool_search`), searches, is told the list changed,
 * lists again and calls what it found. Then the github server adds a tool and search finds it.
 * Offline: every transport is in memory and the "model" is a fixed script.
 *
 * Run: npm run example:mcp
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { createMcpCatalog, createMcpProxyServer } from "tool-search/mcp";
import { z } from "zod";

/** Registers a tool whose arguments are strings and whose result echoes the call. */
function addTool(server: McpServer, name: string, description: string, args: string[]): void {
	const inputSchema = Object.fromEntries(args.map((arg) => [arg, z.string()]));
	server.registerTool(name, { description, inputSchema }, (input) => ({
		content: [{ type: "text", text: `${name} ran with ${JSON.stringify(input)}` }],
	}));
}

/** A client connected to `server` over a linked pair of in-memory transports. */
async function connect(server: { connect(transport: InMemoryTransport): Promise<void> }): Promise<Client> {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "example", version: "1.0.0" });
	await client.connect(clientSide);
	return client;
}

const weather = new McpServer({ name: "weather", version: "1.0.0" });
addTool(weather, "get_forecast", "Get the weather forecast for a city", ["city"]);
addTool(weather, "get_alerts", "List severe weather alerts for a region", ["region"]);
const github = new McpServer({ name: "github", version: "1.0.0" });
addTool(github, "create_issue", "Create an issue in a GitHub repository", ["repo", "title"]);
addTool(github, "list_pull_requests", "List the open pull requests of a repository", ["repo"]);

const catalog = createMcpCatalog({
	servers: { weather: await connect(weather), github: await connect(github) },
});
await catalog.ready;
const agent = await connect(createMcpProxyServer({ catalog }));
agent.setNotificationHandler(ToolListChangedNotificationSchema, () => {
	console.log("   <- notifications/tools/list_changed");
});

const listTools = async () => (await agent.listTools()).tools.map((tool) => tool.name).join(", ");
async function call(name: string, args: Record<string, unknown>): Promise<string> {
	const result = await agent.callTool({ name, arguments: args });
	const content = Array.isArray(result.content) ? result.content : [];
	const text = content.map((part) => part.text).join(" ");
	return `${result.isError === true ? "(error) " : ""}${text.replaceAll("\n", "\n   ")}`;
}

console.log(`1. tools/list: ${await listTools()}`);
console.log(`2. call tool_search "create github issue":`);
console.log(`   ${await call("tool_search", { query: "create github issue", limit: 1 })}`);
console.log(`3. tools/list: ${await listTools()}`);
console.log(
	`4. call github__create_issue: ${await call("github__create_issue", { repo: "acme/app", title: "Crash" })}`,
);
console.log(
	`5. call weather__get_forecast (not loaded): ${await call("weather__get_forecast", { city: "Oslo" })}`,
);
console.log(`6. call github__create_isue (typo): ${await call("github__create_isue", {})}`);

// McpServer sends list_changed; the catalogue lists github again, and only github.
const changed = new Promise((resolve) => catalog.on("change", resolve));
addTool(github, "merge_pull_request", "Merge a pull request", ["repo", "number"]);
console.log(`7. github added a tool: ${JSON.stringify(await changed)}`);
console.log(`8. call tool_search "merge pull request":`);
console.log(`   ${await call("tool_search", { query: "merge pull request", limit: 1 })}`);
console.log(
	`9. call github__merge_pull_request: ${await call("github__merge_pull_request", { repo: "acme/app", number: "7" })}`,
);
