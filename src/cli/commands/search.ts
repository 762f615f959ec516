/**
 * `tool-search search <catalogue> <query>`: one `tool_search` call, as a model would make it, over
 * a catalogue file or live MCP servers; the tools it finds, best first, with scores and (with
 * `--explain`) why each scored what it did.
 */
import { DEFAULT_MAX_TOOL_SEARCH_LIMIT, DEFAULT_TOOL_SEARCH_LIMIT } from "../../defaults.js";
import { createActiveToolSet } from "../../host/create-active-tool-set.js";
import type { ToolSearchExplanation } from "../../index/explain.js";
import { createToolSearchTool } from "../../tool/create-tool-search-tool.js";
import type { ToolSearchToolDetails } from "../../tool/result-types.js";
import { flag, integerOption, type OptionSpec, type ParsedArgs, stringOption } from "../cli-args.js";
import { CliError, type CliIo, EXIT, print, progressOn, styleFor, usageError } from "../cli-io.js";
import { explainLines } from "../explain-lines.js";
import { loadCatalog } from "../load-catalog.js";
import { rankerFor } from "../ranker-options.js";

/** The options of `search`. */
export const SEARCH_OPTIONS: Readonly<Record<string, OptionSpec>> = {
	limit: { type: "string", short: "n" },
	explain: { type: "boolean" },
	json: { type: "boolean" },
	"mcp-config": { type: "string" },
	options: { type: "string" },
};

/** Catalogues this large get a progress line while they are indexed. */
const PROGRESS_FROM_TOOLS = 2000;

function firstLine(text: string, width: number): string {
	const line = text.split("\n", 1)[0] ?? "";
	return line.length > width ? `${line.slice(0, Math.max(0, width - 1))}…` : line;
}

function humanLines(
	io: CliIo,
	details: ToolSearchToolDetails,
	modelText: string,
	ms: number,
	explanations: readonly ToolSearchExplanation[] | undefined,
): string[] {
	const style = styleFor(io.stdout, io.env);
	const { tools } = details;
	const head = `${style.bold(`${tools.length} of ${details.total_tools} tools`)} for ${JSON.stringify(details.query)} ${style.dim(`· ranked by ${details.ranked_by} · ${ms.toFixed(1)} ms with indexing`)}`;
	if (tools.length === 0) {
		return [
			head,
			style.dim("Nothing was activated. What the model reads:"),
			...modelText.split("\n").map((line) => `  ${line}`),
		];
	}
	const nameWidth = Math.min(48, Math.max(...tools.map((tool) => tool.name.length)));
	const scoreWidth = Math.max(...tools.map((tool) => tool.score.toFixed(3).length));
	const width = Math.max(40, (io.stdout.columns ?? 120) - nameWidth - scoreWidth - 10);
	const lines = [head];
	tools.forEach((tool, at) => {
		const server =
			tool.server_name === undefined || tool.name.startsWith(`${tool.server_name}__`)
				? ""
				: `[${tool.server_name}] `;
		lines.push(
			`${String(at + 1).padStart(3)}  ${style.cyan(tool.name.padEnd(nameWidth))}  ${tool.score.toFixed(3).padStart(scoreWidth)}  ${style.dim(firstLine(`${server}${tool.description}`, width))}`,
		);
		const why = explanations?.[at];
		if (why !== undefined) lines.push(...explainLines(why, style, "       "));
	});
	if (details.unmatched_terms !== undefined && details.unmatched_terms.length > 0) {
		lines.push(style.yellow(`words that matched no tool: ${details.unmatched_terms.join(", ")}`));
	}
	return lines;
}

/** Runs `search`; resolves to the exit code. */
export async function searchCommand(io: CliIo, args: ParsedArgs): Promise<number> {
	const mcpConfig = stringOption(args, "mcp-config");
	if (mcpConfig !== undefined && args.positionals[0]?.endsWith(".json") === true) {
		throw usageError("search", "give a catalogue file or --mcp-config, not both");
	}
	const [file, ...words] = mcpConfig === undefined ? args.positionals : [undefined, ...args.positionals];
	const query = words.join(" ").trim();
	if (query === "") {
		const what = file === undefined && mcpConfig === undefined ? "the catalogue and the query" : "the query";
		throw usageError("search", `missing ${what}`);
	}
	const limit = integerOption(args, "limit", DEFAULT_TOOL_SEARCH_LIMIT, {
		min: 1,
		max: DEFAULT_MAX_TOOL_SEARCH_LIMIT,
	});
	const ranker = rankerFor(io, stringOption(args, "options"));
	const catalog = await loadCatalog(io, { command: "search", file, mcpConfig });
	const tool = createToolSearchTool({
		tools: createActiveToolSet({ tools: catalog.tools }),
		ranker,
		namespaceOf: catalog.namespaceOf,
	});
	const progress = progressOn(io);
	if (catalog.tools.length >= PROGRESS_FROM_TOOLS) progress.update(`indexing ${catalog.tools.length} tools…`);
	const started = performance.now();
	const result = await tool.execute("tool-search-cli", { query, limit });
	const ms = performance.now() - started;
	progress.done();
	if (result.isError === true) throw new CliError(`the query: ${result.details.error}`, EXIT.usage);
	const { details } = result;
	const explanations = flag(args, "explain")
		? details.tools.map((found) => ranker.explain(query, found.name, { limit }))
		: undefined;
	if (flag(args, "json")) {
		const catalogInfo = { source: catalog.source, tools: catalog.tools.length };
		print(
			io,
			JSON.stringify(
				{ catalog: catalogInfo, ...details, ...(explanations === undefined ? {} : { explanations }) },
				null,
				2,
			),
		);
	} else {
		print(io, ...humanLines(io, details, result.content[0].text, ms, explanations));
	}
	return EXIT.ok;
}
