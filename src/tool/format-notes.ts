/**
 * What the query syntax, the active-set budget and the source lifecycle add to a `tool_search`
 * result (issue 15): the `details` fields and the lines of text the model reads.
 */
import type { QueryNotes } from "./interpret-query.js";
import type { ToolSearchToolDetails } from "./result-types.js";
import { sourceStatusLines, type ToolSearchSourceStatus } from "./source-status.js";

type QueryDetails = Pick<
	ToolSearchToolDetails,
	"not_found" | "already_active" | "regex_incomplete" | "unloaded_tools" | "over_budget_tools" | "sources"
>;

/**
 * The optional `details` fields of a call, each only when it has something to say.
 *
 * @example
 * ```ts
 * queryDetails({ alreadyActive: ["read_file"] }, [], { unloaded: ["old_tool"], refused: [] });
 * // { already_active: ["read_file"], unloaded_tools: ["old_tool"] }
 * ```
 */
export function queryDetails(
	notes: QueryNotes,
	sources: readonly ToolSearchSourceStatus[],
	budget: { unloaded: readonly string[]; refused: readonly string[] },
): QueryDetails {
	return {
		...(notes.notFound === undefined ? {} : { not_found: notes.notFound }),
		...(notes.alreadyActive === undefined ? {} : { already_active: notes.alreadyActive }),
		...(notes.regexIncomplete === true ? { regex_incomplete: true } : {}),
		...(budget.unloaded.length === 0 ? {} : { unloaded_tools: [...budget.unloaded] }),
		...(budget.refused.length === 0 ? {} : { over_budget_tools: [...budget.refused] }),
		...(sources.length === 0 ? {} : { sources: [...sources] }),
	};
}

function names(list: readonly string[]): string {
	return list.join(", ");
}

/**
 * The lines for those fields, in a fixed order: unknown `select:` names (with the nearest names),
 * tools already loaded, an incomplete regex scan, finds left out by the budget, tools unloaded by
 * it, then sources still connecting or failed.
 *
 * @example
 * ```ts
 * noteLines({ ...details, unloaded_tools: ["github__get_issue"] });
 * // ["Unloaded to stay within the active-tool budget (least recently used first): github__get_issue. Search again to load them back."]
 * ```
 */
export function noteLines(details: ToolSearchToolDetails): string[] {
	const lines: string[] = [];
	for (const { name, suggestions } of details.not_found ?? []) {
		const near = suggestions.length > 0 ? `; did you mean: ${names(suggestions)}?` : ".";
		lines.push(`No tool is named ${JSON.stringify(name)}${near}`);
	}
	if (details.already_active !== undefined) lines.push(`Already loaded: ${names(details.already_active)}.`);
	if (details.regex_incomplete === true) {
		lines.push(
			"Note: the pattern was not tried on every tool (the scan budget ran out); narrow it with server: or a more specific pattern.",
		);
	}
	if (details.over_budget_tools !== undefined) {
		lines.push(
			`Not loaded, to stay within the active-tool budget (it is taken by tools that stay loaded): ${names(details.over_budget_tools)}.`,
		);
	}
	if (details.unloaded_tools !== undefined) {
		lines.push(
			`Unloaded to stay within the active-tool budget (least recently used first): ${names(details.unloaded_tools)}. Search again to load them back.`,
		);
	}
	lines.push(...sourceStatusLines(details.sources ?? []));
	return lines;
}
