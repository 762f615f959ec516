/**
 * `serveMcpProxy`: the proxy as a process. It connects the proxy to stdio and owns the lifecycle:
 * when the client goes away (stdin ends or closes, the transport closes, SIGINT/SIGTERM/SIGHUP),
 * it closes every backing client, and so stops every server the catalogue started, then exits.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { quote } from "../../errors.js";
import { invalidOptions } from "../../internal/guards.js";
import { createMcpCatalog, type McpCatalogOptions } from "./mcp-catalog.js";
import { createMcpProxyServer } from "./mcp-proxy.js";
import type { McpProxyServerOptions } from "./mcp-proxy-options.js";
import type { McpCatalog } from "./mcp-types.js";

/**
 * Options of {@link serveMcpProxy}: the catalogue's options (`servers`, `reconnect`, ...) or a
 * `catalog` of your own, the proxy's options (`pinned`, `autoActivate`, ...), and the lifecycle's.
 *
 * @example
 * ```ts
 * const options: ServeMcpProxyOptions = {
 *   servers: { memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] } },
 *   pinned: ["memory__read_graph"],
 * };
 * ```
 */
export interface ServeMcpProxyOptions
	extends Omit<McpProxyServerOptions, "catalog">,
		Partial<McpCatalogOptions> {
	/** A catalogue you made, instead of `servers`; it is closed with the proxy. */
	catalog?: McpCatalog | undefined;
	/** The proxy's transport. @defaultValue a `StdioServerTransport`, with stdin watched for its end */
	transport?: Transport | undefined;
	/** Signals that shut the proxy down. @defaultValue `["SIGINT", "SIGTERM", "SIGHUP"]` */
	signals?: readonly NodeJS.Signals[] | undefined;
	/**
	 * What runs once everything is closed, with the exit code (0, or 1 when closing took longer than
	 * `closeTimeoutMs`); `false` leaves the process running. @defaultValue `process.exit`
	 */
	exit?: ((code: number) => void) | false | undefined;
	/** How long closing the backing clients and the proxy may take before exiting anyway, in ms. @defaultValue 10_000 */
	closeTimeoutMs?: number | undefined;
}

/**
 * A running proxy: its catalogue and server, and how to stop it.
 *
 * @example
 * ```ts
 * const { catalog, server, close, closed } = await serveMcpProxy({ servers });
 * closed.then((reason) => console.error(`proxy closed: ${reason}`));
 * ```
 */
export interface McpProxyProcess {
	/** The catalogue behind the proxy. */
	readonly catalog: McpCatalog;
	/** The proxy, connected to its transport. */
	readonly server: Server;
	/** Shuts down as a signal would: closes the backing clients and the proxy, then exits. Idempotent. */
	close(reason?: string): Promise<void>;
	/**
	 * Resolves with the reason (`"stdin end"`, `"SIGTERM"`, ...) once everything is closed, before
	 * `exit` runs (it waits one turn of the event loop), so a handler can still log.
	 */
	readonly closed: Promise<string>;
}

const DEFAULT_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Runs the `tool_search` proxy over stdio until its client goes away. It makes the catalogue
 * (from `servers`, or uses `catalog`), waits until every server was listed once, connects a
 * {@link createMcpProxyServer} proxy to stdin/stdout, and shuts down, once, on whichever comes
 * first: stdin ending or closing (the client closed the pipe: the SDK's stdio transport does not
 * report it), the transport closing, `close()`, or SIGINT/SIGTERM/SIGHUP. Shutting down closes the
 * catalogue (every backing client: servers it started get stdin closed, then SIGTERM), then the
 * proxy, then calls `exit(0)`. Servers given as `{ command, args, env }` are started, restarted
 * when they die, and stopped by the catalogue, so no process outlives the proxy.
 * Nothing else may write to stdout: it carries the protocol (log to stderr).
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for both or neither of `catalog` and `servers`, and
 * whatever {@link createMcpCatalog} and {@link createMcpProxyServer} throw for their options.
 *
 * @example
 * ```ts
 * // proxy.mts, run by an MCP client as `npx tsx proxy.mts`
 * import { serveMcpProxy } from "tool-search/mcp";
 *
 * await serveMcpProxy({
 *   servers: {
 *     filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] },
 *     memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] },
 *   },
 *   pinned: ["filesystem__read_file"],
 * });
 * ```
 */
