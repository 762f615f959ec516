/**
 * `planDiscovery`: which tools a host loads from the start and which it hides behind `tool_search`,
 * from one policy object every adapter shares (seed: oh-my-pi's discovery modes `auto` / `all` /
 * `mcp-only`, pinned tools, the 40-tool threshold).
 */
import { TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { quote } from "../errors.js";
import { invalidOptions, isObject } from "../internal/guards.js";
import type { ToolInfo } from "../types.js";
import { readNamespace } from "./coalesce.js";
import { utf8ByteLength } from "./source-listing.js";

/** The discovery modes, in order of how much they hide. */
export const DISCOVERY_MODES = Object.freeze(["off", "auto", "mcp-only", "all"] as const);

/**
 * One of {@link DISCOVERY_MODES}:
 * - `off`: no search, every tool loaded;
 * - `auto`: like `mcp-only` when the catalogue has more than `maxTools` tools or its schemas more
 *   than `maxSchemaTokens` tokens, else like `off`;
 * - `mcp-only`: MCP tools are deferred, the others loaded;
 * - `all`: every tool is deferred.
 * Pinned tools and the tools of pinned namespaces are never deferred.
 *
 * @example
 * ```ts
 * const mode: DiscoveryMode = "mcp-only";
 * ```
 */
export type DiscoveryMode = (typeof DISCOVERY_MODES)[number];

/** `auto` searches when the catalogue has more tools than this (oh-my-pi: 40). */
export const DEFAULT_DISCOVERY_MAX_TOOLS = 40;

/**
 * The discovery policy: one object, shared by every adapter.
 *
 * @example
 * ```ts
 * const policy: DiscoveryPolicy = { mode: "auto", maxTools: 40, pinned: ["read", "bash"], pinnedNamespaces: ["memory"] };
 * ```
 */
export interface DiscoveryPolicy {
	/** @defaultValue `"auto"` */
	mode?: DiscoveryMode | undefined;
	/** `auto` searches when the catalogue has more tools than this. Integer ≥ 0 or `Infinity`. @defaultValue 40 */
	maxTools?: number | undefined;
	/**
	 * `auto` also searches when the tools' estimated schema tokens ({@link estimateToolTokens}, summed)
	 * exceed this. Number ≥ 0 or `Infinity`. @defaultValue `Infinity`
	 */
	maxSchemaTokens?: number | undefined;
	/** Names of tools always loaded. Names not in the catalogue are reported, not an error. @defaultValue `[]` */
	pinned?: readonly string[] | undefined;
	/** Namespaces whose tools are always loaded. @defaultValue `[]` */
	pinnedNamespaces?: readonly string[] | undefined;
	/** A tool's namespace (MCP server). @defaultValue {@link namespaceFromToolName} of the tool's name */
	namespaceOf?: ((tool: ToolInfo) => string | undefined) | undefined;
	/** Whether a tool comes from an MCP server. @defaultValue `namespaceOf(tool) !== undefined` */
	isMcp?: ((tool: ToolInfo) => boolean) | undefined;
}

/**
 * What {@link planDiscovery} decided. Names are in catalogue order.
 *
 * @example
 * ```ts
 * const { searchEnabled, loaded, exclude }: DiscoveryPlan = planDiscovery(tools, { mode: "mcp-only" });
 * ```
 */
export interface DiscoveryPlan {
	/** The policy's mode. */
	mode: DiscoveryMode;
	/** Whether to offer `tool_search`: the mode searches and at least one tool is deferred. */
	searchEnabled: boolean;
	/** Why, in one line, e.g. `mode "auto": 57 tools (more than 40): 31 MCP tools are deferred`. */
	reason: string;
	/** Tools active from the start: pinned tools, the tools of pinned namespaces and unsearchable ones; every tool when search is off. */
	loaded: string[];
	/** Tools hidden until `tool_search` finds them. Empty when search is off. */
	deferred: string[];
	/** Names in `pinned` that no tool has, in policy order, without repeats. */
	unknownPinned: string[];
	/**
	 * For `createToolSearchTool`'s `exclude` option: `true` for every tool that is not in `deferred`
	 * (tools added to the catalogue after planning included: plan again when the catalogue changes).
	 */
	exclude: (tool: ToolInfo) => boolean;
}

function nameList(value: unknown, what: string): readonly string[] {
	if (value === undefined) return [];
	if (!Array.isArray(value)) invalidOptions(`${what} must be an array of strings, got ${quote(value)}`);
	for (const item of value as unknown[]) {
		if (typeof item !== "string")
			invalidOptions(`${what} must be an array of strings, got ${quote(item)} in it`);
	}
	return value as readonly string[];
}

function threshold(value: unknown, what: string, integer: boolean): number | undefined {
	if (value === undefined) return undefined;
	const valid =
		typeof value === "number" &&
		value >= 0 &&
		(value === Number.POSITIVE_INFINITY || (integer ? Number.isSafeInteger(value) : Number.isFinite(value)));
	if (!valid) {
		invalidOptions(
			`${what} must be ${integer ? "an integer" : "a number"} ≥ 0 or Infinity, got ${quote(value)}`,
		);
	}
	return value as number;
}

interface ResolvedPolicy {
	readonly mode: DiscoveryMode;
	readonly maxTools: number;
	readonly maxSchemaTokens: number;
	readonly pinned: ReadonlySet<string>;
	readonly pinnedNamespaces: ReadonlySet<string>;
	readonly namespaceOf: (tool: ToolInfo) => unknown;
	readonly isMcp: ((tool: ToolInfo) => unknown) | undefined;
}

function checkPolicy(policy: unknown): ResolvedPolicy {
	if (policy === undefined) return checkPolicy({});
	if (!isObject(policy)) invalidOptions(`policy must be an object, got ${quote(policy)}`);
	const { mode, namespaceOf, isMcp } = policy;
	if (mode !== undefined && !(DISCOVERY_MODES as readonly unknown[]).includes(mode)) {
		invalidOptions(`mode must be one of "off", "auto", "mcp-only", "all", got ${quote(mode)}`);
	}
	if (namespaceOf !== undefined && typeof namespaceOf !== "function") {
		invalidOptions(`namespaceOf must be a function, got ${quote(namespaceOf)}`);
	}
	if (isMcp !== undefined && typeof isMcp !== "function")
		invalidOptions(`isMcp must be a function, got ${quote(isMcp)}`);
	return {
		mode: (mode as DiscoveryMode | undefined) ?? "auto",
		maxTools: threshold(policy.maxTools, "maxTools", true) ?? DEFAULT_DISCOVERY_MAX_TOOLS,
		maxSchemaTokens: threshold(policy.maxSchemaTokens, "maxSchemaTokens", false) ?? Number.POSITIVE_INFINITY,
		pinned: new Set(nameList(policy.pinned, "pinned")),
		pinnedNamespaces: new Set(nameList(policy.pinnedNamespaces, "pinnedNamespaces")),
		namespaceOf:
			(namespaceOf as ((tool: ToolInfo) => unknown) | undefined) ??
			((tool: ToolInfo) => namespaceFromToolName(tool.name)),
		isMcp: isMcp as ((tool: ToolInfo) => unknown) | undefined,
	};
}

/**
 * The namespace in a tool name by the MCP convention: what comes before the last `__`, without a
 * leading `mcp__`; `undefined` when the name has no `__` or nothing precedes it.
 *
 * @example
 * ```ts
 * namespaceFromToolName("mcp__github__create_issue"); // "github"
 * namespaceFromToolName("slack__post_message"); // "slack"
 * namespaceFromToolName("read_file"); // undefined
 * ```
 */
export function namespaceFromToolName(name: string): string | undefined {
	const bare = name.startsWith("mcp__") && name.indexOf("__", 5) > 5 ? name.slice(5) : name;
	const at = bare.lastIndexOf("__");
	return at > 0 ? bare.slice(0, at) : undefined;
}

/**
 * Estimated tokens a tool takes in a prompt: the UTF-8 bytes of the JSON of its name, description
 * (when a string) and schema (`parameters`, else `inputSchema`), divided by 4, rounded up. A schema
 * that cannot be serialised (a cycle, a `BigInt`) counts as absent.
 *
 * @example
 * ```ts
 * estimateToolTokens({ name: "read_file", description: "Read a file." }); // 13
 * ```
 */
export function estimateToolTokens(tool: ToolInfo): number {
	let json: string;
	try {
		const name = tool.name;
		const description = typeof tool.description === "string" ? tool.description : undefined;
		try {
			json = JSON.stringify({ name, description, schema: tool.parameters ?? tool.inputSchema }) ?? "";
		} catch {
			json = JSON.stringify({ name, description });
		}
	} catch {
		json = ""; // a getter threw: the tool counts as empty
	}
	return Math.ceil(utf8ByteLength(json) / 4);
}

/** The catalogue's well-formed tools, first of each name: all names in order, and the tools but `tool_search`. */
function catalogue(tools: readonly unknown[]): { order: string[]; tools: ToolInfo[] } {
	const seen = new Set<string>();
	const kept: ToolInfo[] = [];
	for (const item of tools) {
		const name = toolName(item);
		if (name === undefined || seen.has(name)) continue;
		seen.add(name);
		if (name !== TOOL_SEARCH_TOOL_NAME) kept.push(item as ToolInfo);
	}
	return { order: [...seen], tools: kept };
}

/**
 * A host tool's name: a non-empty string, or `undefined` for an entry that is not an object, has
 * no such name, or whose `name` getter throws (such a tool is skipped, as `tool_search` skips it).
 */
export function toolName(item: unknown): string | undefined {
	if (!isObject(item)) return undefined;
	try {
		const name = item.name;
		return typeof name === "string" && name !== "" ? name : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Plans discovery for a catalogue: which tools to load from the start (`loaded`) and which to hide
 * until `tool_search` finds them (`deferred`), with `exclude` ready for `createToolSearchTool`.
 *
 * - `off`: nothing deferred. `all`: every tool deferred. `mcp-only`: every MCP tool deferred
 *   (`isMcp`, by default: the tool has a namespace). `auto` (the default): like `mcp-only` when the
 *   catalogue has more than `maxTools` tools (40) or more than `maxSchemaTokens` estimated schema
 *   tokens (`Infinity`), else like `off` (oh-my-pi: `auto` searches hidden MCP tools only).
 * - Pinned tools and the tools of pinned namespaces are never deferred.
 * - Search is enabled only when at least one tool is deferred; otherwise everything is loaded.
 * - The catalogue is read like `tool_search` reads it: malformed entries (not an object, no
 *   non-empty string name) are skipped, of two tools with one name the first counts, and a
 *   `tool_search` entry is never deferred nor counted: it is loaded when search is enabled and left
 *   out otherwise.
 *
 * `loaded` and `deferred` follow catalogue order. Neither the tools nor the policy are mutated.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `tools` is not an array, the policy is not an
 * object, `mode` is unknown, `maxTools` is not an integer ≥ 0 (or `Infinity`), `maxSchemaTokens` is
 * negative or NaN, `pinned` or `pinnedNamespaces` is not an array of strings, or `namespaceOf` /
 * `isMcp` is not a function; `INVALID_TOOL` when `namespaceOf` returns something other than a
 * non-empty string or `undefined`.
 *
 * @example
 * ```ts
 * // the catalogue holds tool_search too: it is in `loaded` exactly when search is enabled
 * const plan = planDiscovery(host.getAllTools(), { mode: "auto", pinned: ["read", "bash"] });
 * host.setActiveTools(plan.loaded);
 * const toolSearch = createToolSearchTool({ tools: host, exclude: plan.exclude });
 * console.log(plan.reason); // mode "auto": 57 tools (more than 40): 31 MCP tools are deferred
 * ```
 */
export function planDiscovery(tools: readonly ToolInfo[], policy?: DiscoveryPolicy): DiscoveryPlan {
	if (!Array.isArray(tools)) invalidOptions(`tools must be an array, got ${quote(tools)}`);
	const { mode, maxTools, maxSchemaTokens, pinned, pinnedNamespaces, namespaceOf, isMcp } =
		checkPolicy(policy);
	const { order, tools: known } = catalogue(tools as readonly unknown[]);
	const present = new Set(order);
	const unknownPinned = [...pinned].filter((name) => !present.has(name));

	const plan = (reason: string, deferred: readonly string[]): DiscoveryPlan => {
		const hidden = new Set(deferred);
		const enabled = hidden.size > 0;
		return {
			mode,
			searchEnabled: enabled,
			reason,
			loaded: order.filter((name) => !hidden.has(name) && (enabled || name !== TOOL_SEARCH_TOOL_NAME)),
			deferred: [...deferred],
			unknownPinned,
			exclude: (tool) => !(isObject(tool) && typeof tool.name === "string" && hidden.has(tool.name)),
		};
	};
	const prefix = `mode ${quote(mode)}: `;
	const everything = "search is off, every tool is loaded";
	if (mode === "off") return plan(`${prefix}${everything}`, []);

	let why = "";
	if (mode === "auto") {
		const tokens = maxSchemaTokens === Number.POSITIVE_INFINITY ? undefined : sumTokens(known);
		if (known.length > maxTools) why = `${known.length} tools (more than ${maxTools})`;
		else if (tokens !== undefined && tokens > maxSchemaTokens) {
			why = `${tokens} schema tokens (more than ${maxSchemaTokens})`;
		} else {
			const counts = `${known.length} tools (at most ${maxTools})`;
			const tokenText =
				tokens === undefined ? "" : ` and ${tokens} schema tokens (at most ${maxSchemaTokens})`;
			return plan(`${prefix}${counts}${tokenText}: ${everything}`, []);
		}
	}

	const deferred = known
		.filter((tool) => {
			if (pinned.has(tool.name)) return false;
			const namespace = readNamespace(namespaceOf(tool), tool.name);
			if (namespace !== undefined && pinnedNamespaces.has(namespace)) return false;
			if (mode === "all") return true;
			return isMcp === undefined ? namespace !== undefined : isMcp(tool) === true;
		})
		.map((tool) => tool.name);
	const kind = mode === "all" ? "" : "MCP ";
	const lead = why === "" ? prefix : `${prefix}${why}${deferred.length === 0 ? " but " : ": "}`;
	if (deferred.length === 0) {
		return plan(
			`${lead}no ${kind}tool to defer (pinned tools and namespaces stay loaded): ${everything}`,
			[],
		);
	}
	const count = `${deferred.length} ${kind}${deferred.length === 1 ? "tool is" : "tools are"} deferred`;
	return plan(`${lead}${count}`, deferred);
}

function sumTokens(tools: readonly ToolInfo[]): number {
	let total = 0;
	for (const tool of tools) total += estimateToolTokens(tool);
	return total;
}
