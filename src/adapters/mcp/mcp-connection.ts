/**
 * A server's connection: starting a stdio server (or asking `reconnect.connect`) for a client,
 * watching that client close and send `list_changed`, closing it, and telling a call that failed
 * because the connection closed.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { quote } from "../../errors.js";
import { isObject } from "../../internal/guards.js";
import { checkClient } from "./mcp-catalog-options.js";
import { type CatalogCore, emitError, type ServerState } from "./mcp-catalog-state.js";
import { failedRefresh, refreshServer } from "./mcp-refresh.js";
import type { McpClientLike, McpServerConfig } from "./mcp-types.js";

const LIST_CHANGED = "notifications/tools/list_changed";

/**
 * Starts a stdio server, or opens a streamable HTTP connection, and connects an SDK client to it
 * (the SDK is loaded only here). `onStart` gets a function that stops the process (or closes the
 * connection), for a close that comes while it connects.
 */
async function startServer(
	config: McpServerConfig,
	onStart: (abort: () => Promise<void>) => void,
): Promise<McpClientLike> {
	const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
	const client = new Client({ name: "tool-search", version: "0.1.0" });
	let transport: Transport;
	if ("url" in config) {
		const { StreamableHTTPClientTransport } = await import(
			"@modelcontextprotocol/sdk/client/streamableHttp.js"
		);
		transport = new StreamableHTTPClientTransport(new URL(config.url), {
			...(config.headers === undefined ? {} : { requestInit: { headers: { ...config.headers } } }),
		});
	} else {
		const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
		transport = new StdioClientTransport({
			command: config.command,
			args: [...(config.args ?? [])],
			...(config.env === undefined ? {} : { env: { ...config.env } }),
			...(config.cwd === undefined ? {} : { cwd: config.cwd }),
			stderr: config.stderr ?? "inherit",
		});
	}
	onStart(() => transport.close());
	await client.connect(transport);
	return client;
}

/**
 * A new client for a server: from `reconnect.connect`, else by starting its command or connecting
 * to its URL. While it connects, `state.abort` stops its process (or closes the connection).
 *
 * @throws {Error} whatever connecting throws, or `INVALID_OPTIONS` for what `connect` returned.
 *
 * @example
 * ```ts
 * const client = await openClient(core, state); // the server's stdio process, started and connected
 * ```
 */
export async function openClient(core: CatalogCore, state: ServerState): Promise<McpClientLike> {
	const connect = core.options.backoff?.connect;
	const config = state.config;
	let attempt: Promise<McpClientLike>;
	if (connect !== undefined) attempt = connect(state.name);
	else if (config !== undefined) {
		attempt = startServer(config, (abort) => {
			state.abort = abort;
		});
	} else throw new Error(`no way to reconnect MCP server ${quote(state.name)}`);
	let client: McpClientLike;
	try {
		client = await attempt;
	} finally {
		state.abort = undefined;
	}
	checkClient(client, `the client reconnect.connect returned for ${quote(state.name)}`);
	return client;
}

/**
 * Closes a client, whatever its `close` does: throws, rejects, or returns no promise.
 *
 * @example
 * ```ts
 * await closeQuietly(client); // never rejects
 * ```
 */
export async function closeQuietly(client: McpClientLike): Promise<void> {
	try {
		await client.close?.();
	} catch {
		// Closing a client we are giving up on: nothing is left to tell.
	}
}

/**
 * The message of an error, or the value as a string.
 *
 * @example
 * ```ts
 * messageOf(new Error("spawn ENOENT")); // "spawn ENOENT"
 * ```
 */
export function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/**
 * What the SDK throws for a call on a closed connection: `Not connected`, or `ConnectionClosed` (-32000).
 *
 * @example
 * ```ts
 * isConnectionError(new Error("Not connected")); // true
 * ```
 */
export function isConnectionError(error: unknown): boolean {
	return (
		isObject(error) &&
		(error.code === -32000 || (error instanceof Error && error.message === "Not connected"))
	);
}

/** Refreshes the server on its `list_changed`, unless `subscribe: false`. */
function listen(core: CatalogCore, state: ServerState): void {
	const client = state.client;
	if (!core.options.subscribe || client === undefined || typeof client.setNotificationHandler !== "function")
		return;
	try {
		client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
			// refreshServer never rejects; the catch is there so a notification never can.
			if (state.client === client) {
				refreshServer(core, state).catch((error) => failedRefresh(core, state, error));
			}
		});
	} catch (error) {
		// The server's changes go unseen until `refresh`; its tools are listed all the same.
		emitError(core, { server: state.name, error });
	}
}

/**
 * Makes `client` the server's client: `onClosed` runs when its connection closes while it is
 * still the server's client, and, unless `subscribe: false`, its `list_changed` refreshes it.
 *
 * @example
 * ```ts
 * adopt(core, state, client, () => withdraw(core, state, new Error("closed"), "connection closed"));
 * ```
 */
export function adopt(
	core: CatalogCore,
	state: ServerState,
	client: McpClientLike,
	onClosed: () => void,
): void {
	const previous = state.client;
	try {
		if (previous !== undefined && previous !== client) previous.removeNotificationHandler?.(LIST_CHANGED);
	} catch {
		// The old client is dropped either way; its notifications are ignored (see listen).
	}
	state.client = client;
	state.status = "connected";
	state.down = undefined;
	if (state.timer !== undefined) clearTimeout(state.timer);
	state.timer = undefined;
	const chained = client.onclose;
	const onclose = (): void => {
		chained?.call(client);
		if (state.client === client && state.status === "connected") onClosed();
	};
	try {
		client.onclose = onclose;
	} catch {
		// A frozen client: its closing shows only as failed calls, which callTool reports as such.
	}
	listen(core, state);
}
