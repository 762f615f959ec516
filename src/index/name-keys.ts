import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { isLocalNameOf, toolLocalName } from "../document/create-tool-search-document.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type { ToolSearchFields } from "../types.js";
import type { FieldTerms } from "./field-tokens.js";
import type { KeyMap, KeyVocabulary } from "./key-map.js";

const NAME_FIELD = TOOL_SEARCH_FIELDS.indexOf("name");
const LOCAL_NAME_FIELD = TOOL_SEARCH_FIELDS.indexOf("localName");

/**
 * The exact-name keys of a tool: its name's tokens and its local name's tokens, space-joined.
 * Derived from the name alone (for a saved index, which keeps names, not keys).
 * @internal
 */
export function nameKeys(name: string): { nameKey: string; localKey: string } {
	const local = toolLocalName(name);
	const localKey = tokenize(local).join(" ");
	if (local === name) return { nameKey: localKey, localKey };
	// name = <prefix>__<local>, and "__" separates tokens: the local name's tokens end the name's.
	const prefix = tokenize(name.slice(0, name.length - local.length - 2)).join(" ");
	return { nameKey: prefix === "" ? localKey : localKey === "" ? prefix : `${prefix} ${localKey}`, localKey };
}

/**
 * Adds the name keys of the tool `name` in `slot` to `keys`: from the term ids `reader` read of its
 * name and local name fields when they hold its name and local name (always, for documents built by
 * `createToolSearchDocument`), else by tokenizing its name.
 * @internal
 */
export function addNameKeys(
	keys: KeyMap,
	name: string,
	fields: ToolSearchFields,
	reader: FieldTerms,
	slot: number,
	vocabulary: KeyVocabulary,
): void {
	if (fields.name !== name || !isLocalNameOf(fields.localName, name)) {
		const { nameKey, localKey } = nameKeys(name);
		keys.add(nameKey, slot);
		if (localKey !== nameKey) keys.add(localKey, slot);
		return;
	}
	const { ids, from, to } = reader;
	const nameFrom = from[NAME_FIELD] as number;
	const nameTo = to[NAME_FIELD] as number;
	const localFrom = from[LOCAL_NAME_FIELD] as number;
	const localTo = to[LOCAL_NAME_FIELD] as number;
	keys.addTerms(slot, ids.values, nameFrom, nameTo, vocabulary);
	// The local name's tokens end the name's: the same key when they are as many.
	if (localTo - localFrom !== nameTo - nameFrom)
		keys.addTerms(slot, ids.values, localFrom, localTo, vocabulary);
}
