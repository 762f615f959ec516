/**
 * The model-facing description of `tool_search`.
 */

/**
 * The default `tool_search` description. It lists no tools and no servers, so it stays byte for
 * byte the same while tools come and go (MCP servers connecting, tools being activated), which
 * keeps the provider's prompt cache valid.
 *
 * @example
 * ```ts
 * const tool = createToolSearchTool({ tools: host, description: `${TOOL_SEARCH_DESCRIPTION}\nPrefer GitHub tools.` });
 * ```
 */
export const TOOL_SEARCH_DESCRIPTION = [
	"Search for tools that are not loaded yet, such as the tools of connected MCP servers, and load the best matches.",
	"Use it when none of your current tools can do what you need.",
	'Describe the action in a few keywords: the verb and the thing it acts on, e.g. "create github issue", "send slack message" or "weather forecast".',
	"The tools found are loaded for you: call them directly from your next call.",
	"If nothing fits, search again with other words (synonyms, the service or app name).",
].join("\n");
