/**
 * Applying a server's new listing to what the catalogue knew: which tools were added, removed or
 * updated, with unchanged tools kept as the very same objects.
 */
import { quote, ToolSearchError } from "../../errors.js";
import { sameJson } from "./mcp-listing.js";
import type { McpTool, McpToolOrigin } from "./mcp-types.js";

/**
 * One catalogued tool: what the catalogue hands out, what the server listed, and where it is from.
 *
 * @example
 * ```ts
 * const entry: McpCatalogEntry = { info, definition: tool, origin: { server: "github", tool: "create_issue" } };
 * ```
 */
export interface McpCatalogEntry {
	readonly info: McpTool;
	/** The definition as the server listed it, to compare the next listing with. */
	readonly definition: McpTool;
	readonly origin: McpToolOrigin;
}

/**
 * Options of {@link diffListing}.
 *
 * @example
 * ```ts
 * const options: DiffListingOptions = { toolName: (server, tool) => `${server}__${tool.name}`, takenBy: () => undefined };
 * ```
 */
export interface DiffListingOptions {
	/** The catalogue name of a server's tool. */
	toolName: (server: string, tool: McpTool) => string;
	/** The other server already holding a catalogue name, if any. */
	takenBy: (name: string) => string | undefined;
}

/**
 * What {@link diffListing} found: the server's new entries (in listing order) and the changes.
 *
 * @example
 * ```ts
 * const { next, added, removed, updated, errors, reordered }: ListingDiff = diffListing("github", previous, listed, options);
 * ```
 */
export interface ListingDiff {
	next: Map<string, McpCatalogEntry>;
	added: string[];
	removed: string[];
	updated: string[];
	/**
	 * Tools skipped: no name, no object `inputSchema`, a bad or throwing `toolName`, or a catalogue
	 * name already taken.
	 */
	errors: unknown[];
	/** True when the same names come in another order. */
	reordered: boolean;
}

/**
 * The catalogue's view of a tool: the definition under its catalogue name, `title` falling back to
 * `annotations.title`, frozen.
 *
 * @example
 * ```ts
 * toMcpToolInfo({ name: "get_alerts", annotations: { title: "Alerts" }, inputSchema: { type: "object" } }, "weather__get_alerts");
 * // { name: "weather__get_alerts", title: "Alerts", annotations: { title: "Alerts" }, inputSchema: { type: "object" } }
 * ```
 */
export function toMcpToolInfo(tool: McpTool, name: string): McpTool {
	const annotated = tool.annotations?.title;
	const title =
		typeof tool.title === "string" ? tool.title : typeof annotated === "string" ? annotated : undefined;
	return Object.freeze({ ...tool, name, ...(title === undefined ? {} : { title }) });
}

/**
 * Compares a server's new listing with its previous entries. A tool whose definition is unchanged
 * (as JSON) keeps its entry, and so its `info` object; a changed one gets a new entry. Malformed or
 * clashing tools are skipped and reported in `errors`. Nothing given is mutated.
 *
 * @example
 * ```ts
 * const diff = diffListing("github", previous, await listAllTools(client), { toolName, takenBy });
 * diff.added; // ["github__merge_pull_request"]
 * ```
 */
export function diffListing(
	server: string,
	previous: ReadonlyMap<string, McpCatalogEntry>,
	listed: readonly unknown[],
	options: DiffListingOptions,
): ListingDiff {
	const errors: unknown[] = [];
	const skip = (code: "INVALID_TOOL" | "DUPLICATE_TOOL", message: string): void => {
		errors.push(new ToolSearchError(code, message));
	};
	const next = new Map<string, McpCatalogEntry>();
	const added: string[] = [];
	const updated: string[] = [];
	for (const tool of listed) {
		const original =
			typeof tool === "object" && tool !== null ? (tool as { name?: unknown }).name : undefined;
		if (typeof original !== "string" || original === "") {
			skip("INVALID_TOOL", `server ${quote(server)} listed a tool without a name: ${quote(tool)}`);
			continue;
		}
		const definition = tool as McpTool;
		const schema = (definition as { inputSchema?: unknown }).inputSchema;
		if (typeof schema !== "object" || schema === null || (schema as { type?: unknown }).type !== "object") {
			// MCP requires an object inputSchema; listed on, such a tool would make a client reject the
			// proxy's whole tools/list answer.
			skip(
				"INVALID_TOOL",
				`tool ${quote(original)} of ${quote(server)} skipped: its inputSchema must be an object schema (type "object"), got ${quote(schema)}`,
			);
			continue;
		}
		let name: unknown;
		try {
			name = options.toolName(server, definition);
		} catch (error) {
			errors.push(error);
			continue;
		}
		if (typeof name !== "string" || name === "") {
			skip(
				"INVALID_TOOL",
				`toolName returned ${quote(name)} for tool ${quote(original)} of ${quote(server)}`,
			);
			continue;
		}
		const owner = next.has(name) ? server : options.takenBy(name);
		if (owner !== undefined) {
			skip(
				"DUPLICATE_TOOL",
				`tool ${quote(original)} of ${quote(server)} skipped: ${quote(name)} is taken by ${quote(owner)}`,
			);
			continue;
		}
		const before = previous.get(name);
		if (before !== undefined && before.origin.tool === original && sameJson(before.definition, definition)) {
			next.set(name, before);
			continue;
		}
		next.set(name, { info: toMcpToolInfo(definition, name), definition, origin: { server, tool: original } });
		(before === undefined ? added : updated).push(name);
	}
	const removed = [...previous.keys()].filter((name) => !next.has(name));
	const was = [...previous.keys()];
	const now = [...next.keys()];
	const reordered = was.length !== now.length || was.some((name, at) => name !== now[at]);
	return { next, added, removed, updated, errors, reordered };
}
