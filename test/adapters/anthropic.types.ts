/**
 * Type tests, checked by `tsc --noEmit` (not run): what `tool-search/anthropic` emits is assignable
 * to the real `@anthropic-ai/sdk` request types, and the SDK's response blocks are accepted as input.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { type AnthropicToolSearch, createAnthropicToolSearch } from "tool-search/anthropic";

declare const search: AnthropicToolSearch;
declare const block: Anthropic.Messages.ToolUseBlock;
declare const reply: Anthropic.Messages.Message;

/** The catalogue takes Anthropic tools as they are. */
export const fromSdkTools = (tools: Anthropic.Messages.Tool[]): AnthropicToolSearch =>
	createAnthropicToolSearch({ tools, pinned: ["read_file"] });

/** `tools()` is a request's `tools`; each entry a custom `Tool`. */
export const tools: Anthropic.Messages.ToolUnion[] = search.tools();
export const custom: Anthropic.Messages.Tool[] = search.tools();

/** Results fit a user message; `tool_reference` blocks fit `ToolReferenceBlockParam`. */
export async function roundTrip(): Promise<Anthropic.Messages.MessageCreateParamsNonStreaming> {
	const result: Anthropic.Messages.ToolResultBlockParam = await search.handleToolUse(block);
	const guarded: Anthropic.Messages.ToolResultBlockParam | undefined = await search.guard(block);
	const reference = result.content?.[0];
	if (typeof reference === "object" && reference.type === "tool_reference") {
		const typed: Anthropic.Messages.ToolReferenceBlockParam = reference;
		void typed;
	}
	const content: Anthropic.Messages.ToolResultBlockParam[] =
		guarded === undefined ? [result] : [result, guarded];
	return {
		model: "claude-sonnet-5",
		max_tokens: 1024,
		tools: search.tools(),
		messages: [
			{ role: "assistant", content: reply.content },
			{ role: "user", content },
		],
	};
}

/** Every `tool_use` block of a reply is accepted as it comes. */
export async function handleReply(): Promise<void> {
	for (const item of reply.content) {
		if (item.type === "tool_use" && item.name === "tool_search") await search.handleToolUse(item);
		else if (item.type === "tool_use") await search.guard(item);
	}
}

// @ts-expect-error a tool must have a name
createAnthropicToolSearch({ tools: [{ description: "no name" }] });
