/**
 * The text the hybrid ranker embeds for a tool.
 * @internal
 */
import { resolveToolSearchFields } from "../../document/resolve-fields.js";
import type { ToolSearchDocument } from "../../types.js";

/** The longest description embedded, in UTF-16 units (embedding models read a few hundred tokens). */
export const MAX_EMBEDDED_DESCRIPTION = 2000;

function words(name: string): string {
	return name
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.replace(/[_\-.:/]+/g, " ")
		.trim();
}

function firstLine(text: string): string {
	const at = text.indexOf("\n");
	return (at === -1 ? text : text.slice(0, at)).trim();
}

/**
 * Up to three lines, from the fields `tool_search` indexes:
 * 1. the tool's name in words (`create_issue` → `create issue`) and its label when it has one;
 * 2. the description (the first 2,000 characters), or the summary when there is no description;
 * 3. the namespace and the first line of its description (`github: GitHub repositories, …`).
 * Parameter names and schema text are left out: they are noise for most embedding models.
 */
export function embeddingText(document: ToolSearchDocument): string {
	const fields = resolveToolSearchFields(document);
	const name = words(fields.localName !== "" ? fields.localName : fields.name);
	const head =
		fields.label !== "" && fields.label.toLowerCase() !== name.toLowerCase()
			? `${name}: ${fields.label}`
			: name;
	const body = (fields.description !== "" ? fields.description : fields.summary)
		.trim()
		.slice(0, MAX_EMBEDDED_DESCRIPTION);
	const namespaceText = firstLine(fields.namespaceText);
	const namespace =
		fields.namespace !== "" && namespaceText !== "" && namespaceText !== fields.namespace
			? `${fields.namespace}: ${namespaceText}`
			: fields.namespace !== ""
				? fields.namespace
				: namespaceText;
	return [head, body, namespace].filter((line) => line !== "").join("\n");
}
