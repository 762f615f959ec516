/**
 * `createMcpCatalog`: one tool catalogue over several MCP servers, each a namespace, kept current
 * on `notifications/tools/list_changed` by applying only what changed. What it answers lives here;
 * options, state, refreshing, connections and reconnects each have a module of their own.
 */

import { quote, ToolSearchError } from "../../errors.js";
import { uniqueCatalogVersion } from "../../host/catalog-version.js";
import { invalidOptions as invalid } from "../../internal/guards.js";
import type { ToolNamespace } from "../../types.js";
import {
	checkCatalogOptions,
	checkClient,
	checkFunction,
	type McpCatalogOptions,
} from "./mcp-catalog-options.js";
import { type CatalogCore, createCatalogCore, type ServerState, stateOf } from "./mcp-catalog-state.js";
import { isConnectionError } from "./mcp-connection.js";
import { adoptClient, connectServer, reconnecting } from "./mcp-reconnect.js";
import { mergeResults, refreshServer } from "./mcp-refresh.js";
import type {
	McpCallOptions,
	McpCallToolResult,
	McpCatalog,
	McpCatalogEvents,
	McpClientLike,
	McpRefreshResult,
	McpSourceStatus,
	McpUnavailableServer,
} from "./mcp-types.js";

export type { McpCatalogOptions } from "./mcp-catalog-options.js";

function errorResult(text: string): McpCallToolResult {
	return { content: [{ type: "text", text }], isError: true };
}

function downMessage(name: string, state: ServerState): string {
	const again = reconnecting(state)
		? " It is reconnecting; try again in a moment."
		: " Use tool_search to find another tool.";
	return `Tool ${JSON.stringify(name)} is unavailable: its MCP server ${JSON.stringify(state.name)} is down (${state.down?.reason ?? "connection closed"}).${again}`;
}

/** Calls a tool on its server; a server that is down, or a closed connection, gets an error result. */
async function callTool(
	core: CatalogCore,
	name: string,
	args: Record<string, unknown> | undefined,
	callOptions: McpCallOptions | undefined,
): Promise<McpCallToolResult> {
	const owner = core.byName.get(name);
	if (owner === undefined) {
		const down = core.states.find((state) => state.status === "failed" && state.down?.tools.includes(name));
		if (down !== undefined) return errorResult(downMessage(name, down));
		throw new ToolSearchError("UNKNOWN_TOOL", `no MCP tool is named ${quote(name)}`);
	}
	const { state } = owner;
	const params = { name: owner.entry.origin.tool, ...(args === undefined ? {} : { arguments: args }) };
	try {
		return await (state.client as McpClientLike).callTool(params, undefined, callOptions);
	} catch (error) {
		if (state.status === "failed" || isConnectionError(error)) {
			return errorResult(
				state.status === "failed"
					? downMessage(name, state)
					: `Tool ${JSON.stringify(name)} is unavailable: the connection to its MCP server ${JSON.stringify(state.name)} closed.`,
			);
		}
		throw error;
	}
}

async function setClient(
	core: CatalogCore,
	server: string,
	client: McpClientLike,
): Promise<McpRefreshResult> {
	const state = stateOf(core, server, "setClient");
	checkClient(client, "setClient client");
	if (client !== state.client || state.status !== "connected") {
		state.attempts = 0;
		adoptClient(core, state, client);
	}
	return refreshServer(core, state);
}

function namespaceOf(core: CatalogCore, tool: { name: string }): ToolNamespace | undefined {
	const owner = core.byName.get(tool.name)?.state;
	if (owner === undefined) return undefined;
	if (core.options.namespace !== undefined) return core.options.namespace(owner.name);
	const instructions = owner.client?.getInstructions?.();
	return typeof instructions === "string" && instructions.trim() !== ""
		? { name: owner.name, instructions }
		: { name: owner.name };
}

/**
 * The servers whose tools are not all searchable: starting or reconnecting (`connecting`, with the
 * count of withdrawn tools when it had some), or down for good (`failed`).
 */
function sourceStatus(core: CatalogCore, listedOnce: ReadonlySet<string>): McpSourceStatus[] {
	return core.states.flatMap((state): McpSourceStatus[] => {
		if (state.status === "closed") return [];
		if (state.status === "failed") {
			const pendingTools = state.down?.tools.length ?? 0;
			const reason = state.down?.reason ?? "connection closed";
			const status = reconnecting(state) ? "connecting" : "failed";
			return [{ name: state.name, status, pendingTools, reason }];
		}
		if (state.status === "connecting" || !listedOnce.has(state.name)) {
			return [{ name: state.name, status: "connecting" }];
		}
		return [];
	});
}

