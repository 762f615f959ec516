/**
 * The model-visible lines the discovery pipeline adds to a `tool_search` result: matches that were
 * not activated, a judge that selected nothing, a search that failed (`onError` `"empty"` and
 * `"fail"`).
 */
import type { ToolSearchDiscoveryDetails } from "../pipeline/discovery-types.js";
import type { ToolSearchToolFailure } from "./result-types.js";

/** Most names the "not loaded" line lists; the rest are counted. */
const MAX_NOT_LOADED_SHOWN = 20;

/** The line for returned tools that were not activated (`activationLimit`). */
export function notLoadedNote(names: readonly string[]): string {
	const shown = names.slice(0, MAX_NOT_LOADED_SHOWN).join(", ");
	const more = names.length > MAX_NOT_LOADED_SHOWN ? ` and ${names.length - MAX_NOT_LOADED_SHOWN} more` : "";
	return `Also matching, not loaded: ${shown}${more}. To load one, search for it by name.`;
}

/** The line for a judge (`on`) that selected none of the candidates; `undefined` when that is not the case. */
export function judgeAbstainedNote(discovery: ToolSearchDiscoveryDetails | undefined): string | undefined {
	const judge = discovery?.judge;
	if (judge?.mode !== "on" || judge.error !== undefined) return undefined;
	if (judge.abstained !== true && (judge.selected?.length ?? 0) > 0) return undefined;
	const count = discovery?.candidates.length ?? 0;
	const because = judge.reason === undefined ? "" : ` (${judge.reason})`;
	return `No tools were loaded: none of the ${count} matching tools fits this request${because}. Describe the action or object differently, or continue without a new tool.`;
}

/** The line for a search that answered nothing because a ranker failed (`onError: "empty"`). */
export function searchFailedNote(discovery: ToolSearchDiscoveryDetails | undefined): string | undefined {
	const error = discovery?.search_error;
	return error === undefined
		? undefined
		: `No tools were loaded: the tool search failed (${error}). Try again later, or continue without a new tool.`;
}

/** The error result of a search that failed with `onError: "fail"`. */
export function formatSearchFailure(
	discovery: ToolSearchDiscoveryDetails,
	query: string | undefined,
): ToolSearchToolFailure {
	const reason = discovery.search_error ?? "ranker failed";
	return {
		content: [
			{
				type: "text",
				text: `Error: the tool search failed (${reason}). Try again later, or continue without a new tool.`,
			},
		],
		details: { error: `search failed: ${reason}`, ...(query === undefined ? {} : { query }), discovery },
		isError: true,
	};
}
