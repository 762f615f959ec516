import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOOL_SEARCH_FIELDS } from "../../src/defaults.js";
import {
	createToolSearchDocument,
	isLocalNameOf,
	toolLocalName,
} from "../../src/document/create-tool-search-document.js";
import { FieldTerms } from "../../src/index/field-tokens.js";
import { nameKeys } from "../../src/index/index-store.js";
import { tokenize } from "../../src/tokenizer/tokenize.js";
import type { ToolSearchFields } from "../../src/types.js";

const naive = (fields: ToolSearchFields) => TOOL_SEARCH_FIELDS.map((field) => tokenize(fields[field]));

/** A vocabulary numbering terms in the order they are first asked for, as the index's does. */
class Vocabulary {
	readonly terms: string[] = [];
	readonly ids = new Map<string, number>();
	vocabularyVersion = 0;
	termId(token: string): number {
		let id = this.ids.get(token);
		if (id === undefined) {
			id = this.terms.length;
			this.ids.set(token, id);
			this.terms.push(token);
		}
		return id;
	}
}

/** `fieldTokens`'s view of what a reader read: each field's tokens. */
function readTokens(reader: FieldTerms, vocabulary: Vocabulary, fields: ToolSearchFields): string[][] {
	reader.read(fields, vocabulary);
	return TOOL_SEARCH_FIELDS.map((_, f) =>
		[...reader.ids.values.subarray(reader.from[f], reader.to[f])].map((id) => vocabulary.terms[id] as string),
	);
}

/** What the index did before field readers: tokenize each field, number each token in order. */
function naiveNumbering(documents: readonly ToolSearchFields[]): string[] {
	const vocabulary = new Vocabulary();
	for (const fields of documents)
		for (const tokens of naive(fields)) for (const t of tokens) vocabulary.termId(t);
	return vocabulary.terms;
}

function fieldTokens(fields: ToolSearchFields): string[][] {
	return readTokens(new FieldTerms(), new Vocabulary(), fields);
}
const piece = fc.constantFrom(
	"Create",
	"issue",
	"GitHub",
	"repos",
	"获取天气预报",
	"。",
	".",
	"!",
	"?",
	" ",
	"  ",
	"\n",
	"\t",
	"v2",
	"READMEs",
	"getHTTPResponse",
	"__",
	"_",
	"-",
	"é",
	"😀",
	"a",
	"Thai ภาษาไทย",
	"x.y",
	"e.g.",
	"what's",
	"don't",
	"\u0301",
	"\u00a0",
	"XMLHttpRequest",
	"listIDs",
	"https://x.io/a?b=1",
	"the",
	"",
);
const text = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(""));

describe("FieldTerms (property)", () => {
	it("equals tokenizing every field on its own, for documents built from any name and description", () => {
		fc.assert(
			fc.property(text, text, text, (name, description, server) => {
				const toolName = name.trim() === "" ? "t" : name;
				const document = createToolSearchDocument(
					{ name: server === "" ? toolName : `${server}__${toolName}`, description },
					{ name: server },
				);
				const fields = document.fields as ToolSearchFields;
				expect(fieldTokens(fields)).toEqual(naive(fields));
			}),
			{ numRuns: 2000 },
		);
	});

	it("equals tokenizing every field on its own for hand-built fields that do not overlap", () => {
		fc.assert(
			fc.property(
				fc.record(Object.fromEntries(TOOL_SEARCH_FIELDS.map((field) => [field, text])) as never),
				(fields) => {
					expect(fieldTokens(fields as ToolSearchFields)).toEqual(naive(fields as ToolSearchFields));
				},
			),
			{ numRuns: 500 },
		);
	});

	it("a reader kept across tools numbers terms as tokenizing every field in order does", () => {
		fc.assert(
			fc.property(fc.array(fc.tuple(text, text, text), { minLength: 1, maxLength: 8 }), (tools) => {
				const documents = tools.map(
					([name, description, server]) =>
						createToolSearchDocument(
							{ name: `${server}__${name.trim() === "" ? "t" : name}`, description },
							{ name: server },
						).fields as ToolSearchFields,
				);
				const reader = new FieldTerms();
				const vocabulary = new Vocabulary();
				for (const fields of documents) expect(readTokens(reader, vocabulary, fields)).toEqual(naive(fields));
				expect(vocabulary.terms).toEqual(naiveNumbering(documents));
			}),
			{ numRuns: 500 },
		);
	});

	it("reads long texts, summaries cut inside a word, and texts after them", () => {
		const reader = new FieldTerms();
		const vocabulary = new Vocabulary();
		const words = Array.from({ length: 30_000 }, (_, i) => `word${i % 977}s`).join(" ");
		const documents = [
			// A first sentence longer than the summary keeps: the summary ends inside a word.
			createToolSearchDocument({ name: "a__long_one", description: `${words}.` }),
			createToolSearchDocument({ name: "b__short", description: "Lists files. Then more." }),
			createToolSearchDocument({ name: "c__wide", description: `Ünïcödé ${words} café.` }),
			createToolSearchDocument({ name: "d__short", description: "Reads files." }),
		].map((document) => document.fields as ToolSearchFields);
		for (const fields of documents) expect(readTokens(reader, vocabulary, fields)).toEqual(naive(fields));
		expect(vocabulary.terms).toEqual(naiveNumbering(documents));
	});

	it("asks the vocabulary again after it renumbers its terms", () => {
		const reader = new FieldTerms();
		const vocabulary = new Vocabulary();
		const fields = createToolSearchDocument({ name: "a__list_files", description: "Lists files." })
			.fields as ToolSearchFields;
		readTokens(reader, vocabulary, fields);
		const renumbered = new Vocabulary();
		renumbered.termId("unrelated");
		renumbered.vocabularyVersion = 1;
		expect(readTokens(reader, renumbered, fields)).toEqual(naive(fields));
		expect(renumbered.terms).toEqual(["unrelated", ...naiveNumbering([fields])]);
	});

	it("isLocalNameOf(local, name) is toolLocalName(name) === local", () => {
		const underscores = fc.constantFrom("", "_", "__", "___", "a", "b_", "_c", "a__b", "__x__");
		const part = fc.array(underscores, { maxLength: 5 }).map((parts) => parts.join(""));
		fc.assert(
			fc.property(part, part, (name, other) => {
				for (const local of [toolLocalName(name), other, name, `${toolLocalName(name)}_`]) {
					expect(isLocalNameOf(local, name)).toBe(toolLocalName(name) === local);
				}
			}),
			{ numRuns: 3000 },
		);
	});

	it("nameKeys equals tokenizing the name and its local name on their own, for any name", () => {
		fc.assert(
			fc.property(text, text, (prefix, local) => {
				for (const name of [`${prefix}__${local}`, prefix]) {
					const localName = toolLocalName(name);
					expect(nameKeys(name)).toEqual({
						nameKey: tokenize(name).join(" "),
						localKey: tokenize(localName).join(" "),
					});
				}
			}),
			{ numRuns: 3000 },
		);
	});
});
