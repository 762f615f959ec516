/** Printing the comparison tables and shaping the JSON report. */

import { groupRanks, METRIC_NAMES, type MetricName, type RetrievalMetrics } from "../src/testing/metrics.js";
import type { EvalDataset } from "./datasets.js";
import type { NaturalScores, RankerResult } from "./evaluate.js";

const HEADERS: Readonly<Record<MetricName, string>> = {
	r1: "R@1",
	r5: "R@5",
	r10: "R@10",
	c5: "C@5",
	ndcg10: "nDCG@10",
	mrr: "MRR",
};

/** A metric to 3 decimals. */
export function formatMetric(value: number): string {
	return value.toFixed(3);
}

/** Milliseconds to 3 significant digits. */
export function formatMs(value: number): string {
	return value.toPrecision(3);
}

/** The dataset's table: one row per ranker, the metrics then ms/query. */
export function formatTable(dataset: EvalDataset, results: readonly RankerResult[]): string {
	const nameWidth = Math.max(6, ...results.map((result) => result.ranker.length));
	const columns = [...METRIC_NAMES.map((name) => HEADERS[name]), "ms/q"];
	const widths = columns.map((column) => Math.max(7, column.length));
	const row = (name: string, cells: readonly string[]): string =>
		`${name.padEnd(nameWidth)}${cells.map((cell, at) => cell.padStart((widths[at] ?? 7) + 1)).join("")}`;
	const lines = [
		`${dataset.id}: ${dataset.tools.length} tools, ${dataset.queries.length} queries`,
		row("ranker", columns),
	];
	for (const result of results) {
		lines.push(
			row(result.ranker, [
				...METRIC_NAMES.map((name) => formatMetric(result.metrics[name])),
				formatMs(result.msPerQuery),
			]),
		);
	}
	return lines.join("\n");
}

const NATURAL_COLUMNS = ["R@1", "R@3", "R@5", "nDCG@10", "abst.P", "abst.R", "abst#"] as const;

function naturalCells(scores: NaturalScores): string[] {
	return [
		formatMetric(scores.r1),
		formatMetric(scores.r3),
		formatMetric(scores.r5),
		formatMetric(scores.ndcg10),
		formatMetric(scores.abstention.precision),
		formatMetric(scores.abstention.recall),
		String(scores.abstention.abstentions),
	];
}

/**
 * The `natural` table: one row per ranker with R@1, R@3, R@5 and nDCG@10 over the requests with gold,
 * abstention precision and recall over all requests, the number of abstentions, and ms/query; then
 * the same per catalogue.
 */
export function formatNaturalTable(dataset: EvalDataset, results: readonly RankerResult[]): string {
	const catalogues = dataset.catalogues ?? {};
	const first = results[0]?.natural;
	const goldNone = first?.abstention.goldNone ?? 0;
	const nameWidth = Math.max(6, ...results.map((result) => result.ranker.length + 2));
	const columns = [...NATURAL_COLUMNS, "ms/q"];
	const widths = columns.map((column) => Math.max(7, column.length));
	const row = (name: string, cells: readonly string[]): string =>
		`${name.padEnd(nameWidth)}${cells.map((cell, at) => cell.padStart((widths[at] ?? 7) + 1)).join("")}`;
	const over = Object.entries(catalogues)
		.map(([id, tools]) => `${id} ${tools.length} tools`)
		.join(", ");
	const lines = [
		`${dataset.id}: ${dataset.queries.length} requests (${dataset.queries.length - goldNone} with gold, ${goldNone} gold-none) over ${over}`,
		row("ranker", columns),
	];
	for (const result of results) {
		if (result.natural === undefined) continue;
		lines.push(row(result.ranker, [...naturalCells(result.natural), formatMs(result.msPerQuery)]));
	}
	for (const catalogue of Object.keys(catalogues)) {
		const part = first?.byCatalogue[catalogue];
		if (part === undefined) continue;
		lines.push(
			`${dataset.id} / ${catalogue}: ${part.queries + part.abstention.goldNone} requests (${part.queries} with gold, ${part.abstention.goldNone} gold-none)`,
		);
		for (const result of results) {
			const scores = result.natural?.byCatalogue[catalogue];
			if (scores !== undefined) lines.push(row(`  ${result.ranker}`, naturalCells(scores)));
		}
	}
	return lines.join("\n");
}

function relative(ours: number, peer: number): string {
	if (peer === 0) return ours === 0 ? "±0%" : "n/a";
	const percent = ((ours - peer) / peer) * 100;
	return `${percent >= 0 ? "+" : ""}${percent.toFixed(1)}%`;
}

