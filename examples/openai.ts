/**
 * OpenAI, offline: scripted model output (hand-written items; no network, no API key, no client)
 * drives `tool-search/openai`. Prints the JSON the adapter would send. Responses API: the `tools`
 * (client `tool_search`, namespaces of deferred functions), the `tool_search_output` answering a
 * `tool_search_call`, and the guard's answer to function calls. Chat Completions: the `tools`
 * before and after a `tool_search` call, and the tool message answering it.
 *
 * Run: npm run example:openai
 */
import type OpenAI from "openai";
import type { ToolInfo } from "tool-search";
import { createOpenAIToolSearch } from "tool-search/openai";

const tool = (name: string, description: string, ...args: string[]): ToolInfo => ({
	name,
	description,
	parameters: {
		type: "object",
		properties: Object.fromEntries(args.map((arg) => [arg, { type: "string" }])),
		required: args,
	},
});
const catalog = [
	tool("read_file", "Read a file from disk.", "path"),
	tool("github__create_issue", "Create an issue in a GitHub repository.", "repo", "title"),
	tool("github__list_issues", "List the issues of a GitHub repository.", "repo"),
	tool("slack__post_message", "Post a message to a Slack channel.", "channel", "text"),
	tool("weather__get_forecast", "Get the weather forecast for a city.", "city"),
];
const servers: Record<string, string> = {
	github: "GitHub issues and pull requests.",
	slack: "Slack messaging.",
};
const namespaceOf = (info: ToolInfo) => {
	const name = info.name.split("__")[0] ?? "";
	return servers[name] === undefined ? undefined : { name, description: servers[name] };
};
const show = (title: string, value: unknown) =>
	console.log(`\n## ${title}\n${JSON.stringify(value, null, 2)}`);

// Responses API: read_file is pinned; the rest is deferred, MCP servers as namespaces.
const search = createOpenAIToolSearch({ tools: catalog, pinned: ["read_file"], namespaceOf });
show("Responses: tools (sent unchanged with every request)", search.tools());

// What a real model would output, in order.
const output: OpenAI.Responses.ResponseOutputItem[] = [
	{ type: "function_call", call_id: "call_1", name: "slack__post_message", arguments: '{"channel":"dev"}' },
	{
		type: "tool_search_call",
		id: "tsc_1",
		call_id: "call_2",
		execution: "client",
		status: "completed",
		arguments: { query: "create github issue", limit: 2 },
	},
	{
		type: "function_call",
		call_id: "call_3",
		namespace: "github",
		name: "github__create_issue",
		arguments: "",
	},
];
for (const item of output) {
	if (item.type === "tool_search_call") {
		show("Responses: tool_search_call answered with", await search.handleToolSearchCall(item));
	} else if (item.type === "function_call") {
		const refused = await search.guard(item);
		show(`Responses: function_call ${item.name}`, refused ?? "loaded: the host runs it");
	}
}

// Chat Completions: no deferral; the tools array grows as tool_search activates tools.
const chat = createOpenAIToolSearch({ tools: catalog, pinned: ["read_file"] });
show("Chat: tools before", chat.chatCompletionTools());
const query = { name: "tool_search", arguments: '{"query":"weather forecast"}' };
const message = await chat.handleChatToolCall({ id: "call_a", type: "function", function: query });
show("Chat: tool message answering tool_search", message);
const names = chat.chatCompletionTools().map((entry) => entry.function.name);
show("Chat: tool names after", names);
