/**
 * A server that goes down: its tools are withdrawn, and the catalogue brings it back when it can
 * (a command server, or `reconnect.connect`), with doubling delays and a bounded number of attempts.
 */
import { quote } from "../../errors.js";
import { type CatalogCore, emitChange, emitError, rebuild, type ServerState } from "./mcp-catalog-state.js";
import { adopt, closeQuietly, messageOf, openClient } from "./mcp-connection.js";
import { failedRefresh, refreshServer, unchanged } from "./mcp-refresh.js";
import type { McpClientLike, McpRefreshResult } from "./mcp-types.js";

/**
 * Whether a server is waiting to reconnect or reconnecting now.
 *
 * @example
 * ```ts
 * reconnecting(state); // true while a reconnect is scheduled or under way
 * ```
 */
export function reconnecting(state: ServerState): boolean {
	return state.timer !== undefined || state.attempting;
}

function canReconnect(core: CatalogCore, state: ServerState): boolean {
	const { backoff } = core.options;
	return backoff !== undefined && (backoff.connect !== undefined || state.config !== undefined);
}

/** Reconnects after `initialDelayMs` doubled for each attempt in a row, until `attempts` is reached. */
function scheduleReconnect(core: CatalogCore, state: ServerState): void {
	const { backoff } = core.options;
	if (backoff === undefined || !canReconnect(core, state) || core.closing !== undefined) return;
	if (state.attempts >= (backoff.attempts ?? 5)) return;
	const initial = backoff.initialDelayMs ?? 500;
	const delay = Math.min(backoff.maxDelayMs ?? 30_000, initial * 2 ** state.attempts);
	state.attempts++;
	state.timer = setTimeout(() => {
		state.timer = undefined;
		void connectServer(core, state); // never rejects
	}, delay);
}

/**
 * Withdraws the tools of a server that went down and tries to bring it back.
 *
 * @example
 * ```ts
 * withdraw(core, state, error, "connection closed"); // a change and an error event, then a reconnect
 * ```
 */
export function withdraw(core: CatalogCore, state: ServerState, error: unknown, reason: string): void {
	if (state.status === "closed") return;
	const removed = [...state.tools.keys()];
	state.status = "failed";
	state.down = { reason, tools: [...new Set([...(state.down?.tools ?? []), ...removed])] };
	state.tools = new Map();
	if (removed.length > 0) rebuild(core);
	emitError(core, { server: state.name, error });
	if (removed.length > 0) emitChange(core, { server: state.name, added: [], removed, updated: [] });
	scheduleReconnect(core, state);
}

/**
 * Makes `client` the server's client; when its connection closes, the server is withdrawn.
 *
 * @example
 * ```ts
 * adoptClient(core, state, client); // then refreshServer(core, state)
 * ```
 */
export function adoptClient(core: CatalogCore, state: ServerState, client: McpClientLike): void {
	adopt(core, state, client, () => {
		const error = new Error(`MCP server ${quote(state.name)} closed its connection`);
		withdraw(core, state, error, "connection closed");
	});
}

async function connectOnce(core: CatalogCore, state: ServerState): Promise<McpRefreshResult> {
	let client: McpClientLike;
	state.attempting = true;
	try {
		client = await openClient(core, state);
	} catch (error) {
		state.attempting = false;
		if (core.closing !== undefined) return unchanged();
		withdraw(core, state, error, messageOf(error));
		return { added: [], removed: [], updated: [], errors: [{ server: state.name, error }] };
	}
	state.attempting = false;
	if (core.closing !== undefined) {
		await closeQuietly(client);
		return unchanged();
	}
	state.attempts = 0;
	adoptClient(core, state, client);
	return refreshServer(core, state);
}

/**
 * (Re)connects a server the catalogue can connect itself, then lists it. Never rejects.
 *
 * @example
 * ```ts
 * await connectServer(core, state); // { added: ["memory__read_graph", ...], ... }
 * ```
 */
export function connectServer(core: CatalogCore, state: ServerState): Promise<McpRefreshResult> {
	const pending = connectOnce(core, state).catch((error: unknown) => failedRefresh(core, state, error));
	state.pending = pending;
	void pending.finally(() => {
		if (state.pending === pending) state.pending = undefined;
	});
	return pending;
}
