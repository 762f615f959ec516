/**
 * The options of `createMcpCatalog`, and their checking: callbacks, reconnect settings, and the
 * servers (connected clients or stdio commands, each under a unique name).
 */
import { quote } from "../../errors.js";
import { invalidOptions as invalid, isObject } from "../../internal/guards.js";
import type { ToolNamespace } from "../../types.js";
import type {
	McpCatalogEvents,
	McpClientLike,
	McpReconnectOptions,
	McpServerConfig,
	McpServerEntry,
	McpTool,
} from "./mcp-types.js";

/**
 * Options of {@link createMcpCatalog}.
 *
 * @example
 * ```ts
 * const options: McpCatalogOptions = { servers: { github, weather }, toolName: (server, tool) => `${server}_${tool.name}` };
 * ```
 */
export interface McpCatalogOptions {
	/**
	 * The servers, by name: each a connected client, a stdio command (`{ command, args, env }`, as
	 * in an `mcpServers` configuration) that the catalogue starts, restarts and stops itself, or a
	 * streamable HTTP server (`{ url, headers }`) it connects to. Or `{ name, client }` entries.
	 * Servers keep this order.
	 */
	servers: Readonly<Record<string, McpClientLike | McpServerConfig>> | readonly McpServerEntry[];
	/** The catalogue name of a server's tool. @defaultValue `${server}__${tool.name}` */
	toolName?: ((server: string, tool: McpTool) => string) | undefined;
	/** The namespace of a server's tools. @defaultValue `{ name: server }` plus the server's `instructions` */
	namespace?: ((server: string) => ToolNamespace | undefined) | undefined;
	/** Called after a refresh changed a server's tools (same as `on("change", ...)`). */
	onChange?: McpCatalogEvents["change"] | undefined;
	/** Called for each problem a refresh met (same as `on("error", ...)`). */
	onError?: McpCatalogEvents["error"] | undefined;
	/**
	 * Refresh a server when it sends `notifications/tools/list_changed`. This takes over the
	 * client's handler for that notification; with `false`, call `refresh(server)` yourself.
	 * @defaultValue `true`
	 */
	subscribe?: boolean | undefined;
	/**
	 * Bringing back a server whose connection closed, or whose first connect failed; `false` never
	 * reconnects. Either way its tools are withdrawn while it is down (a `change` and an `error`
	 * event) and come back with it. @defaultValue `{}`: servers given as a command are restarted
	 * (5 attempts, 0.5 s doubling), servers given as a client stay down until `setClient`
	 */
	reconnect?: McpReconnectOptions | false | undefined;
	/**
	 * How long listing a server's tools (every `tools/list` page) may take before the refresh fails
	 * (the server keeps its last known tools; an `error` event says why), so a server that never
	 * answers cannot hold `ready` or a refresh. In ms, `> 0`. @defaultValue 10_000
	 */
	listTimeoutMs?: number | undefined;
}

/** The default of {@link McpCatalogOptions.listTimeoutMs}. */
export const DEFAULT_LIST_TIMEOUT_MS = 10_000;

/**
 * The options once checked, with their defaults: how the catalogue names, groups and follows tools.
 *
 * @example
 * ```ts
 * const { entries, nameOf, backoff } = checkCatalogOptions({ servers: { github } });
 * ```
 */
export interface CheckedCatalogOptions {
	readonly entries: readonly McpServerEntry[];
	readonly nameOf: (server: string, tool: McpTool) => string;
	readonly namespace: McpCatalogOptions["namespace"];
	readonly onChange: McpCatalogOptions["onChange"];
	readonly onError: McpCatalogOptions["onError"];
	readonly subscribe: boolean;
	/** `undefined` with `reconnect: false`. */
	readonly backoff: McpReconnectOptions | undefined;
	readonly listTimeoutMs: number;
}

/**
 * Throws unless `client` has `listTools` and `callTool`.
 *
 * @example
 * ```ts
 * checkClient(client, "setClient client"); // ToolSearchError INVALID_OPTIONS for { listTools }
 * ```
 */
export function checkClient(client: unknown, what: string): asserts client is McpClientLike {
	if (!isObject(client) || typeof client.listTools !== "function" || typeof client.callTool !== "function") {
		invalid(`${what} must be an MCP client with listTools and callTool methods, got ${quote(client)}`);
	}
}

/**
 * Throws unless `value` is a function or `undefined`.
 *
 * @example
 * ```ts
 * checkFunction(listener, "on listener");
 * ```
 */
export function checkFunction(value: unknown, what: string): void {
	if (value !== undefined && typeof value !== "function")
		invalid(`${what} must be a function, got ${quote(value)}`);
}

/**
 * Whether a server is given as a configuration the catalogue connects itself (a stdio `command`
 * or a streamable HTTP `url`) rather than as a client.
 *
 * @example
 * ```ts
 * isServerConfig({ command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] }); // true
 * isServerConfig({ url: "https://mcp.example.com/mcp" }); // true
 * ```
 */
export function isServerConfig(value: unknown): value is McpServerConfig {
	return (
		isObject(value) &&
		(typeof value.command === "string" || typeof value.url === "string") &&
		typeof value.listTools !== "function"
	);
}

