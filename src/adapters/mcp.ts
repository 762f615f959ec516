/**
 * `tool-search/mcp`: `tool_search` over MCP servers. {@link createMcpCatalog} gathers the tools of
 * one or more MCP clients (each server a namespace, tools named `server__tool`) and keeps them
 * current on `notifications/tools/list_changed`; {@link createMcpProxyServer} is an MCP server that
 * lists `tool_search` plus the active tools and forwards calls to the servers behind it;
 * {@link serveMcpProxy} runs that proxy over stdio as a process that starts its servers and stops
 * them, and itself, when its client goes away. Needs the optional peer `@modelcontextprotocol/sdk` (v1).
 *
 * @example
 * ```ts
 * import { serveMcpProxy } from "tool-search/mcp";
 *
 * // the agent sees tool_search, then what it finds
 * await serveMcpProxy({ servers: { memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] } } });
 * ```
 * @module
 */

export { createMcpCatalog, type McpCatalogOptions } from "./mcp/mcp-catalog.js";
export { createMcpProxyServer } from "./mcp/mcp-proxy.js";
export type { McpProxyCatalog, McpProxyServerOptions } from "./mcp/mcp-proxy-options.js";
export { unavailableNote } from "./mcp/mcp-proxy-results.js";
export { type McpProxyProcess, type ServeMcpProxyOptions, serveMcpProxy } from "./mcp/mcp-serve.js";
export type {
	McpCallOptions,
	McpCallToolResult,
	McpCatalog,
	McpCatalogChange,
	McpCatalogError,
	McpCatalogEvents,
	McpClientLike,
	McpHttpServerConfig,
	McpReconnectOptions,
	McpRefreshResult,
	McpServerConfig,
	McpServerEntry,
	McpSourceStatus,
	McpStdioServerConfig,
	McpTool,
	McpToolOrigin,
	McpUnavailableServer,
} from "./mcp/mcp-types.js";
