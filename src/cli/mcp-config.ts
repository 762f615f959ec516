/**
 * An MCP client configuration as Claude Desktop, Claude Code, Cursor and VS Code write it: servers
 * under `mcpServers` (or VS Code's `servers`), each a stdio `command` (`args`, `env`, `cwd`) or a
 * streamable HTTP `url` (`headers`); `disabled: true` skips one. `${VAR}` and `${VAR:-default}` in
 * its strings are read from the environment, as Claude Code does.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import type { McpServerConfig } from "../adapters/mcp/mcp-types.js";
import { isObject } from "../internal/guards.js";
import { readJsonFile } from "./catalog-file.js";
import { CliError, type CliIo } from "./cli-io.js";

/** The servers of a configuration, in its order, and the names of those it disables. */
export interface McpConfig {
	readonly servers: Readonly<Record<string, McpServerConfig>>;
	readonly disabled: readonly string[];
}

const HTTP_TYPES = new Set(["http", "streamable-http", "streamableHttp", "streamable_http"]);

/** `${VAR}` and `${VAR:-default}` in `text`, from `env`; an unset variable without a default is an error. */
function expand(text: string, env: CliIo["env"], where: () => string): string {
	return text.replace(
		/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
		(_, name: string, fallback?: string) => {
			const value = env[name];
			if (value !== undefined && value !== "") return value;
			if (fallback !== undefined) return fallback;
			throw new CliError(`${where()}: environment variable ${name} is not set`);
		},
	);
}

function strings(value: unknown, where: string): string[] | undefined {
	if (value === undefined) return undefined;
	if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
		throw new CliError(`${where} must be an array of strings`);
	}
	return value;
}

function stringRecord(value: unknown, where: string): Record<string, string> | undefined {
	if (value === undefined) return undefined;
	if (
		!isObject(value) ||
		Array.isArray(value) ||
		!Object.values(value).every((item) => typeof item === "string")
	) {
		throw new CliError(`${where} must be an object of strings`);
	}
	return value as Record<string, string>;
}

/** One entry of the configuration, checked and expanded. */
function serverConfig(entry: unknown, where: string, io: CliIo, base: string): McpServerConfig {
	if (!isObject(entry) || Array.isArray(entry)) throw new CliError(`${where} must be an object`);
	const x = (text: string, key: string) => expand(text, io.env, () => `${where}.${key}`);
	const xRecord = (record: Record<string, string> | undefined, key: string) =>
		record === undefined
			? undefined
			: Object.fromEntries(Object.entries(record).map(([name, value]) => [name, x(value, `${key}.${name}`)]));
	const type = entry.type;
	if (type === "sse") {
		throw new CliError(`${where}: SSE servers are not supported; give its streamable HTTP url instead`);
	}
	if (typeof entry.url === "string" && entry.command === undefined) {
		if (type !== undefined && !HTTP_TYPES.has(String(type)))
			throw new CliError(`${where}: unknown type ${JSON.stringify(type)}`);
		const headers = xRecord(stringRecord(entry.headers, `${where}.headers`), "headers");
		return { url: x(entry.url, "url"), ...(headers === undefined ? {} : { headers }) };
	}
	if (typeof entry.command !== "string" || entry.command === "") {
		throw new CliError(`${where} needs a "command" (a stdio server) or a "url" (a streamable HTTP server)`);
	}
	if (type !== undefined && type !== "stdio")
		throw new CliError(`${where}: type ${JSON.stringify(type)} needs a "url"`);
	const args = strings(entry.args, `${where}.args`)?.map((arg, at) => x(arg, `args[${at}]`));
	const env = xRecord(stringRecord(entry.env, `${where}.env`), "env");
	const cwd = typeof entry.cwd === "string" ? resolve(base, x(entry.cwd, "cwd")) : undefined;
	return {
		command: x(entry.command, "command"),
		...(args === undefined ? {} : { args }),
		...(env === undefined ? {} : { env }),
		...(cwd === undefined ? {} : { cwd }),
	};
}

/**
 * Reads an MCP client configuration file. Relative `cwd`s are read from the file's folder.
 * A file without servers, or with none enabled, is an error.
 */
export function readMcpConfig(io: CliIo, path: string): McpConfig {
	const json = readJsonFile(io, path, "MCP configuration");
	const table = isObject(json) ? (json.mcpServers ?? json.servers) : undefined;
	if (Array.isArray(json) || (isObject(json) && Array.isArray(json.tools))) {
		throw new CliError(`${path} is a tool catalogue, not an MCP configuration: pass it without --mcp-config`);
	}
	if (!isObject(table) || Array.isArray(table)) {
		throw new CliError(`${path} is not an MCP client configuration: expected an object with "mcpServers"`);
	}
	const base = dirname(isAbsolute(path) ? path : resolve(io.cwd, path));
	const servers: Record<string, McpServerConfig> = {};
	const disabled: string[] = [];
	for (const [name, entry] of Object.entries(table)) {
		if (isObject(entry) && entry.disabled === true) disabled.push(name);
		else servers[name] = serverConfig(entry, `${path}: mcpServers.${name}`, io, base);
	}
	if (Object.keys(servers).length === 0) throw new CliError(`${path} has no enabled MCP servers`);
	return { servers, disabled };
}
