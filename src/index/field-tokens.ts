/**
 * A tool's fields as term ids, for the index: the term id of every token `tokenize` gives each
 * field, in order (tested against it). Two savings over tokenizing each field and looking every
 * token up:
 *
 * - ASCII text goes through `scanAsciiWords`, which finds each word in a {@link WordTable} from the
 *   text's characters, and the table remembers the word's term id: a known word costs no string and
 *   no `Map` lookup. Text with other characters (or an apostrophe) goes through `tokenize`.
 * - Fields that overlap are read once: the summary (the description's first sentence) is the start
 *   of the description, and the local name is the end of the name. When a field does not overlap as
 *   expected, it is read on its own.
 *
 * Term ids are requested in the order a loop over the fields' tokens would request them, so the
 * vocabulary numbers terms exactly as that loop did.
 * @internal
 */
import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { IntBuffer } from "../internal/int-buffer.js";
import { asciiBytes, scanAsciiWords } from "../tokenizer/ascii-words.js";
import { tokenize } from "../tokenizer/tokenize.js";
import { WordTable } from "../tokenizer/word-table.js";
import type { ToolSearchFields } from "../types.js";

/** What the field reader needs of the index's vocabulary. */
export interface TermVocabulary {
	/** The id of `token`, numbered now when new. */
	termId(token: string): number;
	/** Changes whenever ids are renumbered (a compaction). */
	readonly vocabularyVersion: number;
}

const FIELD_COUNT = TOOL_SEARCH_FIELDS.length;
const NAME = TOOL_SEARCH_FIELDS.indexOf("name");
const LOCAL_NAME = TOOL_SEARCH_FIELDS.indexOf("localName");
const SUMMARY = TOOL_SEARCH_FIELDS.indexOf("summary");
const DESCRIPTION = TOOL_SEARCH_FIELDS.indexOf("description");
const WHITE_SPACE = /\s/u;
/** Longest text whose bytes go in the buffer a reader keeps; a longer one gets a buffer of its own. */
const MAX_SHARED_BYTES = 1 << 16;

/**
 * The text of field number `field` (in `TOOL_SEARCH_FIELDS` order; the property tests, which read
 * `fields[TOOL_SEARCH_FIELDS[f]]`, hold the cases to it), by named reads rather than a keyed read.
 */
function fieldText(fields: ToolSearchFields, field: number): string {
	switch (field) {
		case 0:
			return fields.name;
		case 1:
			return fields.localName;
		case 2:
			return fields.label;
		case 3:
			return fields.namespace;
		case 4:
			return fields.namespaceText;
		case 5:
			return fields.summary;
		case 6:
			return fields.description;
		case 7:
			return fields.parameterNames;
		default:
			return fields.parameterText;
	}
}

/**
 * Reads tools' fields into term ids; one per index (its word table learns the index's words and
 * their ids). After {@link read}, field `f`'s ids are `ids.values[from[f], to[f])` (the ranges of
 * overlapping fields overlap).
 */
export class FieldTerms {
	readonly ids = new IntBuffer();
	readonly from = new Int32Array(FIELD_COUNT);
	readonly to = new Int32Array(FIELD_COUNT);
	readonly #table = new WordTable();
	#version = Number.NaN;
	/** The text last copied by `#encode`, its bytes, and whether it is ASCII. */
	#encoded: string | undefined;
	#bytes = new Uint8Array(0);
	#ascii = false;
	/** The buffer kept for texts up to MAX_SHARED_BYTES long. */
	#shared = new Uint8Array(1024);

