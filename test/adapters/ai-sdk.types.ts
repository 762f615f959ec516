/**
 * Type tests of `tool-search/ai-sdk` against the real `ai` types, checked by `tsc --noEmit` (not run
 * by vitest) twice: with `ai` 6 and `@ai-sdk/anthropic` 3 (tsconfig.json), and with `ai` 7 and
 * `@ai-sdk/anthropic` 4, model spec v4 (tsconfig.ai7.json, `npm run typecheck`).
 */
import { anthropic } from "@ai-sdk/anthropic";
import {
	generateText,
	jsonSchema,
	type LanguageModel,
	type PrepareStepFunction,
	type PrepareStepResult,
	streamText,
	type Tool,
	type ToolCallRepairFunction,
	ToolLoopAgent,
	type ToolSet,
	tool,
} from "ai";
import type { ToolSearchInput, ToolSearchToolResult } from "tool-search";
import { type AiSdkToolSearch, createAiSdkToolSearch, type ToolSearchAiTool } from "tool-search/ai-sdk";
import { expectTypeOf } from "vitest";

// The provider of each pairing is a model `generateText` takes (ai 6 + provider 3, ai 7 + provider 4).
const model: LanguageModel = anthropic("claude-sonnet-4-5");
const tools = {
	read_file: tool({
		description: "Read a file.",
		inputSchema: jsonSchema<{ path: string }>({ type: "object", properties: { path: { type: "string" } } }),
		execute: async ({ path }) => path.length,
	}),
	github__create_issue: tool({
		description: "Create an issue.",
		inputSchema: jsonSchema<{ title: string }>({ type: "object", properties: { title: { type: "string" } } }),
		execute: async ({ title }) => ({ title }),
	}),
};
const search = createAiSdkToolSearch({ tools, pinned: ["read_file"], toolReferences: true });
expectTypeOf(search).toEqualTypeOf<AiSdkToolSearch<typeof tools>>();

// `tools` keeps every tool's type and adds `tool_search`; it is an AI SDK `ToolSet`.
const set: ToolSet = search.tools;
expectTypeOf(search.tools.read_file).toEqualTypeOf<(typeof tools)["read_file"]>();
expectTypeOf(search.tools.tool_search).toEqualTypeOf<Tool<ToolSearchInput, ToolSearchToolResult>>();
const toolSearch: Tool = search.toolSearch;
expectTypeOf(search.toolSearch).toEqualTypeOf<ToolSearchAiTool>();

// `prepareStep` and `repairToolCall` fit the SDK's function types for this tool set.
const prepareStep: PrepareStepFunction<typeof search.tools> = search.prepareStep;
const repair: ToolCallRepairFunction<typeof search.tools> = search.repairToolCall;
const result: PrepareStepResult<typeof search.tools> = search.prepareStep();
expectTypeOf(search.activeTools()).toEqualTypeOf<("read_file" | "github__create_issue" | "tool_search")[]>();

// They plug into generateText, streamText and ToolLoopAgent as is.
async function usage() {
	const options = {
		tools: search.tools,
		prepareStep: search.prepareStep,
		experimental_repairToolCall: search.repairToolCall,
	};
	const generated = await generateText({ model, prompt: "Open an issue.", ...options });
	expectTypeOf(generated.toolResults).items.toHaveProperty("toolName").toExtend<string>();
	streamText({ model, prompt: "Open an issue.", ...options });
	return new ToolLoopAgent({ model, ...options });
}

// @ts-expect-error pinned names must be tools of the set
createAiSdkToolSearch({ tools, pinned: ["nope"] });
// @ts-expect-error toolReferences is a boolean
createAiSdkToolSearch({ tools, toolReferences: "anthropic" });

void [set, toolSearch, prepareStep, repair, result, usage];
