/**
 * What a `tool_search` result lists when nothing matched: the namespaces (MCP servers) of the
 * searchable tools, with their tool counts and descriptions, so the model can name one in its next
 * query or rephrase. Within a UTF-8 byte budget, cut cleanly with a count of those left out.
 */
import { MAX_MISS_NAMESPACES_BYTES } from "../defaults.js";
import { firstLine } from "../document/first-line.js";
import { utf8ByteLength } from "../integration/source-listing.js";
import type { ToolNamespace } from "../types.js";
import type { ToolSearchNamespaceSummary } from "./result-types.js";

/** The line that opens the namespace listing of a result without matches. */
export const MISS_NAMESPACES_HEADER =
	"The searchable tools are in these namespaces; name one in your next query, or rephrase it:";

/** How many code units of a namespace's description line `details.namespaces` keeps. */
const DETAILS_NAMESPACE_DESCRIPTION_LENGTH = 200;
/** How many code units of it the result text shows (then `…`). */
const TEXT_NAMESPACE_DESCRIPTION_LENGTH = 100;

/** A namespace's name as the listing counts it, trimmed ("": not counted). */
export function listedName(namespace: ToolNamespace | undefined): string {
	return typeof namespace?.name === "string" ? namespace.name.trim() : "";
}

/** The description line the listing keeps of a namespace ("": none). */
export function listedDescription(namespace: ToolNamespace | undefined): string {
	return firstLine(namespace?.description, DETAILS_NAMESPACE_DESCRIPTION_LENGTH);
}

/** The listing's order: most tools first, then by name (code units). */
export function byToolCount(a: ToolSearchNamespaceSummary, b: ToolSearchNamespaceSummary): number {
	return b.tool_count - a.tool_count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/**
 * The namespaces of `tools` (searchable tools not active, with the namespace `namespaceOf` gave
 * them), one per name: most tools first, then by name (code units); the first non-blank
 * description of a name wins. Tools without a namespace are not counted; `[]` when none has one.
 */
export function summarizeNamespaces(
	tools: Iterable<{ readonly namespace: ToolNamespace | undefined }>,
): ToolSearchNamespaceSummary[] {
	const byName = new Map<string, ToolSearchNamespaceSummary>();
	for (const { namespace } of tools) {
		const name = listedName(namespace);
		if (name === "") continue;
		const description = listedDescription(namespace);
		const entry = byName.get(name);
		if (entry === undefined) {
			byName.set(name, { name, ...(description === "" ? {} : { description }), tool_count: 1 });
			continue;
		}
		entry.tool_count++;
		if (entry.description === undefined && description !== "") entry.description = description;
	}
	return [...byName.values()].sort(byToolCount);
}

function nameLine(namespace: ToolSearchNamespaceSummary): string {
	const count = namespace.tool_count;
	return `- ${namespace.name} (${count} ${count === 1 ? "tool" : "tools"})`;
}

function fullLine(namespace: ToolSearchNamespaceSummary): string {
	const description = namespace.description ?? "";
	if (description === "") return nameLine(namespace);
	const whole = firstLine(description, Number.MAX_SAFE_INTEGER);
	const cut = firstLine(whole, TEXT_NAMESPACE_DESCRIPTION_LENGTH);
	return `${nameLine(namespace)}: ${cut.length < whole.length ? `${cut}…` : cut}`;
}

function moreLine(left: number): string {
	return `- (${left} more ${left === 1 ? "namespace" : "namespaces"} not listed)`;
}

/**
 * The namespace lines that fit, in order: each with its description when that fits, else without,
 * and the first that does not fit even so ends them. With `withCount`, a line is taken only if the
 * count of the namespaces after it would still fit after it.
 */
function fitLines(
	namespaces: readonly ToolSearchNamespaceSummary[],
	budgetBytes: number,
	withCount: boolean,
): string[] {
	const lines: string[] = [];
	let used = utf8ByteLength(MISS_NAMESPACES_HEADER);
	for (const [index, namespace] of namespaces.entries()) {
		const left = namespaces.length - index - 1;
		const after = withCount && left > 0 ? 1 + utf8ByteLength(moreLine(left)) : 0;
		const line = [fullLine(namespace), nameLine(namespace)].find(
			(candidate) => used + 1 + utf8ByteLength(candidate) + after <= budgetBytes,
		);
		if (line === undefined) break;
		lines.push(line);
		used += 1 + utf8ByteLength(line);
	}
	return lines;
}

/**
 * The listing's lines: {@link MISS_NAMESPACES_HEADER}, then `- name (N tools): description` per
 * namespace in the given order, and `- (N more namespaces not listed)` for those that did not fit.
 * Joined by `\n`, the lines take at most `budgetBytes` UTF-8 bytes: a namespace whose line does not
 * fit is shown without its description, and the first that does not fit even so ends the list.
 * `[]` when there are no namespaces or not one fits.
 */
export function namespaceListingLines(
	namespaces: readonly ToolSearchNamespaceSummary[],
	budgetBytes: number = MAX_MISS_NAMESPACES_BYTES,
): string[] {
	if (namespaces.length === 0) return [];
	const every = fitLines(namespaces, budgetBytes, false);
	if (every.length === namespaces.length) return [MISS_NAMESPACES_HEADER, ...every];
	const some = fitLines(namespaces, budgetBytes, true);
	if (some.length === 0) return [];
	// Leaving descriptions out earlier can make room for every name after all.
	if (some.length === namespaces.length) return [MISS_NAMESPACES_HEADER, ...some];
	return [MISS_NAMESPACES_HEADER, ...some, moreLine(namespaces.length - some.length)];
}
