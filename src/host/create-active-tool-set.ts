/**
 * `createActiveToolSet`: an in-memory host for `tool_search`, for hosts that keep their own tool
 * list (AI SDK `prepareStep`, Anthropic `defer_loading`, tests).
 */
import { quote, ToolSearchError } from "../errors.js";
import type { ToolInfo } from "../types.js";
import type { ActiveToolSet, ToolCatalog } from "./types.js";

/**
 * Options of {@link createActiveToolSet}.
 *
 * @example
 * ```ts
 * const options: ActiveToolSetOptions = { tools: catalog, pinned: ["tool_search"], onUnknownTools: console.warn };
 * ```
 */
export interface ActiveToolSetOptions {
	/** Every tool, active or not. Names must be unique non-empty strings. */
	tools: readonly ToolInfo[];
	/** Names active from the start. @defaultValue `[]` */
	active?: readonly string[] | undefined;
	/** Names always active, whatever `setActiveTools` is given (e.g. `tool_search`). @defaultValue `[]` */
	pinned?: readonly string[] | undefined;
	/** Called with the unknown names a `setActiveTools` call dropped, when there are any. */
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
	/** Pinned names first, then the active ones in the order last given to `setActiveTools`. */
	getActiveTools(): string[];
	/** Replaces the active set; pinned names stay, unknown names are dropped and reported, duplicates collapse. */
	setActiveTools(names: readonly string[]): void;
	/** The unknown names the last `setActiveTools` call dropped. */
	readonly ignored: readonly string[];
}

function fail(
	code: "INVALID_OPTIONS" | "INVALID_TOOL" | "DUPLICATE_TOOL" | "UNKNOWN_TOOL",
	message: string,
): never {
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
 * does (unknown names ignored), keeping pinned names. The options are never mutated.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a malformed option, `INVALID_TOOL` for a tool
 * without a non-empty string name, `DUPLICATE_TOOL` for two tools of one name, and `UNKNOWN_TOOL`
 * for a name in `active` or `pinned` that is not a tool's.
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
	const checkKnown = (names: readonly string[], what: string): void => {
		for (const name of names) {
			if (!known.has(name)) fail("UNKNOWN_TOOL", `${what} names unknown tool ${quote(name)}`);
		}
	};
	const pinned = [...new Set(nameArray(options.pinned, "pinned"))];
	checkKnown(pinned, "pinned");
	const initial = nameArray(options.active, "active");
	checkKnown(initial, "active");
	const pinnedSet = new Set(pinned);
	let active = [...new Set(initial)].filter((name) => !pinnedSet.has(name));
	let ignored: readonly string[] = Object.freeze([]);

	return {
		getAllTools: () => [...catalog],
		getActiveTools: () => [...pinned, ...active],
		setActiveTools(names: readonly string[]): void {
			const given = nameArray(names, "setActiveTools names");
			const unknown = [...new Set(given.filter((name) => !known.has(name)))];
			active = [...new Set(given)].filter((name) => known.has(name) && !pinnedSet.has(name));
			ignored = Object.freeze(unknown);
			if (unknown.length > 0) onUnknownTools?.([...unknown]);
		},
		get ignored() {
			return ignored;
		},
	};
}
