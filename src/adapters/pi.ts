/**
 * `tool-search/pi`: `tool_search` as a pi extension. It registers the tool on pi's `ExtensionAPI`,
 * which is already a tool host (`getAllTools` / `getActiveTools` / `setActiveTools`), so a search
 * activates its matches through `setActiveTools` and pi declares them from the next model call.
 *
 * - With a `policy` ({@link DiscoveryPolicy}), the tools it defers are deactivated when pi first
 *   reports them (at `session_start` and before each prompt), and only they are searched.
 * - pi answers a call to an inactive tool with `Tool <name> not found` before any `tool_call`
 *   handler runs, so the guard rewrites that tool result at `message_end` into a message naming
 *   `tool_search` (or a "did you mean" for unknown names).
 * - pi marks a tool result as failed when `execute` throws, so `tool_search`'s error results
 *   (bad arguments) are rethrown as `Error(text)`.
 *
 * Only types come from `@mariozechner/pi-coding-agent` (an optional peer dependency).
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
import type { ExtensionAPI, ToolDefinition } from "@mariozechner/pi-coding-agent";
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import type { ToolHost } from "../host/types.js";
import {
	checkToolCall,
	type DiscoveryPlan,
	type DiscoveryPolicy,
	planDiscovery,
	type ToolCallCheckOptions,
} from "../integration/index.js";
import {
	createToolSearchTool,
	type ToolSearchToolDefinition,
	type ToolSearchToolOptions,
} from "../tool/create-tool-search-tool.js";
import type { ToolSearchToolDetails } from "../tool/format-result.js";

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
 * host), plus the policy, the guard and pi's prompt snippet.
 *
 * @example
 * ```ts
 * const options: PiToolSearchOptions = { policy: { mode: "auto", essential: ["read", "bash"] }, guard: { autoActivate: true } };
 * ```
 */
export interface PiToolSearchOptions extends Omit<ToolSearchToolOptions, "tools"> {
	/**
	 * Which tools to defer. Deferred tools are deactivated the first time pi reports them, and only
	 * they are searched. @defaultValue none: pi's active set is left as it is and every inactive
	 * tool is searched
	 */
	policy?: DiscoveryPolicy | undefined;
	/**
	 * Rewrites pi's `Tool <name> not found` results (see {@link guardPiToolCalls}); `{ autoActivate: true }`
	 * also loads a known tool the model called without searching. @defaultValue `true`
	 */
	guard?: boolean | Pick<ToolCallCheckOptions, "autoActivate"> | undefined;
	/** The line pi shows for the tool in the system prompt's tool list. @defaultValue {@link PI_PROMPT_SNIPPET} */
	promptSnippet?: string | undefined;
}

/**
 * The default prompt snippet of `tool_search` in pi's system prompt.
 *
 * @example
 * ```ts
 * toolSearchExtension({ promptSnippet: `${PI_PROMPT_SNIPPET} Try it before saying you cannot.` });
 * ```
 */
export const PI_PROMPT_SNIPPET =
	"Find and load tools that are not listed here (for example MCP server tools).";

const NO_TOOLS: ToolHost = { getAllTools: () => [], getActiveTools: () => [], setActiveTools: () => {} };

/**
 * The one place where our TypeBox schema becomes pi's parameter type. At runtime both are the same
 * plain JSON Schema (TypeBox keeps its markers non-enumerable; pi validates arguments with the
 * schema as data). The types differ across pi versions: pi's `TSchema` comes from `typebox` 1.x
 * now but from `@sinclair/typebox` 0.34 (which requires a `[Kind]` symbol key) in older pi, so the
 * cast lives here and nowhere else.
 *
 * @example
 * ```ts
 * pi.registerTool({ ...definition, parameters: toPiParameters(toolSearchSchema) });
 * ```
 */
export function toPiParameters(schema: ToolSearchToolDefinition["parameters"]): PiParameters {
	return schema as unknown as PiParameters;
}

