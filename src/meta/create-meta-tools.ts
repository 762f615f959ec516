/**
 * `createMetaTools`: the meta-tools mode, for hosts and models that must declare the same tools on
 * every turn (a prompt cache, Chat Completions, a gateway). The model sees two tools, `tool_search`
 * and `call_tool`; searches load tools into an active set of your own (and show their arguments),
 * and `call_tool` runs loaded tools through your executor after checking their arguments.
 */
import { CALL_TOOL_NAME } from "../defaults.js";
import { quote } from "../errors.js";
import { invalidOptions, isObjectLike } from "../internal/guards.js";
import {
	createToolSearchTool,
	type ToolSearchToolDefinition,
	type ToolSearchToolOptions,
} from "../tool/create-tool-search-tool.js";
import { type CallToolResult, checkCall, createToolLookup, runCall } from "./call-tool.js";
import { CALL_TOOL_DESCRIPTION, callToolSchema } from "./call-tool-schema.js";
import { META_TOOL_SEARCH_DESCRIPTION, withSchemas } from "./meta-search-result.js";

/**
 * Options of {@link createMetaTools}: those of `createToolSearchTool` (the host is the active set
 * the searches load into; it is never declared to the model), plus the executor.
 *
 * @example
 * ```ts
 * const options: MetaToolsOptions = { tools: createActiveToolSet({ tools: catalog }), execute: (name, args) => run(name, args) };
 * ```
 */
export interface MetaToolsOptions extends ToolSearchToolOptions {
	/**
	 * Runs a tool: called by `call_tool` only for a loaded tool whose arguments fit its schema. Its
	 * return value becomes the result text (a string as it is, MCP-style text parts joined,
	 * anything else as JSON; an object with `isError: true` makes an error result); what it throws
	 * becomes an error result with the message.
	 */
	execute(
		name: string,
		args: Record<string, unknown>,
		options: { toolCallId: string; signal?: AbortSignal | undefined },
	): unknown;
}

/**
 * The `call_tool` tool: plain data plus `execute`, like `tool_search`'s definition.
 *
 * @example
 * ```ts
 * const { name, description, parameters }: CallToolDefinition = createMetaTools({ tools: host, execute }).callTool;
 * ```
 */
export interface CallToolDefinition {
	readonly name: typeof CALL_TOOL_NAME;
	readonly label: "Call tool";
	readonly description: string;
	readonly parameters: typeof callToolSchema;
	/**
	 * Runs one call: `{ name, arguments }`. A tool that is not loaded, an unknown name, arguments
	 * that do not fit the schema, or malformed arguments resolve to an error result saying what to
	 * do. Rejects only with a `ToolSearchError` of code `ABORTED` when `signal` aborts.
	 */
	execute(toolCallId: string, params: unknown, signal?: AbortSignal): Promise<CallToolResult>;
}

/**
 * What {@link createMetaTools} returns.
 *
 * @example
 * ```ts
 * const { toolSearch, callTool, tools }: MetaTools = createMetaTools({ tools: host, execute });
 * ```
 */
export interface MetaTools {
	/** `tool_search`, whose results show the loaded tools' arguments and point to `call_tool`. */
	readonly toolSearch: ToolSearchToolDefinition;
	readonly callTool: CallToolDefinition;
	/** Both, in the order to declare them: the same two objects on every turn. */
	readonly tools: readonly [ToolSearchToolDefinition, CallToolDefinition];
}

/**
 * Creates the meta-tools pair over an active set of your own: declare `tools` (the same two on every
 * turn) and route calls to `toolSearch.execute` and `callTool.execute`. A search loads its finds into
 * the active set, as in the normal mode, and its result shows their arguments schemas; `call_tool`
 * refuses a tool that is not loaded (pointing to `select:<name>`) or unknown (with the nearest
 * names), checks the arguments against the tool's JSON Schema (Ajv; patterns on re2js), then runs
 * `execute`. Each call counts as a use for the active-set budget (`maxActiveTools`).
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `execute` is not a function, and whatever
 * `createToolSearchTool` throws for its options.
 *
 * @example
 * ```ts
 * import { createActiveToolSet } from "tool-search";
 * import { createMetaTools } from "tool-search/meta-tools";
 *
 * const host = createActiveToolSet({ tools: catalog });
 * const meta = createMetaTools({ tools: host, execute: (name, args) => runMyTool(name, args), maxActiveTools: 20 });
 * await meta.toolSearch.execute("1", { query: "select:weather__forecast" }); // shows its arguments
 * await meta.callTool.execute("2", { name: "weather__forecast", arguments: { city: "Oslo" } });
 * ```
 */
export function createMetaTools(options: MetaToolsOptions): MetaTools {
	if (!isObjectLike(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	const { execute, ...searchOptions } = options;
	if (typeof execute !== "function") invalidOptions(`execute must be a function, got ${quote(execute)}`);
	const plain = createToolSearchTool({
		...searchOptions,
		description: searchOptions.description ?? META_TOOL_SEARCH_DESCRIPTION,
	});
	const host = searchOptions.tools;
	const lookup = createToolLookup(host);
	const toolSearch: ToolSearchToolDefinition = {
		...plain,
		execute: async (...args) => withSchemas(await plain.execute(...args), lookup),
	};
	const callTool: CallToolDefinition = {
		name: CALL_TOOL_NAME,
		label: "Call tool",
		description: CALL_TOOL_DESCRIPTION,
		parameters: callToolSchema,
		async execute(toolCallId, params, signal) {
			const checked = checkCall(params, host, lookup);
			if ("content" in checked) return checked;
			plain.markUsed(checked.name);
			const { markUsed } = host as { markUsed?: unknown };
			if (typeof markUsed === "function") markUsed.call(host, checked.name);
			const run = () =>
				execute(checked.name, checked.arguments, { toolCallId, ...(signal === undefined ? {} : { signal }) });
			return runCall(checked, run, signal);
		},
	};
	return { toolSearch, callTool, tools: [toolSearch, callTool] };
}
