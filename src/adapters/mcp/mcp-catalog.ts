/**
 * `createMcpCatalog`: one tool catalogue over several MCP servers, each a namespace, kept current
 * on `notifications/tools/list_changed` by applying only what changed.
 */
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { quote, ToolSearchError } from "../../errors.js";
import { isObject } from "../../internal/guards.js";
import type { ToolNamespace } from "../../types.js";
import { diffListing, type McpCatalogEntry } from "./mcp-diff.js";
import { listAllTools } from "./mcp-listing.js";
import type {
	McpCatalog,
	McpCatalogChange,
	McpCatalogError,
	McpCatalogEvents,
	McpClientLike,
	McpRefreshResult,
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
	/** Connected clients by server name, or `{ name, client }` entries; servers keep this order. */
	servers: Readonly<Record<string, McpClientLike>> | readonly McpServerEntry[];
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
}

interface ServerState {
	readonly name: string;
	client: McpClientLike;
	tools: ReadonlyMap<string, McpCatalogEntry>;
	running: Promise<McpRefreshResult> | undefined;
	queued: Promise<McpRefreshResult> | undefined;
}

const LIST_CHANGED = "notifications/tools/list_changed";

function invalid(message: string): never {
	throw new ToolSearchError("INVALID_OPTIONS", message);
}

function checkClient(client: unknown, what: string): asserts client is McpClientLike {
	if (!isObject(client) || typeof client.listTools !== "function" || typeof client.callTool !== "function") {
		invalid(`${what} must be an MCP client with listTools and callTool methods, got ${quote(client)}`);
	}
}

function checkFunction(value: unknown, what: string): void {
	if (value !== undefined && typeof value !== "function")
		invalid(`${what} must be a function, got ${quote(value)}`);
}

function serverEntries(servers: unknown): McpServerEntry[] {
	const entries: unknown[] = Array.isArray(servers)
		? servers
		: isObject(servers)
			? Object.entries(servers).map(([name, client]) => ({ name, client }))
			: invalid(
					`servers must be an object of MCP clients or an array of { name, client }, got ${quote(servers)}`,
				);
	const names = new Set<string>();
	return entries.map((entry, at) => {
		const name = isObject(entry) ? entry.name : undefined;
		if (typeof name !== "string" || name === "") {
			invalid(`servers[${at}] must have a non-empty string name, got ${quote(name)}`);
		}
		if (names.has(name)) invalid(`duplicate server name ${quote(name)} in servers`);
		names.add(name);
		const client = (entry as { client?: unknown }).client;
		checkClient(client, `the client of server ${quote(name)}`);
		return { name, client };
	});
}

function merge(results: readonly McpRefreshResult[]): McpRefreshResult {
	return {
		added: results.flatMap((result) => result.added),
		removed: results.flatMap((result) => result.removed),
		updated: results.flatMap((result) => result.updated),
		errors: results.flatMap((result) => result.errors),
	};
}

