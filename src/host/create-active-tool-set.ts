/**
 * `createActiveToolSet`: an in-memory host for `tool_search`, for hosts that keep their own tool
 * list (AI SDK `prepareStep`, Anthropic `defer_loading`, tests).
 */
import { quote, ToolSearchError } from "../errors.js";
import type { ToolInfo } from "../types.js";
import {
	type ActiveSetBudgetOptions,
	fitActiveSet,
	resolveActiveSetBudget,
	toolTokens,
} from "./active-set-budget.js";
import { uniqueCatalogVersion } from "./catalog-version.js";
import type { ActiveToolSet, ToolCatalog } from "./types.js";

/**
 * Options of {@link createActiveToolSet}.
 *
 * @example
 * ```ts
 * const options: ActiveToolSetOptions = { tools: catalog, pinned: ["tool_search"], onUnknownTools: console.warn };
 * ```
 */
export interface ActiveToolSetOptions extends ActiveSetBudgetOptions {
	/** Every tool, active or not. Names must be unique non-empty strings. */
	tools: readonly ToolInfo[];
	/**
	 * Names active from the start, least recently used first: pass a saved `host.toJSON().active` to
	 * resume a session, after compaction, or in a subagent. Unknown names are dropped and reported,
	 * like `setActiveTools`'; past the budget, the first ones are left out. @defaultValue `[]`
	 */
	active?: readonly string[] | undefined;
	/**
	 * Names always active, whatever `setActiveTools` is given (e.g. `read`, `bash`). Unknown names are
	 * dropped and reported, like `setActiveTools`'. @defaultValue `[]`
	 */
	pinned?: readonly string[] | undefined;
	/**
	 * Called with the unknown names that were dropped, when there are any: once at creation for
	 * `pinned` and `active`, then after each `setActiveTools` call.
	 */
	onUnknownTools?: ((names: string[]) => void) | undefined;
}

/**
 * A {@link ToolCatalog} and {@link ActiveToolSet} kept in memory.
 *
 * @example
 * ```ts
 * const host: InMemoryToolHost = createActiveToolSet({ tools: catalog });
 * host.setActiveTools(["read_file", "typo_tool"]);
 * host.ignored; // ["typo_tool"]
 * ```
 */
export interface InMemoryToolHost extends ToolCatalog, ActiveToolSet {
	/** A copy of the tools. */
	getAllTools(): ToolInfo[];
	/**
	 * One value for the host's life, unlike any other host's: the catalogue is fixed at creation, so
	 * `tool_search` reads it once and every later call costs only its query. A tool object changed
	 * in place afterwards is not seen: make a new host (or a catalogue with its own version) for
	 * tools that change. Not durable: a ranker saved over this host is checked tool by tool when
	 * restored over another (give your own host a durable `getCatalogVersion` for that).
	 */
	getCatalogVersion(): string;
	/** Pinned names first, then the active ones in the order last given to `setActiveTools`. */
	getActiveTools(): string[];
	/** Replaces the active set; pinned names stay, unknown names are dropped and reported, duplicates collapse. */
	setActiveTools(names: readonly string[]): void;
	/** The unknown names dropped last: by the last `setActiveTools` call, or at creation from `pinned` and `active`. */
	readonly ignored: readonly string[];
	/**
	 * The names the budget (`maxActiveTools`, `maxActiveSchemaTokens`) left out last: tools unloaded
	 * to make room (least recently used first), then given names that did not fit.
	 */
	readonly unloaded: readonly string[];
	/** Records a call of `name`: it becomes the most recently used, the last the budget unloads. */
	markUsed(name: string): void;
	/**
	 * The active set as plain JSON: the active names that are not pinned, least recently used
	 * first. `createActiveToolSet({ tools, pinned, ...saved })` restores it, order included.
	 */
	toJSON(): { active: string[] };
}

function fail(code: "INVALID_OPTIONS" | "INVALID_TOOL" | "DUPLICATE_TOOL", message: string): never {
	throw new ToolSearchError(code, message);
}

function nameArray(value: unknown, what: string): readonly string[] {
	if (value === undefined) return [];
	if (!Array.isArray(value))
		fail("INVALID_OPTIONS", `${what} must be an array of tool names, got ${quote(value)}`);
	for (const name of value as unknown[]) {
		if (typeof name !== "string") {
			fail("INVALID_OPTIONS", `${what} must be an array of tool names, got ${quote(name)} in it`);
		}
	}
	return value as readonly string[];
}

