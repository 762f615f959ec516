/**
 * Types of the MCP adapter: the slice of an MCP SDK `Client` the catalogue uses, the tools it
 * exposes, and what its refreshes report. Types only; nothing here loads the SDK at runtime.
 * All of them are public: `src/adapters/mcp.ts` re-exports the whole module, so keep internal types out.
 */
import type {
	CallToolRequest,
	CallToolResult,
	CompatibilityCallToolResult,
	ListToolsRequest,
	ListToolsResult,
	Tool,
	ToolListChangedNotification,
	ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { ToolCatalog } from "../../host/types.js";
import type { ToolNamespace } from "../../types.js";

/**
 * An MCP tool definition as a server lists it (`tools/list`), from `@modelcontextprotocol/sdk`.
 *
 * @example
 * ```ts
 * const tool: McpTool = { name: "get_forecast", inputSchema: { type: "object", properties: { city: { type: "string" } } } };
 * ```
 */
export type McpTool = Tool;

/**
 * What a tool call resolves to: a `CallToolResult`, or the legacy `{ toolResult }` shape.
 *
 * @example
 * ```ts
 * const result: McpCallToolResult = { content: [{ type: "text", text: "Sunny" }] };
 * ```
 */
export type McpCallToolResult = CallToolResult | CompatibilityCallToolResult;

/**
 * Per-call options of a forwarded tool call.
 *
 * @example
 * ```ts
 * const options: McpCallOptions = { signal: AbortSignal.timeout(30_000) };
 * ```
 */
export interface McpCallOptions {
	/** Cancels the call (the SDK sends `notifications/cancelled`). */
	signal?: AbortSignal | undefined;
}

/**
 * The part of an MCP SDK `Client` (v1, `@modelcontextprotocol/sdk/client/index.js`) the catalogue
 * uses. A connected `Client` satisfies it as it is; so does a small fake in tests.
 *
 * @example
 * ```ts
 * const client: McpClientLike = new Client({ name: "my-host", version: "1.0.0" });
 * await client.connect(transport);
 * ```
 */
export interface McpClientLike {
	/** One page of the server's tools; the catalogue follows `nextCursor` until the last page. */
	listTools(params?: ListToolsRequest["params"]): Promise<ListToolsResult>;
	/** Calls a tool by its name on the server. */
	callTool(
		params: CallToolRequest["params"],
		resultSchema?: undefined,
		options?: McpCallOptions,
	): Promise<McpCallToolResult>;
	/** Where the catalogue subscribes to `notifications/tools/list_changed`; without it, call `refresh`. */
	setNotificationHandler?(
		schema: typeof ToolListChangedNotificationSchema,
		handler: (notification: ToolListChangedNotification) => void | Promise<void>,
	): void;
	/** Lets the catalogue drop its handler from a client it no longer uses. */
	removeNotificationHandler?(method: string): void;
	/** The server's `instructions`, searched as part of its namespace. */
	getInstructions?(): string | undefined;
	/**
	 * Set by the SDK's `Client` to what runs when the connection closes (the server died). The
	 * catalogue chains its own handler here to withdraw the server's tools.
	 */
	onclose?: (() => void) | undefined;
	/** Closes the connection (for a stdio client: ends the server's stdin, then signals it). */
	close?(): Promise<void>;
}

/**
 * A stdio MCP server the catalogue starts itself, as an `mcpServers` entry of an MCP client's
 * configuration has it. The catalogue owns the process: it restarts it when it dies (see
 * `reconnect`) and `catalog.close()` stops it.
 *
 * @example
 * ```ts
 * const memory: McpStdioServerConfig = { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] };
 * ```
 */
export interface McpStdioServerConfig {
	/** The executable. */
	command: string;
	/** Its arguments. @defaultValue `[]` */
	args?: readonly string[] | undefined;
	/** Variables added to the SDK's default environment (`PATH`, `HOME`, ...). @defaultValue none */
	env?: Readonly<Record<string, string>> | undefined;
	/** The working directory. @defaultValue the current one */
	cwd?: string | undefined;
	/** What to do with the server's stderr, as `child_process.spawn`'s. @defaultValue `"inherit"` */
	stderr?: "inherit" | "ignore" | "pipe" | undefined;
}

/**
 * A remote MCP server the catalogue connects to over streamable HTTP, as an `mcpServers` entry
 * with a `url` has it. The catalogue owns the connection: it reconnects when connecting fails (see
 * `reconnect`) and `catalog.close()` closes it.
 *
 * @example
 * ```ts
 * const remote: McpHttpServerConfig = { url: "https://mcp.example.com/mcp", headers: { Authorization: `Bearer ${token}` } };
 * ```
 */
export interface McpHttpServerConfig {
	/** The server's streamable HTTP endpoint (`http:` or `https:`). */
	url: string;
	/** Headers sent with every request, e.g. `Authorization`. @defaultValue none */
	headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * A server the catalogue connects itself, as an entry of an MCP client's `mcpServers`
 * configuration: a stdio `command`, or a streamable HTTP `url`.
 *
 * @example
 * ```ts
 * const servers: Record<string, McpServerConfig> = {
 *   memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] },
 *   remote: { url: "https://mcp.example.com/mcp" },
 * };
 * ```
 */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/**
 * A server of the catalogue that is down: its connection closed (or never opened), so its tools
 * were withdrawn until it is back.
 *
 * @example
 * ```ts
 * for (const { server, reason, reconnecting } of catalog.unavailable()) console.warn(server, reason, reconnecting);
 * ```
 */
export interface McpUnavailableServer {
	/** The server's name. */
	server: string;
	/** Why, in a few words: `"connection closed"`, or the last connect error's message. */
	reason: string;
	/** The catalogue names of the tools it had, withdrawn until it is back. */
	tools: string[];
	/** Whether the catalogue is still trying to reconnect. */
	reconnecting: boolean;
}

/**
 * A server whose tools are not all searchable, as {@link McpCatalog.getSourceStatus} reports it
 * (the shape of `ToolCatalog.getSourceStatus`, so `tool_search` reads it as it is).
 *
 * @example
 * ```ts
 * const status: McpSourceStatus = { name: "github", status: "connecting", pendingTools: 12, reason: "connection closed" };
 * ```
 */
export interface McpSourceStatus {
	/** The server's name. */
	name: string;
	/** `connecting`: starting, or reconnecting after a drop; `failed`: down, no longer retried. */
	status: "connecting" | "failed";
	/** How many of its tools were withdrawn until it is back (none while it starts the first time). */
	pendingTools?: number | undefined;
	/** Why it is down, when it is. */
	reason?: string | undefined;
}

/**
 * How the catalogue brings back a server whose connection closed: exponential backoff (delay
 * `initialDelayMs`, doubling up to `maxDelayMs`), at most `attempts` times in a row. A pending
 * attempt keeps the process alive; `catalog.close()` cancels it.
 *
 * @example
 * ```ts
 * const reconnect: McpReconnectOptions = { attempts: 3, initialDelayMs: 1000, connect: (server) => connectAgain(server) };
 * ```
 */
export interface McpReconnectOptions {
	/** Attempts in a row before giving up (`catalog.setClient` still brings a server back). @defaultValue 5 */
	attempts?: number | undefined;
	/** The delay before the first attempt, in ms; each next one doubles it. @defaultValue 500 */
	initialDelayMs?: number | undefined;
	/** The longest delay between attempts, in ms. @defaultValue 30_000 */
	maxDelayMs?: number | undefined;
	/**
	 * A new, connected client for a server. Without it, only servers given as a command or a URL
	 * ({@link McpStdioServerConfig}, {@link McpHttpServerConfig}) are reconnected; servers given
	 * as a client stay down.
	 */
	connect?: ((server: string) => Promise<McpClientLike>) | undefined;
}

/**
 * One server of the catalogue, in the array form of `servers`.
 *
 * @example
 * ```ts
 * const entry: McpServerEntry = { name: "github", client: githubClient };
 * ```
 */
export interface McpServerEntry {
	/** The server's name: the namespace of its tools and, by default, their name prefix. */
	name: string;
	/**
	 * A client connected to the server, a stdio command the catalogue starts and owns, or the URL
	 * of a streamable HTTP server it connects to.
	 */
	client: McpClientLike | McpServerConfig;
}

/**
 * Where a catalogued tool comes from.
 *
 * @example
 * ```ts
 * catalog.origin("github__create_issue"); // { server: "github", tool: "create_issue" }
 * ```
 */
export interface McpToolOrigin {
	/** The server's name in the catalogue. */
	server: string;
	/** The tool's name on that server. */
	tool: string;
}

/**
 * What one server's refresh changed, by catalogue name. Emitted only when something did.
 *
 * @example
 * ```ts
 * catalog.on("change", ({ server, added, removed, updated }) => console.log(server, added, removed, updated));
 * ```
 */
export interface McpCatalogChange {
	server: string;
	added: string[];
	removed: string[];
	updated: string[];
}

/**
 * A problem met by a refresh: a failed `listTools` (the server keeps its last known tools), a tool
 * skipped because its name is malformed or taken, or a `change` listener that threw; or a server
 * whose connection closed (its tools withdrawn) or whose (re)connect attempt failed.
 *
 * @example
 * ```ts
 * catalog.on("error", ({ server, error }) => console.warn(`MCP server ${server}:`, error));
 * ```
 */
export interface McpCatalogError {
	server: string;
	error: unknown;
}

/**
 * What a `refresh` did, over every server it refreshed. It never rejects: failures are in `errors`.
 *
 * @example
 * ```ts
 * const { added, errors } = await catalog.refresh("github");
 * ```
 */
export interface McpRefreshResult {
	added: string[];
	removed: string[];
	updated: string[];
	errors: McpCatalogError[];
}

/**
 * Events of {@link McpCatalog}.
 *
 * @example
 * ```ts
 * const listener: McpCatalogEvents["change"] = (change) => console.log(change.added);
 * ```
 */
export interface McpCatalogEvents {
	change: (change: McpCatalogChange) => void;
	error: (error: McpCatalogError) => void;
}

/**
 * A {@link ToolCatalog} over MCP servers: every server's tools under catalogue names, kept current.
 *
 * @example
 * ```ts
 * const catalog: McpCatalog = createMcpCatalog({ servers: { github, weather } });
 * await catalog.ready;
 * await catalog.callTool("weather__get_forecast", { city: "Oslo" });
 * ```
 */
export interface McpCatalog extends ToolCatalog {
	/** Every server's tools, servers in the order given; the same array until something changes. */
	getAllTools(): readonly McpTool[];
	/**
	 * Changes whenever {@link McpCatalog.getAllTools} returns a new array (a server's tools changed);
	 * unlike any other catalogue's, in this process or another (not durable across restarts).
	 */
	getCatalogVersion(): string;
	/** Settles once every server was listed once, whatever the outcome. */
	readonly ready: Promise<McpRefreshResult>;
	/**
	 * Lists one server again (or all, in parallel) and applies only what changed. A failed listing
	 * keeps the server's last known tools. Concurrent refreshes of a server are merged.
	 */
	refresh(server?: string): Promise<McpRefreshResult>;
	/** Replaces a server's client (after a reconnect) and refreshes it; its tools stay until then. */
	setClient(server: string, client: McpClientLike): Promise<McpRefreshResult>;
	/**
	 * Calls a catalogued tool on its server, under the server's own name for it. A tool of a server
	 * that is down (see {@link McpCatalog.unavailable}) resolves to an error result saying so.
	 */
	callTool(
		name: string,
		args?: Record<string, unknown>,
		options?: McpCallOptions,
	): Promise<McpCallToolResult>;
	/** The server and server-side name of a catalogued tool; `undefined` for an unknown name. */
	origin(name: string): McpToolOrigin | undefined;
	/** The namespace of a catalogued tool (its server), for `createToolSearchTool({ namespaceOf })`. */
	namespaceOf(tool: { name: string }): ToolNamespace | undefined;
	/** The servers that are down now (their tools withdrawn), in server order; `[]` when all are up. */
	unavailable(): McpUnavailableServer[];
	/**
	 * The servers whose tools are not all searchable, in server order: still starting or listed for
	 * the first time, or reconnecting (`connecting`), or down for good (`failed`). `tool_search`
	 * reads it from its host (`ToolCatalog.getSourceStatus`) and tells the model instead of a bare
	 * "no match"; `[]` once every server is up and listed.
	 */
	getSourceStatus(): McpSourceStatus[];
	/**
	 * Stops reconnecting and closes every client the catalogue holds (a stdio client stops its
	 * server process). Idempotent; resolves when every close settled. Tools stay listed.
	 */
	close(): Promise<void>;
	/** Adds a listener; returns a function that removes it. */
	on<E extends keyof McpCatalogEvents>(event: E, listener: McpCatalogEvents[E]): () => void;
}
