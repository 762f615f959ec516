/**
 * What a host with a large catalogue pays per `tool_search` call, end to end:
 * - the first call (search documents and the index built from nothing);
 * - later calls with an unchanged catalogue, for a host that says its catalogue version
 *   (`getCatalogVersion`, as the in-memory host and the MCP catalogue do) and for one that does not
 *   (a fresh array of the same tool objects on every call, as pi's `getAllTools()`), so every
 *   tool's fields are compared;
 * - saving the ranker to a file, and a cold start in a fresh process: load the file, create the
 *   tool, answer the first call — at the saved catalogue version, and without a version.
 *
 *   node --import tsx bench/tool-search-call.ts [--size 100000] [--calls 200] [--json PATH]
 *
 * The host resets the active set before each call, so every call searches the whole catalogue.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Bm25Ranker } from "../src/ranking/bm25-ranker.js";
import { loadRanker, saveRanker } from "../src/ranking/ranker-file.js";
import { createToolSearchTool } from "../src/tool/create-tool-search-tool.js";
import type { ToolInfo } from "../src/types.js";
import { type CallFigures, callLines } from "./call-report.js";
import { flag } from "./flags.js";
import { generateCatalogue, generateQueries } from "./generate.js";
import { quantile } from "./stats.js";

const SEED = 20250601;
const VERSION = "bench-v1";

function catalogue(size: number): { tools: ToolInfo[]; queries: string[] } {
	const generated = generateCatalogue({ size, seed: SEED });
	const tools = generated.map((tool) => ({
		name: tool.name,
		description: tool.description,
		parameters: tool.parameters,
	}));
	return { tools, queries: generateQueries({ count: 1001, seed: 7, catalogue: generated }) };
}

/** An in-memory host over `tools`, with or without a catalogue version. */
function hostOf(tools: readonly ToolInfo[], versioned: boolean) {
	let active: readonly string[] = ["tool_search"];
	return {
		getAllTools: () => [...tools],
		...(versioned ? { getCatalogVersion: () => VERSION } : {}),
		getActiveTools: () => active,
		setActiveTools: (names: readonly string[]) => {
			active = names;
		},
		reset: () => {
			active = ["tool_search"];
		},
	};
}

async function timedCalls(
	tool: ReturnType<typeof createToolSearchTool>,
	host: ReturnType<typeof hostOf>,
	queries: readonly string[],
): Promise<{ p50Ms: number; p95Ms: number; calls: number }> {
	const times: number[] = [];
	for (const query of queries) {
		host.reset();
		const start = performance.now();
		await tool.execute("call", { query, limit: 5 });
		times.push(performance.now() - start);
	}
	return { p50Ms: quantile(times, 0.5), p95Ms: quantile(times, 0.95), calls: times.length };
}

/**
 * In a fresh process: load the saved ranker and answer one call (`--cold PATH --host JSON
 * [--versioned]`). The host's tools and the query come from the JSON file the parent wrote and are
 * parsed before the clock starts, as a host's catalogue arrives (MCP `tools/list` answers, a cached
 * catalogue): names are then flat strings, as they are in a host — generated ones, built by
 * concatenation, would make the first call pay for flattening 100,000 of them (~0.1 s) when it
 * hashes them, which no real host's names cost.
 */
async function coldStart(path: string, hostPath: string, versioned: boolean): Promise<void> {
	const { tools, query } = JSON.parse(readFileSync(hostPath, "utf8")) as { tools: ToolInfo[]; query: string };
	const host = hostOf(tools, versioned);
	const start = performance.now();
	const ranker = await loadRanker(path);
	const loadMs = performance.now() - start;
	const tool = createToolSearchTool({ tools: host, ranker });
	await tool.execute("first", { query, limit: 5 });
	const totalMs = performance.now() - start;
	process.stdout.write(`${JSON.stringify({ loadMs, firstCallMs: totalMs - loadMs, totalMs })}\n`);
}

function runCold(path: string, hostPath: string, versioned: boolean): CallFigures["coldStart"] {
	const script = fileURLToPath(import.meta.url);
	const args = [...process.execArgv, script, "--cold", path, "--host", hostPath];
	if (versioned) args.push("--versioned");
	const child = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
	if (child.status !== 0) throw new Error(`cold start run failed (exit ${child.status})`);
	return JSON.parse(child.stdout.trim().split("\n").pop() as string) as CallFigures["coldStart"];
}

async function measure(size: number, calls: number): Promise<CallFigures> {
	const { tools, queries } = catalogue(size);
	const versionedHost = hostOf(tools, true);
	const ranker = new Bm25Ranker();
	const tool = createToolSearchTool({ tools: versionedHost, ranker });
	let start = performance.now();
	await tool.execute("first", { query: queries[0] as string });
	const firstCallMs = performance.now() - start;
	const versioned = await timedCalls(tool, versionedHost, queries.slice(1, calls + 1));

	const plainHost = hostOf(tools, false);
	const plainTool = createToolSearchTool({ tools: plainHost, ranker: new Bm25Ranker() });
	await plainTool.execute("first", { query: queries[0] as string });
	const unversioned = await timedCalls(plainTool, plainHost, queries.slice(1, calls + 1));

	const dir = mkdtempSync(join(tmpdir(), "tool-search-bench-"));
	try {
		const path = join(dir, "ranker.bin");
		start = performance.now();
		await saveRanker(ranker, path);
		const save = { ms: performance.now() - start, bytes: statSync(path).size };
		const hostPath = join(dir, "host.json");
		writeFileSync(hostPath, JSON.stringify({ tools, query: queries[0] }));
		return {
			size,
			firstCallMs,
			versioned,
			unversioned,
			save,
			coldStart: runCold(path, hostPath, true),
			coldStartUnversioned: runCold(path, hostPath, false),
		};
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	const size = flag("--size", 100_000);
	const cold = process.argv.indexOf("--cold");
	if (cold >= 0) {
		const host = process.argv[process.argv.indexOf("--host") + 1] as string;
		await coldStart(process.argv[cold + 1] as string, host, process.argv.includes("--versioned"));
		return;
	}
	const figures = await measure(size, flag("--calls", 200));
	const json = process.argv.indexOf("--json");
	if (json >= 0) writeFileSync(process.argv[json + 1] as string, `${JSON.stringify(figures)}\n`);
	process.stdout.write(
		`tool_search over ${size.toLocaleString("en")} generated tools (Node ${process.versions.node})\n`,
	);
	for (const line of callLines(figures)) process.stdout.write(`  ${line}\n`);
}

await main();
