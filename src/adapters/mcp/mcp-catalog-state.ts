/**
 * What a catalogue holds: each server's state (its client, its connection, its tools), the tools
 * of all servers by catalogue name, and the listeners its events go to.
 */
import { quote } from "../../errors.js";
import { invalidOptions as invalid } from "../../internal/guards.js";
import { type CheckedCatalogOptions, isServerConfig } from "./mcp-catalog-options.js";
import type { McpCatalogEntry } from "./mcp-diff.js";
import type {
	McpCatalogChange,
	McpCatalogError,
	McpCatalogEvents,
	McpClientLike,
	McpRefreshResult,
	McpServerConfig,
	McpTool,
} from "./mcp-types.js";

/**
 * One server of a catalogue.
 *
 * @example
 * ```ts
 * const state: ServerState = core.states[0]; // state.status: "connected", state.tools: Map { ... }
 * ```
 */
export interface ServerState {
	readonly name: string;
	/** `undefined` while a server given as a configuration connects for the first time. */
	client: McpClientLike | undefined;
	readonly config: McpServerConfig | undefined;
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

/**
 * Who holds a catalogue name: the server and its entry.
 *
 * @example
 * ```ts
 * const owner: ToolOwner | undefined = core.byName.get("github__create_issue");
 * ```
 */
export interface ToolOwner {
	readonly state: ServerState;
	readonly entry: McpCatalogEntry;
}

/**
 * A catalogue's state, shared by the parts that refresh, connect and answer.
 *
 * @example
 * ```ts
 * const core = createCatalogCore(checkCatalogOptions({ servers: { github } }));
 * ```
 */
export interface CatalogCore {
	readonly options: CheckedCatalogOptions;
	readonly states: readonly ServerState[];
	readonly byServer: ReadonlyMap<string, ServerState>;
	/** Every server's tools, servers in order; a new array whenever one changes. */
	allTools: readonly McpTool[];
	/** Bumped whenever `allTools` is replaced: the catalogue's version (`getCatalogVersion`). */
	version: number;
	byName: ReadonlyMap<string, ToolOwner>;
	/** Set once `close()` was called. */
	closing: Promise<void> | undefined;
	readonly listeners: {
		readonly change: Set<McpCatalogEvents["change"]>;
		readonly error: Set<McpCatalogEvents["error"]>;
	};
}

function serverState(name: string, client: McpClientLike | McpServerConfig): ServerState {
	const config = isServerConfig(client) ? client : undefined;
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
}

/**
 * A catalogue with no tools yet: one state per server, `onChange` and `onError` listening.
 *
 * @example
 * ```ts
 * createCatalogCore(checkCatalogOptions({ servers: { github } })).states[0]?.name; // "github"
 * ```
 */
export function createCatalogCore(options: CheckedCatalogOptions): CatalogCore {
	const states = options.entries.map(({ name, client }) => serverState(name, client));
	const listeners = {
		change: new Set<McpCatalogEvents["change"]>(),
		error: new Set<McpCatalogEvents["error"]>(),
	};
	if (options.onChange !== undefined) listeners.change.add(options.onChange);
	if (options.onError !== undefined) listeners.error.add(options.onError);
	return {
		options,
		states,
		byServer: new Map(states.map((state) => [state.name, state])),
		allTools: Object.freeze([]),
		version: 0,
		byName: new Map(),
		closing: undefined,
		listeners,
	};
}

/**
 * Tells every `error` listener; a listener that throws is ignored.
 *
 * @example
 * ```ts
 * emitError(core, { server: "github", error: new Error("tools/list failed") });
 * ```
 */
export function emitError(core: CatalogCore, failure: McpCatalogError): void {
	for (const listener of [...core.listeners.error]) {
		try {
			listener(failure);
		} catch {
			// An error listener that throws has nowhere left to report to.
		}
	}
}

/**
 * Tells every `change` listener; a listener that throws is reported as an error.
 *
 * @example
 * ```ts
 * emitChange(core, { server: "github", added: ["github__merge"], removed: [], updated: [] });
 * ```
 */
export function emitChange(core: CatalogCore, change: McpCatalogChange): void {
	for (const listener of [...core.listeners.change]) {
		try {
			listener(change);
		} catch (error) {
			emitError(core, { server: change.server, error });
		}
	}
}

/**
 * Recomputes every server's tools in order, a catalogue name going to the first server holding it.
 *
 * @example
 * ```ts
 * state.tools = next;
 * rebuild(core); // core.allTools is a new array
 * ```
 */
export function rebuild(core: CatalogCore): void {
	const tools: McpTool[] = [];
	const names = new Map<string, ToolOwner>();
	for (const state of core.states) {
		for (const [name, entry] of state.tools) {
			if (names.has(name)) continue;
			names.set(name, { state, entry });
			tools.push(entry.info);
		}
	}
	core.allTools = Object.freeze(tools);
	core.version++;
	core.byName = names;
}

/**
 * The state of the server named `server`.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for an unknown server.
 *
 * @example
 * ```ts
 * stateOf(core, "github", "refresh").status; // "connected"
 * ```
 */
export function stateOf(core: CatalogCore, server: unknown, what: string): ServerState {
	const state = typeof server === "string" ? core.byServer.get(server) : undefined;
	if (state === undefined) {
		invalid(`${what}: unknown server ${quote(server)}; the servers are ${quote([...core.byServer.keys()])}`);
	}
	return state;
}
