/**
 * The MCP side of the CLI, loaded on demand: it needs the optional peer `@modelcontextprotocol/sdk`,
 * and a user without it gets one line saying how to add it, not a stack trace.
 */
import { CliError } from "./cli-io.js";

/** What the CLI uses of `tool-search/mcp`. */
export type McpAdapter = typeof import("../adapters/mcp.js");

/** The one line a user without the SDK gets. */
export const MISSING_SDK =
	"this needs the MCP SDK: npm install @modelcontextprotocol/sdk (with npx: npx -p tool-search -p @modelcontextprotocol/sdk tool-search ...)";

/** Loads the MCP adapter; a missing SDK is a {@link CliError} with {@link MISSING_SDK}. */
export async function loadMcpSdk(): Promise<McpAdapter> {
	try {
		return await import("../adapters/mcp.js");
	} catch (error) {
		const { code, message } = error as { code?: string; message?: string };
		if (code === "ERR_MODULE_NOT_FOUND" && String(message).includes("@modelcontextprotocol/sdk")) {
			throw new CliError(MISSING_SDK);
		}
		throw error;
	}
}
