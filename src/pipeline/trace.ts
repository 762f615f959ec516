/**
 * Trace records from what a call or a tool call did, handed to the host's `onTrace` without letting
 * a failing sink break a search. Which `tool_search` call activated a tool is kept per tool, so an
 * execution outcome names its discovery.
 */
import type { ToolSearchToolDetails } from "../tool/result-types.js";
import type { ToolCallReport, ToolSearchDiscoveryDetails } from "./discovery-types.js";
import type { ToolSearchPipelineOptions } from "./pipeline-types.js";
import type {
	ToolSearchDiscoveryTrace,
	ToolSearchOutcomeTrace,
	ToolSearchTraceRecord,
} from "./trace-types.js";

/** A fresh discovery id (a random UUID). */
export function newDiscoveryId(): string {
	return globalThis.crypto.randomUUID();
}

/** Hands `record` to `onTrace`; a throw or a rejection is swallowed (a trace sink must not fail a search). */
export function emitTrace(
	onTrace: ToolSearchPipelineOptions["onTrace"],
	record: ToolSearchTraceRecord,
): void {
	if (onTrace === undefined) return;
	try {
		const pending = onTrace(record);
		if (pending !== undefined && typeof (pending as Promise<void>).catch === "function") {
			(pending as Promise<void>).catch(() => {});
		}
	} catch {
		// ignored, as documented
	}
}

/** What a call's record needs besides its `details`. */
export interface DiscoveryTraceContext {
	readonly toolCallId: string;
	readonly catalogueSize: number;
	/** The tools the call returned (listed), best first. */
	readonly returned: readonly string[];
	/** Set for an error result (`onError: "fail"`). */
	readonly failed: boolean;
}

/** How a call ended, for its record. */
function outcomeOf(
	details: Partial<ToolSearchToolDetails>,
	discovery: ToolSearchDiscoveryDetails,
	failed: boolean,
) {
	if (failed) return "failed" as const;
	if (discovery.search_error !== undefined) return "empty" as const;
	if ((details.activated_tools?.length ?? 0) > 0) return "activated" as const;
	const judge = discovery.judge;
	if (judge?.mode === "on" && judge.error === undefined) return "judge_abstained" as const;
	return details.abstained === true ? ("abstained" as const) : ("none" as const);
}

/** The record of a `tool_search` call, from its details and `discovery`. */
export function discoveryTrace(
	details: Partial<ToolSearchToolDetails> & { query: string },
	discovery: ToolSearchDiscoveryDetails,
	context: DiscoveryTraceContext,
): ToolSearchDiscoveryTrace {
	return {
		type: "discovery",
		version: 1,
		time: new Date().toISOString(),
		tool_call_id: context.toolCallId,
		query: details.query,
		...(details.queries === undefined ? {} : { queries: details.queries }),
		limit: details.limit ?? discovery.candidate_limit,
		catalogue_size: context.catalogueSize,
		total_tools: details.total_tools ?? 0,
		ranked_by: details.ranked_by ?? "none",
		returned: [...context.returned],
		activated: [...(details.activated_tools ?? [])],
		outcome: outcomeOf(details, discovery, context.failed),
		...discovery,
	};
}

/**
 * Remembers which `tool_search` call last activated each tool, and turns tool calls into outcome
 * records linked to it.
 */
export class DiscoveryLedger {
	readonly #activatedBy = new Map<string, string>();
	readonly #onTrace: ToolSearchPipelineOptions["onTrace"];

	constructor(onTrace: ToolSearchPipelineOptions["onTrace"]) {
		this.#onTrace = onTrace;
	}

	/** Records that call `discoveryId` activated `names`. */
	activated(discoveryId: string, names: readonly string[]): void {
		for (const name of names) this.#activatedBy.set(name, discoveryId);
	}

	/** The call that last activated `name`, if any. */
	discoveryOf(name: string): string | undefined {
		return this.#activatedBy.get(name);
	}

	/** Emits the outcome record of a tool call; returns the discovery id it is linked to. */
	report(
		report:
			| ToolCallReport
			| {
					name: string;
					status: "refused";
					reason: ToolSearchOutcomeTrace["reason"];
					toolCallId?: string | undefined;
			  },
	): string | undefined {
		const discoveryId = this.#activatedBy.get(report.name);
		if (this.#onTrace === undefined) return discoveryId;
		const ms =
			"ms" in report && typeof report.ms === "number" && Number.isFinite(report.ms) ? report.ms : undefined;
		emitTrace(this.#onTrace, {
			type: "outcome",
			version: 1,
			time: new Date().toISOString(),
			discovery_id: discoveryId ?? null,
			tool: report.name,
			status: report.status,
			...(report.status === "refused" && report.reason !== undefined ? { reason: report.reason } : {}),
			...(report.toolCallId === undefined ? {} : { tool_call_id: report.toolCallId }),
			...(ms === undefined ? {} : { ms }),
		});
		return discoveryId;
	}
}
