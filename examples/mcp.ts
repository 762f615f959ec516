/**
 * MCP: two in-process MCP servers (weather, github) behind a `tool_search` proxy, driven by a
 * scripted agent. The agent lists tools (only `tool_search`), searches, is told the list changed,
 * lists again and calls what it found. Then the github server adds a tool and search finds it.
 * Then the weather server dies: its tools are withdrawn, search says so, a call to one is refused
 * with a clear error, and the catalogue reconnects it. Offline: every transport is in memory and
 * the "model" is a fixed script. (For a real proxy over stdio, see `serveMcpProxy` in the README.)
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

function weatherServer(): McpServer {
	const server = new McpServer({ name: "weather", version: "1.0.0" });
	addTool(server, "get_forecast", "Get the weather forecast for a city", ["city"]);
	addTool(server, "get_alerts", "List severe weather alerts for a region", ["region"]);
	return server;
}
const weather = weatherServer();
const github = new McpServer({ name: "github", version: "1.0.0" });
addTool(github, "create_issue", "Create an issue in a GitHub repository", ["repo", "title"]);
addTool(github, "list_pull_requests", "List the open pull requests of a repository", ["repo"]);

const catalog = createMcpCatalog({
	servers: { weather: await connect(weather), github: await connect(github) },
	// How to bring back a server whose connection closed (stdio `command` servers need none).
	reconnect: { initialDelayMs: 100, connect: async () => connect(weatherServer()) },
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

// The weather server dies: the catalogue withdraws its tools and reconnects it after 100 ms.
const back = new Promise((resolve) =>
	catalog.on("change", (change) => change.added.length > 0 && resolve(change)),
);
catalog.on("error", ({ server, error }) => console.log(`   catalogue error: ${server}: ${String(error)}`));
await weather.close();
console.log(`10. weather died; unavailable: ${JSON.stringify(catalog.unavailable())}`);
console.log(`11. call tool_search "weather forecast":`);
console.log(`   ${await call("tool_search", { query: "weather forecast", limit: 1 })}`);
console.log(`12. call weather__get_forecast: ${await call("weather__get_forecast", { city: "Oslo" })}`);
console.log(`13. weather is back: ${JSON.stringify(await back)}`);
console.log(`14. call tool_search "weather forecast":`);
console.log(`   ${await call("tool_search", { query: "weather forecast", limit: 1 })}`);
console.log(`15. call weather__get_forecast: ${await call("weather__get_forecast", { city: "Oslo" })}`);

await catalog.close(); // closes every client the catalogue holds
await agent.close();
