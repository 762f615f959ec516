/**
 * Where ours spends its time: builds our index over a generated catalogue and runs queries under
 * the V8 sampling profiler, then prints the functions with the most self time, per phase.
 *
 *   node --expose-gc --import tsx bench/profile.ts [--size 100000] [--queries 1000] [--top 15] [--memory]
 *
 * With `--memory` (needs `--expose-gc`) it first builds once unprofiled and splits the heap the
 * index holds into the search documents (`createToolSearchDocument`) and the index structures.
 *
 * Also writes the raw profiles to reports/profile-build.cpuprofile and
 * reports/profile-query.cpuprofile (open them in Chrome DevTools or speedscope).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_TOOL_SEARCH_LIMIT } from "../src/defaults.js";
import { ToolSearchIndex } from "../src/index/tool-search-index.js";
import { flag } from "./flags.js";
import { generateCatalogue, generateQueries } from "./generate.js";
import { OursSubject } from "./peers/ours.js";
import { toolDocuments } from "./peers/types.js";

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string };
}
interface Profile {
	nodes: ProfileNode[];
	samples?: number[];
	timeDeltas?: number[];
}

const root = fileURLToPath(new URL("..", import.meta.url));

/** The file of a profiled function (tsx's transpiled code has no useful line numbers). */
function location(url: string): string {
	if (url === "") return "(native)";
	const path = url.startsWith("file://") ? fileURLToPath(url) : url;
	return path.startsWith(root) ? relative(root, path) : path.replace(/^.*node_modules\//, "");
}

/** Self time per function, most first. */
function selfTimes(profile: Profile): { name: string; ms: number; share: number }[] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const totals = new Map<string, number>();
	let all = 0;
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	for (let i = 0; i < samples.length; i++) {
		const node = byId.get(samples[i] as number);
		const us = deltas[i] ?? 0;
		all += us;
		if (node === undefined) continue;
		const { functionName, url } = node.callFrame;
		const key = `${functionName || "(anonymous)"}  ${location(url)}`;
		totals.set(key, (totals.get(key) ?? 0) + us);
	}
	return [...totals]
		.map(([name, us]) => ({ name, ms: us / 1000, share: all > 0 ? us / all : 0 }))
		.sort((a, b) => b.ms - a.ms);
}

function print(title: string, profile: Profile, top: number): void {
	process.stdout.write(`\n${title}: top ${top} functions by self time\n`);
	for (const { name, ms, share } of selfTimes(profile).slice(0, top)) {
		process.stdout.write(
			`${ms.toFixed(0).padStart(8)} ms ${(share * 100).toFixed(1).padStart(5)} %  ${name}\n`,
		);
	}
}

const size = flag("--size", 100_000);
const count = flag("--queries", 1000);
const top = flag("--top", 15);
const tools = generateCatalogue({ size, seed: 20_250_601 });
const queries = generateQueries({ count, seed: 20_250_601, catalogue: tools });

if (process.argv.includes("--memory")) {
	const gc = globalThis.gc;
	if (gc === undefined) throw new Error("--memory needs node --expose-gc");
	const used = (): number => {
		gc();
		gc();
		const { heapUsed, arrayBuffers } = process.memoryUsage();
		return heapUsed + arrayBuffers;
	};
	const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
	const before = used();
	const documents = toolDocuments(tools);
	const withDocuments = used();
	const index = new ToolSearchIndex();
	index.addAll(documents);
	const withIndex = used();
	process.stdout.write(
		`heap: documents ${mb(withDocuments - before)} MB + index structures ${mb(withIndex - withDocuments)} MB ` +
			`= ${mb(withIndex - before)} MB for ${index.size} tools\n`,
	);
}

const subject = new OursSubject();

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });

await session.post("Profiler.start");
let start = performance.now();
subject.build(tools);
const buildMs = performance.now() - start;
const build = (await session.post("Profiler.stop")).profile as Profile;

await session.post("Profiler.start");
start = performance.now();
let found = 0;
for (const query of queries) found += subject.search(query, DEFAULT_TOOL_SEARCH_LIMIT).length;
const queryMs = performance.now() - start;
const query = (await session.post("Profiler.stop")).profile as Profile;
session.disconnect();

process.stdout.write(
	`ours on generated-${size}: build ${buildMs.toFixed(0)} ms (documents ${subject.breakdown.documentsMs.toFixed(0)} ms, ` +
		`index ${subject.breakdown.indexMs.toFixed(0)} ms); ${count} queries ${queryMs.toFixed(0)} ms ` +
		`(mean ${(queryMs / count).toFixed(3)} ms, ${(found / count).toFixed(1)} results)\n`,
);
print("build", build, top);
print("queries", query, top);
mkdirSync("reports", { recursive: true });
writeFileSync("reports/profile-build.cpuprofile", JSON.stringify(build));
writeFileSync("reports/profile-query.cpuprofile", JSON.stringify(query));
