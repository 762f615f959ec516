/**
 * `tool-search/mcp`: `tool_search` over MCP servers. {@link createMcpCatalog} gathers the tools of
 * one or more MCP clients (each server a namespace, tools named `server__tool`) and keeps them
 * current on `notifications/tools/list_changed`; {@link createMcpProxyServer} is an MCP server that
 * lists `tool_search` plus the active tools and forwards calls to the servers behind it.
 * Needs the optional peer `@modelcontextprotocol/sdk` (v1).
 *
 * @example
 * ```ts
 * import { createMcpCatalog, createMcpProxyServer } from "tool-search/mcp";
 *
 * const catalog = createMcpCatalog({ servers: { github: githubClient, weather: weatherClient } });
 * await catalog.ready;
 * const proxy = createMcpProxyServer({ catalog });
 * await proxy.connect(new StdioServerTransport()); // the agent sees tool_search, then what it finds
 * ```
 * @module
 */

export { createMcpCatalog, type McpCatalogOptions } from "./mcp/mcp-catalog.js";
export { createMcpProxyServer, type McpProxyCatalog, type McpProxyServerOptions } from "./mcp/mcp-proxy.js";
export type {
	McpCallOptions,
	McpCallToolResult,
	McpCatalog,
	McpCatalogChange,
	McpCatalogError,
	McpCatalogEvents,
	McpClientLike,
	McpRefreshResult,
	McpServerEntry,
	McpTool,
	McpToolOrigin,
} from "./mcp/mcp-types.js";
