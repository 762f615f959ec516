/**
 * The options of `createMcpProxyServer` (mcp-proxy.ts), their defaults and their check.
 */
import type { Implementation } from "@modelcontextprotocol/sdk/types.js";
import { quote } from "../../errors.js";
import type { ActiveToolSet } from "../../host/types.js";
import { invalidOptions } from "../../internal/guards.js";
import type { ToolSearchToolOptions } from "../../tool/create-tool-search-tool.js";
import type { McpCatalog } from "./mcp-types.js";

/**
 * The `serverInfo` a proxy announces unless told otherwise.
 *
 * @example
 * ```ts
 * createMcpProxyServer({ catalog, serverInfo: { ...DEFAULT_MCP_PROXY_SERVER_INFO, name: "my-proxy" } });
 * ```
 */
export const DEFAULT_MCP_PROXY_SERVER_INFO: Readonly<Implementation> = Object.freeze({
	name: "tool-search",
	version: "0.1.0",
});

/**
 * What the proxy needs of a catalogue: {@link McpCatalog} has it all. `unavailable` is optional:
 * with it, `tool_search` results name the servers that are down.
 *
 * @example
 * ```ts
 * const catalog: McpProxyCatalog = createMcpCatalog({ servers: { github } });
 * ```
 */
export type McpProxyCatalog = Pick<McpCatalog, "getAllTools" | "callTool" | "namespaceOf" | "on"> &
	Partial<Pick<McpCatalog, "unavailable" | "getSourceStatus" | "getCatalogVersion">>;

/**
 * Options of `createMcpProxyServer`.
 *
 * @example
 * ```ts
 * const options: McpProxyServerOptions = { catalog, pinned: ["filesystem__read_file"], autoActivate: true };
 * ```
 */
export interface McpProxyServerOptions {
	/** The tools behind the proxy. */
	catalog: McpProxyCatalog;
	/**
	 * The active set: which catalogue tools are listed besides `tool_search`. @defaultValue a set
	 * of its own, empty, that keeps only catalogue names (and names already active, so a tool that
	 * vanishes during a reconnect is active again when it returns)
	 */
	host?: ActiveToolSet | undefined;
	/** Catalogue names always listed (when the catalogue has them) and never searched. @defaultValue `[]` */
	pinned?: readonly string[] | undefined;
	/** Activate a catalogued tool the client calls while it is inactive, instead of an error result. @defaultValue `false` */
	autoActivate?: boolean | undefined;
	/** The proxy's name and version. @defaultValue {@link DEFAULT_MCP_PROXY_SERVER_INFO} */
	serverInfo?: Implementation | undefined;
	/** The proxy's `instructions` to its client. @defaultValue none */
	instructions?: string | undefined;
	/** Options of the `tool_search` tool (ranker, limit, description, exclude, the active-set budget, and the pipeline's). */
	toolSearch?: Omit<ToolSearchToolOptions, "tools" | "namespaceOf"> | undefined;
	/**
	 * `"deferred-tools"`: the proxy lists `tool_search` and the tools found so far, and tells its
	 * client when that list changes. `"meta-tools"`: it lists `tool_search` and `call_tool` and
	 * nothing else, ever (for clients that never re-list, or a prompt cache that must hold);
	 * search results show the loaded tools' arguments, and `call_tool({ name, arguments })` checks
	 * the arguments against the tool's `inputSchema` and forwards the call. @defaultValue `"deferred-tools"`
	 */
	mode?: "deferred-tools" | "meta-tools" | undefined;
}

export function checkOptions(options: unknown): asserts options is McpProxyServerOptions {
	if (typeof options !== "object" || options === null)
		invalidOptions(`options must be an object, got ${quote(options)}`);
	const { catalog, host, pinned, autoActivate, mode } = options as Record<string, unknown>;
	if (mode !== undefined && mode !== "deferred-tools" && mode !== "meta-tools") {
		invalidOptions(`mode must be "deferred-tools" or "meta-tools", got ${quote(mode)}`);
	}
	const methods = ["getAllTools", "callTool", "namespaceOf", "on"] as const;
	if (
		typeof catalog !== "object" ||
		catalog === null ||
		methods.some((m) => typeof (catalog as never)[m] !== "function")
	) {
		invalidOptions(
			`catalog must have getAllTools, callTool, namespaceOf and on methods, got ${quote(catalog)}`,
		);
	}
	const hostOk =
		typeof host === "object" &&
		host !== null &&
		typeof (host as ActiveToolSet).getActiveTools === "function" &&
		typeof (host as ActiveToolSet).setActiveTools === "function";
	if (host !== undefined && !hostOk) {
		invalidOptions(`host must have getActiveTools and setActiveTools methods, got ${quote(host)}`);
	}
	if (pinned !== undefined && !(Array.isArray(pinned) && pinned.every((name) => typeof name === "string"))) {
		invalidOptions(`pinned must be an array of tool names, got ${quote(pinned)}`);
	}
	if (autoActivate !== undefined && typeof autoActivate !== "boolean") {
		invalidOptions(`autoActivate must be a boolean, got ${quote(autoActivate)}`);
	}
}
