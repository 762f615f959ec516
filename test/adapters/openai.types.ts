/**
 * Type tests, checked by `tsc --noEmit` (not run): what `tool-search/openai` emits is assignable to
 * the real `openai` request types (Responses and Chat Completions), and the SDK's output items and
 * tool calls are accepted as input.
 */
import type OpenAI from "openai";
import { createOpenAIToolSearch, type OpenAIToolSearch } from "tool-search/openai";

declare const search: OpenAIToolSearch;
declare const response: OpenAI.Responses.Response;
declare const completion: OpenAI.Chat.Completions.ChatCompletion;

/** The catalogue takes Responses function tools as they are. */
export const fromSdkTools = (tools: OpenAI.Responses.FunctionTool[]): OpenAIToolSearch =>
	createOpenAIToolSearch({ tools, pinned: ["read_file"] });

/** `tools()` is a Responses `tools` array: `ToolSearchTool`, `FunctionTool` and `NamespaceTool` entries. */
export const tools: OpenAI.Responses.Tool[] = search.tools();

/** Tool search outputs and guard outputs are input items of the next request. */
export async function responsesRoundTrip(): Promise<OpenAI.Responses.ResponseCreateParamsNonStreaming> {
	const input: OpenAI.Responses.ResponseInputItem[] = [];
	for (const item of response.output) {
		if (item.type === "tool_search_call") {
			const [output, note] = await search.handleToolSearchCall(item);
			const typed: OpenAI.Responses.ResponseToolSearchOutputItemParam = output;
			const message: OpenAI.Responses.EasyInputMessage | undefined = note;
			input.push(item, ...(await search.handleToolSearchCall(item)));
			void [typed, message];
		} else if (item.type === "function_call") {
			const refused: OpenAI.Responses.ResponseInputItem.FunctionCallOutput | undefined =
				await search.guard(item);
			input.push(item, ...(refused === undefined ? [] : [refused]));
		}
	}
	return { model: "gpt-5.4", tools: search.tools(), input };
}

/** Chat tools and tool messages fit the Chat Completions types. */
export async function chatRoundTrip(): Promise<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming> {
	const chatTools: OpenAI.Chat.Completions.ChatCompletionFunctionTool[] = search.chatCompletionTools();
	const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [];
	for (const call of completion.choices[0]?.message.tool_calls ?? []) {
		if (call.type !== "function") continue;
		const message: OpenAI.Chat.Completions.ChatCompletionToolMessageParam | undefined =
			await search.handleChatToolCall(call);
		if (message !== undefined) messages.push(message);
	}
	return { model: "gpt-5.4", tools: chatTools, messages };
}

// @ts-expect-error a tool must have a name
createOpenAIToolSearch({ tools: [{ parameters: {} }] });