/**
 * Creates a catalogue of the tools of several MCP servers. Each server is a namespace; its tools
 * are named `server__tool` (or by `toolName`). Listing starts at once (`ready` settles when every
 * server was listed once) and, unless `subscribe: false`, a server's `notifications/tools/list_changed`
 * refreshes that server alone. A refresh compares each definition with the last one (as JSON), keeps
 * unchanged tools as the same objects, and reports what was added, removed or updated. A failed
 * listing keeps the server's last known tools and reports the error; nothing rejects. Of two tools
 * with one catalogue name, the first listed keeps it and the other is reported. Inputs are never mutated.
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
	if (!isObject(options)) invalid(`options must be an object, got ${quote(options)}`);
	const { toolName, namespace, onChange, onError, subscribe } = options;
	checkFunction(toolName, "toolName");
	checkFunction(namespace, "namespace");
	checkFunction(onChange, "onChange");
	checkFunction(onError, "onError");
	if (subscribe !== undefined && typeof subscribe !== "boolean") {
		invalid(`subscribe must be a boolean, got ${quote(subscribe)}`);
	}
	const nameOf = toolName ?? ((server: string, tool: McpTool) => `${server}__${tool.name}`);
	const states: ServerState[] = serverEntries(options.servers).map(({ name, client }) => ({
		name,
		client,
		tools: new Map(),
		running: undefined,
		queued: undefined,
	}));
	const byServer = new Map(states.map((state) => [state.name, state]));
	let allTools: readonly McpTool[] = Object.freeze([]);
	let byName = new Map<string, { state: ServerState; entry: McpCatalogEntry }>();

	const listeners = {
		change: new Set<McpCatalogEvents["change"]>(),
		error: new Set<McpCatalogEvents["error"]>(),
	};
	if (onChange !== undefined) listeners.change.add(onChange);
	if (onError !== undefined) listeners.error.add(onError);

	function emitError(failure: McpCatalogError): void {
		for (const listener of [...listeners.error]) {
			try {
				listener(failure);
			} catch {
				// An error listener that throws has nowhere left to report to.
			}
		}
	}

	function emitChange(change: McpCatalogChange): void {
		for (const listener of [...listeners.change]) {
			try {
				listener(change);
			} catch (error) {
				emitError({ server: change.server, error });
			}
		}
	}

	function rebuild(): void {
		const tools: McpTool[] = [];
		const names = new Map<string, { state: ServerState; entry: McpCatalogEntry }>();
		for (const state of states) {
			for (const [name, entry] of state.tools) {
				if (names.has(name)) continue;
				names.set(name, { state, entry });
				tools.push(entry.info);
			}
		}
		allTools = Object.freeze(tools);
		byName = names;
	}

	/** Lists `state`'s server once and applies the difference. Never rejects. */
	async function run(state: ServerState): Promise<McpRefreshResult> {
		let listed: McpTool[];
		try {
			listed = await listAllTools(state.client);
		} catch (error) {
			const failure = { server: state.name, error };
			emitError(failure);
			return { added: [], removed: [], updated: [], errors: [failure] };
		}
		const takenBy = (name: string): string | undefined => {
			const owner = byName.get(name)?.state;
			return owner === undefined || owner === state ? undefined : owner.name;
		};
		const diff = diffListing(state.name, state.tools, listed, { toolName: nameOf, takenBy });
		const { next, added, removed, updated, reordered } = diff;
		const errors = diff.errors.map((error) => ({ server: state.name, error }));
		const changed = added.length + removed.length + updated.length > 0;
		state.tools = next;
		if (changed || reordered) rebuild();
		for (const failure of errors) emitError(failure);
		if (changed) emitChange({ server: state.name, added, removed, updated });
		return { added, removed, updated, errors };
	}

	/** Refreshes one server; a refresh asked for while one runs is merged into a single follow-up. */
	function refreshServer(state: ServerState): Promise<McpRefreshResult> {
		if (state.queued !== undefined) return state.queued;
		const start = (): Promise<McpRefreshResult> => {
			const running = run(state).finally(() => {
				if (state.running === running) state.running = undefined;
			});
			state.running = running;
			return running;
		};
		if (state.running === undefined) return start();
		const queued = state.running.then(() => {
			state.queued = undefined;
			return start();
		});
		state.queued = queued;
		return queued;
	}

	function listen(state: ServerState): void {
		if (subscribe === false || typeof state.client.setNotificationHandler !== "function") return;
		state.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
			void refreshServer(state);
		});
	}

	function stateOf(server: unknown, what: string): ServerState {
		const state = typeof server === "string" ? byServer.get(server) : undefined;
		if (state === undefined) {
			invalid(`${what}: unknown server ${quote(server)}; the servers are ${quote([...byServer.keys()])}`);
		}
		return state;
	}

	for (const state of states) listen(state);
	const ready = Promise.all(states.map(refreshServer)).then(merge);

	return {
		ready,
		getAllTools: () => allTools,
		async refresh(server?: string): Promise<McpRefreshResult> {
			if (server === undefined) return merge(await Promise.all(states.map(refreshServer)));
			return refreshServer(stateOf(server, "refresh"));
		},
		async setClient(server: string, client: McpClientLike): Promise<McpRefreshResult> {
			const state = stateOf(server, "setClient");
			checkClient(client, "setClient client");
			if (client !== state.client) {
				state.client.removeNotificationHandler?.(LIST_CHANGED);
				state.client = client;
				listen(state);
			}
			return refreshServer(state);
		},
		async callTool(name, args, callOptions) {
			const owner = byName.get(name);
			if (owner === undefined)
				throw new ToolSearchError("UNKNOWN_TOOL", `no MCP tool is named ${quote(name)}`);
			const params = { name: owner.entry.origin.tool, ...(args === undefined ? {} : { arguments: args }) };
			return owner.state.client.callTool(params, undefined, callOptions);
		},
		origin(name) {
			const origin = byName.get(name)?.entry.origin;
			return origin === undefined ? undefined : { ...origin };
		},
		namespaceOf: (tool) => {
			const owner = byName.get(tool.name)?.state;
			if (owner === undefined) return undefined;
			if (namespace !== undefined) return namespace(owner.name);
			const instructions = owner.client.getInstructions?.();
			return typeof instructions === "string" && instructions.trim() !== ""
				? { name: owner.name, instructions }
				: { name: owner.name };
		},
		on(event, listener) {
			if (event !== "change" && event !== "error") invalid(`on: unknown event ${quote(event)}`);
			checkFunction(listener, "on listener");
			const set = listeners[event] as Set<typeof listener>;
			set.add(listener);
			return () => {
				set.delete(listener);
			};
		},
	};
}
