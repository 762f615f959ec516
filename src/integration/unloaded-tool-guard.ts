/**
 * `checkToolCall`: the guard every adapter runs before executing a model's tool call. A tool that
 * exists but is not loaded gets an error naming `tool_search` (or is loaded, if the host opts in);
 * an unknown tool gets the nearest names; with an `isAvailable` gate, a tool unavailable for this
 * request (a call from stale history) is refused.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { toolLocalName } from "../document/create-tool-search-document.js";
import { quote } from "../errors.js";
import { activeNames, hostList } from "../host/host-answer.js";
import { isToolHost } from "../host/is-tool-host.js";
import type { ActiveToolSet, ToolCatalog } from "../host/types.js";
import { invalidOptions, isObjectLike } from "../internal/guards.js";
import { suggest } from "./suggest-names.js";

/** How many names an unknown-tool message suggests by default. */
export const DEFAULT_MAX_TOOL_SUGGESTIONS = 3;

export { suggest } from "./suggest-names.js";

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
	/**
	 * Whether a known tool may run for this request (the `isAvailable` gate of
	 * `createToolSearchTool`): anything but `true`, a throw or a rejection refuses the call
	 * (`unavailable`). With it, `checkToolCall` returns a Promise. @defaultValue every tool is available
	 */
	isAvailable?: ((name: string, ctx: unknown) => boolean | Promise<boolean>) | undefined;
	/** The call's context (pi's `ExtensionContext`, your request), passed to `isAvailable`. */
	ctx?: unknown;
}

/**
 * What {@link checkToolCall} found. For `inactive`, `unknown` and `unavailable`, return `message`
 * to the model as the tool's error result instead of running the tool.
 *
 * @example
 * ```ts
 * const check: ToolCallCheck = checkToolCall("github__create_issue", host);
 * if ("message" in check) return { isError: true, content: check.message };
 * ```
 */
export type ToolCallCheck =
	| { status: "active" }
	| { status: "activated" }
	| { status: "inactive"; message: string }
	| { status: "unknown"; message: string; suggestions: string[] }
	| { status: "unavailable"; message: string };

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
	const { autoActivate, maxSuggestions, isAvailable } = options;
	if (isAvailable !== undefined && typeof isAvailable !== "function") {
		invalidOptions(`isAvailable must be a function, got ${quote(isAvailable)}`);
	}
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
 * The message of a refused call to a tool that is not available for this request.
 *
 * @example
 * ```ts
 * unavailableMessage("snowflake__query");
 * // 'Tool "snowflake__query" is not available right now, so the call did not run. Use tool_search to find another tool, or continue without it.'
 * ```
 */
export function unavailableMessage(name: string): string {
	return (
		`Tool ${JSON.stringify(name)} is not available right now, so the call did not run. ` +
		`Use ${TOOL_SEARCH_TOOL_NAME} to find another tool, or continue without it.`
	);
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
 * - `unavailable` (only with `isAvailable`): the tool exists, active or not, but `isAvailable(name,
 *   ctx)` did not resolve to `true` (it returned something else, threw or rejected): a call from
 *   stale history to a tool disabled since. `message` (exact): `Tool "X" is not available right
 *   now, so the call did not run. Use tool_search to find another tool, or continue without it.`
 *   Such a tool is never auto-activated.
 *
 * Names are quoted as JSON strings. Malformed catalogue entries (a throwing `name` getter
 * included) are ignored; nothing the host returns is mutated. Without `isAvailable` the check is
 * synchronous; with it, it returns a Promise (the gate may be asynchronous). `isAvailable` is
 * asked only about tools the catalogue has.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `name` is not a string, `host` lacks a method,
 * `autoActivate` is not a boolean, `maxSuggestions` is not an integer ≥ 0 or `isAvailable` is not
 * a function, or when the host's `getAllTools()` or `getActiveTools()` returns a Promise (the host
 * boundary is synchronous).
 *
 * @example
 * ```ts
 * const check = checkToolCall("github__create_issue", host);
 * // { status: "inactive", message: 'Tool "github__create_issue" is not loaded. Call tool_search with a query
 * //   describing what you need (for example {"query": "create issue"}) to load it, then call it again.' }
 * checkToolCall("github__create_isue", host).status; // "unknown", suggestions: ["github__create_issue"]
 * await checkToolCall("snowflake__query", host, { isAvailable: (name) => pool.healthy, ctx: request }); // "unavailable" while the pool is down
 * ```
 */
export function checkToolCall(
	name: string,
	host: ToolCatalog & ActiveToolSet,
	options?: ToolCallCheckOptions & { isAvailable?: undefined },
): ToolCallCheck;
export function checkToolCall(
	name: string,
	host: ToolCatalog & ActiveToolSet,
	options: ToolCallCheckOptions & { isAvailable: NonNullable<ToolCallCheckOptions["isAvailable"]> },
): Promise<ToolCallCheck>;
export function checkToolCall(
	name: string,
	host: ToolCatalog & ActiveToolSet,
	options?: ToolCallCheckOptions,
): ToolCallCheck | Promise<ToolCallCheck>;
export function checkToolCall(
	name: string,
	host: ToolCatalog & ActiveToolSet,
	options?: ToolCallCheckOptions,
): ToolCallCheck | Promise<ToolCallCheck> {
	checkArguments(name, host, options);
	const isAvailable = options?.isAvailable;
	if (isAvailable === undefined) return checkLoaded(name, host, options);
	const found = checkLoaded(name, host, { ...options, autoActivate: false });
	if (found.status === "unknown") return Promise.resolve(found);
	return availability(isAvailable, name, options?.ctx).then((available) => {
		if (!available) return { status: "unavailable", message: unavailableMessage(name) };
		if (found.status === "inactive" && options?.autoActivate === true) {
			return checkLoaded(name, host, options);
		}
		return found;
	});
}

/** Whether `isAvailable` answers exactly `true`; a throw or a rejection counts as unavailable. */
async function availability(
	isAvailable: NonNullable<ToolCallCheckOptions["isAvailable"]>,
	name: string,
	ctx: unknown,
): Promise<boolean> {
	try {
		return (await isAvailable(name, ctx)) === true;
	} catch {
		return false;
	}
}

/** The check without the gate: active, activated, inactive or unknown. */
function checkLoaded(
	name: string,
	host: ToolCatalog & ActiveToolSet,
	options: ToolCallCheckOptions | undefined,
): ToolCallCheck {
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
