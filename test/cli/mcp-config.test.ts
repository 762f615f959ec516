// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are ${VAR} placeholders of MCP configurations.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError } from "../../src/cli/cli-io.js";
import { readMcpConfig } from "../../src/cli/mcp-config.js";
import { folderWith } from "./cli-helpers.js";

function read(config: unknown, env: Record<string, string> = {}) {
	const cwd = folderWith({ "mcp.json": config });
	return {
		cwd,
		config: readMcpConfig({ stdout: process.stdout, stderr: process.stderr, env, cwd }, "mcp.json"),
	};
}

function failure(config: unknown, env: Record<string, string> = {}): string {
	try {
		read(config, env);
	} catch (error) {
		if (error instanceof CliError) return error.message;
		throw error;
	}
	throw new Error("expected a CliError");
}

describe("MCP client configurations", () => {
	it.each([
		{
			description: "a stdio server (Claude Desktop)",
			entry: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { DEBUG: "1" } },
			expected: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { DEBUG: "1" } },
		},
		{
			description: "a streamable HTTP server with headers (Claude Code, Cursor)",
			entry: {
				type: "http",
				url: "https://mcp.example.com/mcp",
				headers: { Authorization: "Bearer ${TOKEN}" },
			},
			expected: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer t0k3n" } },
		},
		{
			description: "variables with defaults",
			entry: { command: "node", args: ["${SERVER_JS:-server.js}", "--port=${PORT:-3000}"] },
			expected: { command: "node", args: ["server.js", "--port=3000"] },
		},
	])("reads $description", ({ entry, expected }) => {
		expect(read({ mcpServers: { one: entry } }, { TOKEN: "t0k3n" }).config).toEqual({
			servers: { one: expected },
			disabled: [],
		});
	});

	it("reads VS Code's servers, skips disabled ones, and resolves cwd from the file's folder", () => {
		const { cwd, config } = read({
			servers: { a: { type: "stdio", command: "node", cwd: "srv" }, b: { command: "x", disabled: true } },
		});
		expect(config).toEqual({ servers: { a: { command: "node", cwd: join(cwd, "srv") } }, disabled: ["b"] });
	});

	it.each([
		{
			config: { mcpServers: { a: { url: "https://x/mcp", type: "sse" } } },
			message: "SSE servers are not supported",
		},
		{
			config: { mcpServers: { a: { args: ["x"] } } },
			message: 'needs a "command" (a stdio server) or a "url"',
		},
		{
			config: { mcpServers: { a: { command: "x", args: "y" } } },
			message: "mcpServers.a.args must be an array of strings",
		},
		{
			config: { mcpServers: { a: { command: "${NOPE}" } } },
			message: "mcpServers.a.command: environment variable NOPE is not set",
		},
		{
			config: { mcpServers: { a: { command: "x", disabled: true } } },
			message: "mcp.json has no enabled MCP servers",
		},
		{
			config: { tools: [] },
			message: "mcp.json is a tool catalogue, not an MCP configuration: pass it without --mcp-config",
		},
		{
			config: { hello: 1 },
			message: 'mcp.json is not an MCP client configuration: expected an object with "mcpServers"',
		},
	])("refuses: $message", ({ config, message }) => {
		expect(failure(config)).toContain(message);
	});
});
