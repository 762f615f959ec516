/**
 * Builds the search document of a tool: the raw text of its weighted fields, plus the pi-compatible
 * `text`, `summary` and `namespaceText`.
 */
import type { ToolSearchFieldName } from "../defaults.js";
import { quote, ToolSearchError } from "../errors.js";
import { isObject } from "../internal/guards.js";
import type { ToolInfo, ToolNamespace, ToolSearchDocument } from "../types.js";
import { cutLine, firstNonBlankLine } from "./first-line.js";
import { sentenceOfLine } from "./first-sentence.js";
import { schemaText } from "./schema-text.js";

/**
 * How many UTF-16 code units of the description's first line {@link createToolSearchDocument} keeps
 * in `summary` (fewer when the cut would split a surrogate pair).
 */
export const SUMMARY_MAX_LENGTH = 200;

/**
 * The local name of a tool: the part after the last `__` (the MCP convention `mcp__server__tool`),
 * or the whole name when it has no `__` or nothing follows the last one. Dots are not separators:
 * `github.create_issue` (BFCL style) is its own local name.
 *
 * @example
 * ```ts
 * toolLocalName("mcp__github__create_issue"); // "create_issue"
 * toolLocalName("read_file"); // "read_file"
 * toolLocalName("github.create_issue"); // "github.create_issue"
 * ```
 */
export function toolLocalName(name: string): string {
	const at = name.lastIndexOf("__");
	if (at < 0) return name;
	const local = name.slice(at + 2);
	return local === "" ? name : local;
}

/**
 * Whether `local` is `toolLocalName(name)`, without cutting the local name out of `name`.
 * @internal
 * @example
 * isLocalNameOf("create_issue", "mcp__github__create_issue"); // true
 */
export function isLocalNameOf(local: string, name: string): boolean {
	const at = name.lastIndexOf("__");
	if (at < 0 || at + 2 === name.length) return local === name;
	return local.length === name.length - at - 2 && name.endsWith(local);
}

/** `value` trimmed when it is a string with visible content, else `undefined`. */
function nonBlank(value: unknown): string | undefined {
	if (typeof value !== "string") return undefined;
	const trimmed = value.trim();
	return trimmed === "" ? undefined : trimmed;
}

/**
 * Joins the parts (two or three, no array) that are non-blank strings with `"\n"`, each trimmed. Concatenation rather than
 * `Array#join`: V8 then links the parts instead of copying them, and the index never reads `text`,
 * so a host with 100k tools does not pay for a second copy of every description.
 */
function joinLines(first: unknown, second: unknown, third?: unknown): string {
	return appendLine(appendLine(nonBlank(first) ?? "", second), third);
}

/** `joined` with the non-blank string `part`, trimmed, on a line of its own. */
function appendLine(joined: string, part: unknown): string {
	const line = nonBlank(part);
	if (line === undefined) return joined;
	return joined === "" ? line : `${joined}\n${line}`;
}

/**
 * Builds the search document of a tool, optionally inside a namespace (such as an MCP server).
 *
 * `fields` holds raw, untokenized text per field (the index tokenizes it):
 * - `name`: the name as is; `localName`: see {@link toolLocalName};
 * - `label`: the non-blank `title` (MCP), else the non-blank `label` (pi), trimmed, else `""`;
 * - `namespace`: the namespace name; `namespaceText`: its description and instructions;
 * - `description`: the description when it is a string, else `""` (numbers, objects and `null`
 *   are ignored, never thrown on);
 * - `parameterNames`: property names of `parameters` (else `inputSchema`), nested ones included,
 *   space-separated, in schema order, deduplicated;
 * - `parameterText`: schema titles, descriptions and enum/const values, one per line, deduplicated.
 *
 * The schema is read as `JSON.stringify` would send it: own enumerable keys only (inherited and
 * non-enumerable ones, such as a class's prototype getters, are not indexed).
 *
 * The pi-compatible properties: `text` is the description, parameter names and parameter text joined
 * by `"\n"`; `summary` is the label (or name), `": "`, and the first non-blank line of the description
 * cut to {@link SUMMARY_MAX_LENGTH}; `namespaceText` is the namespace name, description and
 * instructions, and is absent without a namespace. The document and its `fields` are frozen; the
 * inputs are never mutated.
 *
 * @throws {ToolSearchError} `INVALID_TOOL` when `tool` is not an object or its `name` is not a
 * non-empty string, or when `namespace` is given and is not an object or its `name` is not a
 * string, or when reading the tool throws (a getter or proxy trap; the error is the `cause`); the
 * message quotes the offending value.
 *
 * @example
 * ```ts
 * const document = createToolSearchDocument(
 *   {
 *     name: "mcp__github__create_issue",
 *     title: "Create issue",
 *     description: "Create a new issue in a GitHub repository.",
 *     inputSchema: { type: "object", properties: { repo: { type: "string", description: "owner/name" } } },
 *   },
 *   { name: "github", description: "GitHub API" },
 * );
 * document.fields?.localName; // "create_issue"
 * document.summary; // "Create issue: Create a new issue in a GitHub repository."
 * document.namespaceText; // "github\nGitHub API"
 * ```
 */
