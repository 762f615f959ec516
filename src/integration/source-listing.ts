/**
 * `renderToolSearchDescription`: the `tool_search` description, optionally followed by a listing of
 * the sources (MCP servers, apps) whose tools it can find, kept within a UTF-8 byte budget (seed:
 * Codex's source listing, deduplicated by name, 512 KiB, cut at a character boundary).
 */
import { quote } from "../errors.js";
import { invalidOptions, isObject } from "../internal/guards.js";
import { TOOL_SEARCH_DESCRIPTION } from "../tool/description.js";

/** Default byte budget of the source listing: 512 KiB, as Codex. */
export const DEFAULT_SOURCE_LISTING_BUDGET_BYTES = 512 * 1024;

/** The line that opens the source listing. */
export const SOURCE_LISTING_HEADER = "You can load the tools of these sources with tool_search:";

const ELLIPSIS = "…";
const ELLIPSIS_BYTES = 3;

/**
 * A source of searchable tools, such as an MCP server.
 *
 * @example
 * ```ts
 * const source: ToolSearchSource = { name: "github", description: "Issues and pull requests.", toolCount: 12 };
 * ```
 */
export interface ToolSearchSource {
	/** The source's name, e.g. the MCP server key. Non-empty. */
	name: string;
	/** What the source offers. Whitespace runs (line breaks included) become single spaces. */
	description?: string | undefined;
	/** How many tools the source has. Entries of one name add their counts up. */
	toolCount?: number | undefined;
}

/**
 * Options of {@link renderToolSearchDescription}.
 *
 * @example
 * ```ts
 * const options: RenderToolSearchDescriptionOptions = { sources, listing: "include", budgetBytes: 4096 };
 * ```
 */
export interface RenderToolSearchDescriptionOptions {
	/** The sources to list. @defaultValue `[]` */
	sources?: readonly ToolSearchSource[] | undefined;
	/**
	 * `"omit"` returns the description unchanged: static, so the provider's prompt cache stays valid
	 * while servers come and go. `"include"` appends the source listing. @defaultValue `"omit"`
	 */
	listing?: "omit" | "include" | undefined;
	/** Most UTF-8 bytes the listing (everything after the description) may take. @defaultValue 524288 */
	budgetBytes?: number | undefined;
	/** The description the listing follows. @defaultValue {@link TOOL_SEARCH_DESCRIPTION} */
	description?: string | undefined;
}

interface Entry {
	readonly name: string;
	description: string;
	toolCount: number | undefined;
}

/**
 * The number of bytes `text` takes in UTF-8. A lone surrogate counts 3 bytes, as the U+FFFD an
 * encoder writes for it.
 *
 * @example
 * ```ts
 * utf8ByteLength("a🦀"); // 5
 * ```
 */
export function utf8ByteLength(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const unit = text.charCodeAt(i);
		if (unit < 0x80) bytes += 1;
		else if (unit < 0x800) bytes += 2;
		else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
			const next = text.charCodeAt(i + 1);
			if (next >= 0xdc00 && next <= 0xdfff) {
				bytes += 4;
				i++;
			} else bytes += 3;
		} else bytes += 3;
	}
	return bytes;
}

/**
 * The longest prefix of `text` that takes at most `maxBytes` bytes in UTF-8, never splitting a
 * code point (a surrogate pair stays whole).
 *
 * @example
 * ```ts
 * truncateUtf8("🦀🦀🦀", 9); // "🦀🦀"
 * ```
 */
export function truncateUtf8(text: string, maxBytes: number): string {
	let bytes = 0;
	let i = 0;
	while (i < text.length) {
		const unit = text.charCodeAt(i);
		let size = unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
		let units = 1;
		if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
			const next = text.charCodeAt(i + 1);
			if (next >= 0xdc00 && next <= 0xdfff) {
				size = 4;
				units = 2;
			}
		}
		if (bytes + size > maxBytes) break;
		bytes += size;
		i += units;
	}
	return text.slice(0, i);
}

