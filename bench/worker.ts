/**
 * Measures one subject on one catalogue, in a process of its own (so heap numbers start clean), and
 * prints the result as one JSON line on stdout; progress goes to stderr. Started by `bench/run.ts`:
 * `node --expose-gc --import tsx bench/worker.ts '<WorkerTask as JSON>'`.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createToolSearchDocument } from "../src/document/create-tool-search-document.js";
import { ToolSearchIndex } from "../src/index/tool-search-index.js";
import type { ToolSearchDocument } from "../src/types.js";
import { type CatalogueSpec, catalogueName, loadCatalogue } from "./catalogues.js";
import { type BenchTool, generateQueries, mulberry32 } from "./generate.js";
import { createSubject, type SubjectName } from "./peers/index.js";
import { type OursBuildBreakdown, OursSubject } from "./peers/ours.js";
import { toolDocuments, toolInfo } from "./peers/types.js";
import { median, type Summary, summarise } from "./stats.js";

/** What to measure. */
export interface WorkerTask {
	catalogue: CatalogueSpec;
	subject: SubjectName;
	/** Timed queries wanted. */
	queries: number;
	/** Timed queries when the wanted number would take longer than `querySeconds`. */
	cappedQueries: number;
	/** Untimed queries run first (also used to estimate the time the timed ones take). */
	warmup: number;
	/** Builds timed; the reported build time is their median. */
	builds: number;
	/** `limit` of every search. */
	limit: number;
	/** Budget for the timed queries, in seconds. */
	querySeconds: number;
	/** Operations per kind for ours' add / remove / update (0: skip). */
	ops: number;
	/** Seed of the queries and of the tools picked for operations. */
	seed: number;
}

/** Heap after a build minus heap before it, both after a full GC, with the catalogue already loaded. */
export interface HeapDelta {
	/** `heapUsed` + `arrayBuffers` (typed-array storage lives outside the JS heap). */
	bytes: number;
	heapUsedBytes: number;
	arrayBuffersBytes: number;
}

export interface QueryStats {
	/** Timed queries run. */
	count: number;
	requested: number;
	/** True when `count` was cut to `cappedQueries` because `requested` would have taken too long. */
	capped: boolean;
	/** Time the requested queries would have taken, from the warm-up, in seconds. */
	estimatedSeconds: number;
	warmup: number;
	p50Ms: number;
	p95Ms: number;
	meanMs: number;
	maxMs: number;
	/** Average number of names returned per query. */
	meanResults: number;
}

/** Per-operation times of ours, in microseconds. */
export interface OpsStats {
	add: Summary;
	remove: Summary;
	update: Summary;
	/** `createToolSearchDocument` per tool (part of the build, not of the operations above). */
	documentUs: number;
}

export interface SaveLoadStats {
	available: boolean;
	/** Why save/load was not measured, or how it failed. */
	note?: string;
	saveMs?: number;
	loadMs?: number;
	/** Length of the serialised index (characters of JSON). */
	chars?: number;
	/** Whether the loaded index answers the first 50 queries as the original. */
	sameResults?: boolean;
}

export interface WorkerResult {
	subject: SubjectName;
	catalogue: string;
	tools: number;
	buildMs: number[];
	buildMedianMs: number;
	heap: HeapDelta | null;
	query: QueryStats;
	ours?: {
		breakdown: OursBuildBreakdown;
		ops: OpsStats | null;
		saveLoad: SaveLoadStats;
	};
	/** Sum of result lengths, so that no search can be optimised away. */
	checksum: number;
}

const gc = globalThis.gc;

function collect(): void {
	if (gc === undefined) return;
	gc();
	gc();
}

function memory(): { heapUsed: number; arrayBuffers: number } {
	const { heapUsed, arrayBuffers } = process.memoryUsage();
	return { heapUsed, arrayBuffers };
}

function log(task: WorkerTask, message: string): void {
	process.stderr.write(`  [${catalogueName(task.catalogue)} ${task.subject}] ${message}\n`);
}

function elapsedMs(start: bigint): number {
	return Number(process.hrtime.bigint() - start) / 1e6;
}