export function createToolSearchDocument(tool: ToolInfo, namespace?: ToolNamespace): ToolSearchDocument {
	try {
		return buildToolSearchDocument(tool, namespace);
	} catch (error) {
		if (ToolSearchError.isInstance(error)) throw error;
		// A getter or proxy trap of the tool (or namespace) threw while it was read.
		const reason = error instanceof Error ? error.message : quote(error);
		throw new ToolSearchError("INVALID_TOOL", `tool could not be read: ${reason}`, { cause: error });
	}
}

/**
 * {@link createToolSearchDocument} without the wrapping of what reading the tool throws: a getter's
 * own error comes through as it is, so `tool_search` can skip such a tool and still fail loudly on a
 * `ToolSearchError` (a namespace without a name). Internal.
 */
export function buildToolSearchDocument(
	tool: ToolInfo,
	namespace: ToolNamespace | undefined,
): ToolSearchDocument {
	if (!isObject(tool)) {
		throw new ToolSearchError(
			"INVALID_TOOL",
			`tool must be an object with a non-empty string name, got ${quote(tool)}`,
		);
	}
	const name: unknown = tool.name;
	if (typeof name !== "string" || name === "") {
		throw new ToolSearchError("INVALID_TOOL", `tool name must be a non-empty string, got ${quote(name)}`);
	}
	let namespaceName = "";
	let namespaceDetails = "";
	if (namespace !== undefined) {
		if (!isObject(namespace)) {
			throw new ToolSearchError(
				"INVALID_TOOL",
				`namespace must be an object with a string name, got ${quote(namespace)}`,
			);
		}
		const nsName: unknown = namespace.name;
		if (typeof nsName !== "string") {
			throw new ToolSearchError("INVALID_TOOL", `namespace name must be a string, got ${quote(nsName)}`);
		}
		namespaceName = nsName;
		namespaceDetails = joinLines(namespace.description, namespace.instructions);
	}

	const description = typeof tool.description === "string" ? tool.description : "";
	const label = nonBlank(tool.title) ?? nonBlank(tool.label) ?? "";
	const { parameters } = tool;
	const schema = isObject(parameters) && !Array.isArray(parameters) ? parameters : tool.inputSchema;
	const { names, texts } = schemaText(schema);
	const parameterNames = names.join(" ");
	const parameterText = texts.join("\n");

	// The first sentence and the summary's line both come from the first non-blank line.
	const line = firstNonBlankLine(description);
	const fields: Record<ToolSearchFieldName, string> = {
		name,
		localName: toolLocalName(name),
		label,
		namespace: namespaceName,
		namespaceText: namespaceDetails,
		summary: sentenceOfLine(line),
		description,
		parameterNames,
		parameterText,
	};

	const heading = label === "" ? name : label;
	const summaryLine = cutLine(line, SUMMARY_MAX_LENGTH);
	const text = joinLines(description, parameterNames, parameterText);
	const summary = summaryLine === "" ? heading : `${heading}: ${summaryLine}`;
	// Two literals rather than a spread: the same properties in the same order, without a temporary.
	const document: ToolSearchDocument =
		namespace === undefined
			? { name, text, summary, fields: Object.freeze(fields) }
			: {
					name,
					text,
					summary,
					namespaceText: joinLines(namespaceName, namespaceDetails),
					fields: Object.freeze(fields),
				};
	return Object.freeze(document);
}