function unavailable(core: CatalogCore): McpUnavailableServer[] {
	return core.states.flatMap((state) =>
		state.status === "failed"
			? [
					{
						server: state.name,
						reason: state.down?.reason ?? "connection closed",
						tools: [...(state.down?.tools ?? [])],
						reconnecting: reconnecting(state),
					},
				]
			: [],
	);
}

/** Closes every client once, cancels reconnects, and stops the processes of attempts under way. */
function close(core: CatalogCore): Promise<void> {
	core.closing ??= (async () => {
		const clients = core.states.flatMap((state) => {
			if (state.timer !== undefined) clearTimeout(state.timer);
			state.timer = undefined;
			state.status = "closed";
			return state.client === undefined ? [] : [state.client];
		});
		// Attempts under way: stop the process they started; the attempt then closes its client.
		const attempts = core.states.flatMap((state) => (state.pending === undefined ? [] : [state.pending]));
		const aborts = core.states.flatMap((state) => (state.abort === undefined ? [] : [state.abort()]));
		await Promise.allSettled([...clients.map(async (client) => client.close?.()), ...aborts, ...attempts]);
	})();
	return core.closing;
}

function on<E extends keyof McpCatalogEvents>(
	core: CatalogCore,
	event: E,
	listener: McpCatalogEvents[E],
): () => void {
	if (event !== "change" && event !== "error") invalid(`on: unknown event ${quote(event)}`);
	checkFunction(listener, "on listener");
	const set = core.listeners[event] as Set<typeof listener>;
	set.add(listener);
	return () => {
		set.delete(listener);
	};
}

/**
 * Creates a catalogue of the tools of several MCP servers. Each server is a namespace; its tools
 * are named `server__tool` (or by `toolName`). Listing starts at once (`ready` settles when every
 * server was listed once) and, unless `subscribe: false`, a server's `notifications/tools/list_changed`
 * refreshes that server alone. A refresh compares each definition with the last one (as JSON), keeps
 * unchanged tools as the same objects, and reports what was added, removed or updated. A failed
 * listing keeps the server's last known tools and reports the error; nothing rejects. Of two tools
 * with one catalogue name, the first listed keeps it and the other is reported. Inputs are never
 * mutated, except that the catalogue chains its handler onto each client's `onclose`: a server
 * whose connection closes is withdrawn (its tools removed, a `change` and an `error` event) and,
 * when the catalogue can (a `command` server, or `reconnect.connect`), reconnected with backoff.
 * Servers given as `{ command, args, env }` are started by the catalogue; `close()` stops them.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for malformed options: servers without a non-empty
 * unique name or a client without `listTools` and `callTool`, or a non-function callback.
 *
 * @example
 * ```ts
 * const catalog = createMcpCatalog({ servers: { github: githubClient, weather: weatherClient } });
 * await catalog.ready;
 * const host = createActiveToolSet({ tools: catalog.getAllTools() });
 * const toolSearch = createToolSearchTool({ tools: host, namespaceOf: catalog.namespaceOf });
 * await catalog.callTool("weather__get_forecast", { city: "Oslo" }); // calls get_forecast on weather
 * ```
 */
export function createMcpCatalog(options: McpCatalogOptions): McpCatalog {
	const core = createCatalogCore(checkCatalogOptions(options));
	const instance = uniqueCatalogVersion(); // with the change count: unlike any other catalogue's
	const { states } = core;
	for (const state of states) if (state.client !== undefined) adoptClient(core, state, state.client);
	const listedOnce = new Set<string>();
	const ready = Promise.all(
		states.map((state) =>
			(state.client === undefined ? connectServer(core, state) : refreshServer(core, state)).then(
				(result) => {
					listedOnce.add(state.name);
					return result;
				},
			),
		),
	).then(mergeResults);
	return {
		ready,
		getAllTools: () => core.allTools,
		getCatalogVersion: () => `${instance}#${core.version}`,
		async refresh(server?: string): Promise<McpRefreshResult> {
			if (server === undefined)
				return mergeResults(await Promise.all(states.map((s) => refreshServer(core, s))));
			return refreshServer(core, stateOf(core, server, "refresh"));
		},
		setClient: async (server, client) => setClient(core, server, client),
		callTool: (name, args, callOptions) => callTool(core, name, args, callOptions),
		origin(name) {
			const origin = core.byName.get(name)?.entry.origin;
			return origin === undefined ? undefined : { ...origin };
		},
		namespaceOf: (tool) => namespaceOf(core, tool),
		unavailable: () => unavailable(core),
		getSourceStatus: () => sourceStatus(core, listedOnce),
		close: () => close(core),
		on: (event, listener) => on(core, event, listener),
	};
}