	/** Reads `fields`, numbering new terms in `vocabulary`. */
	read(fields: ToolSearchFields, vocabulary: TermVocabulary): void {
		const table = this.#table;
		if (table.full) table.clear();
		else if (vocabulary.vocabularyVersion !== this.#version) table.clearValues();
		this.#version = vocabulary.vocabularyVersion;
		table.resetSpill();
		this.ids.length = 0;
		const { from, to } = this;
		let sharedName = false;
		let sharedDescription = false;
		// name = <prefix>__<localName>: "__" is a separator, so the tokens concatenate.
		const { name, localName, summary, description } = fields;
		const cut = name.length - localName.length;
		if (
			localName !== "" &&
			localName !== name &&
			name.endsWith(localName) &&
			name.charCodeAt(cut - 1) === 95 &&
			name.charCodeAt(cut - 2) === 95
		) {
			from[NAME] = this.ids.length;
			this.#read(name, 0, cut - 2, vocabulary);
			from[LOCAL_NAME] = this.ids.length;
			this.#read(name, cut, name.length, vocabulary);
			to[NAME] = to[LOCAL_NAME] = this.ids.length;
			sharedName = true;
		}
		for (let field = 0; field < FIELD_COUNT; field++) {
			if (sharedName && (field === NAME || field === LOCAL_NAME)) continue;
			if (sharedDescription && field === DESCRIPTION) continue;
			if (field === SUMMARY && summary !== "") {
				sharedDescription = this.#readSummary(summary, description, vocabulary);
				continue;
			}
			const text = fieldText(fields, field);
			from[field] = this.ids.length;
			this.#read(text, 0, text.length, vocabulary);
			to[field] = this.ids.length;
		}
	}

	/**
	 * Reads the summary; when the description is `<white space><summary><white space><rest>`, reads
	 * the description with it and returns true. A summary found inside the description is read from
	 * the description's bytes (it is usually a slice of it), saving a copy.
	 */
	#readSummary(summary: string, description: string, vocabulary: TermVocabulary): boolean {
		const { from, to } = this;
		const start = description.startsWith(summary) ? 0 : description.indexOf(summary);
		const at = start + summary.length;
		from[SUMMARY] = this.ids.length;
		if (start === -1 || (start !== 0 && description.slice(0, start).trim() !== "")) {
			this.#read(summary, 0, summary.length, vocabulary);
			to[SUMMARY] = this.ids.length;
			return false;
		}
		if (at < description.length && !WHITE_SPACE.test(description.charAt(at))) {
			this.#read(description, start, at, vocabulary);
			to[SUMMARY] = this.ids.length;
			return false;
		}
		from[DESCRIPTION] = from[SUMMARY] as number;
		this.#read(description, 0, at, vocabulary);
		to[SUMMARY] = this.ids.length;
		this.#read(description, at, description.length, vocabulary);
		to[DESCRIPTION] = this.ids.length;
		return true;
	}

	/** Whether `text` is ASCII; if so, its bytes are in `#bytes` (copied unless they are already). */
	#encode(text: string): boolean {
		if (text === this.#encoded) return this.#ascii;
		let bytes = this.#shared;
		if (text.length > bytes.length) {
			// A long text gets bytes of its own, not kept: the shared buffer stays small.
			if (text.length > MAX_SHARED_BYTES) bytes = new Uint8Array(text.length);
			else bytes = this.#shared = new Uint8Array(Math.max(2 * bytes.length, text.length));
		}
		this.#bytes = bytes;
		this.#ascii = asciiBytes(text, bytes);
		this.#encoded = text;
		return this.#ascii;
	}

	/** Appends the term ids of `text[start, end)`: those of `tokenize(text.slice(start, end))`. */
	#read(text: string, start: number, end: number, vocabulary: TermVocabulary): void {
		// An empty field (a tool without a label or namespace text) has no words: no copy, no scan.
		if (start === end) return;
		const ids = this.ids;
		const first = ids.length;
		const table = this.#table;
		if (!this.#encode(text) || !scanAsciiWords(text, this.#bytes, start, end, table, ids)) {
			const part = start === 0 && end === text.length ? text : text.slice(start, end);
			for (const token of tokenize(part)) ids.push(vocabulary.termId(token));
			return;
		}
		const values = ids.values;
		const known = table.values;
		for (let p = first; p < ids.length; p++) {
			const entry = values[p] as number;
			if (entry < 0) {
				values[p] = vocabulary.termId(table.spill[-2 - entry] as string);
				continue;
			}
			let term = known[entry] as number;
			if (term < 0) {
				term = vocabulary.termId(table.token(entry));
				known[entry] = term;
			}
			values[p] = term;
		}
	}
}
