/**
 * `tool_search` in the meta-tools mode: the model never sees the found tools' declarations, so its
 * description and results say to run them with `call_tool`, and each result shows the arguments
 * schema of every tool it loaded (and of those a `select:` found loaded already).
 */
import { CALL_TOOL_NAME, MAX_RESULT_TOOLS_TEXT_LENGTH, TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { TOOL_SEARCH_DESCRIPTION } from "../tool/description.js";
import { TOOLS_AVAILABLE_MESSAGE } from "../tool/format-result.js";
import type { ToolSearchToolResult } from "../tool/result-types.js";
import type { ToolInfo } from "../types.js";
import { schemaOf, showSchema } from "./show-schema.js";

const DIRECT = "The tools found are loaded for you: call them directly from your next call.";
const THROUGH = `The tools found are loaded for you, and the result shows their arguments: run them with ${CALL_TOOL_NAME}.`;

/**
 * `tool_search`'s description in the meta-tools mode: {@link TOOL_SEARCH_DESCRIPTION} with the line
 * on calling found tools pointing to `call_tool`. Static.
 *
 * @example
 * ```ts
 * createMetaTools({ tools: host, execute }).toolSearch.description === META_TOOL_SEARCH_DESCRIPTION; // true
 * ```
 */
export const META_TOOL_SEARCH_DESCRIPTION = TOOL_SEARCH_DESCRIPTION.includes(DIRECT)
	? TOOL_SEARCH_DESCRIPTION.replace(DIRECT, THROUGH)
	: `${TOOL_SEARCH_DESCRIPTION}\n${THROUGH}`;

/** The last line of a meta-tools result that loaded tools. */
export const META_TOOLS_AVAILABLE_MESSAGE = `These tools are now loaded; run them with ${CALL_TOOL_NAME}: {"name": "<tool name>", "arguments": {...}}.`;

/** The arguments lines of `names`, each schema shown while the budget lasts. */
function schemaLines(
	names: readonly string[],
	lookup: (name: string) => ToolInfo | undefined,
	budget: { left: number },
	prefix: (name: string) => string,
): string[] {
	return names.map((name) => {
		const tool = lookup(name);
		const shown = showSchema(tool === undefined ? undefined : schemaOf(tool));
		if (shown.length > budget.left) {
			const select = JSON.stringify({ query: `select:${name}` });
			return `${prefix(name)}not shown, to keep this result short; call ${TOOL_SEARCH_TOOL_NAME} with ${select} to see them`;
		}
		budget.left -= shown.length;
		return `${prefix(name)}${shown}`;
	});
}

/**
 * A `tool_search` result rewritten for the meta-tools mode: after each loaded tool's line, a line
 * with its arguments schema (the JSON, or its parameters when the JSON passes 2,000 characters,
 * within 20,000 characters of schemas per result), and the closing line pointing to `call_tool`;
 * tools a `select:` found loaded already get their schema too. Error results are returned as they are.
 *
 * @example
 * ```ts
 * withSchemas(await toolSearch.execute("1", { query: "forecast" }), lookup).content[0].text;
 * // {"query":"forecast","activated_tools":["weather__forecast"],...}
 * // - weather__forecast: Weather forecast for a city.
 * //   arguments: {"type":"object","properties":{"city":{"type":"string"}}}
 * // These tools are now loaded; run them with call_tool: {"name": "<tool name>", "arguments": {...}}.
 * ```
 */
export function withSchemas(
	result: ToolSearchToolResult,
	lookup: (name: string) => ToolInfo | undefined,
): ToolSearchToolResult {
	if (result.isError === true) return result;
	const { details } = result;
	const lines = result.content[0].text.split("\n");
	const loaded = details.activated_tools;
	const budget = { left: MAX_RESULT_TOOLS_TEXT_LENGTH };
	const out: string[] = [lines[0] as string];
	let at = 1;
	if (loaded.length > 0 && lines[loaded.length + 1] === TOOLS_AVAILABLE_MESSAGE) {
		const arguments_ = schemaLines(loaded, lookup, budget, () => "  arguments: ");
		for (const [index, line] of arguments_.entries()) out.push(lines[1 + index] as string, line);
		out.push(META_TOOLS_AVAILABLE_MESSAGE);
		at = loaded.length + 2;
	}
	for (const line of lines.slice(at)) {
		out.push(line);
		if (details.already_active !== undefined && line.startsWith("Already loaded: ")) {
			out.push(...schemaLines(details.already_active, lookup, budget, (name) => `- ${name} arguments: `));
		}
	}
	return { ...result, content: [{ type: "text", text: out.join("\n") }] };
}