/** `count` distinct integers in `[0, n)`, seeded (partial Fisher–Yates). */
function sampleIndices(random: () => number, n: number, count: number): number[] {
	const pool = Array.from({ length: n }, (_, i) => i);
	const k = Math.min(count, n);
	for (let i = 0; i < k; i++) {
		const j = i + Math.floor(random() * (n - i));
		const swap = pool[i] as number;
		pool[i] = pool[j] as number;
		pool[j] = swap;
	}
	return pool.slice(0, k);
}

function namespaceOf(tool: BenchTool): { name: string } | undefined {
	return tool.server === null ? undefined : { name: tool.server };
}

/** add / remove / update per tool on the built index: each operation timed on its own. */
function measureOps(subject: OursSubject, tools: readonly BenchTool[], task: WorkerTask): OpsStats {
	const { index } = subject;
	// The index keeps no documents: make them again (untimed) to add tools back.
	const documents = toolDocuments(tools);
	const random = mulberry32(task.seed ^ 0x0a11ce);
	const n = documents.length;
	const batch = Math.max(1, Math.min(task.ops, Math.floor(n / 2)));
	const addUs: number[] = [];
	const removeUs: number[] = [];
	// Remove a batch of random tools, then add them back, until `ops` of each are timed.
	while (removeUs.length < task.ops) {
		const picks = sampleIndices(random, n, Math.min(batch, task.ops - removeUs.length));
		for (const at of picks) {
			const name = (documents[at] as ToolSearchDocument).name;
			const start = process.hrtime.bigint();
			index.remove(name);
			removeUs.push(elapsedMs(start) * 1000);
		}
		for (const at of picks) {
			const document = documents[at] as ToolSearchDocument;
			const start = process.hrtime.bigint();
			index.add(document);
			addUs.push(elapsedMs(start) * 1000);
		}
	}
	if (index.size !== n) throw new Error(`index has ${index.size} tools after remove/add, expected ${n}`);
	// Update random tools with a changed description; the new documents are built beforehand.
	const changed: ToolSearchDocument[] = [];
	const documentStart = process.hrtime.bigint();
	for (let k = 0; k < task.ops; k++) {
		const tool = tools[Math.floor(random() * n)] as BenchTool;
		const info = toolInfo(tool);
		info.description = `${tool.description} Revised ${k} with a changed summary.`;
		changed.push(createToolSearchDocument(info, namespaceOf(tool)));
	}
	const documentUs = (elapsedMs(documentStart) * 1000) / task.ops;
	const updateUs: number[] = [];
	for (const document of changed) {
		const start = process.hrtime.bigint();
		index.update(document);
		updateUs.push(elapsedMs(start) * 1000);
	}
	return { add: summarise(addUs), remove: summarise(removeUs), update: summarise(updateUs), documentUs };
}

interface Serialisable {
	toJSON?: () => unknown;
}
interface Deserialising {
	fromJSON?: (data: unknown) => unknown;
}

/** save = `toJSON()` + `JSON.stringify`; load = `JSON.parse` + `ToolSearchIndex.fromJSON` (when they exist). */
function measureSaveLoad(subject: OursSubject, queries: readonly string[], task: WorkerTask): SaveLoadStats {
	const index = subject.index as unknown as Serialisable;
	const fromJSON = (ToolSearchIndex as unknown as Deserialising).fromJSON;
	if (typeof index.toJSON !== "function" || typeof fromJSON !== "function") {
		return { available: false, note: "index.toJSON / ToolSearchIndex.fromJSON not implemented" };
	}
	try {
		const saves: number[] = [];
		const loads: number[] = [];
		let text = "";
		let loaded: unknown;
		for (let round = 0; round < task.builds; round++) {
			let start = process.hrtime.bigint();
			const snapshot = index.toJSON.call(subject.index);
			text = typeof snapshot === "string" ? snapshot : JSON.stringify(snapshot);
			saves.push(elapsedMs(start));
			start = process.hrtime.bigint();
			loaded = fromJSON.call(ToolSearchIndex, typeof snapshot === "string" ? text : JSON.parse(text));
			loads.push(elapsedMs(start));
		}
		let sameResults = loaded instanceof ToolSearchIndex;
		if (loaded instanceof ToolSearchIndex) {
			for (const query of queries.slice(0, 50)) {
				const a = subject.index.search(query, { limit: task.limit }).map((m) => m.name);
				const b = loaded.search(query, { limit: task.limit }).map((m) => m.name);
				if (a.join("\n") !== b.join("\n")) sameResults = false;
			}
		}
		return { available: true, saveMs: median(saves), loadMs: median(loads), chars: text.length, sameResults };
	} catch (error) {
		return { available: false, note: `failed: ${error instanceof Error ? error.message : String(error)}` };
	}
}

