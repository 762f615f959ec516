/**
 * Sources (MCP servers) that are not searchable yet, or not at all: what a catalogue reports
 * through its optional `getSourceStatus()`, read defensively, and the lines a `tool_search` result
 * gets for them instead of a bare "no match".
 */
import { MAX_SOURCE_REASON_LENGTH, MAX_SOURCE_STATUS_SHOWN } from "../defaults.js";
import { isObjectLike } from "../internal/guards.js";

/** A source that is still connecting or failed, as `details.sources` lists it. */
export interface ToolSearchSourceStatus {
	/** The source's name, e.g. the MCP server. */
	name: string;
	status: "connecting" | "failed";
	/** How many of its tools are known but not searchable yet, when the catalogue knows. */
	pending_tools?: number;
	/** Why it failed (or why it is reconnecting), cut to 200 code units. */
	reason?: string;
}

function reasonOf(value: unknown): string | undefined {
	if (typeof value !== "string") return undefined;
	const text = value.replace(/\s+/g, " ").trim();
	if (text === "") return undefined;
	return text.length > MAX_SOURCE_REASON_LENGTH ? `${text.slice(0, MAX_SOURCE_REASON_LENGTH)}…` : text;
}

function statusOf(item: unknown): ToolSearchSourceStatus | undefined {
	if (!isObjectLike(item)) return undefined;
	const { name, status, pendingTools, reason } = item;
	if (typeof name !== "string" || name.trim() === "") return undefined;
	if (status !== "connecting" && status !== "failed") return undefined;
	const why = reasonOf(reason);
	return {
		name: name.trim(),
		status,
		...(Number.isSafeInteger(pendingTools) && (pendingTools as number) >= 0
			? { pending_tools: pendingTools as number }
			: {}),
		...(why === undefined ? {} : { reason: why }),
	};
}

/**
 * The sources `host.getSourceStatus()` reports as connecting or failed, first of each name, in the
 * order given; `[]` when the host has no such method, or it throws or answers something else.
 *
 * @example
 * ```ts
 * readSourceStatus({ getSourceStatus: () => [{ name: "jira", status: "connecting", pendingTools: 12 }] });
 * // [{ name: "jira", status: "connecting", pending_tools: 12 }]
 * ```
 */
export function readSourceStatus(host: unknown): ToolSearchSourceStatus[] {
	try {
		const method = isObjectLike(host) ? host.getSourceStatus : undefined;
		if (typeof method !== "function") return [];
		const listed: unknown = method.call(host);
		if (!Array.isArray(listed)) return [];
		const seen = new Set<string>();
		const sources: ToolSearchSourceStatus[] = [];
		for (const item of listed as unknown[]) {
			const source = statusOf(item);
			if (source === undefined || seen.has(source.name)) continue;
			seen.add(source.name);
			sources.push(source);
		}
		return sources;
	} catch {
		return []; // a catalogue that cannot say: the result says nothing about its sources
	}
}

function line(source: ToolSearchSourceStatus): string {
	const name = JSON.stringify(source.name);
	if (source.status === "failed") {
		return `Server ${name} failed${source.reason === undefined ? "" : `: ${source.reason}`}; its tools cannot be searched.`;
	}
	const count = source.pending_tools;
	const pending =
		count === undefined
			? "its tools are not searchable yet"
			: `${count} ${count === 1 ? "tool" : "tools"} not yet searchable`;
	return `Server ${name} is still connecting (${pending}); search again shortly.`;
}

/**
 * One line per source, at most {@link MAX_SOURCE_STATUS_SHOWN}, then a count of the rest.
 *
 * @example
 * ```ts
 * sourceStatusLines([{ name: "jira", status: "connecting", pending_tools: 12 }]);
 * // ['Server "jira" is still connecting (12 tools not yet searchable); search again shortly.']
 * ```
 */
export function sourceStatusLines(sources: readonly ToolSearchSourceStatus[]): string[] {
	const lines = sources.slice(0, MAX_SOURCE_STATUS_SHOWN).map(line);
	const more = sources.length - MAX_SOURCE_STATUS_SHOWN;
	if (more > 0) lines.push(`(${more} more ${more === 1 ? "server" : "servers"} connecting or failed)`);
	return lines;
}
