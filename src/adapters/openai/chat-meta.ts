/**
 * The Chat Completions side of `tool-search/openai` in the meta-tools mode (`metaTools`): the model
 * is sent the same two tools on every request, `tool_search` and `call_tool`; a search's tool
 * message shows the loaded tools' arguments, and `call_tool` runs a loaded tool through the
 * executor after checking its arguments. Internal.
 */
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import { checkCall, createToolLookup, runCall } from "../../meta/call-tool.js";
import { CALL_TOOL_DESCRIPTION, callToolSchema } from "../../meta/call-tool-schema.js";
import { withSchemas } from "../../meta/meta-search-result.js";
import type { ObjectSchema } from "../shared/provider-catalog.js";
import type { OpenAICatalog } from "./catalog.js";
import { checkChatToolCall } from "./chat.js";
import type {
	OpenAIChatTool,
	OpenAIFunctionTool,
	OpenAIMetaToolsOptions,
	OpenAIToolSearch,
} from "./types.js";

function parseArguments(text: unknown): unknown {
	if (typeof text !== "string") return text;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** The Chat Completions methods of {@link OpenAIToolSearch} in the meta-tools mode. */
export function createChatMetaApi(
	catalog: OpenAICatalog,
	meta: OpenAIMetaToolsOptions,
): Pick<OpenAIToolSearch, "chatCompletionTools" | "handleChatToolCall"> {
	const { host, search, enabled } = catalog;
	const lookup = createToolLookup(host);
	const searchTool = catalog.functions.get(TOOL_SEARCH_TOOL_NAME) as OpenAIFunctionTool;
	const declared: OpenAIChatTool[] = [
		...(enabled
			? [
					{
						type: "function" as const,
						function: {
							name: TOOL_SEARCH_TOOL_NAME,
							description: searchTool.description ?? "",
							parameters: searchTool.parameters,
						},
					},
				]
			: []),
		{
			type: "function",
			function: {
				name: CALL_TOOL_NAME,
				description: CALL_TOOL_DESCRIPTION,
				parameters: JSON.parse(JSON.stringify(callToolSchema)) as ObjectSchema,
			},
		},
	];
	return {
		chatCompletionTools: () => declared.map((tool) => ({ ...tool, function: { ...tool.function } })),
		async handleChatToolCall(call, callOptions) {
			const fn = checkChatToolCall(call);
			const message = (content: string) => ({ role: "tool" as const, tool_call_id: call.id, content });
			if (fn.name === TOOL_SEARCH_TOOL_NAME && enabled) {
				const result = await catalog.run(call.id, fn.arguments, callOptions);
				return message(withSchemas(result, lookup).content[0].text);
			}
			if (fn.name !== CALL_TOOL_NAME) {
				const example = JSON.stringify({ name: fn.name, arguments: {} });
				return message(
					`Error: ${JSON.stringify(fn.name)} is not declared: run it with ${CALL_TOOL_NAME} ${example}.`,
				);
			}
			const checked = checkCall(parseArguments(fn.arguments), host, lookup);
			if ("content" in checked) return message(checked.content[0].text);
			search.markUsed(checked.name);
			const signal = callOptions?.signal;
			const run = () =>
				meta.execute(checked.name, checked.arguments, {
					toolCallId: call.id,
					...(signal === undefined ? {} : { signal }),
				});
			const result = await runCall(checked, run, signal);
			return message(result.content[0].text);
		},
	};
}
