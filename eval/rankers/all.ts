/** The rankers `npm run eval` compares, ours first. */
import { FlexSearchRanker } from "./flexsearch.js";
import { MiniSearchRanker } from "./minisearch.js";
import { OursRanker } from "./ours.js";
import type { EvalRanker } from "./types.js";
import { WINK_FIELD_WEIGHTS, WinkRanker } from "./wink.js";

export const OURS_NAME = "ours";

/** A fresh set of rankers: ours, then the peers. */
export function createRankers(): EvalRanker[] {
	return [
		new OursRanker(undefined, OURS_NAME),
		new OursRanker({ rules: { abstain: false } }, "ours, abstain off"),
		new WinkRanker(),
		new MiniSearchRanker(),
		new FlexSearchRanker(),
		new FlexSearchRanker({ suggest: true }, "flexsearch+suggest"),
	];
}

/** How each ranker is configured, for the JSON report. */
export const RANKER_CONFIGURATIONS: Readonly<Record<string, string>> = {
	[OURS_NAME]:
		"ToolSearchIndex with default options over createToolSearchDocument({ name, description, parameters }, server ? { name: server, description: server_description } : undefined)",
	"ours, abstain off":
		"as ours with rules.abstain = false: shows what abstaining (returning nothing when only generic words match) costs",
	"wink-bm25": `wink-bm25-text-search BM25F, fields name/description/params, fldWeights ${JSON.stringify(WINK_FIELD_WEIGHTS)}, default bm25Params (k1 1.2, b 0.75, k 1), prep task = tokenize; ties by name`,
	minisearch:
		"MiniSearch, fields name/description/params, default options except tokenize = tokenize and processTerm = identity; default search options (OR, no prefix, no fuzzy, no boost); ties by name",
	flexsearch:
		"flexsearch 0.8 Document, fields name/description/params, default options except encode = tokenize; default search (no suggest: every query term must match in one field); field lists merged by rank (name, description, params), deduplicated",
	"flexsearch+suggest":
		"as flexsearch, searching with suggest: true (partial matches allowed); not a default, shown because the default returns almost nothing for natural-language queries",
};
