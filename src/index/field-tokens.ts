/**
 * Tokenizes a tool's fields for the index, sharing work between fields that overlap: the summary
 * (the description's first sentence) is the start of the description, and the local name is the end
 * of the name, so each overlapping part is tokenized once. The result equals tokenizing every field
 * on its own (tested); when a field does not overlap as expected, it is tokenized on its own.
 * @internal
 */
import { TOOL_SEARCH_FIELDS, type ToolSearchFieldName } from "../defaults.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type { ToolSearchFields } from "../types.js";

const WHITE_SPACE = /\s/u;

/** The tokens of `text` split at `at`, when `at` falls on white space (or the end): a token boundary. */
function splitAtSpace(text: string, at: number): [string[], string[]] | undefined {
	if (at < text.length && !WHITE_SPACE.test(text.charAt(at))) return undefined;
	return [tokenize(text.slice(0, at)), tokenize(text.slice(at))];
}

/** The tokens of every field, in `TOOL_SEARCH_FIELDS` order. */
export function fieldTokens(fields: ToolSearchFields): string[][] {
	const out: string[][] = [];
	const shared = new Map<ToolSearchFieldName, string[]>();

	// name = <prefix>__<localName>: "__" is a separator, so the tokens concatenate.
	const { name, localName, summary, description } = fields;
	const cut = name.length - localName.length;
	if (
		localName !== "" &&
		localName !== name &&
		name.endsWith(localName) &&
		name.slice(cut - 2, cut) === "__"
	) {
		const local = tokenize(localName);
		shared.set("localName", local);
		shared.set("name", [...tokenize(name.slice(0, cut - 2)), ...local]);
	}
	// description = <white space><summary><white space><rest>.
	if (summary !== "") {
		const start = description.indexOf(summary);
		if (start !== -1 && description.slice(0, start).trim() === "") {
			const parts = splitAtSpace(description, start + summary.length);
			if (parts !== undefined) {
				shared.set("summary", parts[0]);
				shared.set("description", [...parts[0], ...parts[1]]);
			}
		}
	}
	for (const field of TOOL_SEARCH_FIELDS) out.push(shared.get(field) ?? tokenize(fields[field]));
	return out;
}