/**
 * Creates an in-memory tool host: `getAllTools()` returns the tools, `getActiveTools()` the pinned
 * names followed by the active ones, and `setActiveTools(names)` replaces the active set like pi
 * does (unknown names ignored), keeping pinned names. Unknown names, in `pinned`, `active` or a
 * `setActiveTools` call, are never an error: they are dropped and reported through `ignored` and
 * `onUnknownTools` (a tool that is not there is the host's to fix; the agent keeps working). The
 * options are never mutated.
 *
 * With `maxActiveTools` / `maxActiveSchemaTokens`, a `setActiveTools` past the budget leaves out the
 * least recently used names (`markUsed` records a call; new names count as used, the first given
 * as the most recent) and reports them in `unloaded`; `toJSON()` gives the active names least
 * recently used first, which `active` takes back.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a malformed option, `INVALID_TOOL` for a tool
 * without a non-empty string name, and `DUPLICATE_TOOL` for two tools of one name.
 *
 * @example
 * ```ts
 * const host = createActiveToolSet({ tools: [searchTool, ...catalog], pinned: ["tool_search"] });
 * const toolSearch = createToolSearchTool({ tools: host });
 * await toolSearch.execute("1", { query: "create github issue" });
 * host.getActiveTools(); // ["tool_search", "github__create_issue", ...]
 * ```
 */
export function createActiveToolSet(options: ActiveToolSetOptions): InMemoryToolHost {
	if (typeof options !== "object" || options === null) {
		fail("INVALID_OPTIONS", `options must be an object, got ${quote(options)}`);
	}
	const { tools, onUnknownTools } = options;
	if (!Array.isArray(tools)) fail("INVALID_OPTIONS", `tools must be an array of tools, got ${quote(tools)}`);
	if (onUnknownTools !== undefined && typeof onUnknownTools !== "function") {
		fail("INVALID_OPTIONS", `onUnknownTools must be a function, got ${quote(onUnknownTools)}`);
	}
	const catalog: ToolInfo[] = [...(tools as readonly unknown[])].map((tool, at) => {
		const name = typeof tool === "object" && tool !== null ? (tool as { name?: unknown }).name : undefined;
		if (typeof name !== "string" || name === "") {
			fail("INVALID_TOOL", `tools[${at}] must have a non-empty string name, got ${quote(name)}`);
		}
		return tool as ToolInfo;
	});
	const known = new Set<string>();
	for (const tool of catalog) {
		if (known.has(tool.name)) fail("DUPLICATE_TOOL", `duplicate tool name ${quote(tool.name)} in tools`);
		known.add(tool.name);
	}
	const budget = resolveActiveSetBudget(options);
	const givenPinned = nameArray(options.pinned, "pinned");
	const initial = nameArray(options.active, "active");
	const pinned = [...new Set(givenPinned)].filter((name) => known.has(name));
	const pinnedSet = new Set(pinned);
	const byName = new Map(catalog.map((tool) => [tool.name, tool]));
	const tokensOf = (name: string) =>
		budget.maxTokens === Number.POSITIVE_INFINITY ? 0 : toolTokens(byName.get(name));
	/** The active names in the order last given, and the same names least recently used first. */
	let active: string[] = [];
	let recency: string[] = [];
	let unloaded: readonly string[] = Object.freeze([]);

	/** Makes `wanted` (known, not pinned, each once) the active set, within the budget. */
	function apply(wanted: readonly string[]): void {
		const wantedSet = new Set(wanted);
		const before = new Set(recency);
		const fit = fitActiveSet({
			fixed: pinned,
			current: recency.filter((name) => wantedSet.has(name)),
			incoming: wanted.filter((name) => !before.has(name)),
			budget,
			tokensOf,
		});
		const stay = new Set([...fit.kept, ...fit.added]);
		active = wanted.filter((name) => stay.has(name));
		// Loaded together, the first given (the best match) counts as the most recently used.
		recency = [...fit.kept, ...[...fit.added].reverse()];
		unloaded = Object.freeze([...fit.unloaded, ...fit.refused]);
	}

	const cleaned = (names: readonly string[]) =>
		[...new Set(names)].filter((name) => known.has(name) && !pinnedSet.has(name));
	// Restored names are the previous session's, oldest first: none of them is new.
	recency = cleaned(initial);
	apply(recency);
	let ignored: readonly string[] = Object.freeze([
		...new Set([...givenPinned, ...initial].filter((name) => !known.has(name))),
	]);
	if (ignored.length > 0) onUnknownTools?.([...ignored]);

	const version = uniqueCatalogVersion();
	return {
		getAllTools: () => [...catalog],
		getCatalogVersion: () => version,
		getActiveTools: () => [...pinned, ...active],
		setActiveTools(names: readonly string[]): void {
			const given = nameArray(names, "setActiveTools names");
			const unknown = [...new Set(given.filter((name) => !known.has(name)))];
			apply(cleaned(given));
			ignored = Object.freeze(unknown);
			if (unknown.length > 0) onUnknownTools?.([...unknown]);
		},
		get ignored() {
			return ignored;
		},
		get unloaded() {
			return unloaded;
		},
		markUsed(name: string): void {
			const at = recency.indexOf(name);
			if (at >= 0) recency = [...recency.slice(0, at), ...recency.slice(at + 1), name];
		},
		toJSON: () => ({ active: [...recency] }),
	};
}
