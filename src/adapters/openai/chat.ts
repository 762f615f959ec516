/**
 * The Chat Completions side of `tool-search/openai`: no deferral there, so the `tools` to send are
 * `tool_search` plus the active tools, sent anew each turn; a tool call is answered with a tool
 * message (the search's text, or the guard's refusal). Internal.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import { quote } from "../../errors.js";
import { fail, isObject } from "../shared/checks.js";
import type { OpenAICatalog } from "./catalog.js";
import type { OpenAIChatTool, OpenAIFunctionTool, OpenAIToolSearch } from "./types.js";

/**
 * A Chat Completions tool call's function, once the call is checked to have a string `id` and
 * `function.name`; otherwise throws `INVALID_OPTIONS` quoting the call. Both Chat modes use it.
 */
export function checkChatToolCall(call: ChatToolCall): { name: string; arguments?: unknown } {
	const fn: unknown = isObject(call as unknown) ? call.function : undefined;
	if (typeof call?.id !== "string" || !isObject(fn) || typeof fn.name !== "string") {
		fail(
			"INVALID_OPTIONS",
			`expected a function tool call with string id and function.name, got ${quote(call)}`,
		);
	}
	return fn as { name: string; arguments?: unknown };
}

type ChatToolCall = Parameters<OpenAIToolSearch["handleChatToolCall"]>[0];

/** The Chat Completions methods of {@link OpenAIToolSearch}, over `catalog`. */
export function createChatCompletionsApi(
	catalog: OpenAICatalog,
): Pick<OpenAIToolSearch, "chatCompletionTools" | "handleChatToolCall"> {
	const { functions, active, refusal } = catalog;
	return {
		chatCompletionTools: () =>
			active().map((name): OpenAIChatTool => {
				const tool = functions.get(name) as OpenAIFunctionTool;
				const text = tool.description === undefined ? {} : { description: tool.description };
				return { type: "function", function: { name, ...text, parameters: tool.parameters } };
			}),
		async handleChatToolCall(call, callOptions) {
			const fn = checkChatToolCall(call);
			const content = await refusal(fn.name, { ctx: callOptions?.ctx, toolCallId: call.id });
			if (content !== undefined) return { role: "tool", tool_call_id: call.id, content };
			if (fn.name !== TOOL_SEARCH_TOOL_NAME) return undefined;
			const result = await catalog.run(call.id, fn.arguments, callOptions);
			return { role: "tool", tool_call_id: call.id, content: result.content[0].text };
		},
	};
}
