/**
 * `npm run bench`: speed and memory of our index against wink-bm25-text-search, MiniSearch and
 * FlexSearch, on generated catalogues (1k, 10k, 100k tools) and the bundled real ones. Each subject
 * runs on each catalogue in a fresh child process (`bench/worker.ts`). Prints one table per
 * catalogue and writes every number to `reports/bench.json`. See bench/README.md.
 *
 * Flags:
 *   --quick            1k and 10k plus the real catalogues, 200 queries
 *   --sizes 1000,5000  generated sizes (default 1000,10000,100000)
 *   --queries N        timed queries per subject (default 1000; at least 200)
 *   --subjects a,b     subjects to run (default ours,wink,minisearch,flexsearch)
 *   --no-real          skip the bundled real catalogues
 *   --json PATH        where to write the JSON (default reports/bench.json)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_TOOL_SEARCH_LIMIT } from "../src/defaults.js";
import { type CallFigures, callLines } from "./call-report.js";
import { type CatalogueSpec, catalogueName, REAL_CATALOGUES } from "./catalogues.js";
import { isSubjectName, SUBJECT_NAMES, type SubjectName } from "./peers/index.js";
import {
	catalogueTable,
	footnotes,
	isResult,
	oursLine,
	type SubjectOutcome,
	targetChecks,
} from "./report.js";
import type { WorkerResult, WorkerTask } from "./worker.js";

/** Fewest timed queries per subject, and the count a slow subject is capped at. */
const MIN_QUERIES = 200;
const WARMUP_QUERIES = 50;
/** A subject whose queries would take longer than this is capped at {@link MIN_QUERIES}. */
const QUERY_SECONDS = 60;
/** Catalogues up to this size are built three times (median); larger ones once. */
const MULTI_BUILD_MAX = 10_000;
const OPS = 1000;
const SEED = 20_250_601;

interface Options {
	sizes: number[];
	queries: number;
	subjects: SubjectName[];
	real: boolean;
	json: string;
	quick: boolean;
}

function fail(message: string): never {
	process.stderr.write(`bench: ${message}\n`);
	process.exit(2);
}

function parseArgs(argv: readonly string[]): Options {
	const options: Options = {
		sizes: [1000, 10_000, 100_000],
		queries: 1000,
		subjects: [...SUBJECT_NAMES],
		real: true,
		json: "reports/bench.json",
		quick: false,
	};
	let sizesGiven = false;
	let queriesGiven = false;
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i] as string;
		const value = (): string => {
			const next = argv[++i];
			if (next === undefined) fail(`${flag} needs a value`);
			return next;
		};
		switch (flag) {
			case "--quick":
				options.quick = true;
				break;
			case "--sizes":
				options.sizes = value()
					.split(",")
					.filter((part) => part.trim() !== "")
					.map((part) => {
						const size = Number(part);
						if (!Number.isInteger(size) || size < 3) fail(`--sizes: bad size ${JSON.stringify(part)}`);
						return size;
					});
				sizesGiven = true;
				break;
			case "--queries": {
				const count = Number(value());
				if (!Number.isInteger(count) || count < MIN_QUERIES)
					fail(`--queries must be an integer >= ${MIN_QUERIES}`);
				options.queries = count;
				queriesGiven = true;
				break;
			}
			case "--subjects": {
				const names = value().split(",");
				for (const name of names) {
					if (!isSubjectName(name)) fail(`--subjects: unknown subject ${name} (${SUBJECT_NAMES.join(", ")})`);
				}
				options.subjects = names as SubjectName[];
				break;
			}
			case "--no-real":
				options.real = false;
				break;
			case "--json":
				options.json = value();
				break;
			default:
				fail(`unknown flag ${flag}`);
		}
	}
	if (options.quick) {
		if (!sizesGiven) options.sizes = [1000, 10_000];
		if (!queriesGiven) options.queries = MIN_QUERIES;
	}
	return options;
}

const workerPath = fileURLToPath(new URL("./worker.ts", import.meta.url));

/** Node flags for the workers: ours (tsx's loader) plus --expose-gc. */
function workerExecArgv(): string[] {
	const flags = [...process.execArgv];
	if (!flags.includes("--expose-gc")) flags.unshift("--expose-gc");
	if (!flags.some((flag) => flag.includes("tsx"))) flags.push("--import", "tsx");
	return flags;
}

function runWorker(task: WorkerTask): SubjectOutcome {
	const child = spawnSync(process.execPath, [...workerExecArgv(), workerPath, JSON.stringify(task)], {
		stdio: ["ignore", "pipe", "inherit"],
		encoding: "utf8",
		maxBuffer: 64 * 1024 * 1024,
	});
	if (child.status !== 0) {
		const why = child.signal !== null ? `signal ${child.signal}` : `exit ${child.status}`;
		return { subject: task.subject, error: why };
	}
	const line = child.stdout.trim().split("\n").pop() ?? "";
	try {
		return JSON.parse(line) as WorkerResult;
	} catch {
		return { subject: task.subject, error: "no result" };
	}
}

/** The catalogue size the whole-call and cold-start figures are taken at (when it is benchmarked). */
const WHOLE_CALL_SIZE = 100_000;

