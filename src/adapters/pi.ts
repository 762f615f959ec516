/**
 * `tool-search/pi`: `tool_search` as a pi extension. It registers the tool on pi's `ExtensionAPI`,
 * which is already a tool host (`getAllTools` / `getActiveTools` / `setActiveTools`), so a search
 * activates its matches through `setActiveTools` and pi declares them from the next model call.
 *
 * - With a `policy` ({@link DiscoveryPolicy}), the tools it defers are deactivated when pi first
 *   reports them (at `session_start` and before each prompt), and only they are searched.
 * - pi answers a call to an inactive tool with `Tool <name> not found` before any `tool_call`
 *   handler runs, so the guard rewrites that tool result at `message_end` into a message naming
 *   `tool_search` (or a "did you mean" for unknown names). With an `isAvailable` gate, the guard
 *   also blocks (`tool_call`) a call to a tool the gate refuses now, and with `onTrace` it reports
 *   each executed call (`tool_result`) with the discovery that activated the tool.
 * - pi marks a tool result as failed when `execute` throws, so `tool_search`'s error results
 *   (bad arguments) are rethrown as `Error(text)`.
 *
 * Works with pi 1.x (`@earendil-works/pi-coding-agent`) and pi 0.7x (`@mariozechner/pi-coding-agent`);
 * nothing is imported from either (the types are structural). On pi 1.x, `tool_search` declares
 * `exposure: "model-only"` and `reachesTools`, so pi keeps MCP tools reachable through it and its MCP
 * extension makes a search wait for servers still connecting; `hidden` tools are never searched; a
 * tool's pi namespace (`mcp__github` → `github`, with its description) is its namespace unless
 * `namespaceOf` is given. It replaces pi's built-in `tool_search` (pi then skips its built-in
 * extension, with a warning).
 *
 * @example
 * ```ts
 * // ~/.pi/agent/extensions/tool-search.ts
 * import { toolSearchExtension } from "tool-search/pi";
 *
 * export default toolSearchExtension({ policy: { mode: "mcp-only" } });
 * ```
 * @module
 */
import { quote, ToolSearchError } from "../errors.js";
import type { ToolHost } from "../host/types.js";
import { namespaceFromToolName } from "../integration/discovery-policy.js";
import { isObject } from "../internal/guards.js";
import { buildToolSearchTool } from "../tool/create-tool-search-tool.js";
import type { ToolInfo, ToolNamespace } from "../types.js";
import { toPiToolDefinition } from "./pi/definition.js";
import { guardPiToolCalls } from "./pi/guard.js";
import type { PiExtensionApi, PiToolInfo, PiToolSearchOptions } from "./pi/types.js";
import { guardOptions } from "./shared/guard-options.js";
import { policyWith } from "./shared/policy-with.js";

export { toPiToolDefinition } from "./pi/definition.js";
export { guardPiToolCalls, type PiGuardOptions } from "./pi/guard.js";
export type { PiExtensionApi, PiToolSearchDefinition, PiToolSearchOptions } from "./pi/types.js";

const NO_TOOLS: ToolHost = { getAllTools: () => [], getActiveTools: () => [], setActiveTools: () => {} };
/** pi's tools are active from registration, and its MCP servers connect after the session starts. */
const PI_SYNC = { activateLoaded: false, keepSearchOn: true } as const;

/** pi 1.x `hidden` tools: registered but unreachable, so never searched nor offered. */
const isHidden = (tool: ToolInfo): boolean => (tool as PiToolInfo).exposure === "hidden";

/**
 * A tool's namespace as pi 1.x gives it (`namespace: { name: "mcp__github", description }` for an
 * MCP server's tools), named as everywhere else in this package: without the `mcp__` of pi's MCP
 * namespaces, as {@link namespaceFromToolName} reads `mcp__github__create_issue`. `undefined` for
 * pi 0.7x tools, tools without one, and a malformed one (a name that is not a non-empty string, or
 * a getter that throws).
 */
