/**
 * Bounds on what one `tool_search` result holds, whatever the host's tool names and the model's
 * query: the found tools that fit a text budget, and the query as the text echoes it.
 */
import { MAX_ECHOED_QUERY_LENGTH, MAX_RESULT_TOOLS_TEXT_LENGTH } from "../defaults.js";

/**
 * What a found tool adds to the text, at most: its name in the JSON line and its `- name: line`
 * (the line a cut of the description, which is already at most 200 code units).
 */
function textCost(tool: { name: string; description: string }): number {
	return 2 * tool.name.length + tool.description.length + 8;
}

/**
 * The leading `found` tools whose names and description lines fit in `budget` code units
 * (at most {@link MAX_RESULT_TOOLS_TEXT_LENGTH}); with ordinary names every one of them fits.
 */
export function fitResultBudget<T extends { name: string; description: string }>(
	found: readonly T[],
	budget = MAX_RESULT_TOOLS_TEXT_LENGTH,
): T[] {
	let used = 0;
	let count = 0;
	for (const tool of found) {
		used += textCost(tool);
		if (used > budget) break;
		count++;
	}
	return found.slice(0, count);
}

/** `query` as the result text echoes it: cut to {@link MAX_ECHOED_QUERY_LENGTH}, then `…`. */
export function echoedQuery(query: string): string {
	if (query.length <= MAX_ECHOED_QUERY_LENGTH) return query;
	let end = MAX_ECHOED_QUERY_LENGTH;
	const last = query.charCodeAt(end - 1);
	if (last >= 0xd800 && last <= 0xdbff) end--; // do not split a surrogate pair
	return `${query.slice(0, end)}…`;
}