/** `bench/tool-search-call.ts` at 100k in its own process: the whole call and the cold start, printed. */
function wholeCall(): CallFigures | { error: string } {
	process.stderr.write("whole tool_search call and cold start:\n");
	const dir = mkdtempSync(join(tmpdir(), "tool-search-call-"));
	const json = join(dir, "call.json");
	try {
		const script = fileURLToPath(new URL("./tool-search-call.ts", import.meta.url));
		const child = spawnSync(
			process.execPath,
			[...workerExecArgv(), script, "--size", String(WHOLE_CALL_SIZE), "--json", json],
			{ stdio: ["ignore", "ignore", "inherit"] },
		);
		if (child.status !== 0) return { error: `exit ${child.status}` };
		const figures = JSON.parse(readFileSync(json, "utf8")) as CallFigures;
		const lines = [`\n## whole tool_search call and cold start, generated-100k`, ...callLines(figures)];
		process.stdout.write(`${lines.join("\n")}\n`);
		return figures;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

function describeCatalogue(spec: CatalogueSpec, tools: number | undefined): string {
	const count = tools === undefined ? "" : `${tools.toLocaleString("en-US")} tools`;
	if (spec.kind === "generated") return `${catalogueName(spec)}: ${count}, generated (seed ${spec.seed})`;
	if (spec.kind === "head-terms")
		return `${catalogueName(spec)}: ${count}, generated with a small skewed vocabulary (seed ${spec.seed})`;
	return `${catalogueName(spec)}: ${count} (${spec.path})`;
}

function main(): void {
	const options = parseArgs(process.argv.slice(2));
	const started = performance.now();
	const catalogues: CatalogueSpec[] = options.sizes.flatMap((size): CatalogueSpec[] => [
		{ kind: "generated", size, seed: SEED },
		{ kind: "head-terms", size, seed: SEED },
	]);
	if (options.real) catalogues.push(...REAL_CATALOGUES);
	const cpu = cpus()[0]?.model ?? "unknown CPU";
	process.stdout.write(
		`tool-search benchmark · Node ${process.version} · ${cpus().length} × ${cpu} · ${(totalmem() / 2 ** 30).toFixed(0)} GiB\n` +
			`${options.queries} timed queries of 1–6 words per subject (after ${WARMUP_QUERIES} warm-up), limit ${DEFAULT_TOOL_SEARCH_LIMIT}; ` +
			`build = median of 3 up to ${MULTI_BUILD_MAX.toLocaleString("en-US")} tools, else 1; heap = heapUsed + arrayBuffers after build minus before (after GC), each subject in its own process\n` +
			`ratio columns: ours vs that peer (N× faster / smaller, or N× slower / larger)\n`,
	);
	const report: {
		catalogue: string;
		tools: number | undefined;
		spec: CatalogueSpec;
		results: SubjectOutcome[];
		targets: ReturnType<typeof targetChecks>;
	}[] = [];
	for (const spec of catalogues) {
		const outcomes: SubjectOutcome[] = [];
		process.stderr.write(`${catalogueName(spec)}:\n`);
		const builds = spec.kind !== "file" && spec.size > MULTI_BUILD_MAX ? 1 : 3;
		for (const subject of options.subjects) {
			outcomes.push(
				runWorker({
					catalogue: spec,
					subject,
					queries: options.queries,
					cappedQueries: MIN_QUERIES,
					warmup: WARMUP_QUERIES,
					builds,
					limit: DEFAULT_TOOL_SEARCH_LIMIT,
					querySeconds: QUERY_SECONDS,
					ops: OPS,
					seed: SEED,
				}),
			);
		}
		const tools = outcomes.find(isResult)?.tools;
		const lines = [
			`\n## ${describeCatalogue(spec, tools)}`,
			catalogueTable(outcomes),
			...footnotes(outcomes),
		];
		const ours = outcomes.find(
			(outcome): outcome is WorkerResult => isResult(outcome) && outcome.subject === "ours",
		);
		if (ours !== undefined) lines.push(oursLine(ours));
		const small = spec.kind === "file" && spec.name === "livemcpbench";
		const targets = tools === undefined ? [] : targetChecks(outcomes, tools, small);
		if (targets.length > 0) {
			lines.push(`targets: ${targets.map((t) => `${t.label} ${t.met ? "met" : "MISSED"}`).join(" · ")}`);
		}
		process.stdout.write(`${lines.join("\n")}\n`);
		report.push({ catalogue: catalogueName(spec), tools, spec, results: outcomes, targets });
	}
	const calls = options.sizes.includes(WHOLE_CALL_SIZE) ? wholeCall() : undefined;
	const seconds = (performance.now() - started) / 1000;
	const path = resolve(options.json);
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(
		path,
		`${JSON.stringify(
			{
				date: new Date().toISOString(),
				node: process.version,
				platform: `${process.platform} ${process.arch}`,
				cpus: cpus().length,
				cpu,
				options: { ...options, warmup: WARMUP_QUERIES, minQueries: MIN_QUERIES, querySeconds: QUERY_SECONDS },
				catalogues: report,
				...(calls === undefined ? {} : { wholeCall: calls }),
				totalSeconds: seconds,
			},
			null,
			2,
		)}\n`,
	);
	process.stdout.write(`\ntotal ${seconds.toFixed(0)} s · JSON: ${options.json}\n`);
}

main();
