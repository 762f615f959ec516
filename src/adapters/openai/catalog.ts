/**
 * The catalogue of `tool-search/openai`: the shared provider catalogue plus each tool as a Responses
 * function tool, its namespace, the client-executed `tool_search` tool, and searches run on the
 * model's arguments. Internal: the Responses and Chat Completions sides both read it.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import { quote } from "../../errors.js";
import { META_TOOL_SEARCH_DESCRIPTION } from "../../meta/meta-search-result.js";
import type { ToolSearchToolResult } from "../../tool/format-result.js";
import { toolSearchSchema } from "../../tool/tool-search-schema.js";
import type { ToolNamespace } from "../../types.js";
import { fail, isObject } from "../shared/checks.js";
import {
	createProviderCatalog,
	type ObjectSchema,
	type ProviderCatalog,
} from "../shared/provider-catalog.js";
import type { CallOptions, OpenAIFunctionTool, OpenAISearchTool, OpenAIToolSearchOptions } from "./types.js";

/** The OpenAI catalogue: the provider catalogue plus the wire forms both APIs send. */
export interface OpenAICatalog extends ProviderCatalog {
	/** Function tools by name, `tool_search` included; never handed out as they are. */
	readonly functions: ReadonlyMap<string, OpenAIFunctionTool>;
	/** Namespaces by tool name, for the tools `namespaceOf` gives one. */
	readonly namespaces: ReadonlyMap<string, ToolNamespace>;
	readonly searchTool: OpenAISearchTool;
	/** Runs `tool_search` on the model's arguments (JSON text is parsed first). */
	run(callId: string, args: unknown, options: CallOptions | undefined): Promise<ToolSearchToolResult>;
}

/** Model arguments: JSON text is parsed; text that is not JSON is passed on, for the error message. */
function parseArguments(value: unknown): unknown {
	if (typeof value !== "string") return value;
	try {
		return JSON.parse(value);
	} catch {
		return value;
	}
}

/** Checks the options and builds the catalogue; function tools go out with `strict: false`. */
export function createOpenAICatalog(options: OpenAIToolSearchOptions): OpenAICatalog {
	const functions = new Map<string, OpenAIFunctionTool>();
	const namespaces = new Map<string, ToolNamespace>();
	const { metaTools } = options;
	if (metaTools !== undefined && !(isObject(metaTools) && typeof metaTools.execute === "function")) {
		fail("INVALID_OPTIONS", `metaTools must be an object with an execute function, got ${quote(metaTools)}`);
	}
	// In the meta-tools mode found tools are run through call_tool: the description says so.
	const description =
		options.description ?? (metaTools === undefined ? undefined : META_TOOL_SEARCH_DESCRIPTION);
	const catalog = createProviderCatalog(
		{ ...options, description },
		{
			flags: ["declareDeferred"],
			schemaOf: (tool) => tool.parameters ?? tool.inputSchema ?? tool.input_schema ?? { properties: {} },
			add: ({ name, tool, schema: parameters, description }) => {
				functions.set(name, { type: "function", name, ...description, parameters, strict: false });
				const { namespaceOf } = options;
				const namespace = namespaceOf?.(tool);
				if (isObject(namespace) && typeof namespace.name === "string" && namespace.name !== "") {
					namespaces.set(name, namespace);
				}
			},
		},
	);
	const { search } = catalog;
	// The query must not be empty: said in the schema too, so the model is less likely to send one
	// (a tool_search_output cannot carry the reason back).
	const schema = toolSearchSchema as unknown as ObjectSchema & { properties: Record<string, object> };
	const parameters: ObjectSchema = {
		...schema,
		properties: { ...schema.properties, query: { ...schema.properties.query, minLength: 1 } },
	};
	const searchTool: OpenAISearchTool = {
		type: "tool_search",
		execution: "client",
		description: search.description,
		parameters,
	};
	functions.set(TOOL_SEARCH_TOOL_NAME, {
		type: "function",
		name: TOOL_SEARCH_TOOL_NAME,
		description: searchTool.description,
		parameters,
		strict: false,
	});
	return {
		...catalog,
		functions,
		namespaces,
		searchTool,
		run: (callId, args, options) =>
			search.execute(callId, parseArguments(args), options?.signal, undefined, options?.ctx),
	};
}
