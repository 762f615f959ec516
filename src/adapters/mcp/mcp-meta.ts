/**
 * The MCP proxy in the meta-tools mode (`mode: "meta-tools"`): it lists `tool_search` and
 * `call_tool` and nothing else, ever, so its client never re-lists; `call_tool` checks the call
 * (loaded tool, arguments against the tool's `inputSchema`) and forwards it to the tool's server.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { CALL_TOOL_NAME } from "../../defaults.js";
import type { ToolHost } from "../../host/types.js";
import { checkCall, createToolLookup } from "../../meta/call-tool.js";
import { CALL_TOOL_DESCRIPTION, callToolSchema } from "../../meta/call-tool-schema.js";
import type { McpCatalog } from "./mcp-types.js";

/**
 * `call_tool` as the proxy lists it.
 *
 * @example
 * ```ts
 * (await client.listTools()).tools.map((tool) => tool.name); // ["tool_search", "call_tool"]
 * ```
 */
export const MCP_CALL_TOOL: Tool = Object.freeze({
	name: CALL_TOOL_NAME,
	title: "Call tool",
	description: CALL_TOOL_DESCRIPTION,
	inputSchema: JSON.parse(JSON.stringify(callToolSchema)) as Tool["inputSchema"],
});

function errorResult(text: string, details?: object): CallToolResult {
	return {
		content: [{ type: "text", text }],
		...(details === undefined ? {} : { structuredContent: { ...details } }),
		isError: true,
	};
}

/** What the meta-tools calls need from the proxy. */
export interface McpMetaContext {
	/** The servers that are down, when the catalogue can say (a call to their tools is answered by it). */
	readonly catalog: Partial<Pick<McpCatalog, "unavailable">>;
	/** The proxy's view: the catalogue's tools and the active set. */
	readonly view: ToolHost;
	/** Records a use, for the active-set budget. */
	readonly markUsed: (name: string) => void;
	/** Forwards a call to the tool's server (errors become error results). */
	readonly forward: (
		name: string,
		args: Record<string, unknown>,
		signal: AbortSignal,
	) => Promise<CallToolResult>;
}

/**
 * The `tools/call` handler of the meta-tools mode for every name but `tool_search`: `call_tool`
 * runs a loaded tool; any other name is refused with the `call_tool` call to make instead.
 *
 * @example
 * ```ts
 * const call = createMcpMetaCall({ catalog, view, markUsed, forward });
 * await call("call_tool", { name: "weather__forecast", arguments: { city: "Oslo" } }, signal);
 * ```
 */
export function createMcpMetaCall(
	context: McpMetaContext,
): (name: string, args: Record<string, unknown> | undefined, signal: AbortSignal) => Promise<CallToolResult> {
	const { catalog, view, markUsed, forward } = context;
	const lookup = createToolLookup(view);
	return async (name, args, signal) => {
		if (name !== CALL_TOOL_NAME) {
			const example = JSON.stringify({ name, arguments: args ?? {} });
			return errorResult(
				`Error: ${JSON.stringify(name)} is not listed: run it with ${CALL_TOOL_NAME} ${example}.`,
			);
		}
		const target = typeof args?.name === "string" ? args.name : undefined;
		const down =
			target === undefined ? undefined : catalog.unavailable?.().find((s) => s.tools.includes(target));
		if (down !== undefined && target !== undefined && lookup(target) === undefined) {
			// The catalogue answers with an error result naming the server that is down.
			const given = args?.arguments;
			const forwardArgs =
				typeof given === "object" && given !== null ? (given as Record<string, unknown>) : {};
			return forward(target, forwardArgs, signal);
		}
		const checked = checkCall(args ?? {}, view, lookup);
		if ("content" in checked) return errorResult(checked.content[0].text, checked.details);
		markUsed(checked.name);
		return forward(checked.name, checked.arguments, signal);
	};
}
