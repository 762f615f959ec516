/**
 * The index's ASCII fast path: `tokenize`'s identifier rules over the bytes of an ASCII text in one
 * pass, each word looked up in a {@link WordTable} instead of being cut out as a string. It gives
 * the words `tokenize` gives, in its order (a fast-check property holds it to `tokenize`, the
 * reference); see `splitWords` in tokenize.ts for the rules, which this pass repeats for the four
 * classes ASCII has (separator, uppercase, lowercase, digit).
 *
 * Bytes rather than `charCodeAt`: `TextEncoder.encodeInto` copies a text of any representation
 * (flat, concatenated, sliced) into a byte array in one native pass, after which every read is a
 * plain array load; on the bench's 100k-tool catalogues this pass, the copy included, takes less
 * than half the time of the same pass over `charCodeAt`.
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
	while (i < to) {
		let code = bytes[i] as number;
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
		// The hash of the word so far, bytes[start, i).
		let h = wordHashStep(WORD_HASH_SEED, code);
		for (i++; i < to; i++) {
			code = bytes[i] as number;
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
				// The capital before a lowercase letter starts the next word, unless it is an acronym
				// plural ("APIs": a lone "s", then no lowercase letter).
				const next = i + 1;
				split =
					next < to &&
					CLASS[bytes[next] as number] === LOWER &&
					!(bytes[next] === LOWER_S && (next + 1 >= to || CLASS[bytes[next + 1] as number] !== LOWER));
			} else {
				split = false;
			}
			if (split) {
				const entry = table.find(text, bytes, start, i, h);
				if (entry !== STOP_WORD) out.push(entry);
				h = WORD_HASH_SEED;
				const newCased = current !== DIGIT;
				if (newCased && casedStart >= 0) {
					casedParts++;
				} else {
					if (casedParts === 2) push(table, text, bytes, casedStart, i, out);
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
		const entry = table.find(text, bytes, start, i, h);
		if (entry !== STOP_WORD) out.push(entry);
		if (casedParts === 2) push(table, text, bytes, casedStart, i, out);
	}
	if (i < to) {
		out.length = mark;
		return false;
	}
	return true;
}
