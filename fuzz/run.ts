/**
 * `npm run fuzz`: the adversarial suite over the public entries (see fuzz/README.md).
 *
 *   tsx fuzz/run.ts [--runs N] [--full] [--seed S] [--only name,...] [--json file] [--path P] [--list]
 *
 * `--runs N` spreads N inputs over the selected properties in proportion to their full-scale
 * counts (at least 5 each); without it (or with `--full`) every property runs its full count, over
 * 1,000,000 inputs in all. `--only` takes property names or concept prefixes (`guard`, `mcp/`).
 * Exits 1 when a property failed, 2 on bad arguments, 3 when the watchdog stopped the run.
 */
import { writeFileSync } from "node:fs";
import { properties as catalogues } from "./catalogues.js";
import { properties as concurrency } from "./concurrency.js";
import { properties as guard } from "./guard.js";
import { type FuzzProperty, type PropertyReport, runProperty, stray } from "./harness.js";
import { properties as indexOps } from "./index-ops.js";
import { properties as mcp } from "./mcp-proxy.js";
import { properties as querySyntax } from "./query-syntax.js";
import { properties as rankers } from "./rankers-and-hosts.js";
import { slowInputs } from "./slow.js";
import { properties as snapshots } from "./snapshots.js";
import { properties as tokenizer } from "./tokenizer.js";
import { properties as toolArguments } from "./tool-arguments.js";

const ALL: readonly FuzzProperty[] = [
	...toolArguments,
	...catalogues,
	...indexOps,
	...snapshots,
	...rankers,
	...concurrency,
	...tokenizer,
	...guard,
	...mcp,
	...querySyntax,
];

interface Args {
	runs: number | undefined;
	seed: number;
	only: string[] | undefined;
	json: string | undefined;
	path: string | undefined;
	list: boolean;
}

function usage(message: string): never {
	console.error(`fuzz: ${message}`);
	console.error(
		"usage: tsx fuzz/run.ts [--runs N] [--full] [--seed S] [--only name,...] [--json file] [--path P] [--list]",
	);
	process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
	const args: Args = {
		runs: undefined,
		seed: 42,
		only: undefined,
		json: undefined,
		path: undefined,
		list: false,
	};
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		const value = (): string => {
			const next = argv[++i];
			if (next === undefined) usage(`${flag} needs a value`);
			return next;
		};
		if (flag === "--runs") {
			const runs = Number(value());
			if (!Number.isInteger(runs) || runs < 1) usage("--runs must be a positive integer");
			args.runs = runs;
		} else if (flag === "--full") args.runs = undefined;
		else if (flag === "--seed") {
			const seed = Number(value());
			if (!Number.isInteger(seed)) usage("--seed must be an integer");
			args.seed = seed;
		} else if (flag === "--only") args.only = value().split(",").filter(Boolean);
		else if (flag === "--json") args.json = value();
		else if (flag === "--path") args.path = value();
		else if (flag === "--list") args.list = true;
		else if (flag !== "--") usage(`unknown argument ${flag}`);
	}
	return args;
}

function select(only: readonly string[] | undefined): FuzzProperty[] {
	if (only === undefined) return [...ALL];
	const chosen = ALL.filter((property) =>
		only.some(
			(pattern) => property.name === pattern || property.name.startsWith(`${pattern.replace(/\/$/, "")}/`),
		),
	);
	if (chosen.length === 0) usage(`--only matched no property (see --list)`);
	return chosen;
}

/** Inputs per property: the full counts, or `total` spread in proportion (at least 5 each). */
function plan(selected: readonly FuzzProperty[], total: number | undefined): number[] {
	if (total === undefined) return selected.map((property) => property.runs);
	const full = selected.reduce((sum, property) => sum + property.runs, 0);
	return selected.map((property) =>
		Math.max(Math.min(5, property.runs), Math.round((property.runs * total) / full)),
	);
}

const pad = (text: string | number, width: number): string => String(text).padStart(width);
const fmt = (n: number): string => n.toLocaleString("en-US");

