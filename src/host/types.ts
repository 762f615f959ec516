import type { ToolInfo } from "../types.js";

/**
 * Where the tools come from. pi's `ExtensionAPI` fits as it is.
 *
 * @example
 * ```ts
 * const catalog: ToolCatalog = { getAllTools: () => [...builtIns, ...mcpTools] };
 * ```
 */
export interface ToolCatalog {
	/** Every tool the host knows, active or not. */
	getAllTools(): readonly ToolInfo[];
	/**
	 * Optional: the sources (MCP servers, plugins) whose tools are not all searchable: `connecting`
	 * (starting, or reconnecting after a drop; `pendingTools` when the count is known) or `failed`
	 * (down for good; `reason`). `tool_search` then tells the model "server X is still connecting (N
	 * tools not yet searchable); search again shortly" or "server X failed: …" instead of a bare "no
	 * match", and a `server:` scope naming such a source is not an error. The MCP catalogue
	 * (`tool-search/mcp`) has it. Sources that are fine are left out.
	 */
	getSourceStatus?():
		| readonly {
				name: string;
				status: "connecting" | "failed";
				pendingTools?: number | undefined;
				reason?: string | undefined;
		  }[]
		| undefined;
	/**
	 * Optional: a value that changes whenever `getAllTools()` would return other tools, or tools
	 * with other fields (a counter bumped on every change, or a revision of the host's registry).
	 * When a `tool_search` call reads the same string or number as the previous call, it reuses
	 * that call's view of the catalogue without calling `getAllTools()` or reading a single tool, so
	 * the call costs what its query costs. Leave it out, or
	 * return `undefined`, when the host cannot tell: every call then compares each tool's fields
	 * with the last call's (a few property reads per tool; 10–20 ms at 100,000 tools). With a
	 * version, `exclude` and `namespaceOf` are asked again only when it changes. The in-memory host
	 * and the MCP catalogue have it, unique to the process. A version durable across restarts (a
	 * registry's revision, a hash of the config) also lets a `Bm25Ranker` saved at it and restored
	 * answer its first call without reading the tools.
	 */
	getCatalogVersion?(): string | number | undefined;
}

/**
 * The host's set of tools declared to the model. pi's `ExtensionAPI` fits as it is.
 * `setActiveTools` replaces the whole set; changes apply from the next model call.
 *
 * @example
 * ```ts
 * let active: string[] = ["read_file"];
 * const set: ActiveToolSet = { getActiveTools: () => active, setActiveTools: (names) => { active = [...names]; } };
 * ```
 */
export interface ActiveToolSet {
	getActiveTools(): readonly string[];
	setActiveTools(names: string[]): void;
}

/**
 * Both halves of the host boundary, as pi's `ExtensionAPI` has them.
 *
 * @example
 * ```ts
 * const host: ToolHost = createActiveToolSet({ tools: allMyTools }); // or pi's ExtensionAPI
 * ```
 */
export type ToolHost = ToolCatalog & ActiveToolSet;
