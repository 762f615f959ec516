/**
 * The index's ASCII fast path: `tokenize`'s identifier rules over the bytes of an ASCII text in one
 * pass, each word looked up in a {@link WordTable} instead of being cut out as a string. It gives
 * the words `tokenize` gives, in its order (a fast-check property holds it to `tokenize`, the
 * reference); see `splitWords` in tokenize.ts for the rules, which this pass repeats for the four
 * classes ASCII has (separator, uppercase, lowercase, digit).
 *
 * Bytes rather than `charCodeAt`: `TextEncoder.encodeInto` copies a text of any representation
 * (flat, concatenated, sliced) into a byte array in one native pass, after which every read is a
 * plain array load. On the head-terms bench catalogue (concatenated descriptions, sliced summaries)
 * the read of every field, the copy included, takes half the time it took over `charCodeAt`; on
 * flat strings about the same.
 * @internal
 */
import type { IntBuffer } from "../internal/int-buffer.js";
import { STOP_WORD, WORD_HASH_SEED, type WordTable, wordHashStep } from "./word-table.js";

const SEP = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
/** A byte the fast path leaves to `tokenize`: an apostrophe (clitics), or not ASCII. */
const DECLINE = 4;
const LOWER_S = 115;

const CLASS = new Uint8Array(256).fill(DECLINE);
for (let code = 0; code < 128; code++) CLASS[code] = SEP;
for (let code = 48; code <= 57; code++) CLASS[code] = DIGIT;
for (let code = 65; code <= 90; code++) CLASS[code] = UPPER;
for (let code = 97; code <= 122; code++) CLASS[code] = LOWER;
CLASS[39] = DECLINE;

const encoder = new TextEncoder();

/**
 * Copies `text` into `bytes` (room for `text.length` bytes at least) and returns whether it is
 * ASCII: then `bytes[i]` is `text.charCodeAt(i)` for every `i`.
 */
export function asciiBytes(text: string, bytes: Uint8Array): boolean {
	const { read, written } = encoder.encodeInto(text, bytes);
	// Each ASCII character is one byte; any other takes more, so the copy falls short or runs long.
	return read === text.length && written === text.length;
}

/** The class of `bytes[at]`, a separator past the range's end. */
function classAt(bytes: Uint8Array, at: number, to: number): number {
	return at < to ? (CLASS[bytes[at] as number] as number) : SEP;
}

function push(
	table: WordTable,
	text: string,
	bytes: Uint8Array,
	start: number,
	end: number,
	out: IntBuffer,
): void {
	const entry = table.lookup(text, bytes, start, end);
	if (entry !== STOP_WORD) out.push(entry);
}

/**
 * Appends to `out` the words of `text[from, to)` as `table.lookup` results (entries and spilled
 * tokens; stop words left out), as `tokenize(text.slice(from, to))` gives them, or returns false,
 * leaving `out` as it was, when the range holds an apostrophe (only `tokenize` handles clitics).
 * `bytes[from, to)` must be the range's characters, ASCII ({@link asciiBytes}).
 *
 * A run of letters and digits splits into parts, each a word: a run of lowercase letters, of
 * digits, or capitals followed by lowercase letters ("Create", "OAuth", "APIs"), where three or more
 * capitals before a lowercase letter give up the last one to the next part ("HTTPResponse" → HTTP,
 * Response) unless the lowercase letter is a lone "s" (an acronym plural). Two cased parts in a
 * row with nothing else in their sequence ("GitHub") also give the whole.
 *
 * @example
 * asciiBytes("getHTTPResponse", bytes); // true
 * scanAsciiWords("getHTTPResponse", bytes, 0, 15, table, out); // true; out: entries of get, http, response
 */
export function scanAsciiWords(
	text: string,
	bytes: Uint8Array,
	from: number,
	to: number,
	table: WordTable,
	out: IntBuffer,
): boolean {
	const mark = out.length;
	let i = from;
	let cls = SEP;
	while (i < to) {
		cls = CLASS[bytes[i] as number] as number;
		if (cls === SEP) {
			i++;
			continue;
		}
		if (cls === DECLINE) break;
		// A run: parts until a separator. The current sequence of cased parts ("Git" "Hub"): where
		// it starts (-1: none) and its parts.
		let casedStart = -1;
		let casedParts = 0;
		do {
			let start = i;
			let h = WORD_HASH_SEED;
			if (cls === DIGIT) {
				if (casedParts === 2) push(table, text, bytes, casedStart, start, out);
				casedStart = -1;
				casedParts = 0;
				do {
					h = wordHashStep(h, bytes[i++] as number);
					cls = classAt(bytes, i, to);
				} while (cls === DIGIT);
			} else {
				if (casedStart < 0) casedStart = start;
				casedParts++;
				if (cls === UPPER) {
					let before = h;
					do {
						before = h;
						h = wordHashStep(h, bytes[i++] as number);
						cls = classAt(bytes, i, to);
					} while (cls === UPPER);
					// Three or more capitals, then a lowercase letter that is no acronym plural's "s":
					// the last capital starts the next part.
					if (
						cls === LOWER &&
						i - start >= 3 &&
						!(bytes[i] === LOWER_S && classAt(bytes, i + 1, to) !== LOWER)
					) {
						const entry = table.find(text, bytes, start, i - 1, before);
						if (entry !== STOP_WORD) out.push(entry);
						casedParts++;
						start = i - 1;
						h = wordHashStep(WORD_HASH_SEED, bytes[start] as number);
					}
				}
				if (cls === LOWER) {
					do {
						h = wordHashStep(h, bytes[i++] as number);
						cls = classAt(bytes, i, to);
					} while (cls === LOWER);
				}
			}
			const entry = table.find(text, bytes, start, i, h);
			if (entry !== STOP_WORD) out.push(entry);
		} while (cls !== SEP && cls !== DECLINE);
		if (casedParts === 2) push(table, text, bytes, casedStart, i, out);
		if (cls === DECLINE) break;
	}
	if (i < to) {
		out.length = mark;
		return false;
	}
	return true;
}
