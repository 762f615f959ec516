import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IntBuffer } from "../../src/internal/int-buffer.js";
import { asciiBytes, scanAsciiWords } from "../../src/tokenizer/ascii-words.js";
import { tokenize } from "../../src/tokenizer/tokenize.js";
import { MAX_TABLE_WORD_LENGTH, MAX_TABLE_WORDS, WordTable } from "../../src/tokenizer/word-table.js";

/** The tokens of `text[from, to)` by the fast path, or `undefined` when it declines. */
function fastTokens(table: WordTable, text: string, from = 0, to = text.length): string[] | undefined {
	table.resetSpill();
	const out = new IntBuffer();
	out.push(-7); // something before the range, which a declined scan must leave alone
	const bytes = new Uint8Array(text.length);
	if (!asciiBytes(text, bytes)) return undefined;
	if (!scanAsciiWords(text, bytes, from, to, table, out)) {
		expect(out.length).toBe(1);
		return undefined;
	}
	const tokens: string[] = [];
	for (let p = 1; p < out.length; p++) {
		const entry = out.values[p] as number;
		tokens.push(entry >= 0 ? table.token(entry) : (table.spill[-2 - entry] as string));
	}
	return tokens;
}

// Pieces that exercise the identifier rules (camelCase, acronyms, acronym plurals, digits,
// snake_case, kebab-case, dotted names, URLs), stop words and plurals, far more often than
// uniform characters do.
const piece = fc.constantFrom(
	"a",
	"s",
	"A",
	"S",
	"I",
	"D",
	"0",
	"7",
	"_",
	"-",
	".",
	" ",
	"\n",
	"/",
	":",
	"getHTTPResponse",
	"XMLHttpRequest",
	"OAuth",
	"IPhone",
	"APIs",
	"listIDsFor",
	"GitHub",
	"YouTube",
	"v2Beta",
	"mcp__github__create_issues",
	"snake_case_words",
	"kebab-case",
	"https://api.example.com/v1/users?id=42&sort=desc",
	"the",
	"of",
	"and",
	"repositories",
	"addresses",
	"statuses",
	"Files",
	"caches",
	"ids",
	"IPs",
	"x".repeat(MAX_TABLE_WORD_LENGTH),
	"y".repeat(MAX_TABLE_WORD_LENGTH + 1),
	"Supercalifragilisticexpialidociouses",
);
const asciiChar = fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code));
const asciiText = fc
	.array(fc.oneof(piece, asciiChar), { maxLength: 30 })
	.map((parts) => parts.join(""))
	.filter((text) => !text.includes("'"));
const nonAscii = fc.constantFrom("é", "ß", "İ", "获取", "\u0301", "\u00a0", "😀", "’", "'");
const mixedText = fc
	.tuple(asciiText, nonAscii, asciiText)
	.map(([before, odd, after]) => `${before}${odd}${after}`);

describe("scanAsciiWords (property, tokenize is the reference)", () => {
	// One table for every run: what it remembers from earlier texts must never change a result.
	const shared = new WordTable();

	it("gives tokenize's tokens, in order, on ASCII text without apostrophes", () => {
		fc.assert(
			fc.property(asciiText, (text) => {
				expect(fastTokens(shared, text)).toEqual(tokenize(text));
				expect(fastTokens(new WordTable(), text)).toEqual(tokenize(text));
			}),
			{ numRuns: 3000 },
		);
	});

	it("declines text with a non-ASCII character or an apostrophe, leaving the output as it was", () => {
		fc.assert(
			fc.property(mixedText, (text) => {
				expect(fastTokens(shared, text)).toBeUndefined();
			}),
			{ numRuns: 1000 },
		);
	});

	it("on any range, gives the tokens of that slice (cut inside words too)", () => {
		fc.assert(
			fc.property(asciiText, fc.nat(), fc.nat(), (text, x, y) => {
				const a = text.length === 0 ? 0 : x % (text.length + 1);
				const b = text.length === 0 ? 0 : y % (text.length + 1);
				const [from, to] = a <= b ? [a, b] : [b, a];
				expect(fastTokens(shared, text, from, to)).toEqual(tokenize(text.slice(from, to)));
			}),
			{ numRuns: 2000 },
		);
	});
});

describe("WordTable", () => {
	it("spills words longer than it interns, and words that come once it is full; clear starts over", () => {
		const table = new WordTable();
		const long = "Z".repeat(MAX_TABLE_WORD_LENGTH + 1);
		expect(fastTokens(table, `${long}s files`)).toEqual(tokenize(`${long}s files`));
		expect(table.spill).toEqual(tokenize(`${long}s`)); // the acronym plural "ZZ…Zs", stemmed
		// Fill it with words starting with "q" (the letters of i in base 26), none of the words below.
		const letters = (i: number): string =>
			[...i.toString(26)].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 26))).join("");
		for (let i = 0; table.count < MAX_TABLE_WORDS; i++) fastTokens(table, `q${letters(i)}`);
		expect(table.full).toBe(true);
		const text = "Lists newWords Repositories the IDs";
		expect(fastTokens(table, text)).toEqual(tokenize(text));
		// Every word is new to the table: all spilled, the stop word left out.
		expect(table.spill).toEqual(tokenize(text));
		table.clear();
		expect(table.full).toBe(false);
		expect(table.count).toBe(0);
		expect(fastTokens(table, text)).toEqual(tokenize(text));
		expect(table.spill).toEqual([]);
	});

	it("keeps the values its owner attaches until clearValues", () => {
		const table = new WordTable();
		const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
		const entry = table.lookup("Files", bytes("Files"), 0, 5);
		expect(table.token(entry)).toBe("file");
		expect(table.values[entry]).toBe(-1);
		table.values[entry] = 41;
		expect(table.lookup("xfiles", bytes("xfiles"), 1, 6)).toBe(entry);
		expect(table.values[entry]).toBe(41);
		table.clearValues();
		expect(table.values[entry]).toBe(-1);
	});
});