function checkOptions(options: unknown): asserts options is RenderToolSearchDescriptionOptions | undefined {
	if (options === undefined) return;
	if (!isObject(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	const { sources, listing, budgetBytes, description } = options;
	if (sources !== undefined) {
		if (!Array.isArray(sources)) invalidOptions(`sources must be an array, got ${quote(sources)}`);
		for (const source of sources as unknown[]) {
			if (!isObject(source) || typeof source.name !== "string" || source.name.trim() === "") {
				invalidOptions(`every source must have a non-empty string name, got ${quote(source)}`);
			}
			if (source.description !== undefined && typeof source.description !== "string") {
				invalidOptions(`source description must be a string, got ${quote(source.description)}`);
			}
			const count = source.toolCount;
			if (count !== undefined && !(typeof count === "number" && Number.isSafeInteger(count) && count >= 0)) {
				invalidOptions(`source toolCount must be a non-negative integer, got ${quote(count)}`);
			}
		}
	}
	if (listing !== undefined && listing !== "omit" && listing !== "include") {
		invalidOptions(`listing must be "omit" or "include", got ${quote(listing)}`);
	}
	if (
		budgetBytes !== undefined &&
		!(typeof budgetBytes === "number" && Number.isSafeInteger(budgetBytes) && budgetBytes >= 0)
	) {
		invalidOptions(`budgetBytes must be a non-negative integer, got ${quote(budgetBytes)}`);
	}
	if (description !== undefined && (typeof description !== "string" || description.trim() === "")) {
		invalidOptions(`description must be a non-empty string, got ${quote(description)}`);
	}
}

/** One entry per name, sorted by name; the first non-empty description wins, counts add up. */
function mergeSources(sources: readonly ToolSearchSource[]): Entry[] {
	const byName = new Map<string, Entry>();
	for (const source of sources) {
		const name = source.name.replace(/\s+/g, " ").trim();
		const description = (source.description ?? "").replace(/\s+/g, " ").trim();
		const entry = byName.get(name);
		if (entry === undefined) {
			byName.set(name, { name, description, toolCount: source.toolCount });
			continue;
		}
		if (entry.description === "") entry.description = description;
		if (source.toolCount !== undefined) entry.toolCount = (entry.toolCount ?? 0) + source.toolCount;
	}
	return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `- name (N tools)`: the part of a line that is always shown. */
function nameLine(entry: Entry): string {
	if (entry.toolCount === undefined) return `- ${entry.name}`;
	return `- ${entry.name} (${entry.toolCount} ${entry.toolCount === 1 ? "tool" : "tools"})`;
}

/** The listing when not every name line fits: the first names that do, then how many are left out. */
function namesOnly(lines: readonly string[], budgetBytes: number): string {
	const head = `\n\n${SOURCE_LISTING_HEADER}`;
	const tail = (left: number) => `\n- (${left} more ${left === 1 ? "source" : "sources"} not listed)`;
	let kept = 0;
	let bytes = utf8ByteLength(head);
	while (kept < lines.length) {
		const next = bytes + 1 + utf8ByteLength(lines[kept] as string);
		if (next + utf8ByteLength(tail(lines.length - kept - 1)) > budgetBytes) break;
		bytes = next;
		kept++;
	}
	if (bytes + utf8ByteLength(tail(lines.length - kept)) > budgetBytes) return "";
	const shown = lines.slice(0, kept).map((line) => `\n${line}`);
	return `${head}${shown.join("")}${tail(lines.length - kept)}`;
}

/**
 * The source listing alone (what follows the description), at most `budgetBytes` bytes.
 * Every name line is reserved before any description byte is spent; descriptions then share the
 * rest fairly (short ones whole, long ones cut to an equal share at a code point boundary and
 * ended with `…`).
 */
function renderListing(sources: readonly ToolSearchSource[], budgetBytes: number): string {
	const entries = mergeSources(sources);
	if (entries.length === 0) return "";
	const lines = entries.map(nameLine);
	const fixed =
		utf8ByteLength(`\n\n${SOURCE_LISTING_HEADER}`) +
		lines.reduce((sum, line) => sum + 1 + utf8ByteLength(line), 0);
	if (fixed > budgetBytes) return namesOnly(lines, budgetBytes);

	let remaining = budgetBytes - fixed;
	const withText = entries
		.map((entry, index) => ({ index, text: entry.description, need: 2 + utf8ByteLength(entry.description) }))
		.filter((item) => item.text !== "")
		.sort((a, b) => a.need - b.need || a.index - b.index);
	const suffixes = new Map<number, string>();
	withText.forEach((item, position) => {
		const share = Math.floor(remaining / (withText.length - position));
		let suffix = "";
		if (item.need <= share) suffix = `: ${item.text}`;
		else {
			const cut = truncateUtf8(item.text, share - 2 - ELLIPSIS_BYTES).trimEnd();
			if (cut !== "") suffix = `: ${cut}${ELLIPSIS}`;
		}
		remaining -= utf8ByteLength(suffix);
		suffixes.set(item.index, suffix);
	});
	const body = lines.map((line, index) => `\n${line}${suffixes.get(index) ?? ""}`).join("");
	return `\n\n${SOURCE_LISTING_HEADER}${body}`;
}

/**
 * The `tool_search` description. With `listing: "omit"` (the default) it is `description`
 * unchanged, byte for byte, whatever the sources. With `listing: "include"` it is followed by a
 * blank line, {@link SOURCE_LISTING_HEADER} and one line per source, `- name (N tools): description`,
 * whose UTF-8 size (from the blank line on) never exceeds `budgetBytes`:
 *
 * - sources are merged by name (the first non-empty description wins, tool counts add up) and
 *   sorted by name (code unit order), so the output does not depend on the input order;
 * - every name line is reserved first; descriptions then share the remaining bytes fairly: each
 *   gets at most an equal share of what is left, short ones whole, long ones cut at a code point
 *   boundary and ended with `…`;
 * - if the name lines alone do not fit, only the first names that fit are listed, followed by
 *   `- (N more sources not listed)`; if not even that fits, or there are no sources, there is no
 *   listing. The output is deterministic; inputs are not mutated.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `sources` is not an array of sources with a
 * non-empty string `name`, a string `description` and a non-negative integer `toolCount`, when
 * `listing` is neither `"omit"` nor `"include"`, `budgetBytes` is not a non-negative integer, or
 * `description` is not a non-empty string.
 *
 * @example
 * ```ts
 * const description = renderToolSearchDescription({
 *   listing: "include",
 *   sources: [{ name: "github", description: "Issues and pull requests.", toolCount: 12 }],
 * });
 * // "…call them directly…\n\nYou can load the tools of these sources with tool_search:\n- github (12 tools): Issues and pull requests."
 * const tool = createToolSearchTool({ tools: host, description });
 * ```
 */
export function renderToolSearchDescription(options?: RenderToolSearchDescriptionOptions): string {
	checkOptions(options);
	const description = options?.description ?? TOOL_SEARCH_DESCRIPTION;
	if ((options?.listing ?? "omit") === "omit") return description;
	const budget = options?.budgetBytes ?? DEFAULT_SOURCE_LISTING_BUDGET_BYTES;
	return `${description}${renderListing(options?.sources ?? [], budget)}`;
}
