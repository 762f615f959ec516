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