function isStringRecord(value: unknown): boolean {
	return isObject(value) && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
}

function checkHttpConfig(url: unknown, headers: unknown, name: string): void {
	let parsed: URL | undefined;
	try {
		parsed = new URL(url as string);
	} catch {
		parsed = undefined;
	}
	if (parsed === undefined || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
		invalid(`the url of server ${quote(name)} must be an http: or https: URL, got ${quote(url)}`);
	}
	if (headers !== undefined && !isStringRecord(headers)) {
		invalid(`the headers of server ${quote(name)} must be an object of strings, got ${quote(headers)}`);
	}
}

function checkConfig(config: McpServerConfig, name: string): void {
	if ("url" in config && typeof config.url === "string" && !("command" in config)) {
		checkHttpConfig(config.url, config.headers, name);
		return;
	}
	if ("url" in config) invalid(`server ${quote(name)} must have a command or a url, not both`);
	const { command, args, env } = config;
	if (command === "") invalid(`the command of server ${quote(name)} must not be empty`);
	if (args !== undefined && !(Array.isArray(args) && args.every((arg) => typeof arg === "string"))) {
		invalid(`the args of server ${quote(name)} must be an array of strings, got ${quote(args)}`);
	}
	if (env !== undefined && !isStringRecord(env)) {
		invalid(`the env of server ${quote(name)} must be an object of strings, got ${quote(env)}`);
	}
}

function checkReconnect(reconnect: unknown): void {
	if (reconnect === undefined || reconnect === false) return;
	if (!isObject(reconnect)) invalid(`reconnect must be an object or false, got ${quote(reconnect)}`);
	const { attempts, initialDelayMs, maxDelayMs, connect } = reconnect;
	const count = (value: unknown, what: string, min: number) => {
		if (value !== undefined && !(typeof value === "number" && Number.isInteger(value) && value >= min)) {
			invalid(`reconnect.${what} must be an integer >= ${min}, got ${quote(value)}`);
		}
	};
	count(attempts, "attempts", 0);
	count(initialDelayMs, "initialDelayMs", 0);
	count(maxDelayMs, "maxDelayMs", 0);
	checkFunction(connect, "reconnect.connect");
}

/** One server entry, checked: a non-empty name not in `names`, and a client or a command. */
function serverEntry(entry: unknown, at: number, names: Set<string>): McpServerEntry {
	const name = isObject(entry) ? entry.name : undefined;
	if (typeof name !== "string" || name === "") {
		invalid(`servers[${at}] must have a non-empty string name, got ${quote(name)}`);
	}
	if (names.has(name)) invalid(`duplicate server name ${quote(name)} in servers`);
	names.add(name);
	const client = (entry as { client?: unknown }).client;
	if (isServerConfig(client)) {
		checkConfig(client, name);
		return { name, client };
	}
	if (!isObject(client) || typeof client.listTools !== "function" || typeof client.callTool !== "function") {
		invalid(
			`the client of server ${quote(name)} must be an MCP client with listTools and callTool methods, or a { command, args } to start, or a { url }, got ${quote(client)}`,
		);
	}
	return { name, client: client as unknown as McpClientLike };
}

function serverEntries(servers: unknown): McpServerEntry[] {
	const entries: unknown[] = Array.isArray(servers)
		? servers
		: isObject(servers)
			? Object.entries(servers).map(([name, client]) => ({ name, client }))
			: invalid(
					`servers must be an object of MCP clients or commands, or an array of { name, client }, got ${quote(servers)}`,
				);
	const names = new Set<string>();
	return entries.map((entry, at) => serverEntry(entry, at, names));
}

/**
 * Checks {@link McpCatalogOptions} and fills in the defaults.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for malformed options.
 *
 * @example
 * ```ts
 * checkCatalogOptions({ servers: { github }, subscribe: false }).subscribe; // false
 * ```
 */
export function checkCatalogOptions(options: McpCatalogOptions): CheckedCatalogOptions {
	if (!isObject(options)) invalid(`options must be an object, got ${quote(options)}`);
	const { toolName, namespace, onChange, onError, subscribe, reconnect, listTimeoutMs } = options;
	if (
		listTimeoutMs !== undefined &&
		!(typeof listTimeoutMs === "number" && listTimeoutMs > 0 && listTimeoutMs <= 2_147_483_647)
	) {
		invalid(`listTimeoutMs must be a number of milliseconds > 0, got ${quote(listTimeoutMs)}`);
	}
	checkFunction(toolName, "toolName");
	checkFunction(namespace, "namespace");
	checkFunction(onChange, "onChange");
	checkFunction(onError, "onError");
	if (subscribe !== undefined && typeof subscribe !== "boolean") {
		invalid(`subscribe must be a boolean, got ${quote(subscribe)}`);
	}
	checkReconnect(reconnect);
	return {
		entries: serverEntries(options.servers),
		nameOf: toolName ?? ((server: string, tool: McpTool) => `${server}__${tool.name}`),
		namespace,
		onChange,
		onError,
		subscribe: subscribe !== false,
		backoff: reconnect === false ? undefined : (reconnect ?? {}),
		listTimeoutMs: listTimeoutMs ?? DEFAULT_LIST_TIMEOUT_MS,
	};
}
