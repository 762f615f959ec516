/**
 * One `tool_search` call's search: read the host's catalogue (or keep the last view at an
 * unchanged catalogue version), interpret the query's syntax against it, and run the discovery
 * (rankers, fallback, pipeline). `create-tool-search-tool.ts` turns what it finds into activation
 * and the result.
 * @internal
 */
import { readCatalogVersion } from "../host/catalog-version.js";
import { activeNames, hostList } from "../host/host-answer.js";
import type { ActiveToolSet, ToolCatalog } from "../host/types.js";
import { elapsedMs } from "../internal/deadline.js";
import { type Discovery, discover } from "../pipeline/discover.js";
import type { ResolvedPipeline } from "../pipeline/pipeline-options.js";
import { type Bm25Ranker, trustedNames } from "../ranking/bm25-ranker.js";
import { throwIfAborted } from "../ranking/rank-with-fallback.js";
import type { ToolRanker } from "../types.js";
import { countActive } from "./call-details.js";
import { interpretQuery, type QueryNotes } from "./interpret-query.js";
import type { ParsedPhrasing } from "./query-syntax.js";
import type { SearchableCatalog, SearchableTools } from "./searchable-catalog.js";
import { readSourceStatus, type ToolSearchSourceStatus } from "./source-status.js";
import type { KnownNames } from "./taken-names.js";

/** What a call's search reads from its `tool_search` instance. */
export interface CallContext {
	readonly tools: ToolCatalog & ActiveToolSet;
	readonly catalog: SearchableCatalog;
	readonly pipeline: ResolvedPipeline;
	/** The ranker chain for this call. */
	readonly rankers: () => ToolRanker[];
	/** The instance's own `Bm25Ranker`, which answers when the chain fails. */
	readonly fallback: () => Bm25Ranker;
}

/** What a call's search found, or the model's error in its query. */
export type CallSearch =
	| {
			view: SearchableTools;
			hidden: Set<string>;
			found: Discovery;
			collectMs: number;
			totalTools: number;
			notes: QueryNotes;
			sources: ToolSearchSourceStatus[];
	  }
	| { error: string };

/**
 * The names of the saved index a ranker of the chain answers from at `version`, if one does
 * (`trustedNames`): the host's catalogue at that version is expected to list them, in order.
 */
function expectedNames(
	rankers: readonly ToolRanker[],
	version: string | number | undefined,
): KnownNames | undefined {
	if (version === undefined) return undefined;
	for (const each of rankers) {
		const names = trustedNames(each, version);
		if (names !== undefined) return names;
	}
	return undefined;
}

/** Reads the catalogue and runs the discovery for one call. */
export async function searchCall(
	context: CallContext,
	phrasings: readonly ParsedPhrasing[],
	texts: readonly string[],
	limit: number,
	signal: AbortSignal | undefined,
	ctx: unknown,
): Promise<CallSearch> {
	const { tools, catalog, pipeline } = context;
	const mark = performance.now();
	const catalogVersion = readCatalogVersion(tools);
	const view = catalog.collectAt(
		catalogVersion,
		() => hostList(tools.getAllTools(), "getAllTools"),
		() => expectedNames(context.rankers(), catalogVersion),
	);
	const hidden = new Set(activeNames(tools.getActiveTools()));
	const collectMs = elapsedMs(mark);
	// Query syntax (issue 15): scopes, +/- words, regex: and select: against this call's view.
	const sources = readSourceStatus(tools);
	const interpreted = interpretQuery(phrasings, { searchable: view, active: hidden, sources });
	if (!interpreted.ok) return { error: interpreted.error };
	const { runs, notes } = interpreted;
	const found = await discover({
		phrasings: texts,
		runs,
		limit,
		view,
		hidden,
		signal,
		ctx,
		rankers: context.rankers(),
		fallback: context.fallback(),
		pipeline,
		catalogVersion,
	});
	throwIfAborted(signal);
	const totalTools = view.size - countActive(view.get.bind(view), hidden);
	return { view, hidden, found, collectMs, totalTools, notes, sources };
}
