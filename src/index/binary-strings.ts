/**
 * The strings of a binary snapshot (options, vocabulary, names, name keys) as one blob and one
 * offsets array: decoded once into one string, each string a slice of it. Offsets count UTF-16
 * code units of the decoded text, so slicing needs no per-string decoding. The blob is UTF-8,
 * unless some string holds a lone surrogate (which UTF-8 cannot carry): then it is the UTF-16
 * code units, so that every name comes back exactly as it was.
 * @internal
 */
import { invalidIndexData } from "../internal/guards.js";

/** The strings, encoded: `offsets[i]` to `offsets[i + 1]` is string `i` of the decoded text. */
export interface EncodedStrings {
	readonly offsets: Int32Array;
	readonly bytes: Uint8Array;
	/** Whether `bytes` are UTF-16 code units (little-endian) instead of UTF-8. */
	readonly utf16: boolean;
}

/** A lone surrogate (in a `u` regex, the halves of a pair are one code point and do not match). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** Code units per `String.fromCharCode` call when decoding UTF-16. */
const CHUNK = 8192;

export function encodeStrings(strings: readonly string[]): EncodedStrings {
	const offsets = new Int32Array(strings.length + 1);
	let at = 0;
	for (const [i, text] of strings.entries()) {
		offsets[i] = at;
		at += text.length;
	}
	offsets[strings.length] = at;
	const text = strings.join("");
	if (!LONE_SURROGATE.test(text)) return { offsets, bytes: new TextEncoder().encode(text), utf16: false };
	const units = new Uint16Array(text.length);
	for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
	return { offsets, bytes: new Uint8Array(units.buffer), utf16: true };
}

/**
 * The decoded text of the strings, after checking that the offsets start at 0, never decrease
 * and end at its length (so that every string is a slice of it). `utf16` bytes at an odd address
 * (a snapshot at an odd offset of its buffer: the section is bytes, which binary-layout.ts never
 * copies) are copied for a `Uint16Array` view.
 */
export function decodeStrings(offsets: Int32Array, bytes: Uint8Array, utf16: boolean, what: string): string {
	let text: string;
	if (utf16) {
		if (bytes.byteLength % 2 !== 0) throw invalidIndexData(`${what} strings have an odd number of bytes`);
		const aligned = bytes.byteOffset % 2 === 0 ? bytes : bytes.slice();
		const units = new Uint16Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 2);
		const parts: string[] = [];
		for (let i = 0; i < units.length; i += CHUNK)
			parts.push(String.fromCharCode.apply(null, units.subarray(i, i + CHUNK) as unknown as number[]));
		text = parts.join("");
	} else {
		try {
			text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
		} catch {
			throw invalidIndexData(`${what} strings are not UTF-8: it is damaged`);
		}
	}
	const n = offsets.length - 1;
	if (n < 0 || offsets[0] !== 0 || offsets[n] !== text.length)
		throw invalidIndexData(`${what} string offsets do not cover its text: it is damaged`);
	for (let i = 0; i < n; i++) {
		if ((offsets[i + 1] as number) < (offsets[i] as number))
			throw invalidIndexData(`${what} string offsets decrease at ${i}: it is damaged`);
	}
	return text;
}

/** Strings `from` to `to` (exclusive) of a decoded text, as an array. */
export function sliceStrings(text: string, offsets: Int32Array, from: number, to: number): string[] {
	const out = new Array<string>(to - from);
	for (let i = from; i < to; i++) out[i - from] = text.slice(offsets[i], offsets[i + 1]);
	return out;
}
