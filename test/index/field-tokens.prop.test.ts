import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOOL_SEARCH_FIELDS } from "../../src/defaults.js";
import { createToolSearchDocument, toolLocalName } from "../../src/document/create-tool-search-document.js";
import { fieldTokens } from "../../src/index/field-tokens.js";
import { nameKeys } from "../../src/index/index-store.js";
import { tokenize } from "../../src/tokenizer/tokenize.js";
import type { ToolSearchFields } from "../../src/types.js";

const naive = (fields: ToolSearchFields) => TOOL_SEARCH_FIELDS.map((field) => tokenize(fields[field]));
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
	"",
);
const text = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(""));

describe("fieldTokens (property)", () => {
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