/**
 * One line: for each metric, the best peer and its value against ours (ms/q: the fastest), and ours'
 * relative difference to the best peer in nDCG@10.
 */
export function bestPeerLine(ours: RankerResult, peers: readonly RankerResult[]): string {
	if (peers.length === 0) return "best peer vs ours: no peers";
	const parts: string[] = [];
	for (const name of METRIC_NAMES) {
		const best = peers.reduce((a, b) => (b.metrics[name] > a.metrics[name] ? b : a));
		let part = `${HEADERS[name]} ${best.ranker} ${formatMetric(best.metrics[name])} (ours ${formatMetric(ours.metrics[name])}`;
		if (name === "ndcg10") part += `, ${relative(ours.metrics[name], best.metrics[name])}`;
		parts.push(`${part})`);
	}
	const fastest = peers.reduce((a, b) => (b.msPerQuery < a.msPerQuery ? b : a));
	parts.push(`ms/q ${fastest.ranker} ${formatMs(fastest.msPerQuery)} (ours ${formatMs(ours.msPerQuery)})`);
	return `best peer vs ours: ${parts.join(" | ")}`;
}

/** Where each gold group and each gold tool ranks in our full ranking of one query. */
export interface GoldRanks {
	readonly id: string;
	readonly subset?: string;
	/** Per gold group, the rank of its first member; `null` when no member matched. */
	readonly groups: readonly (number | null)[];
	/** Per gold tool. */
	readonly tools: Readonly<Record<string, number | null>>;
}

/** Gold ranks of one query given our full ranking (every match, best first). */
export function goldRanks(query: EvalDataset["queries"][number], fullRanking: readonly string[]): GoldRanks {
	const tools: Record<string, number | null> = {};
	const rankOf = new Map<string, number>();
	fullRanking.forEach((name, at) => {
		if (!rankOf.has(name)) rankOf.set(name, at + 1);
	});
	for (const name of query.relevant) tools[name] = rankOf.get(name) ?? null;
	return {
		id: query.id,
		...(query.subset === undefined ? {} : { subset: query.subset }),
		groups: groupRanks(fullRanking, query.groups),
		tools,
	};
}

export interface DatasetReport {
	readonly name: string;
	readonly tools: number;
	readonly queries: number;
	readonly rankers: Readonly<
		Record<
			string,
			{
				readonly metrics: RetrievalMetrics;
				readonly msPerQuery: number;
				readonly buildMs: number;
				readonly bySubset: RankerResult["bySubset"];
				readonly natural?: RankerResult["natural"];
			}
		>
	>;
	/** Our per-query gold ranks, in our full ranking. */
	readonly oursGoldRanks: readonly GoldRanks[];
}

export interface EvalReport {
	readonly date: string;
	readonly node: string;
	readonly platform: string;
	readonly metrics: string;
	readonly rankerConfigurations: Readonly<Record<string, string>>;
	readonly datasets: Readonly<Record<string, DatasetReport>>;
}

/** The per-dataset part of the JSON report. */
export function datasetReport(
	dataset: EvalDataset,
	results: readonly RankerResult[],
	oursGoldRanks: readonly GoldRanks[],
): DatasetReport {
	const rankers: Record<string, DatasetReport["rankers"][string]> = {};
	for (const result of results) {
		rankers[result.ranker] = {
			metrics: result.metrics,
			msPerQuery: result.msPerQuery,
			buildMs: result.buildMs,
			bySubset: result.bySubset,
			...(result.natural === undefined ? {} : { natural: result.natural }),
		};
	}
	return {
		name: dataset.name,
		tools:
			dataset.catalogues === undefined
				? dataset.tools.length
				: Object.values(dataset.catalogues).reduce((sum, tools) => sum + tools.length, 0),
		queries: dataset.queries.length,
		rankers,
		oursGoldRanks,
	};
}

export const METRICS_NOTE =
	"Means over queries of the top 10. Gold groups: relevant_groups, else one per relevant tool. R@k = fraction of groups with a member in the top k; C@5 = 1 when every group is in the top 5; nDCG@10 binary gain, one per group at its first hit; MRR = 1/rank of the first hit (0 past 10). ms/q = timed pass after a warm-up pass. natural: metrics over the requests with gold only, each ranked against its own catalogue; abst.P/abst.R = abstention precision (gold-none requests among the requests where the ranker returned nothing) and recall (requests returned nothing among the gold-none requests); R@3 in the JSON natural block.";
