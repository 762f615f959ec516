/**
 * A tool catalogue from a JSON file, in any of the shapes people have at hand: the bundled
 * datasets' (`{ tools: [{ name, description, parameters, server }] }`), an array of MCP `Tool`s
 * (or of `{ name, description, parameters }`), or a `tools/list` result (`{ tools: [...] }`).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { namespaceFromToolName } from "../integration/discovery-policy.js";
import { isObject } from "../internal/guards.js";
import type { ToolInfo, ToolNamespace } from "../types.js";
import { CliError, type CliIo } from "./cli-io.js";

/** A catalogue the commands search: its tools (one per name) and their namespaces. */
export interface LoadedCatalog {
	/** Where it came from, for messages: a file, or the servers of an MCP configuration. */
	readonly source: string;
	/** Its tools; of several with one name, the first. */
	readonly tools: readonly ToolInfo[];
	/** Names that more than one tool had. */
	readonly duplicates: readonly string[];
	/** The namespace (MCP server) of a tool. */
	readonly namespaceOf: (tool: ToolInfo) => ToolNamespace | undefined;
}

/** Reads and parses a JSON file, relative to `io.cwd`; a missing or malformed file is one line. */
export function readJsonFile(io: CliIo, path: string, what: string): unknown {
	let text: string;
	try {
		text = readFileSync(resolve(io.cwd, path), "utf8");
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : String(error);
		throw new CliError(`cannot read ${what} ${path}: ${why}`);
	}
	try {
		return JSON.parse(text);
	} catch (error) {
		throw new CliError(`${what} ${path} is not JSON: ${(error as Error).message}`);
	}
}

/** Each tool's name checked; of tools sharing a name, the first kept and the name reported. */
function uniqueTools(path: string, raw: readonly unknown[]): { tools: ToolInfo[]; duplicates: string[] } {
	const seen = new Set<string>();
	const duplicates = new Set<string>();
	const tools: ToolInfo[] = [];
	raw.forEach((tool, at) => {
		const name = isObject(tool) ? tool.name : undefined;
		if (typeof name !== "string" || name.trim() === "") {
			throw new CliError(`catalogue ${path}: tools[${at}] has no name (a non-empty string)`);
		}
		if (seen.has(name)) duplicates.add(name);
		else {
			seen.add(name);
			tools.push(tool as unknown as ToolInfo);
		}
	});
	return { tools, duplicates: [...duplicates] };
}

/** The bundled datasets' format: namespaces from `server` and `server_description`. */
function fromDataset(path: string, raw: readonly unknown[]): LoadedCatalog {
	const { tools, duplicates } = uniqueTools(path, raw);
	const namespaces = new Map<string, ToolNamespace>();
	const byTool = new Map<string, ToolNamespace>();
	const infos = tools.map((tool) => {
		const {
			name,
			description,
			parameters,
			server,
			server_description: about,
		} = tool as ToolInfo & Record<string, unknown>;
		if (typeof server === "string" && server !== "") {
			let namespace = namespaces.get(server);
			if (namespace === undefined) {
				namespace = typeof about === "string" ? { name: server, description: about } : { name: server };
				namespaces.set(server, namespace);
			}
			byTool.set(name, namespace);
		}
		return { name, description, parameters };
	});
	return { source: path, tools: infos, duplicates, namespaceOf: (tool) => byTool.get(tool.name) };
}

/** MCP tools (or any `ToolInfo`s): namespaces from `server__tool` names. */
function fromTools(path: string, raw: readonly unknown[]): LoadedCatalog {
	const { tools, duplicates } = uniqueTools(path, raw);
	const namespaces = new Map<string, ToolNamespace>();
	return {
		source: path,
		tools,
		duplicates,
		namespaceOf(tool) {
			const name = namespaceFromToolName(tool.name);
			if (name === undefined) return undefined;
			const known = namespaces.get(name);
			if (known !== undefined) return known;
			const namespace = { name };
			namespaces.set(name, namespace);
			return namespace;
		},
	};
}

/**
 * Reads a catalogue file. An MCP client configuration (`mcpServers`) is refused with a pointer to
 * `--mcp-config`; anything else that is not a catalogue is refused saying what was expected.
 */
export function readCatalogFile(io: CliIo, path: string): LoadedCatalog {
	const json = readJsonFile(io, path, "catalogue");
	if (Array.isArray(json)) return fromTools(path, json);
	if (isObject(json) && (isObject(json.mcpServers) || isObject(json.servers))) {
		throw new CliError(`${path} is an MCP client configuration: pass it as --mcp-config ${path}`);
	}
	if (!isObject(json) || !Array.isArray(json.tools)) {
		throw new CliError(
			`${path} is not a tool catalogue: expected an array of tools, or an object with a "tools" array`,
		);
	}
	const tools = json.tools as unknown[];
	const dataset = tools.some((tool) => isObject(tool) && Object.hasOwn(tool, "server"));
	return dataset ? fromDataset(path, tools) : fromTools(path, tools);
}