function piNamespace(tool: ToolInfo): ToolNamespace | undefined {
	let name: unknown;
	let description: unknown;
	try {
		const given: unknown = (tool as PiToolInfo).namespace;
		if (typeof given !== "object" || given === null) return undefined;
		({ name, description } = given as { name?: unknown; description?: unknown });
	} catch {
		return undefined; // a getter that throws: as malformed (the whole search failed with it)
	}
	if (typeof name !== "string") return undefined;
	const bare = name.startsWith("mcp__") ? name.slice("mcp__".length) : name;
	if (bare.trim() === "") return undefined;
	return typeof description === "string" && description.trim() !== ""
		? { name: bare, description }
		: { name: bare };
}

/**
 * The options with pi 1.x's namespaces as the defaults of `namespaceOf` (the namespace listing on a
 * miss, `server:` scopes, the documents' namespace field) and of the policy's `namespaceOf`
 * (`mcp-only`, `pinnedNamespaces`); a tool without one falls back to the name convention there.
 */
function withPiNamespaces(options: Omit<PiToolSearchOptions, "guard" | "promptSnippet">) {
	const { policy } = options;
	const namespaceOf = options.namespaceOf ?? piNamespace;
	const policyNamespace = (tool: ToolInfo): string | undefined =>
		piNamespace(tool)?.name ?? namespaceFromToolName(tool.name);
	if (policy === undefined || (isObject(policy) && policy.namespaceOf !== undefined))
		return { ...options, namespaceOf };
	// The caller's policy behind the default (not a copy of its own fields): inherited fields and
	// getters are read at each sync, as `createToolSearchTool` reads a policy. (A policy that is not
	// an object is passed on as it is, for the options check to refuse.)
	const withNamespace = policyWith(policy, { namespaceOf: policyNamespace });
	return { ...options, namespaceOf, policy: withNamespace };
}

/**
 * The pi extension: registers `tool_search` (built by `createToolSearchTool({ tools: pi })`),
 * applies `policy` at `session_start` and before each prompt, and installs the guard. Options are
 * checked here, so a mistake throws at the call site rather than when pi loads the extension.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a malformed option (as `createToolSearchTool`,
 * `planDiscovery` and `checkToolCall` check them), or a `guard` that is neither a boolean nor an object.
 *
 * @example
 * ```ts
 * // .pi/extensions/tool-search.ts
 * import { toolSearchExtension } from "tool-search/pi";
 * export default toolSearchExtension({ policy: { mode: "auto", pinned: ["read", "bash", "edit", "write"] } });
 * ```
 */
export function toolSearchExtension(options: PiToolSearchOptions = {}): (pi: PiExtensionApi) => void {
	if (typeof options !== "object" || options === null) {
		throw new ToolSearchError("INVALID_OPTIONS", `options must be an object, got ${quote(options)}`);
	}
	const { guard, promptSnippet, ...given } = options;
	const toolOptions = withPiNamespaces(given);
	if (promptSnippet !== undefined && (typeof promptSnippet !== "string" || promptSnippet.trim() === "")) {
		throw new ToolSearchError(
			"INVALID_OPTIONS",
			`promptSnippet must be a non-empty string, got ${quote(promptSnippet)}`,
		);
	}
	buildToolSearchTool({ ...toolOptions, tools: NO_TOOLS }, PI_SYNC);
	const guarded = guardOptions(guard);
	const excluded = toolOptions.exclude;
	const exclude = (tool: ToolInfo): boolean => isHidden(tool) || excluded?.(tool) === true;

	return (pi) => {
		// pi's tools are active when registered: the policy only hides the deferred ones.
		const tool = buildToolSearchTool({ ...toolOptions, exclude, tools: pi }, PI_SYNC);
		pi.registerTool(toPiToolDefinition(tool, { promptSnippet }));
		if (toolOptions.policy !== undefined) {
			const sync = (): void => {
				tool.applyPolicy();
			};
			pi.on("session_start", sync);
			pi.on("before_agent_start", sync);
		}
		if (guarded !== undefined) guardPiToolCalls(pi, { ...guarded, toolSearch: tool });
		if (toolOptions.maxActiveTools !== undefined || toolOptions.maxActiveSchemaTokens !== undefined) {
			// Each tool result pi records is a use, for the active-set budget.
			pi.on("message_end", (event) => {
				const { role, toolName } = event.message as { role: string; toolName?: unknown };
				if (role === "toolResult" && typeof toolName === "string") tool.markUsed(toolName);
				return undefined;
			});
		}
	};
}
