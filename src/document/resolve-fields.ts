/**
 * The weighted fields of any search document: ours carry them, pi's are derived from `text`.
 */
import { TOOL_SEARCH_FIELDS, type ToolSearchFieldName } from "../defaults.js";
import type { ToolSearchDocument, ToolSearchFields } from "../types.js";
import { toolLocalName } from "./create-tool-search-document.js";
import { firstSentence } from "./first-sentence.js";

function stringOr(value: unknown, fallback: string): string {
	return typeof value === "string" ? value : fallback;
}

/**
 * Whether every field is a string. Written out rather than a loop over `TOOL_SEARCH_FIELDS`: named
 * property reads stay monomorphic, where a loop's keyed reads cost a dictionary lookup each (this
 * runs for every tool indexed). A test holds the list to `TOOL_SEARCH_FIELDS`.
 */
function isComplete(fields: Record<string, unknown>): boolean {
	return (
		typeof fields.name === "string" &&
		typeof fields.localName === "string" &&
		typeof fields.label === "string" &&
		typeof fields.namespace === "string" &&
		typeof fields.namespaceText === "string" &&
		typeof fields.summary === "string" &&
		typeof fields.description === "string" &&
		typeof fields.parameterNames === "string" &&
		typeof fields.parameterText === "string"
	);
}

/**
 * The fields a BM25F ranker reads for a document.
 *
 * - A document with a complete `fields` object (all eight fields strings, as
 *   `createToolSearchDocument` builds it) gets that very object back.
 * - A `fields` object with missing or non-string entries (hand-built at runtime) is completed: each
 *   such entry becomes the value derived as for a pi document, below, and the result is frozen.
 * - A pi document (`{ name, text, summary?, namespaceText? }`, built by pi's own
 *   `createToolSearchDocument`) has no fields: `name` is the name, `localName` the part after the
 *   last `__`, `description` is `text`, `namespaceText` is `namespaceText` (which in pi also holds
 *   the namespace name), and `label`, `namespace`, `parameterNames`, `parameterText` are `""`
 *   (pi's `text` already contains the parameter names and descriptions); the `summary` field is
 *   the first sentence of `text`. pi's own `summary` property is not used:
 *   it repeats the name and the description. Non-string `name`, `text` or `namespaceText` at
 *   runtime count as `""`. The result is frozen.
 *
 * Never throws for an object argument.
 *
 * @example
 * ```ts
 * resolveToolSearchFields({
 *   name: "mcp__slack__post_message",
 *   text: "Post a message to a Slack channel\nchannel text",
 *   namespaceText: "slack\nSlack workspace",
 * });
 * // { name: "mcp__slack__post_message", localName: "post_message", label: "", namespace: "",
 * //   namespaceText: "slack\nSlack workspace", summary: "Post a message to a Slack channel",
 * //   description: "Post a message to a Slack channel\nchannel text",
 * //   parameterNames: "", parameterText: "" }
 * ```
 */
export function resolveToolSearchFields(document: ToolSearchDocument): ToolSearchFields {
	const given: unknown = document.fields;
	const fields = typeof given === "object" && given !== null ? (given as Record<string, unknown>) : undefined;
	if (fields !== undefined && isComplete(fields)) return fields as ToolSearchFields;

	const name = stringOr(document.name, "");
	const derived: Record<ToolSearchFieldName, string> = {
		name,
		localName: toolLocalName(name),
		label: "",
		namespace: "",
		namespaceText: stringOr(document.namespaceText, ""),
		summary: firstSentence(stringOr(document.text, "")),
		description: stringOr(document.text, ""),
		parameterNames: "",
		parameterText: "",
	};
	if (fields !== undefined) {
		for (const field of TOOL_SEARCH_FIELDS) derived[field] = stringOr(fields[field], derived[field]);
	}
	return Object.freeze(derived);
}
