import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstLine } from "../../src/document/first-line.js";
import { FIRST_SENTENCE_MAX_LENGTH, firstSentence } from "../../src/document/first-sentence.js";

const BREAKS = /\r\n|[\n\r\u2028\u2029]/;

/** The definitions, written the plain way: split into lines, take the first non-blank one. */
function referenceFirstLine(text: string, max: number): string {
	for (const raw of text.split(BREAKS)) {
		const line = raw.trim();
		if (line === "") continue;
		if (line.length <= max) return line;
		const code = line.charCodeAt(max - 1);
		return line.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max).trimEnd();
	}
	return "";
}

function referenceFirstSentence(description: string): string {
	const text = description.trim();
	if (text === "") return "";
	const line = (text.split(BREAKS)[0] ?? "").trim();
	const sentence = /^([\s\S]*?[.!?。！？])(?:\s|$)/u.exec(line)?.[1] ?? line;
	if (sentence.length <= FIRST_SENTENCE_MAX_LENGTH) return sentence;
	const code = sentence.charCodeAt(FIRST_SENTENCE_MAX_LENGTH - 1);
	return sentence.slice(
		0,
		code >= 0xd800 && code <= 0xdbff ? FIRST_SENTENCE_MAX_LENGTH - 1 : FIRST_SENTENCE_MAX_LENGTH,
	);
}

const piece = fc.constantFrom(
	"a",
	"Read a file",
	".",
	" ",
	"  ",
	"\t",
	"\n",
	"\r",
	"\r\n",
	"\u2028",
	"\u2029",
	"😀",
	"。",
	"!",
	"?",
	"！",
	"？",
	"\u00a0",
	"\u3000",
	"\ufeff",
	"\u2000",
	"\u200b",
	"\u0085",
	"\v",
	"\f",
);
const text = fc.oneof(
	fc.string(),
	fc.array(piece, { maxLength: 30 }).map((parts) => parts.join("")),
);

describe("firstLine and firstSentence", () => {
	it.each([
		{ input: "\n  Create an issue.\nMore.", line: "Create an issue.", sentence: "Create an issue." },
		{ input: "\r\n\r\n", line: "", sentence: "" },
		{ input: "v1.2 reader\nReads files", line: "v1.2 reader", sentence: "v1.2 reader" },
		{ input: "One. Two.\u2028Three", line: "One. Two.", sentence: "One." },
	])("$input", ({ input, line, sentence }) => {
		expect(firstLine(input, 200)).toBe(line);
		expect(firstSentence(input)).toBe(sentence);
	});

	it("equal the split-the-whole-text definitions for any text (property)", () => {
		fc.assert(
			fc.property(text, fc.integer({ min: 1, max: 12 }), (input, max) => {
				expect(firstLine(input, max)).toBe(referenceFirstLine(input, max));
				expect(firstSentence(input)).toBe(referenceFirstSentence(input));
			}),
			{ numRuns: 3000 },
		);
	});

	it("firstLine of a non-string is empty", () => {
		expect(firstLine(42, 10)).toBe("");
	});
});
