/**
 * `npm run eval`: our default ranker beside wink-bm25-text-search, MiniSearch and flexsearch on the
 * bundled datasets; prints one table per dataset and writes a JSON report.
 * `npm run eval -- --explain <query-id>` explains our ranking of one query instead.
 * `npm run eval -- --embedder <module>` puts the hybrid ranker (BM25 + that embedder) beside ours.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCliArgs, USAGE, UsageError } from "./cli-args.js";
import { catalogueParts, type EvalDataset, loadDataset } from "./datasets.js";
import { evaluateRanker, type RankerResult } from "./evaluate.js";
import { explainQuery, findQuery } from "./explain.js";
import { cachePath, DiskCachedEmbedder, evaluateHybrid, loadEmbedder } from "./hybrid.js";
import { createRankers, OURS_NAME, RANKER_CONFIGURATIONS } from "./rankers/all.js";
import { OursRanker } from "./rankers/ours.js";
import {
	bestPeerLine,
	type DatasetReport,
	datasetReport,
	type EvalReport,
	formatNaturalTable,
	formatTable,
	type GoldRanks,
	goldRanks,
	METRICS_NOTE,
} from "./report.js";

const ROOT = new URL("../", import.meta.url);
const REPORTS = fileURLToPath(new URL("reports/", ROOT));
const DEFAULT_REPORT = fileURLToPath(new URL("reports/eval.json", ROOT));

/** Our per-query gold ranks in the full ranking (every match), untimed. */
function oursGoldRanks(dataset: EvalDataset): GoldRanks[] {
	const ranker = new OursRanker();
	const ranks: GoldRanks[] = new Array(dataset.queries.length);
	for (const part of catalogueParts(dataset)) {
		ranker.build(part.tools);
		for (const at of part.at) {
			const query = dataset.queries[at] as EvalDataset["queries"][number];
			ranks[at] = goldRanks(query, ranker.search(query.query, Number.POSITIVE_INFINITY));
		}
	}
	return ranks;
}

/** The hybrid ranker's part of a run: its embedder (disk-cached) and row name. */
interface HybridRun {
	readonly embedder: DiskCachedEmbedder;
	readonly name: string;
}

async function evaluate(
	datasets: readonly EvalDataset[],
	reportPath: string,
	hybrid: HybridRun | undefined,
): Promise<void> {
	const started = performance.now();
	const reports: Record<string, DatasetReport> = {};
	for (const dataset of datasets) {
		// With an embedder: ours and the hybrid ranker only (the peers are in the plain run).
		const rankers = hybrid === undefined ? createRankers() : [new OursRanker(undefined, OURS_NAME)];
		const results: RankerResult[] = rankers.map((ranker) => evaluateRanker(ranker, dataset));
		const ours = results.find((result) => result.ranker === OURS_NAME);
		if (ours === undefined) throw new Error("the ranker list has no ours");
		if (hybrid !== undefined) {
			const { result, info } = await evaluateHybrid(dataset, hybrid.embedder, hybrid.name);
			hybrid.embedder.save();
			results.push(result);
			console.log(
				dataset.catalogues === undefined
					? formatTable(dataset, results)
					: formatNaturalTable(dataset, results),
			);
			const gain = (result.metrics.ndcg10 - ours.metrics.ndcg10).toFixed(3);
			console.log(
				`hybrid vs ours: nDCG@10 ${result.metrics.ndcg10.toFixed(3)} vs ${ours.metrics.ndcg10.toFixed(3)} (${gain.startsWith("-") ? gain : `+${gain}`}); tools embedded ${info.toolsEmbedded}, searches answered by BM25 alone ${info.fallbacks}${info.firstFallback === undefined ? "" : ` (first: ${info.firstFallback})`}`,
			);
			console.log("");
			reports[dataset.id] = datasetReport(dataset, results, oursGoldRanks(dataset));
			continue;
		}
		if (dataset.catalogues !== undefined) {
			console.log(formatNaturalTable(dataset, results));
			console.log("");
			reports[dataset.id] = datasetReport(dataset, results, oursGoldRanks(dataset));
			continue;
		}
		console.log(formatTable(dataset, results));
		console.log(
			bestPeerLine(
				ours,
				results.filter((result) => !result.ranker.startsWith(OURS_NAME)),
			),
		);
		const abstainOff = results.find((result) => result.ranker === "ours, abstain off");
		if (abstainOff !== undefined) {
			const same = JSON.stringify(abstainOff.rankings) === JSON.stringify(ours.rankings);
			console.log(
				`abstention: ${same ? "identical top 10 for every query with it off" : "rankings differ with it off"}; R@10 ${ours.metrics.r10.toFixed(3)} on vs ${abstainOff.metrics.r10.toFixed(3)} off`,
			);
		}
		console.log("");
		reports[dataset.id] = datasetReport(dataset, results, oursGoldRanks(dataset));
	}
	const report: EvalReport = {
		date: new Date().toISOString(),
		node: process.version,
		platform: `${process.platform}-${process.arch}`,
		metrics: METRICS_NOTE,
		rankerConfigurations: RANKER_CONFIGURATIONS,
		datasets: reports,
	};
	mkdirSync(dirname(reportPath), { recursive: true });
	writeFileSync(reportPath, `${JSON.stringify(report, null, "\t")}\n`);
	if (hybrid !== undefined) {
		const { embedder } = hybrid;
		console.log(
			`embedding cache: ${cachePath(REPORTS, embedder.id)} (${embedder.size} vectors; this run: ${embedder.hits} from the cache, ${embedder.misses} embedded)`,
		);
	}
	console.log(`report: ${reportPath} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

async function main(argv: readonly string[]): Promise<number> {
	let args: ReturnType<typeof parseCliArgs>;
	try {
		args = parseCliArgs(argv);
	} catch (error) {
		if (!(error instanceof UsageError)) throw error;
		console.error(`eval: ${error.message}\n\n${USAGE}`);
		return 2;
	}
	if (args.help) {
		console.log(USAGE);
		return 0;
	}
	const datasets = args.datasets.map((id) => {
		const dataset = loadDataset(id, ROOT);
		return args.limit === undefined ? dataset : { ...dataset, queries: dataset.queries.slice(0, args.limit) };
	});
	if (args.explain !== undefined) {
		const found = findQuery(datasets, args.explain);
		if (found === undefined) {
			console.error(`eval: no query with id "${args.explain}" in ${args.datasets.join(", ")}`);
			return 2;
		}
		console.log(explainQuery(found.dataset, found.query));
		return 0;
	}
	let hybrid: HybridRun | undefined;
	if (args.embedder !== undefined) {
		const embedder = await loadEmbedder(args.embedder);
		hybrid = {
			embedder: new DiskCachedEmbedder(embedder, cachePath(REPORTS, embedder.id)),
			name: `ours+hybrid (${embedder.id})`,
		};
	}
	const reportPath =
		args.json !== undefined
			? resolve(args.json)
			: hybrid === undefined
				? DEFAULT_REPORT
				: cachePath(REPORTS, hybrid.embedder.id).replace(/embeddings-([^/\\]+)$/, "eval-hybrid-$1");
	await evaluate(datasets, reportPath, hybrid);
	return 0;
}

// A closed pipe (`npm run eval -- --explain id | head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
	if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
	throw error;
});

process.exitCode = await main(process.argv.slice(2));
