/**
 * What the MCP proxy (mcp-proxy.ts) answers `tools/call` with: `tool_search`'s result with a note
 * on the servers that are down, forwarded results, and error results.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolSearchToolResult } from "../../tool/format-result.js";
import type { McpCallToolResult, McpUnavailableServer } from "./mcp-types.js";

/**
 * The line a `tool_search` result gets while servers are down, or `undefined` when none is.
 *
 * @example
 * ```ts
 * unavailableNote([{ server: "github", reason: "connection closed", tools: [], reconnecting: true }]);
 * // 'Note: MCP server "github" is unavailable (connection closed; reconnecting), so its tools cannot be found or called right now.'
 * ```
 */
export function unavailableNote(down: readonly McpUnavailableServer[]): string | undefined {
	if (down.length === 0) return undefined;
	const each = down.map(
		({ server, reason, reconnecting }) =>
			`${JSON.stringify(server)} (${reason}${reconnecting ? "; reconnecting" : ""})`,
	);
	const [subject, verb, whose] =
		down.length === 1 ? ["MCP server", "is", "its"] : ["MCP servers", "are", "their"];
	return `Note: ${subject} ${each.join(", ")} ${verb} unavailable, so ${whose} tools cannot be found or called right now.`;
}

export function textResult(text: string): CallToolResult {
	return { content: [{ type: "text", text }], isError: true };
}

export function toCallToolResult(
	result: ToolSearchToolResult,
	down: readonly McpUnavailableServer[],
): CallToolResult {
	const note = unavailableNote(down);
	return {
		content:
			note === undefined
				? result.content
				: result.content.map((part, at) =>
						at === result.content.length - 1 ? { ...part, text: `${part.text}\n${note}` } : part,
					),
		structuredContent: {
			...result.details,
			...(down.length === 0 ? {} : { unavailable_servers: down.map((server) => server.server) }),
		},
		...(result.isError === true ? { isError: true } : {}),
	};
}

/** A forwarded result as `tools/call` may return it: the legacy `{ toolResult }` becomes JSON text. */
export function forwarded(result: McpCallToolResult): CallToolResult {
	if (Array.isArray((result as CallToolResult).content)) return result as CallToolResult;
	const value = (result as { toolResult?: unknown }).toolResult;
	return { content: [{ type: "text", text: JSON.stringify(value) ?? "null" }] };
}

export function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
