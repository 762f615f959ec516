/**
 * Anthropic Messages API, offline: a scripted model (hand-written assistant turns; no network, no
 * API key, no client) drives `tool-search/anthropic`. Prints the JSON the adapter would send: the
 * `tools` with `defer_loading`, then for each turn the user message of `tool_result` blocks: the
 * guard's error for a tool no search loaded, an error for bad `tool_search` arguments, the
 * `tool_reference` blocks of a search, and the found tool running.
 *
 * Run: npm run example:anthropic
 */
import type Anthropic from "@anthropic-ai/sdk";
import { createAnthropicToolSearch } from "tool-search/anthropic";

type Tool = Anthropic.Messages.Tool;
type ToolUse = Anthropic.Messages.ToolUseBlock;
type ToolResult = Anthropic.Messages.ToolResultBlockParam;

const tool = (name: string, description: string, ...args: string[]): Tool => ({
	name,
	description,
	input_schema: {
		type: "object",
		properties: Object.fromEntries(args.map((arg) => [arg, { type: "string" }])),
		required: args,
	},
});
const catalog: Tool[] = [
	tool("read_file", "Read a file from disk.", "path"),
	tool("github__create_issue", "Create an issue in a GitHub repository.", "repo", "title"),
	tool("github__list_issues", "List the issues of a GitHub repository.", "repo"),
	tool("slack__post_message", "Post a message to a Slack channel.", "channel", "text"),
	tool("weather__get_forecast", "Get the weather forecast for a city.", "city"),
];

// read_file is pinned: always loaded. Everything else waits for tool_search.
const search = createAnthropicToolSearch({ tools: catalog, pinned: ["read_file"] });

const show = (title: string, value: unknown) =>
	console.log(`\n## ${title}\n${JSON.stringify(value, null, 2)}`);
const call = (id: string, name: string, input: unknown): ToolUse => ({
	type: "tool_use",
	id,
	name,
	input,
	caller: { type: "direct" },
});
/** Runs a loaded tool (here: pretends to). */
const run = (block: ToolUse): ToolResult => ({
	type: "tool_result",
	tool_use_id: block.id,
	content: "Created issue #42.",
});

// What a real model would answer, turn by turn.
const script: ToolUse[][] = [
	[call("toolu_01", "github__create_issue", { repo: "acme/app", title: "Flaky test" })],
	[call("toolu_02", "tool_search", { query: "" })],
	[call("toolu_03", "tool_search", { query: "create github issue", limit: 2 })],
	[call("toolu_04", "github__create_issue", { repo: "acme/app", title: "Flaky test" })],
];

console.log(search.plan.reason);
show("tools (sent unchanged with every request)", search.tools());
for (const [turn, blocks] of script.entries()) {
	const content: ToolResult[] = [];
	for (const block of blocks) {
		if (block.name === "tool_search") content.push(await search.handleToolUse(block));
		else content.push((await search.guard(block)) ?? run(block));
	}
	const calls = blocks.map((block) => `${block.name} ${JSON.stringify(block.input)}`).join(", ");
	show(`turn ${turn + 1}: the model calls ${calls}; the next user message`, { role: "user", content });
	console.log(`active tools: ${search.activeTools().join(", ")}`);
}
