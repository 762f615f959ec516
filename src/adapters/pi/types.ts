/**
 * Types of `tool-search/pi`: the slice of pi's `ExtensionAPI` the extension uses, pi's parameter
 * and tool definition types for `tool_search`, and the extension's options. Types only; the
 * entry `src/adapters/pi.ts` re-exports them.
 */
import type { ExtensionAPI, ToolDefinition } from "@mariozechner/pi-coding-agent";
import type { ToolCallCheckOptions } from "../../integration/index.js";
import type { ToolSearchToolOptions } from "../../tool/create-tool-search-tool.js";
import type { ToolSearchToolDetails } from "../../tool/format-result.js";

/**
 * What the extension uses of pi's `ExtensionAPI`; the real `ExtensionAPI` fits, and so does a fake
 * with these five methods.
 *
 * @example
 * ```ts
 * const api: PiExtensionApi = pi; // pi: ExtensionAPI
 * ```
 */
export type PiExtensionApi = Pick<
	ExtensionAPI,
	"registerTool" | "on" | "getAllTools" | "getActiveTools" | "setActiveTools"
>;

/**
 * pi's parameter schema type: `TSchema` of the TypeBox pi is built with (`typebox` 1.x in pi 0.73,
 * `@sinclair/typebox` 0.34 in older releases).
 *
 * @example
 * ```ts
 * const parameters: PiParameters = toPiParameters(toolSearchSchema);
 * ```
 */
export type PiParameters = ToolDefinition["parameters"];

/**
 * The `tool_search` definition as pi registers it.
 *
 * @example
 * ```ts
 * const definition: PiToolSearchDefinition = toPiToolDefinition(createToolSearchTool({ tools: pi }));
 * ```
 */
export type PiToolSearchDefinition = ToolDefinition<PiParameters, ToolSearchToolDetails>;

/**
 * Options of {@link toolSearchExtension}: those of `createToolSearchTool` but `tools` (pi is the
 * host), plus the guard and pi's prompt snippet. A `policy` hides its deferred tools the first time
 * pi reports them (at `session_start` and before each prompt), and only they are searched; pi's
 * other tools are left as they are. Without a policy, pi's active set is left alone and every
 * inactive tool is searched.
 *
 * @example
 * ```ts
 * const options: PiToolSearchOptions = { policy: { mode: "auto", pinned: ["read", "bash"] }, guard: { autoActivate: true } };
 * ```
 */
export interface PiToolSearchOptions extends Omit<ToolSearchToolOptions, "tools"> {
	/**
	 * Rewrites pi's `Tool <name> not found` results (see {@link guardPiToolCalls}); `{ autoActivate: true }`
	 * also loads a known tool the model called without searching. @defaultValue `true`
	 */
	guard?: boolean | Pick<ToolCallCheckOptions, "autoActivate"> | undefined;
	/** The line pi shows for the tool in the system prompt's tool list. @defaultValue {@link PI_PROMPT_SNIPPET} */
	promptSnippet?: string | undefined;
}