/**
 * A `tool_search` tool as a pi tool definition: same name, label, description and schema, plus a
 * prompt snippet; `execute` passes pi's signal and context through and throws `Error(text)` for an
 * error result, since pi marks a tool result as failed only when `execute` throws.
 *
 * @example
 * ```ts
 * pi.registerTool(toPiToolDefinition(createToolSearchTool({ tools: pi })));
 * ```
 */
export function toPiToolDefinition(
	tool: ToolSearchToolDefinition,
	options: { promptSnippet?: string | undefined } = {},
): PiToolSearchDefinition {
	return {
		name: tool.name,
		label: tool.label,
		description: tool.description,
		promptSnippet: options.promptSnippet ?? PI_PROMPT_SNIPPET,
		parameters: toPiParameters(tool.parameters),
		async execute(toolCallId, params, signal, onUpdate, ctx) {
			const result = await tool.execute(toolCallId, params, signal, onUpdate, ctx);
			if (result.isError === true) throw new Error(result.content[0].text);
			return { content: result.content, details: result.details };
		},
	};
}

/**
 * What the model reads when a tool it called while unloaded is loaded now (by a `tool_search` in
 * the same turn, or by `autoActivate`).
 *
 * @example
 * ```ts
 * loadedNowMessage("github__create_issue");
 * // 'Tool "github__create_issue" was not loaded, so the call did not run. It is loaded now: call it again.'
 * ```
 */
export function loadedNowMessage(name: string): string {
	return `Tool ${JSON.stringify(name)} was not loaded, so the call did not run. It is loaded now: call it again.`;
}

/**
 * The replacement for a tool result in which pi refused a call to an inactive or unknown tool
 * (`isError`, one text part `Tool <name> not found`), from {@link checkToolCall}; `undefined` for
 * any other message. The input is not mutated.
 *
 * @example
 * ```ts
 * rewriteToolNotFound({ role: "toolResult", toolName: "slack__post", isError: true, content: [{ type: "text", text: "Tool slack__post not found" }], ... }, pi);
 * // { ...message, content: [{ type: "text", text: 'Tool "slack__post" is not loaded. Call tool_search ...' }] }
 * ```
 */
export function rewriteToolNotFound<M extends { role: string }>(
	message: M,
	host: ToolHost,
	options: Pick<ToolCallCheckOptions, "autoActivate"> = {},
): M | undefined {
	const result = message as unknown as {
		role: string;
		toolName?: unknown;
		isError?: unknown;
		content?: unknown;
	};
	if (result.role !== "toolResult" || result.isError !== true || typeof result.toolName !== "string") return;
	const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
	const part = content.length === 1 ? (content[0] as { type?: unknown; text?: unknown }) : undefined;
	if (part?.type !== "text" || part.text !== `Tool ${result.toolName} not found`) return;
	const check = checkToolCall(result.toolName, host, options);
	const text =
		check.status === "active" || check.status === "activated"
			? loadedNowMessage(result.toolName)
			: check.message;
	return { ...message, content: [{ type: "text", text }] };
}

/**
 * Installs the guard for calls to unloaded tools: a `message_end` handler that replaces pi's
 * `Tool <name> not found` results with {@link rewriteToolNotFound}'s text. (pi refuses such calls
 * before `tool_call` handlers run, so a `tool_call` hook never sees them.)
 *
 * @example
 * ```ts
 * export default function (pi: ExtensionAPI) {
 *   guardPiToolCalls(pi, { autoActivate: true });
 * }
 * ```
 */
export function guardPiToolCalls(
	pi: PiExtensionApi,
	options: Pick<ToolCallCheckOptions, "autoActivate"> = {},
): void {
	checkGuardOptions(options);
	pi.on("message_end", (event) => {
		const message = rewriteToolNotFound(event.message, pi, options);
		return message === undefined ? undefined : { message };
	});
}

