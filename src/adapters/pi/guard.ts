/**
 * The pi guard. pi answers a call to an unloaded tool with `Tool <name> not found` before any
 * `tool_call` handler runs, so a `message_end` handler rewrites that result into a message naming
 * `tool_search` (or a "did you mean" for unknown names). With the `tool_search` it guards for, a
 * `tool_call` handler also refuses a call to a tool its `isAvailable` gate refuses now (a stale
 * call), and a `tool_result` handler reports each executed call's outcome to its traces.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import { quote } from "../../errors.js";
import type { ToolHost } from "../../host/types.js";
import { checkToolCall, type ToolCallCheck, type ToolCallCheckOptions } from "../../integration/index.js";
import { invalidOptions, isObject } from "../../internal/guards.js";
import type { ToolSearchToolDefinition } from "../../tool/tool-definition.js";
import { checkGuardOptions } from "../shared/guard-options.js";
import { loadedNowMessage } from "../shared/loaded-now-message.js";
import type { PiExtensionApi } from "./types.js";

/** The tool pi refused in `message` (`isError`, one text part `Tool <name> not found`), if it is such a result. */
function refusedToolName(message: { role: string }): string | undefined {
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
	return result.toolName;
}

/** `message` with its text replaced by the guard's answer for `name`. */
function rewritten<M extends { role: string }>(message: M, name: string, check: ToolCallCheck): M {
	const text = "message" in check ? check.message : loadedNowMessage(name);
	return { ...message, content: [{ type: "text", text }] };
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
	const name = refusedToolName(message);
	return name === undefined ? undefined : rewritten(message, name, checkToolCall(name, host, options));
}

/**
 * Options of {@link guardPiToolCalls}.
 *
 * @example
 * ```ts
 * const options: PiGuardOptions = { autoActivate: true, toolSearch: createToolSearchTool({ tools: pi, isAvailable }) };
 * ```
 */
export interface PiGuardOptions extends Pick<ToolCallCheckOptions, "autoActivate"> {
	/**
	 * The `tool_search` the guard works for: its `isAvailable` gate is asked again when the model
	 * calls a tool (a refused call gets pi's error result with the guard's message), and executed
	 * calls are reported to its traces. `toolSearchExtension` passes its own. @defaultValue none
	 */
	toolSearch?: ToolSearchToolDefinition | undefined;
}

/**
 * Installs the guard: a `message_end` handler that replaces pi's `Tool <name> not found` results
 * with {@link rewriteToolNotFound}'s text (pi refuses such calls before `tool_call` handlers run);
 * with `toolSearch`, that text also says when the tool is unavailable, a `tool_call` handler blocks
 * calls to tools its `isAvailable` gate refuses, and a `tool_result` handler reports outcomes.
 *
 * @example
 * ```ts
 * export default function (pi: ExtensionAPI) {
 *   guardPiToolCalls(pi, { autoActivate: true });
 * }
 * ```
 */
export function guardPiToolCalls(pi: PiExtensionApi, options: PiGuardOptions = {}): void {
	checkGuardOptions(options);
	const { toolSearch, ...guard } = options;
	if (toolSearch !== undefined && !(isObject(toolSearch) && typeof toolSearch.checkToolCall === "function")) {
		invalidOptions(`toolSearch must be a tool_search from createToolSearchTool, got ${quote(toolSearch)}`);
	}
	if (toolSearch === undefined) {
		pi.on("message_end", (event) => {
			const message = rewriteToolNotFound(event.message, pi, guard);
			return message === undefined ? undefined : { message };
		});
		return;
	}
	pi.on("message_end", async (event, ctx) => {
		const name = refusedToolName(event.message);
		if (name === undefined) return undefined;
		const check = await toolSearch.checkToolCall(name, { ...guard, ctx });
		return { message: rewritten(event.message, name, check) };
	});
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName === TOOL_SEARCH_TOOL_NAME) return undefined;
		const check = await toolSearch.checkToolCall(event.toolName, { ctx, toolCallId: event.toolCallId });
		return check.status === "unavailable" ? { block: true, reason: check.message } : undefined;
	});
	pi.on("tool_result", (event) => {
		if (event.toolName === TOOL_SEARCH_TOOL_NAME) return;
		const status = event.isError === true ? "error" : "ok";
		toolSearch.reportToolCall({ name: event.toolName, status, toolCallId: event.toolCallId });
	});
}
