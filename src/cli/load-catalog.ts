/**
 * The catalogue a command works on: a JSON file, or the tools the servers of an MCP configuration
 * list right now (started, listed once, and stopped). The MCP SDK is loaded only for the latter,
 * so the other commands work without it.
 */
import type { ToolNamespace } from "../types.js";
import { type LoadedCatalog, readCatalogFile } from "./catalog-file.js";
import { CliError, type CliIo, progressOn, usageError, warn } from "./cli-io.js";
import { type McpConfig, readMcpConfig } from "./mcp-config.js";
import { loadMcpSdk } from "./mcp-sdk.js";

/** Where the catalogue comes from: a file, or `--mcp-config`. */
export interface CatalogSource {
	readonly command: string;
	readonly file: string | undefined;
	readonly mcpConfig: string | undefined;
}

/** Lists the tools of every server of a configuration once, then stops them. */
async function listServers(io: CliIo, path: string, config: McpConfig): Promise<LoadedCatalog> {
	const { createMcpCatalog } = await loadMcpSdk();
	const names = Object.keys(config.servers);
	const progress = progressOn(io);
	progress.update(`listing the tools of ${names.length} MCP servers (${names.join(", ")})…`);
	const catalog = createMcpCatalog({ servers: config.servers, reconnect: false, onError: () => undefined });
	try {
		await catalog.ready;
	} finally {
		progress.done();
	}
	const tools = [...catalog.getAllTools()];
	const namespaces = new Map<string, ToolNamespace | undefined>(
		tools.map((tool) => [tool.name, catalog.namespaceOf(tool)]),
	);
	const down = catalog.unavailable();
	await catalog.close();
	for (const server of down) warn(io, `MCP server ${server.server} did not answer: ${server.reason}`);
	if (down.length === names.length) throw new CliError(`no MCP server of ${path} answered`);
	const up = names.length - down.length;
	return {
		source: `${path} (${up} MCP server${up === 1 ? "" : "s"})`,
		tools,
		duplicates: [],
		namespaceOf: (tool) => namespaces.get(tool.name),
	};
}

/**
 * The catalogue of a command: exactly one of a file and `--mcp-config`. Duplicate names in a file
 * are a warning: the first tool of a name is kept, as `tool_search` does.
 */
export async function loadCatalog(io: CliIo, source: CatalogSource): Promise<LoadedCatalog> {
	const { command, file, mcpConfig } = source;
	if (file !== undefined && mcpConfig !== undefined) {
		throw usageError(command, "give a catalogue file or --mcp-config, not both");
	}
	if (mcpConfig !== undefined) return listServers(io, mcpConfig, readMcpConfig(io, mcpConfig));
	if (file === undefined) throw usageError(command, "missing the catalogue (a JSON file of tools)");
	const catalog = readCatalogFile(io, file);
	if (catalog.duplicates.length > 0 && command !== "inspect") {
		const shown = catalog.duplicates.slice(0, 5).join(", ");
		warn(
			io,
			`${catalog.duplicates.length} tool names appear more than once in ${file}; the first of each is used (${shown})`,
		);
	}
	return catalog;
}
