/**
 * `tool_search` as an AI SDK tool: the input schema validated by `validateToolSearchInput` (so the
 * model reads the same error text as from `execute`), `execute` throwing for error results, and
 * the model output as text or, with `toolReferences`, as Anthropic `tool_reference` parts.
 */
import { type JSONSchema7, jsonSchema } from "ai";
import type { ToolSearchToolDefinition } from "../../tool/create-tool-search-tool.js";
import { noteLines } from "../../tool/format-notes.js";
import { formatToolSearchError } from "../../tool/format-result.js";
import { type ToolSearchInput, toolSearchSchema } from "../../tool/tool-search-schema.js";
import { validateToolSearchInput } from "../../tool/validate-input.js";
import { isObject } from "../shared/checks.js";
import { callOf } from "./call-of.js";
import type { ToolSearchAiTool } from "./types.js";

type ModelOutput = Awaited<ReturnType<NonNullable<ToolSearchAiTool["toModelOutput"]>>>;

/** `search` as an AI SDK tool; `defaultLimit` is the limit the validation messages name. */
export function createSearchAiTool(
	search: ToolSearchToolDefinition,
	defaultLimit: number,
	toolReferences: boolean,
): ToolSearchAiTool {
	return {
		description: search.description,
		inputSchema: jsonSchema<ToolSearchInput>(toolSearchSchema as JSONSchema7, {
			validate: (value) => {
				const checked = validateToolSearchInput(value, defaultLimit);
				if (checked.ok) return { success: true, value: value as ToolSearchInput };
				const query = isObject(value) && typeof value.query === "string" ? value.query : undefined;
				const text = formatToolSearchError(checked.error, { query, defaultLimit }).content[0].text;
				return { success: false, error: new Error(text) };
			},
		}),
		execute: async (input, options) => {
			const { toolCallId, abortSignal } = options;
			const result = await search.execute(toolCallId, input, abortSignal, undefined, callOf(options).ctx);
			if (result.isError === true) throw new Error(result.content[0].text);
			return result;
		},
		toModelOutput: ({ output }): ModelOutput => {
			const found = output.isError === true ? [] : output.details.activated_tools;
			if (!toolReferences || found.length === 0) return { type: "text", value: output.content[0].text };
			// What select:, the budget or a connecting server have to say goes with the references.
			const notes = output.isError === true ? [] : noteLines(output.details);
			return {
				type: "content",
				value: [
					...found.map((toolName) => ({
						type: "custom" as const,
						providerOptions: { anthropic: { type: "tool-reference", toolName } },
					})),
					...(notes.length === 0 ? [] : [{ type: "text" as const, text: notes.join("\n") }]),
				],
			};
		},
	};
}
