/**
 * The index's ASCII fast path: `tokenize`'s identifier rules over the characters of an ASCII text
 * in one pass, each word looked up in a {@link WordTable} instead of being cut out as a string. It
 * gives the words `tokenize` gives, in its order (a fast-check property holds it to
 * `tokenize`, the reference); see `splitWords` in tokenize.ts for the rules, which this pass
 * repeats for the four classes ASCII has (separator, uppercase, lowercase, digit).
 * @internal
 */
import type { IntBuffer } from "../internal/int-buffer.js";
import { STOP_WORD, WORD_HASH_SEED, type WordTable, wordHashStep } from "./word-table.js";

const SEP = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
/** A character the fast path leaves to `tokenize`: an apostrophe (clitics). */
const DECLINE = 4;
const LOWER_S = 115;

const CLASS = new Uint8Array(128);
for (let code = 48; code <= 57; code++) CLASS[code] = DIGIT;
for (let code = 65; code <= 90; code++) CLASS[code] = UPPER;
for (let code = 97; code <= 122; code++) CLASS[code] = LOWER;
CLASS[39] = DECLINE;

/** The class of `text[at]`; a non-ASCII character counts as a separator (the scan declines it anyway). */
function classAt(text: string, at: number): number {
	const code = text.charCodeAt(at);
	return code > 127 ? SEP : (CLASS[code] as number);
}

function push(table: WordTable, text: string, start: number, end: number, out: IntBuffer): void {
	const entry = table.lookup(text, start, end);
	if (entry !== STOP_WORD) out.push(entry);
}

/**
 * Appends to `out` the words of `text[from, to)` as `table.lookup` results (entries and spilled
 * tokens; stop words left out), or returns false, leaving `out` as it was, when the range holds a
 * character only `tokenize` handles (non-ASCII, or an apostrophe). `text[to]`, if any, must not be a
 * letter or digit (the range ends where a word does).
 *
 * @example
 * scanAsciiWords("getHTTPResponse", 0, 15, table, out); // true; out: entries of get, http, response
 */
export function scanAsciiWords(
	text: string,
	from: number,
	to: number,
	table: WordTable,
	out: IntBuffer,
): boolean {
	const mark = out.length;
	let i = from;
	while (i < to) {
		let code = text.charCodeAt(i);
		if (code > 127) break;
		let current = CLASS[code] as number;
		if (current === SEP) {
			i++;
			continue;
		}
		if (current === DECLINE) break;
		let start = i;
		let previous = current;
		// The current sequence of cased parts ("Git" "Hub"): where it starts (-1: none) and its parts.
		let casedStart = previous === DIGIT ? -1 : i;
		let casedParts = casedStart >= 0 ? 1 : 0;
		let upperRun = previous === UPPER ? 1 : 0;
		// The hash of the word so far, text[start, i).
		let h = wordHashStep(WORD_HASH_SEED, code);
		for (i++; i < to; i++) {
			code = text.charCodeAt(i);
			if (code > 127) {
				out.length = mark;
				return false;
			}
			current = CLASS[code] as number;
			if (current === SEP) break;
			if (current === DECLINE) {
				out.length = mark;
				return false;
			}
			let split: boolean;
			if (current !== previous) {
				split = previous !== UPPER || current !== LOWER;
			} else if (current === UPPER && upperRun > 1) {
				const next = i + 1;
				split =
					next < to &&
					classAt(text, next) === LOWER &&
					!(text.charCodeAt(next) === LOWER_S && (next + 1 >= to || classAt(text, next + 1) !== LOWER));
			} else {
				split = false;
			}
			if (split) {
				const entry = table.find(text, start, i, h);
				if (entry !== STOP_WORD) out.push(entry);
				h = WORD_HASH_SEED;
				const newCased = current !== DIGIT;
				if (newCased && casedStart >= 0) {
					casedParts++;
				} else {
					if (casedParts === 2) push(table, text, casedStart, i, out);
					casedStart = newCased ? i : -1;
					casedParts = newCased ? 1 : 0;
				}
				start = i;
				upperRun = 0;
			}
			if (current === UPPER) upperRun++;
			else upperRun = 0;
			previous = current;
			h = wordHashStep(h, code);
		}
		const entry = table.find(text, start, i, h);
		if (entry !== STOP_WORD) out.push(entry);
		if (casedParts === 2) push(table, text, casedStart, i, out);
	}
	if (i < to) {
		out.length = mark;
		return false;
	}
	return true;
}
