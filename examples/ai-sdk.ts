/**
 * Vercel AI SDK: `generateText` over four tools where only `read_file` and `tool_search` start
 * loaded. A scripted mock model (offline, no keys) calls the weather tool too early (the guard
 * answers), searches, then calls it; each step prints the tools the model saw and what happened.
 *
 * Run: npm run example:ai-sdk   (or: npx tsx examples/ai-sdk.ts)
 */
import { generateText, jsonSchema, stepCountIs, type Tool, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createAiSdkToolSearch } from "tool-search/ai-sdk";

type Args = Record<string, string>;
const make = (description: string, keys: string[], run: (args: Args) => unknown): Tool<Args, unknown> =>
	tool({
		description,
		inputSchema: jsonSchema<Args>({
			type: "object",
			properties: Object.fromEntries(keys.map((key) => [key, { type: "string" }])),
			required: keys,
		}),
		execute: async (args) => run(args),
	});
const tools = {
	read_file: make("Read a file from disk.", ["path"], () => "# notes"),
	github__create_issue: make("Create an issue in a GitHub repository.", ["repo", "title"], () => ({ id: 7 })),
	slack__post_message: make("Post a message to a Slack channel.", ["channel", "text"], () => ({ ok: true })),
	weather__get_forecast: make("Get the weather forecast for a city.", ["city"], (a) => `${a.city}: rain`),
};
const search = createAiSdkToolSearch({ tools, pinned: ["read_file"] });

// The scripted model: one response per step, a tool call or the final answer.
const inputTokens = { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 };
const base = { usage: { inputTokens, outputTokens: { total: 5, text: 5, reasoning: 0 } }, warnings: [] };
let id = 0;
const call = (toolName: string, input: object) => ({
	...base,
	content: [
		{ type: "tool-call" as const, toolCallId: `call-${id++}`, toolName, input: JSON.stringify(input) },
	],
	finishReason: { unified: "tool-calls" as const, raw: undefined },
});
const answer = (text: string) => ({
	...base,
	content: [{ type: "text" as const, text }],
	finishReason: { unified: "stop" as const, raw: undefined },
});
const model = new MockLanguageModelV3({
	doGenerate: [
		call("weather__get_forecast", { city: "Paris" }), // not loaded yet: the guard answers
		call("tool_search", { query: "weather forecast" }),
		call("weather__get_forecast", { city: "Paris" }),
		answer("Rain in Paris."),
	],
});

const result = await generateText({
	model,
	prompt: "Will it rain in Paris?",
	tools: search.tools,
	prepareStep: search.prepareStep,
	experimental_repairToolCall: search.repairToolCall,
	stopWhen: stepCountIs(6),
});

// What the model read: tool_search's text, other tools' output, the guard's error.
const show = (value: unknown) => {
	const text = (value as { content?: { text?: unknown }[] }).content?.[0]?.text ?? value;
	return (typeof text === "string" ? text : JSON.stringify(text)).split("\n")[0];
};
for (const [index, step] of result.steps.entries()) {
	const seen = model.doGenerateCalls[index]?.tools?.map((t) => t.name) ?? [];
	console.log(`step ${index}: model saw [${seen.join(", ")}]`);
	for (const part of step.content) {
		if (part.type === "tool-call") console.log(`  call   ${part.toolName} ${JSON.stringify(part.input)}`);
		if (part.type === "tool-result") console.log(`  result ${show(part.output)}`);
		if (part.type === "tool-error") console.log(`  error  ${show(part.error)}`);
		if (part.type === "text") console.log(`  text   ${part.text}`);
	}
}
console.log(`active now: [${search.activeTools().join(", ")}]`);
