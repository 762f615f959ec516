/**
 * The candidates of one call: the ranked matches that are searchable and not active, with their
 * component scores (`signals`) when the pipeline is on, and the read-only view the rerank and judge
 * stages get.
 */
import { toolLocalName } from "../document/create-tool-search-document.js";
import type { RankOutcome } from "../ranking/rank-with-fallback.js";
import { roundScore } from "../tool/format-result.js";
import type { SearchableTool, SearchableTools } from "../tool/searchable-catalog.js";
import type { ToolSearchSignals } from "./discovery-types.js";
import type { ToolSearchCandidate } from "./pipeline-types.js";

/** A candidate as the stages pass it along: mutable score and signals, the catalogue entry. */
export interface Candidate {
	readonly name: string;
	score: number;
	signals: Record<string, number>;
	readonly entry: SearchableTool;
}

/** Lowercase words, separated by single spaces: case and punctuation folded, for name rules. */
function words(text: string): string {
	return text
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter((word) => word !== "")
		.join(" ");
}

/**
 * The name rules as signals: `exact_name` when the query is the tool's name or local name,
 * `name_in_query` when the local name stands in the query as whole words (case and separators
 * folded). A cheap stand-in, outside the index, for the ranker's own name rules.
 */
export function nameSignals(query: string, name: string): { exact_name?: 1; name_in_query?: 1 } {
	const asked = words(query);
	const local = words(toolLocalName(name));
	if (asked === "" || local === "") return {};
	if (asked === words(name) || asked === local) return { exact_name: 1 };
	return ` ${asked} `.includes(` ${local} `) ? { name_in_query: 1 } : {};
}

/** The larger of each component score over the phrasings' rankings, with the answering ranker's score. */
function componentScores(outcomes: readonly RankOutcome[]): Map<string, Record<string, number>> {
	const byName = new Map<string, Record<string, number>>();
	for (const outcome of outcomes) {
		const bm25Answered = outcome.terms !== undefined;
		for (const match of outcome.matches) {
			const found = { ranker: match.score, ...(bm25Answered ? { bm25: match.score } : {}), ...match.signals };
			const known = byName.get(match.name);
			if (known === undefined) {
				byName.set(match.name, found);
				continue;
			}
			for (const [key, value] of Object.entries(found)) {
				known[key] = Math.max(known[key] ?? Number.NEGATIVE_INFINITY, value);
			}
		}
	}
	return byName;
}

/**
 * The candidates of `outcome` (the call's ranking, fused when there were several phrasings, from
 * `perPhrasing`): matches that name a searchable, inactive tool, in ranked order. With `signals`,
 * each carries its component scores (`fused` when there were several phrasings) and name rules.
 */
export function toCandidates(
	outcome: RankOutcome,
	perPhrasing: readonly RankOutcome[],
	context: {
		view: SearchableTools;
		hidden: ReadonlySet<string>;
		phrasings: readonly string[];
		signals: boolean;
	},
): Candidate[] {
	const { view, hidden, phrasings } = context;
	const components = context.signals ? componentScores(perPhrasing) : undefined;
	const fused = perPhrasing.length > 1;
	const candidates: Candidate[] = [];
	for (const match of outcome.matches) {
		const entry = hidden.has(match.name) ? undefined : view.get(match.name);
		if (entry === undefined) continue;
		let signals: Record<string, number> = NO_SIGNALS;
		if (components !== undefined) {
			const names: Record<string, number> = {};
			for (const phrasing of phrasings) Object.assign(names, nameSignals(phrasing, match.name));
			signals = { ...components.get(match.name), ...(fused ? { fused: match.score } : {}), ...names };
		}
		candidates.push({ name: match.name, score: match.score, signals, entry });
	}
	return candidates;
}

const NO_SIGNALS: Record<string, number> = Object.freeze({}) as Record<string, number>;

/** What the rerank and judge stages see of the candidates: frozen, with the host's fields as read. */
export function candidateViews(candidates: readonly Candidate[]): readonly ToolSearchCandidate[] {
	return Object.freeze(
		candidates.map((candidate) =>
			Object.freeze({
				name: candidate.name,
				score: candidate.score,
				signals: Object.freeze({ ...candidate.signals }) as ToolSearchSignals,
				tool: candidate.entry.info,
				...(candidate.entry.namespace === undefined
					? {}
					: { namespace: Object.freeze({ ...candidate.entry.namespace }) }),
			}),
		),
	);
}

/** The candidates as `details.discovery.candidates` records them. */
export function candidateRecords(
	candidates: readonly Candidate[],
): { name: string; score: number; signals: ToolSearchSignals }[] {
	return candidates.map(({ name, score, signals }) => {
		const rounded: Record<string, number> = {};
		for (const [key, value] of Object.entries(signals)) rounded[key] = roundScore(value);
		return { name, score: roundScore(score), signals: rounded };
	});
}