function checkGuardOptions(options: unknown): asserts options is Pick<ToolCallCheckOptions, "autoActivate"> {
	if (typeof options !== "object" || options === null || Array.isArray(options)) {
		throw new ToolSearchError("INVALID_OPTIONS", `guard options must be an object, got ${quote(options)}`);
	}
	const { autoActivate } = options as { autoActivate?: unknown };
	if (autoActivate !== undefined && typeof autoActivate !== "boolean") {
		throw new ToolSearchError(
			"INVALID_OPTIONS",
			`autoActivate must be a boolean, got ${quote(autoActivate)}`,
		);
	}
}

function guardOptions(guard: unknown): Pick<ToolCallCheckOptions, "autoActivate"> | undefined {
	if (guard === undefined || guard === true) return {};
	if (guard === false) return undefined;
	if (typeof guard !== "object" || guard === null) {
		throw new ToolSearchError("INVALID_OPTIONS", `guard must be a boolean or an object, got ${quote(guard)}`);
	}
	checkGuardOptions(guard);
	return guard.autoActivate === undefined ? {} : { autoActivate: guard.autoActivate };
}

/**
 * Applies a discovery plan to pi's active set whenever pi reports tools it had not reported before:
 * newly seen deferred tools are deactivated, `tool_search` is activated when search turns on and
 * deactivated when it turns off. Tools seen before are left alone, so what `tool_search`, the user
 * or another extension activated stays active.
 */
function discoverySync(pi: PiExtensionApi, policy: DiscoveryPolicy, onPlan: (plan: DiscoveryPlan) => void) {
	const seen = new Set<string>();
	let searching: boolean | undefined;
	return (): void => {
		const all = pi.getAllTools();
		const plan = planDiscovery(all, policy);
		onPlan(plan);
		const fresh = new Set(all.map((tool) => tool.name).filter((name) => !seen.has(name)));
		for (const name of fresh) seen.add(name);
		const active = pi.getActiveTools();
		const deferred = new Set(plan.deferred);
		let next = active.filter((name) => !(fresh.has(name) && deferred.has(name)));
		if (plan.searchEnabled !== searching) {
			next = next.filter((name) => name !== TOOL_SEARCH_TOOL_NAME);
			if (plan.searchEnabled) next.push(TOOL_SEARCH_TOOL_NAME);
			searching = plan.searchEnabled;
		}
		if (next.length !== active.length || next.some((name, at) => name !== active[at]))
			pi.setActiveTools(next);
	};
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
 * export default toolSearchExtension({ policy: { mode: "auto", essential: ["read", "bash", "edit", "write"] } });
 * ```
 */
export function toolSearchExtension(options: PiToolSearchOptions = {}): (pi: PiExtensionApi) => void {
	if (typeof options !== "object" || options === null) {
		throw new ToolSearchError("INVALID_OPTIONS", `options must be an object, got ${quote(options)}`);
	}
	const { policy, guard, promptSnippet, exclude, ...toolOptions } = options;
	if (promptSnippet !== undefined && (typeof promptSnippet !== "string" || promptSnippet.trim() === "")) {
		throw new ToolSearchError(
			"INVALID_OPTIONS",
			`promptSnippet must be a non-empty string, got ${quote(promptSnippet)}`,
		);
	}
	createToolSearchTool({ ...toolOptions, exclude, tools: NO_TOOLS });
	if (policy !== undefined) planDiscovery([], policy);
	const guarded = guardOptions(guard);

	return (pi) => {
		let plan: DiscoveryPlan | undefined;
		const tool = createToolSearchTool({
			...toolOptions,
			tools: pi,
			exclude: (info) => exclude?.(info) === true || plan?.exclude(info) === true,
		});
		const definition = toPiToolDefinition(tool, { promptSnippet });
		if (policy === undefined) pi.registerTool(definition);
		else {
			const sync = discoverySync(pi, policy, (next) => {
				plan = next;
			});
			pi.registerTool({
				...definition,
				execute(toolCallId, params, signal, onUpdate, ctx) {
					plan = planDiscovery(pi.getAllTools(), policy);
					return definition.execute(toolCallId, params, signal, onUpdate, ctx);
				},
			});
			pi.on("session_start", sync);
			pi.on("before_agent_start", sync);
		}
		if (guarded !== undefined) guardPiToolCalls(pi, guarded);
	};
}
