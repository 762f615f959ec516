/**
 * Keeping a server's tools current: list it, apply only what changed, and merge refreshes asked
 * for while one runs. A refresh never rejects: a failure is reported and the last tools are kept.
 */
import { quote } from "../../errors.js";
import { type CatalogCore, emitChange, emitError, rebuild, type ServerState } from "./mcp-catalog-state.js";
import { diffListing } from "./mcp-diff.js";
import { listAllTools } from "./mcp-listing.js";
import type { McpRefreshResult, McpTool } from "./mcp-types.js";

/**
 * A refresh that changed nothing.
 *
 * @example
 * ```ts
 * unchanged(); // { added: [], removed: [], updated: [], errors: [] }
 * ```
 */
export function unchanged(): McpRefreshResult {
	return { added: [], removed: [], updated: [], errors: [] };
}

/**
 * A refresh that failed: the error is reported, the server keeps its last known tools.
 *
 * @example
 * ```ts
 * failedRefresh(core, state, new Error("tools/list failed")).errors; // [{ server: "github", error }]
 * ```
 */
export function failedRefresh(core: CatalogCore, state: ServerState, error: unknown): McpRefreshResult {
	const failure = { server: state.name, error };
	emitError(core, failure);
	return { added: [], removed: [], updated: [], errors: [failure] };
}

/**
 * The results of several refreshes as one.
 *
 * @example
 * ```ts
 * mergeResults([{ added: ["a"], ... }, { added: ["b"], ... }]).added; // ["a", "b"]
 * ```
 */
export function mergeResults(results: readonly McpRefreshResult[]): McpRefreshResult {
	return {
		added: results.flatMap((result) => result.added),
		removed: results.flatMap((result) => result.removed),
		updated: results.flatMap((result) => result.updated),
		errors: results.flatMap((result) => result.errors),
	};
}

/** Applies a server's new listing: the catalogue changes only once the difference is known. */
function apply(core: CatalogCore, state: ServerState, listed: McpTool[]): McpRefreshResult {
	const takenBy = (name: string): string | undefined => {
		const owner = core.byName.get(name)?.state;
		return owner === undefined || owner === state ? undefined : owner.name;
	};
	const diff = diffListing(state.name, state.tools, listed, { toolName: core.options.nameOf, takenBy });
	const { next, added, removed, updated, reordered } = diff;
	const errors = diff.errors.map((error) => ({ server: state.name, error }));
	const changed = added.length + removed.length + updated.length > 0;
	state.tools = next;
	if (changed || reordered) rebuild(core);
	for (const failure of errors) emitError(core, failure);
	if (changed) emitChange(core, { server: state.name, added, removed, updated });
	return { added, removed, updated, errors };
}

/**
 * Lists `state`'s server once and applies the difference. Never rejects: whatever a hostile
 * listing makes throw (a getter, a value no comparison expected) is a failed refresh.
 */
async function run(core: CatalogCore, state: ServerState): Promise<McpRefreshResult> {
	const client = state.client;
	let listed: McpTool[];
	try {
		if (client === undefined || state.status !== "connected") {
			throw new Error(`MCP server ${quote(state.name)} is not connected`);
		}
		listed = await listAllTools(client, core.options.listTimeoutMs);
	} catch (error) {
		return failedRefresh(core, state, error);
	}
	// The connection closed while listing: the server is down, its tools stay withdrawn.
	if (state.client !== client || state.status !== "connected") return unchanged();
	try {
		return apply(core, state, listed);
	} catch (error) {
		return failedRefresh(core, state, error);
	}
}

/**
 * Refreshes one server; a refresh asked for while one runs is merged into a single follow-up.
 * Never rejects.
 *
 * @example
 * ```ts
 * await refreshServer(core, stateOf(core, "github", "refresh")); // { added: [...], ... }
 * ```
 */
export function refreshServer(core: CatalogCore, state: ServerState): Promise<McpRefreshResult> {
	if (state.queued !== undefined) return state.queued;
	const start = (): Promise<McpRefreshResult> => {
		const running = run(core, state).finally(() => {
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
