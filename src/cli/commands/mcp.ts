/**
 * `tool-search mcp --config <file>`: an MCP server over stdio in front of the servers of a
 * standard `mcpServers` configuration (`serveMcpProxy`): it lists `tool_search` plus what it
 * finds, forwards calls, follows `list_changed`, and restarts a server that exits. stdout carries
 * the protocol; every log line goes to stderr.
 */
import type { McpCatalogChange, McpCatalogError } from "../../adapters/mcp/mcp-types.js";
import { DISCOVERY_MODES, type DiscoveryPolicy } from "../../integration/discovery-policy.js";
import { readJsonFile } from "../catalog-file.js";
import { flag, listOption, type OptionSpec, type ParsedArgs, stringOption } from "../cli-args.js";
import { type CliIo, EXIT, usageError } from "../cli-io.js";
import { readMcpConfig } from "../mcp-config.js";
import { loadMcpSdk } from "../mcp-sdk.js";
import { rankerFor } from "../ranker-options.js";

/** The options of `mcp`. */
export const MCP_OPTIONS: Readonly<Record<string, OptionSpec>> = {
	config: { type: "string", short: "c" },
	pinned: { type: "string", multiple: true },
	policy: { type: "string" },
	"auto-activate": { type: "boolean" },
	"meta-tools": { type: "boolean" },
	options: { type: "string" },
};

/** `--policy`: a mode (`off`, `auto`, `mcp-only`, `all`) or a JSON file with a `DiscoveryPolicy`. */
function policyOf(io: CliIo, value: string | undefined): DiscoveryPolicy | undefined {
	if (value === undefined) return undefined;
	if ((DISCOVERY_MODES as readonly string[]).includes(value))
		return { mode: value as DiscoveryPolicy["mode"] };
	if (value.endsWith(".json")) return readJsonFile(io, value, "discovery policy") as DiscoveryPolicy;
	throw usageError(
		"mcp",
		`--policy must be ${DISCOVERY_MODES.join(", ")} or a .json file, got ${JSON.stringify(value)}`,
	);
}

function messageOf(error: unknown): string {
	return (error instanceof Error ? error.message : String(error)).split("\n", 1)[0] ?? "";
}

function changeLine({ server, added, removed, updated }: McpCatalogChange): string {
	const parts = [
		added.length > 0
			? `+${added.length} (${added.slice(0, 5).join(", ")}${added.length > 5 ? ", …" : ""})`
			: "",
		removed.length > 0 ? `-${removed.length}` : "",
		updated.length > 0 ? `~${updated.length} updated` : "",
	].filter((part) => part !== "");
	return `MCP server ${server}: tools ${parts.join(" ")}`;
}

/** Runs `mcp`: resolves once the proxy serves; the process then lives until its client leaves. */
export async function mcpCommand(io: CliIo, args: ParsedArgs): Promise<number> {
	const file = stringOption(args, "config");
	if (file === undefined) throw usageError("mcp", "missing --config <file> (an mcpServers configuration)");
	if (args.positionals.length > 0) {
		throw usageError("mcp", `unexpected argument ${JSON.stringify(args.positionals[0])}`);
	}
	const config = readMcpConfig(io, file);
	const policy = policyOf(io, stringOption(args, "policy"));
	const ranker = rankerFor(io, stringOption(args, "options"));
	const { serveMcpProxy } = await loadMcpSdk();
	const log = (line: string) => io.stderr.write(`tool-search mcp: ${line}\n`);
	const names = Object.keys(config.servers);
	const skipped = config.disabled.length === 0 ? "" : ` (disabled: ${config.disabled.join(", ")})`;
	log(`starting ${names.length} MCP servers from ${file}: ${names.join(", ")}${skipped}`);
	const started = performance.now();
	const proxy = await serveMcpProxy({
		servers: config.servers,
		pinned: listOption(args, "pinned"),
		autoActivate: flag(args, "auto-activate"),
		...(flag(args, "meta-tools") ? { mode: "meta-tools" as const } : {}),
		toolSearch: { ranker, ...(policy === undefined ? {} : { policy }) },
		onError: ({ server, error }: McpCatalogError) => log(`MCP server ${server}: ${messageOf(error)}`),
		onChange: (change) => log(changeLine(change)),
	});
	const down = proxy.catalog.unavailable().map((server) => server.server);
	const tools = proxy.catalog.getAllTools().length;
	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	log(
		`ready in ${seconds} s: ${tools} tools from ${names.length - down.length} of ${names.length} servers${down.length > 0 ? ` (down: ${down.join(", ")})` : ""}; serving tool_search on stdio`,
	);
	void proxy.closed.then((reason) => log(`stopped (${reason})`));
	return EXIT.ok;
}