export function runTask(task: WorkerTask): WorkerResult {
	if (gc === undefined) log(task, "warning: run node with --expose-gc for heap numbers");
	const tools = loadCatalogue(task.catalogue);
	const queries = generateQueries({ count: task.queries, seed: task.seed, catalogue: tools });
	const warmupQueries = generateQueries({ count: task.warmup, seed: task.seed + 1, catalogue: tools });

	// Builds: each from a clean heap, the previous index dropped first.
	const buildMs: number[] = [];
	const breakdowns: OursBuildBreakdown[] = [];
	let heap: HeapDelta | null = null;
	let subject = createSubject(task.subject);
	for (let round = 0; round < task.builds; round++) {
		subject = createSubject(task.subject);
		collect();
		const before = memory();
		const start = process.hrtime.bigint();
		subject.build(tools);
		buildMs.push(elapsedMs(start));
		collect();
		const after = memory();
		if (gc !== undefined) {
			const heapUsedBytes = after.heapUsed - before.heapUsed;
			const arrayBuffersBytes = after.arrayBuffers - before.arrayBuffers;
			heap = { bytes: heapUsedBytes + arrayBuffersBytes, heapUsedBytes, arrayBuffersBytes };
		}
		if (subject instanceof OursSubject) breakdowns.push(subject.breakdown);
	}
	log(task, `built ${tools.length} tools: ${buildMs.map((ms) => ms.toFixed(1)).join(", ")} ms`);

	// Warm-up, which also estimates what the timed queries will cost.
	let checksum = 0;
	const warmStart = process.hrtime.bigint();
	for (const query of warmupQueries) checksum += subject.search(query, task.limit).length;
	const perQueryMs = elapsedMs(warmStart) / Math.max(1, warmupQueries.length);
	const estimatedSeconds = (perQueryMs * task.queries) / 1000;
	const capped = estimatedSeconds > task.querySeconds && task.cappedQueries < task.queries;
	const timed = capped ? queries.slice(0, task.cappedQueries) : queries;
	if (capped) {
		log(task, `${task.queries} queries would take ~${estimatedSeconds.toFixed(0)} s: timing ${timed.length}`);
	}

	const times: number[] = [];
	let returned = 0;
	for (const query of timed) {
		const start = process.hrtime.bigint();
		const found = subject.search(query, task.limit);
		times.push(elapsedMs(start));
		returned += found.length;
	}
	checksum += returned;
	const summary = summarise(times);
	log(task, `p50 ${summary.median.toFixed(3)} ms over ${times.length} queries`);

	const result: WorkerResult = {
		subject: task.subject,
		catalogue: catalogueName(task.catalogue),
		tools: tools.length,
		buildMs,
		buildMedianMs: median(buildMs),
		heap,
		query: {
			count: times.length,
			requested: task.queries,
			capped,
			estimatedSeconds,
			warmup: warmupQueries.length,
			p50Ms: summary.median,
			p95Ms: summary.p95,
			meanMs: summary.mean,
			maxMs: summary.max,
			meanResults: returned / Math.max(1, times.length),
		},
		checksum,
	};
	if (subject instanceof OursSubject) {
		const saveLoad = measureSaveLoad(subject, queries, task);
		const ops = task.ops > 0 ? measureOps(subject, tools, task) : null;
		result.ours = {
			breakdown: {
				documentsMs: median(breakdowns.map((b) => b.documentsMs)),
				indexMs: median(breakdowns.map((b) => b.indexMs)),
			},
			ops,
			saveLoad,
		};
	}
	return result;
}

const script = process.argv[1];
if (script !== undefined && resolve(script) === fileURLToPath(import.meta.url)) {
	const task = JSON.parse(process.argv[2] ?? "") as WorkerTask;
	const result = runTask(task);
	process.stdout.write(`${JSON.stringify(result)}\n`);
}
