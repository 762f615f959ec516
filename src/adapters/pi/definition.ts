/**
 * `tool_search` as a pi tool definition: the default prompt snippet, the one cast from our TypeBox
 * schema to pi's parameter type, and the definition whose `execute` throws for error results.
 */
import type { ToolSearchToolDefinition } from "../../tool/create-tool-search-tool.js";
import type { PiToolSearchDefinition } from "./types.js";

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
		parameters: tool.parameters,
		// pi 1.x: tool_search reaches every tool, so pi keeps MCP tools reachable through it and its
		// MCP extension makes a call wait for servers still connecting. pi 0.7x ignores both.
		exposure: "model-only",
		reachesTools: () => "all",
		async execute(toolCallId, params, signal, onUpdate, ctx) {
			const result = await tool.execute(toolCallId, params, signal, onUpdate, ctx);
			if (result.isError === true) throw new Error(result.content[0].text);
			return { content: result.content, details: result.details };
		},
	};
}