export async function serveMcpProxy(options: ServeMcpProxyOptions): Promise<McpProxyProcess> {
	if (typeof options !== "object" || options === null) {
		invalidOptions(`options must be an object, got ${quote(options)}`);
	}
	const {
		catalog: given,
		servers,
		transport,
		signals = DEFAULT_SIGNALS,
		exit,
		closeTimeoutMs = 10_000,
	} = options;
	if ((given === undefined) === (servers === undefined)) {
		invalidOptions("give either catalog or servers, not both nor neither");
	}
	if (!Array.isArray(signals)) invalidOptions(`signals must be an array, got ${quote(signals)}`);
	if (exit !== undefined && exit !== false && typeof exit !== "function") {
		invalidOptions(`exit must be a function or false, got ${quote(exit)}`);
	}
	if (!(typeof closeTimeoutMs === "number" && closeTimeoutMs >= 0)) {
		invalidOptions(`closeTimeoutMs must be a number >= 0, got ${quote(closeTimeoutMs)}`);
	}
	const catalog =
		given ??
		createMcpCatalog({
			servers: servers as McpCatalogOptions["servers"],
			toolName: options.toolName,
			namespace: options.namespace,
			onChange: options.onChange,
			onError:
				options.onError ??
				(({ server, error }) => {
					process.stderr.write(`tool-search proxy: MCP server ${server}: ${String(error)}\n`);
				}),
			subscribe: options.subscribe,
			reconnect: options.reconnect,
			listTimeoutMs: options.listTimeoutMs,
		});

	let server: Server;
	try {
		server = createMcpProxyServer({ ...options, catalog });
	} catch (error) {
		await catalog.close();
		throw error;
	}

	let resolveClosed: (reason: string) => void = () => undefined;
	const closed = new Promise<string>((resolve) => {
		resolveClosed = resolve;
	});
	const stdin = transport === undefined ? process.stdin : undefined;
	const listeners: [NodeJS.EventEmitter, string | symbol, () => void][] = [];
	const on = (emitter: NodeJS.EventEmitter, event: string | symbol, listener: () => void): void => {
		emitter.on(event, listener);
		listeners.push([emitter, event, listener]);
	};

	let closing: Promise<void> | undefined;
	function close(reason = "close()"): Promise<void> {
		closing ??= (async () => {
			for (const [emitter, event, listener] of listeners.splice(0)) emitter.off(event, listener);
			let timer: ReturnType<typeof setTimeout> | undefined;
			const timedOut = new Promise<true>((resolve) => {
				timer = setTimeout(() => resolve(true), closeTimeoutMs);
				timer.unref?.();
			});
			const done = (async () => {
				// A catalogue of yours that fails to close must not keep the proxy from closing.
				await Promise.resolve()
					.then(() => catalog.close())
					.catch(() => undefined);
				await server.close().catch(() => undefined);
				return false as const;
			})();
			const late = await Promise.race([done, timedOut]);
			clearTimeout(timer);
			resolveClosed(reason);
			// Exit on the next turn, so what awaits `closed` (a log line) runs first.
			if (exit !== false) {
				await new Promise((resolve) => setImmediate(resolve));
				(exit ?? ((code: number) => process.exit(code)))(late ? 1 : 0);
			}
		})();
		return closing;
	}

	// Listen before connecting, so a client that is already gone is noticed.
	for (const signal of signals) on(process, signal, () => void close(signal));
	if (stdin !== undefined) {
		on(stdin, "end", () => void close("stdin end"));
		on(stdin, "close", () => void close("stdin close"));
	}
	const chained = server.onclose;
	server.onclose = () => {
		chained?.();
		void close("transport close");
	};

	await catalog.ready;
	if (closing === undefined) {
		const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
		await server.connect(transport ?? new StdioServerTransport());
	}
	return { catalog, server, close, closed };
}
