import { firstNonBlankLine } from "./first-line.js";

/** Longest first sentence kept for the `summary` field, in UTF-16 code units. */
export const FIRST_SENTENCE_MAX_LENGTH = 300;

const SENTENCE = /^([\s\S]*?[.!?。！？])(?:\s|$)/u;

/**
 * {@link firstSentence} of a description whose first non-blank line, trimmed, is `line`.
 * @internal
 */
export function sentenceOfLine(line: string): string {
	const sentence = SENTENCE.exec(line)?.[1] ?? line;
	if (sentence.length <= FIRST_SENTENCE_MAX_LENGTH) return sentence;
	let end = FIRST_SENTENCE_MAX_LENGTH;
	const code = sentence.charCodeAt(end - 1);
	if (code >= 0xd800 && code <= 0xdbff) end--;
	return sentence.slice(0, end);
}

/**
 * The first sentence of a description: up to the first `.`, `!` or `?` followed by white space
 * or the end (or a CJK full stop), else the first non-blank line; at most
 * {@link FIRST_SENTENCE_MAX_LENGTH} code units, never cutting a surrogate pair. The `summary` field
 * weighs it above the rest of the description, since a tool's first sentence says what it does
 * and the rest is detail.
 *
 * @example
 * ```ts
 * firstSentence("Read a file. Supports text and binary."); // "Read a file."
 * firstSentence("v1.2 reader\nReads files"); // "v1.2 reader"
 * ```
 */
export function firstSentence(description: string): string {
	// The trimmed text's first line is its first non-blank line.
	return sentenceOfLine(firstNonBlankLine(description));
}
