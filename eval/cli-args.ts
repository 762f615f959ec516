/** The command line of `npm run eval`. */
import { parseArgs } from "node:util";
import { DATASET_IDS, type DatasetId } from "./datasets.js";

export const USAGE = `usage: npm run eval -- [--dataset ${DATASET_IDS.join("|")}] [--json <path>] [--explain <query-id>]
                    [--embedder <module>] [--limit <n>]

  --dataset <id>       evaluate one dataset only (default: all)
  --json <path>        where to write the JSON report (default: reports/eval.json, or
                       reports/eval-hybrid-<embedder id>.json with --embedder)
  --explain <query-id> explain our ranking for one query (any dataset) instead of evaluating
  --embedder <module>  evaluate the hybrid ranker (BM25 + this embedder) beside ours instead of the
                       peers; the module's default export is an Embedder or a function returning one.
                       Vectors are cached in reports/embeddings-<embedder id>.json
  --limit <n>          evaluate the first n queries of each dataset only
  --help               show this message`;

/** A bad command line: the runner prints the message and the usage, and exits with code 2. */
export class UsageError extends Error {
	override readonly name = "UsageError";
}

export interface CliArgs {
	readonly datasets: readonly DatasetId[];
	/** The report path as given, or `undefined` for the default. */
	readonly json: string | undefined;
	readonly explain: string | undefined;
	/** The embedder module for the hybrid ranker, as given. */
	readonly embedder: string | undefined;
	/** Queries per dataset, or `undefined` for all. */
	readonly limit: number | undefined;
	readonly help: boolean;
}

function isDatasetId(value: string): value is DatasetId {
	return (DATASET_IDS as readonly string[]).includes(value);
}

/** Parses the arguments after the script name. Throws {@link UsageError} on anything unexpected. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
	let values: {
		dataset?: string | undefined;
		json?: string | undefined;
		explain?: string | undefined;
		embedder?: string | undefined;
		limit?: string | undefined;
		help?: boolean | undefined;
	};
	try {
		({ values } = parseArgs({
			args: [...argv],
			strict: true,
			allowPositionals: false,
			options: {
				dataset: { type: "string" },
				json: { type: "string" },
				explain: { type: "string" },
				embedder: { type: "string" },
				limit: { type: "string" },
				help: { type: "boolean", short: "h" },
			},
		}));
	} catch (error) {
		throw new UsageError((error as Error).message);
	}
	const { dataset, json, explain, embedder } = values;
	if (dataset !== undefined && !isDatasetId(dataset)) {
		throw new UsageError(`unknown dataset "${dataset}"; expected one of ${DATASET_IDS.join(", ")}`);
	}
	if (json !== undefined && json.trim() === "") throw new UsageError("--json needs a file path");
	if (explain !== undefined && explain.trim() === "") throw new UsageError("--explain needs a query id");
	if (embedder !== undefined && embedder.trim() === "")
		throw new UsageError("--embedder needs a module path");
	let limit: number | undefined;
	if (values.limit !== undefined) {
		limit = Number(values.limit);
		if (!Number.isInteger(limit) || limit < 1) {
			throw new UsageError(`--limit needs a positive integer, got "${values.limit}"`);
		}
	}
	return {
		datasets: dataset === undefined ? DATASET_IDS : [dataset],
		json,
		explain,
		embedder,
		limit,
		help: values.help === true,
	};
}
