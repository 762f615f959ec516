/**
 * The pi guard for calls to unloaded tools: pi answers them with `Tool <name> not found` before any
 * `tool_call` handler runs, so a `message_end` handler rewrites that result into a message naming
 * `tool_search` (or a "did you mean" for unknown names). Also reads the extension's `guard` option.
 */
import type { ToolHost } from "../../host/types.js";
import { checkToolCall, type ToolCallCheckOptions } from "../../integration/index.js";
import { checkGuardOptions } from "../shared/guard-options.js";
import { loadedNowMessage } from "../shared/loaded-now-message.js";
import type { PiExtensionApi } from "./types.js";

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
