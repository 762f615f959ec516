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
	'Query with the action and the object in the words a tool would use, not the user\'s whole request: "weather forecast", not "will it rain in Lisbon this weekend".',
	'Name the app or service when you know it: "create github issue", "send slack message".',
	'Unsure of the words? Send several phrasings at once in "queries".',
	"The tools found are loaded for you: call them directly from your next call.",
	"If nothing fits, search again with other words (synonyms, the app name).",
	"",
	'Syntax: "select:a,b" loads tools by exact name; "server:github create issue" searches one server (repeat for several); "+word" requires a word, "-word" excludes one; "regex:<pattern>" matches names, descriptions and parameter names (RE2, case-insensitive).',
].join("\n");
