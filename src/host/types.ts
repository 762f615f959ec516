import type { ToolInfo } from "../types.js";

/**
 * Where the tools come from. pi's `ExtensionAPI` fits as it is.
 */
export interface ToolCatalog {
	/** Every tool the host knows, active or not. */
	getAllTools(): readonly ToolInfo[];
}

/**
 * The host's set of tools declared to the model. pi's `ExtensionAPI` fits as it is.
 * `setActiveTools` replaces the whole set; changes apply from the next model call.
 */
export interface ActiveToolSet {
	getActiveTools(): readonly string[];
	setActiveTools(names: string[]): void;
}

/** Both halves of the host boundary, as pi's `ExtensionAPI` has them. */
export type ToolHost = ToolCatalog & ActiveToolSet;
