/**
 * `checkToolCall`: the guard every adapter runs before executing a model's tool call. A tool that
 * exists but is not loaded gets an error naming `tool_search` (or is loaded, if the host opts in);
 * an unknown tool gets the nearest names.
 */
import { MAX_SUGGESTION_EDITS, MAX_SUGGESTION_NAME_LENGTH, TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { toolLocalName } from "../document/create-tool-search-document.js";
import { quote } from "../errors.js";
import { activeNames, hostList } from "../host/host-answer.js";
import { isToolHost } from "../host/is-tool-host.js";
import type { ActiveToolSet, ToolCatalog } from "../host/types.js";
import { invalidOptions, isObjectLike } from "../internal/guards.js";
import { boundedEditDistance, type EditDistanceWork } from "./bounded-edit-distance.js";

/** How many names an unknown-tool message suggests by default. */
export const DEFAULT_MAX_TOOL_SUGGESTIONS = 3;

/**
 * Options of {@link checkToolCall}.
 *
 * @example
 * ```ts
 * const options: ToolCallCheckOptions = { autoActivate: true, maxSuggestions: 5 };
 * ```
 */
export interface ToolCallCheckOptions {
	/** Load a known but inactive tool instead of refusing the call. @defaultValue `false` */
	autoActivate?: boolean | undefined;
	/** Most names suggested for an unknown tool. Integer ≥ 0. @defaultValue 3 */
	maxSuggestions?: number | undefined;
}

/**
 * What {@link checkToolCall} found. For `inactive` and `unknown`, return `message` to the model as
 * the tool's error result instead of running the tool.
 *
 * @example
 * ```ts
 * const check: ToolCallCheck = checkToolCall("github__create_issue", host);
 * if (check.status === "inactive" || check.status === "unknown") return { isError: true, content: check.message };
 * ```
 */
export type ToolCallCheck =
	| { status: "active" }
	| { status: "activated" }
	| { status: "inactive"; message: string }
	| { status: "unknown"; message: string; suggestions: string[] };

/** A host item's non-empty string name, read once; `undefined` when malformed or its getter throws. */
function nameOf(tool: unknown): string | undefined {
	try {
		const name = isObjectLike(tool) ? tool.name : undefined;
		return typeof name === "string" && name !== "" ? name : undefined;
	} catch {
		return undefined;
	}
}

function checkArguments(name: unknown, host: unknown, options: unknown): void {
	if (typeof name !== "string") invalidOptions(`name must be a string, got ${quote(name)}`);
	if (!isToolHost(host)) {
		invalidOptions(
			`host must have getAllTools, getActiveTools and setActiveTools methods, got ${quote(host)}`,
		);
	}
	if (options === undefined) return;
	if (!isObjectLike(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	const { autoActivate, maxSuggestions } = options;
	if (autoActivate !== undefined && typeof autoActivate !== "boolean") {
		invalidOptions(`autoActivate must be a boolean, got ${quote(autoActivate)}`);
	}
	if (
		maxSuggestions !== undefined &&
		!(typeof maxSuggestions === "number" && Number.isSafeInteger(maxSuggestions) && maxSuggestions >= 0)
	) {
		invalidOptions(`maxSuggestions must be an integer ≥ 0, got ${quote(maxSuggestions)}`);
	}
}

/** Words for a `tool_search` query from a tool name: its local name, separators turned into spaces. */
function queryWords(name: string): string {
	const words = toolLocalName(name)
		.replace(/[\s_\-.:/]+/g, " ")
		.trim();
	return words === "" ? name : words;
}

/** A name with case and runs of `-`, `_`, `.`, `:`, `/` and whitespace folded, for containment. */
function folded(name: string): string {
	return name.toLowerCase().replace(/[\s_\-.:/]+/g, "_");
}

/** The length difference of `a` and `b` when one contains the other (3 characters or more). */
function containment(a: string, b: string): number | undefined {
	const [short, long] = a.length <= b.length ? [a, b] : [b, a];
	return short.length >= 3 && long.includes(short) ? long.length - short.length : undefined;
}

/** The called name, lowercased, its local name and its folded form, computed once per check. */
interface Called {
	readonly lower: string;
	readonly local: string;
	readonly folded: string;
}

/**
 * The distance from the called name to a candidate: the smallest edit distance between the
 * lowercased full names or the lowercased local names, within max(2, ⌊local name length / 3⌋)
 * edits, at most 8 (the local name of the called tool: a shared namespace prefix should not widen the window); or,
 * when one name contains the other (3 characters or more), lowercased or with separators folded
 * (`slack_post` in `slack__post_message`), their length difference. `undefined` when none applies.
 */
function distance(called: Called, candidate: string, work: EditDistanceWork | undefined): number | undefined {
	const lower = candidate.toLowerCase();
	const bound = Math.min(MAX_SUGGESTION_EDITS, Math.max(2, Math.floor(called.local.length / 3)));
	let best = Number.POSITIVE_INFINITY;
	for (const [a, b] of [
		[called.lower, lower],
		[called.local, toolLocalName(lower)],
	] as const) {
		const edits = boundedEditDistance(a, b, bound, work);
		if (edits <= bound) best = Math.min(best, edits);
		best = Math.min(best, containment(a, b) ?? best);
	}
	best = Math.min(best, containment(called.folded, folded(candidate)) ?? best);
	return best === Number.POSITIVE_INFINITY ? undefined : best;
}

/**
 * The nearest catalogue names to `name`, at most `max`. A called name or a candidate longer than
 * {@link MAX_SUGGESTION_NAME_LENGTH} is not compared (MCP allows no longer name), so a check costs
 * O(candidates · 128 · 17) at most. `work` counts the edit-distance cells computed.
 */
export function suggest(
	name: string,
	candidates: readonly string[],
	max: number,
	work?: EditDistanceWork,
): string[] {
	if (max === 0 || name.length > MAX_SUGGESTION_NAME_LENGTH) return [];
	const lower = name.toLowerCase();
	const called: Called = { lower, local: toolLocalName(lower), folded: folded(name) };
	const scored: { name: string; distance: number }[] = [];
	for (const candidate of new Set(candidates)) {
		if (candidate === name || candidate.length > MAX_SUGGESTION_NAME_LENGTH) continue;
		const d = distance(called, candidate, work);
		if (d !== undefined) scored.push({ name: candidate, distance: d });
	}
	scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	return scored.slice(0, max).map((item) => item.name);
}

/**
 * Checks a model's call to tool `name` against the host, before the adapter runs it:
 *
 * - `active`: the tool is active; run it.
 * - `inactive`: the tool exists but is not active. `message` (exact):
 *   `Tool "X" is not loaded. Call tool_search with a query describing what you need (for example
 *   {"query": "<words>"}) to load it, then call it again.`, where the words are the tool's local
 *   name (after the last `__`) with `_`, `-`, `.`, `:`, `/` and whitespace turned into spaces.
 * - `activated` (with `autoActivate`): the tool existed but was not active; it is now, through
 *   `setActiveTools([...active, name])`. Whether it can run in this very call depends on the host.
 * - `unknown`: no tool has this name. `message` (exact): `Tool "X" does not exist.`, then
 *   ` Did you mean: a, b, c?` when there are suggestions, then ` Use tool_search to find tools.`
 *   Suggestions are catalogue names within a small edit distance of the called name (full or local
 *   name, lowercased, at most max(2, ⌊called local name length / 3⌋) edits and never more than 8) or containing it or
 *   contained in it (3 characters or more, lowercased or with runs of `-`, `_`, `.`, `:`, `/` and
 *   whitespace folded, so `slack_post` finds `slack__post_message`; the length difference then
 *   being the distance), nearest first, then by name (code unit order); never the called name
 *   itself. Names longer than 128 characters (`MAX_SUGGESTION_NAME_LENGTH`) are not compared.
 *
 * Names are quoted as JSON strings. Malformed catalogue entries (a throwing `name` getter
 * included) are ignored; nothing the host returns is mutated.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `name` is not a string, `host` lacks a method,
 * `autoActivate` is not a boolean or `maxSuggestions` is not an integer ≥ 0, or when the host's
 * `getAllTools()` or `getActiveTools()` returns a Promise (the host boundary is synchronous).
 *
 * @example
 * ```ts
 * const check = checkToolCall("github__create_issue", host);
 * // { status: "inactive", message: 'Tool "github__create_issue" is not loaded. Call tool_search with a query
 * //   describing what you need (for example {"query": "create issue"}) to load it, then call it again.' }
 * checkToolCall("github__create_isue", host).status; // "unknown", suggestions: ["github__create_issue"]
 * ```
 */
export function checkToolCall(
	name: string,
	host: ToolCatalog & ActiveToolSet,
	options?: ToolCallCheckOptions,
): ToolCallCheck {
	checkArguments(name, host, options);
	const active = activeNames(host.getActiveTools());
	if (active.includes(name)) return { status: "active" };

	const names = hostList(host.getAllTools(), "getAllTools").flatMap((tool) => {
		const toolName = nameOf(tool);
		return toolName === undefined ? [] : [toolName];
	});
	if (names.includes(name)) {
		if (options?.autoActivate === true) {
			host.setActiveTools([...active, name]);
			return { status: "activated" };
		}
		const example = `{"query": ${JSON.stringify(queryWords(name))}}`;
		return {
			status: "inactive",
			message:
				`Tool ${JSON.stringify(name)} is not loaded. Call ${TOOL_SEARCH_TOOL_NAME} with a query describing ` +
				`what you need (for example ${example}) to load it, then call it again.`,
		};
	}

	const suggestions = suggest(name, names, options?.maxSuggestions ?? DEFAULT_MAX_TOOL_SUGGESTIONS);
	const didYouMean = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(", ")}?` : "";
	return {
		status: "unknown",
		message: `Tool ${JSON.stringify(name)} does not exist.${didYouMean} Use ${TOOL_SEARCH_TOOL_NAME} to find tools.`,
		suggestions,
	};
}