async function main(): Promise<void> {
	const args = parseArgs(process.argv.slice(2));
	const selected = select(args.only);
	if (args.list) {
		for (const property of selected)
			console.log(`${property.name.padEnd(36)} ${pad(fmt(property.runs), 9)}  ${property.summary}`);
		return;
	}
	const counts = plan(selected, args.runs);
	const planned = counts.reduce((sum, n) => sum + n, 0);
	const watchdogMs = Number(process.env.FUZZ_WATCHDOG_MS ?? 30 * 60_000);
	const started = performance.now();
	const watchdog = setTimeout(() => {
		console.error(
			`\nfuzz: WATCHDOG: the run exceeded ${Math.round(watchdogMs / 60_000)} minutes and was aborted (a property hangs or is far too slow; the last "running" line names it).`,
		);
		process.exit(3);
	}, watchdogMs);

	process.on("unhandledRejection", (reason) => {
		stray.push(
			`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
		);
	});
	process.on("uncaughtException", (error) => {
		stray.push(`uncaught exception: ${error.stack ?? error.message}`);
	});

	console.log(
		`fuzz: seed ${args.seed}, ${selected.length} properties, ${fmt(planned)} inputs planned${args.runs === undefined ? " (full run)" : ""}`,
	);
	console.log(
		`${"property".padEnd(36)} ${pad("inputs", 10)} ${pad("planned", 10)} ${pad("fail", 5)} ${pad("time", 9)}`,
	);
	const reports: PropertyReport[] = [];
	// Each property gets a share of the watchdog, so one slow property cannot starve the others.
	const timeLimitMs = Math.max(60_000, Math.floor(watchdogMs / 4));
	for (const [i, property] of selected.entries()) {
		process.stdout.write(`${property.name.padEnd(36)} running…\r`);
		const report = await runProperty(property, {
			seed: args.seed,
			numRuns: counts[i] as number,
			path: args.path,
			timeLimitMs,
		});
		reports.push(report);
		const flags = report.interrupted ? "  (stopped by its time limit)" : "";
		console.log(
			`${property.name.padEnd(36)} ${pad(fmt(report.inputs), 10)} ${pad(fmt(report.planned), 10)} ${pad(report.failures, 5)} ${pad(`${(report.ms / 1000).toFixed(1)} s`, 9)}${flags}`,
		);
		if (report.failure !== undefined) {
			const { failure } = report;
			console.log(
				`  FAILED  seed ${report.seed} (run seed ${args.seed}), path ${JSON.stringify(failure.path)}, ${report.shrinks} shrinks`,
			);
			console.log(`  counterexample: ${failure.counterexample.replace(/\n/g, "\n    ")}`);
			console.log(`  error: ${failure.error.replace(/\n/g, "\n    ")}`);
			console.log(`  replay: ${failure.replay}`);
		}
	}
	clearTimeout(watchdog);
	const inputs = reports.reduce((sum, report) => sum + report.inputs, 0);
	const failed = reports.filter((report) => report.failures > 0);
	const wallMs = performance.now() - started;
	console.log(
		`\nfuzz summary: ${fmt(inputs)} inputs tried, ${failed.length} of ${reports.length} properties failed, ${(wallMs / 1000).toFixed(1)} s wall (seed ${args.seed})`,
	);
	for (const report of failed)
		console.log(`  FAILED ${report.name}: ${report.failure?.error.split("\n")[0]}`);
	const slow = slowInputs();
	if (slow.length > 0) {
		console.log(`slow inputs (reported, not failures): ${slow.length}`);
		for (const note of slow.slice(0, 20)) console.log(`  ${note}`);
	}
	if (args.json !== undefined) {
		writeFileSync(
			args.json,
			`${JSON.stringify(
				{
					seed: args.seed,
					full: args.runs === undefined,
					planned,
					inputs,
					failedProperties: failed.length,
					wallMs: Math.round(wallMs),
					properties: reports.map((report) => ({ ...report, ms: Math.round(report.ms) })),
					slow,
				},
				null,
				"\t",
			)}\n`,
		);
	}
	process.exit(failed.length > 0 ? 1 : 0);
}

await main();
