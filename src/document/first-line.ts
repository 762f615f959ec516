const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/g;

/**
 * The first non-blank line of `text`, trimmed (`""` when there is none).
 * @internal
 */
export function firstNonBlankLine(text: string): string {
	// Line by line from the start: a long description is not split whole for its first line.
	for (let start = 0; ; ) {
		LINE_BREAK.lastIndex = start;
		const found = LINE_BREAK.exec(text);
		const stop = found === null ? text.length : found.index;
		const line = text.slice(start, stop).trim();
		if (line !== "" || found === null) return line;
		start = stop + found[0].length;
	}
}

/**
 * `line` cut to `max` code units without splitting a surrogate pair, and trimmed at the end.
 * @internal
 */
export function cutLine(line: string, max: number): string {
	if (line.length <= max) return line;
	const code = line.charCodeAt(max - 1);
	const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
	return line.slice(0, end).trimEnd();
}

/**
 * The first non-blank line of `text`, trimmed and cut to `max` code units without splitting a
 * surrogate pair; `""` for a non-string or blank text. It gives a document's `summary` its line
 * and `tool_search` results their one-line descriptions.
 *
 * @example
 * ```ts
 * firstLine("\n  Create an issue.\nMore.", 200); // "Create an issue."
 * ```
 */
export function firstLine(text: unknown, max: number): string {
	return typeof text === "string" ? cutLine(firstNonBlankLine(text), max) : "";
}
