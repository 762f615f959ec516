/**
 * Types of `tool-search/pi`, written structurally so that they fit every pi in use today without
 * importing it: `@earendil-works/pi-coding-agent` 1.x and `@mariozechner/pi-coding-agent` 0.7x. (A
 * `Pick` of one version's `ExtensionAPI` rejects the other's: each carries its own TypeBox copy.)
 * The type tests check both real `ExtensionAPI`s against these. Types only; the entry
 * `src/adapters/pi.ts` re-exports the public ones.
 */
import type { ToolCallCheckOptions } from "../../integration/unloaded-tool-guard.js";
import type { ToolSearchToolOptions } from "../../tool/create-tool-search-tool.js";
import type { ToolSearchToolDetails } from "../../tool/format-result.js";

/**
 * How pi 1.x exposes a tool (`ToolExposure`): `direct` (declared and callable while active),
 * `model-only` (declared while active), `codemode` and `deferred` (not declared until activated;
 * `deferred` ones are what a tool search finds), `hidden` (registered but unreachable; activating it
 * has no effect). pi 0.7x tools have none.
 */
export type PiToolExposure = "direct" | "model-only" | "codemode" | "deferred" | "hidden";

/** A tool as pi's `getAllTools()` lists it (pi's `ToolInfo`): the fields this extension reads. */
export interface PiToolInfo {
	name: string;
	description?: unknown;
	parameters?: unknown;
	/** pi 1.x only. */
	exposure?: PiToolExposure | undefined;
	/** pi 1.x only: the tool's namespace, e.g. `{ name: "mcp__github" }` for an MCP server's tools. */
	namespace?: { name: string; description?: string | undefined } | undefined;
}

/** pi's tool result, as `execute` returns it. */
interface PiToolResult {
	content: { type: "text"; text: string }[];
	details: ToolSearchToolDetails;
}

/**
 * The `tool_search` definition as this extension registers it with pi. `exposure` and
 * `reachesTools` tell pi 1.x that it reaches other tools: pi then keeps MCP tools reachable
 * through it and makes a call wait for MCP servers that are still connecting. pi 0.7x ignores both.
 *
 * @example
 * ```ts
 * const definition: PiToolSearchDefinition = toPiToolDefinition(createToolSearchTool({ tools: pi }));
 * ```
 */
export interface PiToolSearchDefinition {
	name: string;
	label: string;
	description: string;
	promptSnippet: string;
	/**
	 * The JSON Schema of `{ query, limit? }`: a TypeBox schema, which pi validates arguments with. Typed
	 * `any` on purpose: pi's `TSchema` comes from the TypeBox copy each pi version ships (1.3 in pi
	 * 1.x, 1.4 in pi 0.73, `@sinclair/typebox` earlier), and no other type is accepted by all of them.
	 */
	// biome-ignore lint/suspicious/noExplicitAny: see above; the one any of the package
	parameters: any;
	exposure: "model-only";
	reachesTools: (input: Record<string, unknown>) => "all";
	execute(
		toolCallId: string,
		params: unknown,
		signal: AbortSignal | undefined,
		onUpdate: unknown,
		ctx: unknown,
	): Promise<PiToolResult>;
}

type PiHandler<E> = (event: E, ctx: unknown) => void;

/**
 * What the extension uses of pi's `ExtensionAPI`; the real one of pi 1.x and of pi 0.7x fits, and so
 * does a fake with these five methods (`on` for `session_start`, `before_agent_start`,
 * `message_end`, `tool_call` and `tool_result`).
 *
 * @example
 * ```ts
 * export default function (pi: ExtensionAPI) { const api: PiExtensionApi = pi; }
 * ```
 */
export interface PiExtensionApi {
	registerTool(tool: PiToolSearchDefinition): void;
	on(event: "session_start", handler: PiHandler<{ type: "session_start" }>): unknown;
	on(event: "before_agent_start", handler: PiHandler<{ type: "before_agent_start" }>): unknown;
	on(
		event: "message_end",
		handler: (
			event: { type: "message_end"; message: { role: string } },
			ctx: unknown,
			// biome-ignore lint/suspicious/noExplicitAny: the replacement is the message pi handed in, rewritten; each pi version has its own message union
		) => { message: any } | undefined | Promise<{ message: any } | undefined>,
	): unknown;
	on(
		event: "tool_call",
		handler: (
			event: { type: "tool_call"; toolName: string; toolCallId: string },
			ctx: unknown,
		) => Promise<{ block: true; reason: string } | undefined>,
	): unknown;
	on(
		event: "tool_result",
		handler: (
			event: { type: "tool_result"; toolName: string; toolCallId: string; isError: boolean },
			ctx: unknown,
		) => void,
	): unknown;
	getAllTools(): readonly PiToolInfo[];
	getActiveTools(): string[];
	setActiveTools(toolNames: string[]): void;
}

/**
 * Options of {@link toolSearchExtension}: those of `createToolSearchTool` but `tools` (pi is the
 * host), plus the guard and pi's prompt snippet. A `policy` hides its deferred tools the first time
 * pi reports them (at `session_start` and before each prompt), and only they are searched; pi's
 * other tools are left as they are. Without a policy, pi's active set is left alone and every
 * inactive tool is searched. pi 1.x `hidden` tools are never searched.
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
