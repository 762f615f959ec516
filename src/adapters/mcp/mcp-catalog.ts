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
	McpCallToolResult,
	McpCatalog,
	McpCatalogChange,
	McpCatalogError,
	McpCatalogEvents,
	McpClientLike,
	McpReconnectOptions,
	McpRefreshResult,
	McpServerEntry,
	McpStdioServerConfig,
	McpTool,
	McpUnavailableServer,
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
	 * The servers, by name: each a connected client, or a stdio command (`{ command, args, env }`, as
	 * in an `mcpServers` configuration) that the catalogue starts, restarts and stops itself. Or
	 * `{ name, client }` entries. Servers keep this order.
	 */
	servers: Readonly<Record<string, McpClientLike | McpStdioServerConfig>> | readonly McpServerEntry[];
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
}

interface ServerState {
	readonly name: string;
	/** `undefined` while a command server starts for the first time. */
	client: McpClientLike | undefined;
	readonly config: McpStdioServerConfig | undefined;
	status: "connecting" | "connected" | "failed" | "closed";
	/** Set while `status` is `failed`. */
	down: { reason: string; tools: string[] } | undefined;
	attempts: number;
	timer: ReturnType<typeof setTimeout> | undefined;
	/** A (re)connect attempt is under way. */
	attempting: boolean;
	/** Settles when the attempt under way does; `close()` waits for it. */
	pending: Promise<unknown> | undefined;
	/** Stops the process a command server's attempt under way started, if any. */
	abort: (() => Promise<void>) | undefined;
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

function isStdioConfig(value: unknown): value is McpStdioServerConfig {
	return isObject(value) && typeof value.command === "string" && typeof value.listTools !== "function";
}

function checkConfig(config: McpStdioServerConfig, name: string): void {
	const { command, args, env } = config;
	if (command === "") invalid(`the command of server ${quote(name)} must not be empty`);
	if (args !== undefined && !(Array.isArray(args) && args.every((arg) => typeof arg === "string"))) {
		invalid(`the args of server ${quote(name)} must be an array of strings, got ${quote(args)}`);
	}
	if (env !== undefined && !(isObject(env) && Object.values(env).every((v) => typeof v === "string"))) {
		invalid(`the env of server ${quote(name)} must be an object of strings, got ${quote(env)}`);
	}
}

/**
 * Starts a stdio server and connects an SDK client to it (the SDK is loaded only here). `onStart`
 * gets a function that stops the process, for a close that comes while it connects.
 */
async function startStdioServer(
	config: McpStdioServerConfig,
	onStart: (abort: () => Promise<void>) => void,
): Promise<McpClientLike> {
	const [{ Client }, { StdioClientTransport }] = await Promise.all([
		import("@modelcontextprotocol/sdk/client/index.js"),
		import("@modelcontextprotocol/sdk/client/stdio.js"),
	]);
	const client = new Client({ name: "tool-search", version: "0.1.0" });
	const transport = new StdioClientTransport({
		command: config.command,
		args: [...(config.args ?? [])],
		...(config.env === undefined ? {} : { env: { ...config.env } }),
		...(config.cwd === undefined ? {} : { cwd: config.cwd }),
		stderr: config.stderr ?? "inherit",
	});
	onStart(() => transport.close());
	await client.connect(transport);
	return client;
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** What the SDK throws for a call on a closed connection: `Not connected`, or `ConnectionClosed` (-32000). */
function isConnectionError(error: unknown): boolean {
	return (
		isObject(error) &&
		(error.code === -32000 || (error instanceof Error && error.message === "Not connected"))
	);
}

/** Closes a client, whatever its `close` does: throws, rejects, or returns no promise. */
async function closeQuietly(client: McpClientLike): Promise<void> {
	try {
		await client.close?.();
	} catch {
		// Closing a client we are giving up on: nothing is left to tell.
	}
}

function errorResult(text: string): McpCallToolResult {
	return { content: [{ type: "text", text }], isError: true };
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

function serverEntries(servers: unknown): McpServerEntry[] {
	const entries: unknown[] = Array.isArray(servers)
		? servers
		: isObject(servers)
			? Object.entries(servers).map(([name, client]) => ({ name, client }))
			: invalid(
					`servers must be an object of MCP clients or commands, or an array of { name, client }, got ${quote(servers)}`,
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
		if (isStdioConfig(client)) {
			checkConfig(client, name);
			return { name, client };
		}
		if (
			!isObject(client) ||
			typeof client.listTools !== "function" ||
			typeof client.callTool !== "function"
		) {
			invalid(
				`the client of server ${quote(name)} must be an MCP client with listTools and callTool methods, or a { command, args } to start, got ${quote(client)}`,
			);
		}
		return { name, client: client as unknown as McpClientLike };
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
	if (!isObject(options)) invalid(`options must be an object, got ${quote(options)}`);
	const { toolName, namespace, onChange, onError, subscribe, reconnect } = options;
	checkFunction(toolName, "toolName");
	checkFunction(namespace, "namespace");
	checkFunction(onChange, "onChange");
	checkFunction(onError, "onError");
	if (subscribe !== undefined && typeof subscribe !== "boolean") {
		invalid(`subscribe must be a boolean, got ${quote(subscribe)}`);
	}
	checkReconnect(reconnect);
	const backoff = reconnect === false ? undefined : (reconnect ?? {});
	const nameOf = toolName ?? ((server: string, tool: McpTool) => `${server}__${tool.name}`);
	const states: ServerState[] = serverEntries(options.servers).map(({ name, client }) => {
		const config = isStdioConfig(client) ? client : undefined;
		return {
			name,
			client: config === undefined ? (client as McpClientLike) : undefined,
			config,
			status: config === undefined ? "connected" : "connecting",
			down: undefined,
			attempts: 0,
			timer: undefined,
			attempting: false,
			pending: undefined,
			abort: undefined,
			tools: new Map(),
			running: undefined,
			queued: undefined,
		};
	});
	const byServer = new Map(states.map((state) => [state.name, state]));
	let allTools: readonly McpTool[] = Object.freeze([]);
	let byName = new Map<string, { state: ServerState; entry: McpCatalogEntry }>();
	let closing: Promise<void> | undefined;

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

	/** A refresh that failed: the error is reported, the server keeps its last known tools. */
	function failed(state: ServerState, error: unknown): McpRefreshResult {
		const failure = { server: state.name, error };
		emitError(failure);
		return { added: [], removed: [], updated: [], errors: [failure] };
	}

	/**
	 * Lists `state`'s server once and applies the difference. Never rejects: whatever a hostile
	 * listing makes throw (a getter, a value no comparison expected) is a failed refresh.
	 */
	async function run(state: ServerState): Promise<McpRefreshResult> {
		const client = state.client;
		let listed: McpTool[];
		try {
			if (client === undefined || state.status !== "connected") {
				throw new Error(`MCP server ${quote(state.name)} is not connected`);
			}
			listed = await listAllTools(client);
		} catch (error) {
			return failed(state, error);
		}
		// The connection closed while listing: the server is down, its tools stay withdrawn.
		if (state.client !== client || state.status !== "connected") {
			return { added: [], removed: [], updated: [], errors: [] };
		}
		try {
			return apply(state, listed);
		} catch (error) {
			return failed(state, error);
		}
	}

	/** Applies a server's new listing: the catalogue changes only once the difference is known. */
	function apply(state: ServerState, listed: McpTool[]): McpRefreshResult {
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

	/** Withdraws the tools of a server that went down and tries to bring it back. */
	function fail(state: ServerState, error: unknown, reason: string): void {
		if (state.status === "closed") return;
		const removed = [...state.tools.keys()];
		state.status = "failed";
		state.down = { reason, tools: [...new Set([...(state.down?.tools ?? []), ...removed])] };
		state.tools = new Map();
		if (removed.length > 0) rebuild();
		emitError({ server: state.name, error });
		if (removed.length > 0) emitChange({ server: state.name, added: [], removed, updated: [] });
		scheduleReconnect(state);
	}

	function canReconnect(state: ServerState): boolean {
		return backoff !== undefined && (backoff.connect !== undefined || state.config !== undefined);
	}

	function scheduleReconnect(state: ServerState): void {
		if (backoff === undefined || !canReconnect(state) || closing !== undefined) return;
		if (state.attempts >= (backoff.attempts ?? 5)) return;
		const initial = backoff.initialDelayMs ?? 500;
		const delay = Math.min(backoff.maxDelayMs ?? 30_000, initial * 2 ** state.attempts);
		state.attempts++;
		state.timer = setTimeout(() => {
			state.timer = undefined;
			void connectServer(state);
		}, delay);
	}

	/** Makes `client` the server's client: watches it close and, unless told not to, its list_changed. */
	function adopt(state: ServerState, client: McpClientLike): void {
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
			if (state.client === client && state.status === "connected") {
				fail(state, new Error(`MCP server ${quote(state.name)} closed its connection`), "connection closed");
			}
		};
		try {
			client.onclose = onclose;
		} catch {
			// A frozen client: its closing shows only as failed calls, which callTool reports as such.
		}
		listen(state);
	}

	/** (Re)connects a server the catalogue can connect itself, then lists it. Never rejects. */
	function connectServer(state: ServerState): Promise<McpRefreshResult> {
		const pending = connectOnce(state).catch((error: unknown) => failed(state, error));
		state.pending = pending;
		void pending.finally(() => {
			if (state.pending === pending) state.pending = undefined;
		});
		return pending;
	}

	async function connectOnce(state: ServerState): Promise<McpRefreshResult> {
		let client: McpClientLike;
		state.attempting = true;
		try {
			const connect = backoff?.connect;
			const config = state.config;
			let attempt: Promise<McpClientLike>;
			if (connect !== undefined) attempt = connect(state.name);
			else if (config !== undefined) {
				attempt = startStdioServer(config, (abort) => {
					state.abort = abort;
				});
			} else throw new Error(`no way to reconnect MCP server ${quote(state.name)}`);
			try {
				client = await attempt;
			} finally {
				state.abort = undefined;
			}
			checkClient(client, `the client reconnect.connect returned for ${quote(state.name)}`);
		} catch (error) {
			state.attempting = false;
			if (closing !== undefined) return { added: [], removed: [], updated: [], errors: [] };
			const failure = { server: state.name, error };
			fail(state, error, messageOf(error));
			return { added: [], removed: [], updated: [], errors: [failure] };
		}
		state.attempting = false;
		if (closing !== undefined) {
			await closeQuietly(client);
			return { added: [], removed: [], updated: [], errors: [] };
		}
		state.attempts = 0;
		adopt(state, client);
		return refreshServer(state);
	}

	function listen(state: ServerState): void {
		const client = state.client;
		if (subscribe === false || client === undefined || typeof client.setNotificationHandler !== "function")
			return;
		try {
			client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
				// refreshServer never rejects; the catch is there so a notification never can.
				if (state.client === client) refreshServer(state).catch((error) => failed(state, error));
			});
		} catch (error) {
			// The server's changes go unseen until `refresh`; its tools are listed all the same.
			emitError({ server: state.name, error });
		}
	}

	function stateOf(server: unknown, what: string): ServerState {
		const state = typeof server === "string" ? byServer.get(server) : undefined;
		if (state === undefined) {
			invalid(`${what}: unknown server ${quote(server)}; the servers are ${quote([...byServer.keys()])}`);
		}
		return state;
	}

	const reconnecting = (state: ServerState): boolean => state.timer !== undefined || state.attempting;

	function downMessage(name: string, state: ServerState): string {
		const again = reconnecting(state)
			? " It is reconnecting; try again in a moment."
			: " Use tool_search to find another tool.";
		return `Tool ${JSON.stringify(name)} is unavailable: its MCP server ${JSON.stringify(state.name)} is down (${state.down?.reason ?? "connection closed"}).${again}`;
	}

	for (const state of states) if (state.client !== undefined) adopt(state, state.client);
	const ready = Promise.all(
		states.map((state) => (state.client === undefined ? connectServer(state) : refreshServer(state))),
	).then(merge);

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
			if (client !== state.client || state.status !== "connected") {
				state.attempts = 0;
				adopt(state, client);
			}
			return refreshServer(state);
		},
		async callTool(name, args, callOptions) {
			const owner = byName.get(name);
			if (owner === undefined) {
				const down = states.find((state) => state.status === "failed" && state.down?.tools.includes(name));
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
		},
		origin(name) {
			const origin = byName.get(name)?.entry.origin;
			return origin === undefined ? undefined : { ...origin };
		},
		namespaceOf: (tool) => {
			const owner = byName.get(tool.name)?.state;
			if (owner === undefined) return undefined;
			if (namespace !== undefined) return namespace(owner.name);
			const instructions = owner.client?.getInstructions?.();
			return typeof instructions === "string" && instructions.trim() !== ""
				? { name: owner.name, instructions }
				: { name: owner.name };
		},
		unavailable(): McpUnavailableServer[] {
			return states.flatMap((state) =>
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
		},
		close(): Promise<void> {
			closing ??= (async () => {
				const clients = states.flatMap((state) => {
					if (state.timer !== undefined) clearTimeout(state.timer);
					state.timer = undefined;
					state.status = "closed";
					return state.client === undefined ? [] : [state.client];
				});
				// Attempts under way: stop the process they started; the attempt then closes its client.
				const attempts = states.flatMap((state) => (state.pending === undefined ? [] : [state.pending]));
				const aborts = states.flatMap((state) => (state.abort === undefined ? [] : [state.abort()]));
				await Promise.allSettled([
					...clients.map(async (client) => client.close?.()),
					...aborts,
					...attempts,
				]);
			})();
			return closing;
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
