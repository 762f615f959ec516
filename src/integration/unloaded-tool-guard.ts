/**
 * `checkToolCall`: the guard every adapter runs before executing a model's tool call. A tool that
 * exists but is not loaded gets an error naming `tool_search` (or is loaded, if the host opts in);
 * an unknown tool gets the nearest names.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { toolLocalName } from "../document/create-tool-search-document.js";
import { quote } from "../errors.js";
import { isToolHost } from "../host/is-tool-host.js";
import type { ActiveToolSet, ToolCatalog } from "../host/types.js";
import { editDistance } from "../index/fuzzy.js";
import { invalidOptions, isObjectLike } from "../internal/guards.js";

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

function strings(value: unknown): string[] {
	return Array.isArray(value)
		? (value as unknown[]).filter((item): item is string => typeof item === "string")
		: [];
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

/**
 * The distance from the called name to a candidate: the smallest edit distance between the
 * lowercased full names or the lowercased local names, within max(2, ⌊local name length / 3⌋)
 * (the local name of the called tool: a shared namespace prefix should not widen the window); or,
 * when one name contains the other (3 characters or more), their length difference, which is
 * their exact edit distance. `undefined` when neither applies.
 */
function distance(called: string, calledLocal: string, candidate: string): number | undefined {
	const lower = candidate.toLowerCase();
	const bound = Math.max(2, Math.floor(calledLocal.length / 3));
	let best = Number.POSITIVE_INFINITY;
	for (const [a, b] of [
		[called, lower],
		[calledLocal, toolLocalName(lower)],
	] as const) {
		const edits = editDistance(a, b, bound);
		if (edits <= bound) best = Math.min(best, edits);
		const [short, long] = a.length <= b.length ? [a, b] : [b, a];
		if (short.length >= 3 && long.includes(short)) best = Math.min(best, long.length - short.length);
	}
	return best === Number.POSITIVE_INFINITY ? undefined : best;
}

function suggest(name: string, candidates: readonly string[], max: number): string[] {
	if (max === 0) return [];
	const called = name.toLowerCase();
	const calledLocal = toolLocalName(called);
	const scored: { name: string; distance: number }[] = [];
	for (const candidate of new Set(candidates)) {
		if (candidate === name) continue;
		const d = distance(called, calledLocal, candidate);
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
 *   name, lowercased, at most max(2, ⌊called local name length / 3⌋) edits) or containing it or
 *   contained in it (3 characters or more, the length difference then being the distance), nearest
 *   first, then by name (code unit order); never the called name itself.
 *
 * Names are quoted as JSON strings. Malformed catalogue entries are ignored; nothing the host
 * returns is mutated.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `name` is not a string, `host` lacks a method,
 * `autoActivate` is not a boolean or `maxSuggestions` is not an integer ≥ 0.
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
	const active = strings(host.getActiveTools());
	if (active.includes(name)) return { status: "active" };

	const all: unknown = host.getAllTools();
	const names = (Array.isArray(all) ? (all as unknown[]) : []).flatMap((tool) =>
		isObjectLike(tool) && typeof tool.name === "string" && tool.name !== "" ? [tool.name] : [],
	);
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
