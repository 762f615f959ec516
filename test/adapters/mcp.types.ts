/**
 * Type tests of `tool-search/mcp` against the real `@modelcontextprotocol/sdk` v1 types, checked by
 * `tsc --noEmit` (not run by vitest).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ToolCatalog, ToolInfo } from "tool-search";
import {
	createMcpCatalog,
	createMcpProxyServer,
	type McpCallToolResult,
	type McpCatalog,
	type McpClientLike,
	type McpProxyCatalog,
	type McpTool,
} from "tool-search/mcp";

const client = new Client({ name: "types", version: "1.0.0" });

// A v1 `Client` is an `McpClientLike` as it is, in both `servers` forms.
const clientLike: McpClientLike = client;
const catalog: McpCatalog = createMcpCatalog({ servers: { github: client } });
createMcpCatalog({ servers: [{ name: "github", client }] });

// A fake needs only listTools and callTool; one without callTool is refused.
const fake: McpClientLike = {
	listTools: async () => ({ tools: [{ name: "t", inputSchema: { type: "object" } }] }),
	callTool: async () => ({ content: [] }),
};
// @ts-expect-error callTool is missing
const noCall: McpClientLike = { listTools: async () => ({ tools: [] }) };

// The catalogue is a `ToolCatalog` and a proxy catalogue; its tools are our `ToolInfo` and MCP `Tool`s.
const asCatalog: ToolCatalog = catalog;
const asProxyCatalog: McpProxyCatalog = catalog;
const info: McpTool | undefined = catalog.getAllTools()[0];
const asToolInfo: ToolInfo | undefined = info;
const asMcpTool: Tool | undefined = info;

// The proxy is the SDK's `Server`; forwarded results are the SDK's result types.
const proxy: Server = createMcpProxyServer({ catalog, pinned: ["github__create_issue"], autoActivate: true });
const result: Promise<McpCallToolResult> = catalog.callTool("github__create_issue", { repo: "r" });
const sdkResult: Promise<CallToolResult | { toolResult: unknown }> = result;

void [clientLike, fake, noCall, asCatalog, asProxyCatalog, asToolInfo, asMcpTool, proxy, sdkResult, Server];
