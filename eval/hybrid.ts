/**
 * `npm run eval -- --embedder <module>`: the hybrid ranker (BM25 + the module's embedder) beside
 * ours, with an on-disk embedding cache so a model is asked for each text once across runs.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createHybridRanker, createToolSearchDocument, type Embedder } from "../src/index.js";
import { catalogueParts, type EvalDataset, type EvalTool } from "./datasets.js";
import { EVAL_DEPTH, evaluateRanker, type RankerResult } from "./evaluate.js";
import type { EvalRanker } from "./rankers/types.js";

function isEmbedder(value: unknown): value is Embedder {
	return (
		typeof value === "object" &&
		value !== null &&
		typeof (value as { id?: unknown }).id === "string" &&
		typeof (value as { embed?: unknown }).embed === "function"
	);
}

/**
 * Loads `specifier` (a path, relative to the working directory, or a package name): its default
 * export is an `Embedder`, or a function (sync or async) returning one.
 */
export async function loadEmbedder(specifier: string): Promise<Embedder> {
	const local = specifier.startsWith(".") || specifier.startsWith("/");
	const module = (await import(local ? pathToFileURL(resolve(specifier)).href : specifier)) as {
		default?: unknown;
	};
	let value = module.default;
	if (typeof value === "function") value = await (value as () => unknown)();
	if (!isEmbedder(value)) {
		throw new Error(
			`${specifier}: the default export must be an Embedder ({ id, embed(texts) }) or a function returning one`,
		);
	}
	return value;
}

interface CacheFile {
	format: "tool-search-eval-embeddings";
	embedder: string;
	/** sha256 of the text → float32 little-endian base64. */
	vectors: Record<string, string>;
}

/** An embedder that answers from (and adds to) a JSON file of vectors keyed by text hash. */
export class DiskCachedEmbedder implements Embedder {
	readonly id: string;
	readonly dimensions?: number;
	readonly #inner: Embedder;
	readonly #path: string;
	readonly #vectors = new Map<string, string>();
	#dirty = false;
	/** Texts answered from the file, and texts the inner embedder was asked for. */
	hits = 0;
	misses = 0;

	constructor(inner: Embedder, path: string) {
		this.#inner = inner;
		this.#path = path;
		this.id = inner.id;
		if (inner.dimensions !== undefined) this.dimensions = inner.dimensions;
		if (!existsSync(path)) return;
		try {
			const file = JSON.parse(readFileSync(path, "utf8")) as Partial<CacheFile>;
			if (file.format === "tool-search-eval-embeddings" && file.embedder === inner.id && file.vectors) {
				for (const [key, value] of Object.entries(file.vectors)) this.#vectors.set(key, value);
			}
		} catch {
			// An unreadable cache is rebuilt.
		}
	}

	get size(): number {
		return this.#vectors.size;
	}

	async embed(texts: string[], options?: { signal?: AbortSignal | undefined }): Promise<ArrayLike<number>[]> {
		const keys = texts.map((text) => createHash("sha256").update(text).digest("base64url"));
		const missing = [...new Set(keys.filter((key) => !this.#vectors.has(key)))];
		this.hits += texts.length - missing.length;
		if (missing.length > 0) {
			const textOf = new Map(keys.map((key, at) => [key, texts[at] as string]));
			const fresh = await this.#inner.embed(
				missing.map((key) => textOf.get(key) as string),
				options,
			);
			this.misses += missing.length;
			missing.forEach((key, at) => {
				const vector = fresh[at];
				if (vector !== undefined) this.#vectors.set(key, encode(vector));
			});
			this.#dirty = true;
		}
		return keys.map((key) => decode(this.#vectors.get(key) as string));
	}

	save(): void {
		if (!this.#dirty) return;
		const file: CacheFile = {
			format: "tool-search-eval-embeddings",
			embedder: this.id,
			vectors: Object.fromEntries(this.#vectors),
		};
		mkdirSync(dirname(this.#path), { recursive: true });
		writeFileSync(this.#path, JSON.stringify(file));
		this.#dirty = false;
	}
}

function encode(vector: ArrayLike<number>): string {
	const floats = Float32Array.from(vector as ArrayLike<number>);
	return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString("base64");
}

function decode(text: string): Float32Array {
	const bytes = Buffer.from(text, "base64");
	return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** The cache file for an embedder id: `reports/embeddings-<id>.json`, the id made file-safe. */
export function cachePath(reportsDir: string, id: string): string {
	return resolve(reportsDir, `embeddings-${id.replace(/[^A-Za-z0-9._-]+/g, "_")}.json`);
}

function documentsOf(tools: readonly EvalTool[]) {
	return tools.map((tool) =>
		createToolSearchDocument(
			{ name: tool.name, description: tool.description, parameters: tool.parameters },
			tool.server === null ? undefined : { name: tool.server, description: tool.serverDescription },
		),
	);
}

/** A finished evaluation's rankings served as a synchronous {@link EvalRanker}, so it is scored like the others. */
class Replay implements EvalRanker {
	readonly name: string;
	readonly #byCatalogue: Map<readonly EvalTool[], Map<string, string[]>>;
	#current: Map<string, string[]> | undefined;

	constructor(name: string, byCatalogue: Map<readonly EvalTool[], Map<string, string[]>>) {
		this.name = name;
		this.#byCatalogue = byCatalogue;
	}

	build(tools: readonly EvalTool[]): void {
		this.#current = this.#byCatalogue.get(tools);
	}

	search(query: string, k: number): string[] {
		return (this.#current?.get(query) ?? []).slice(0, k);
	}
}

/** What one dataset's hybrid evaluation did besides scoring. */
export interface HybridRunInfo {
	readonly toolsEmbedded: number;
	readonly fallbacks: number;
	readonly firstFallback: string | undefined;
}

/**
 * Ranks every query of `dataset` with a fresh hybrid ranker per catalogue (the catalogue embedded
 * first with `prepare`), then scores the rankings as `evaluateRanker` does; `msPerQuery` and
 * `buildMs` are the real ones (embedding included, cache hits being cheap).
 */
export async function evaluateHybrid(
	dataset: EvalDataset,
	embedder: Embedder,
	name: string,
): Promise<{ result: RankerResult; info: HybridRunInfo }> {
	const byCatalogue = new Map<readonly EvalTool[], Map<string, string[]>>();
	let buildMs = 0;
	let searchMs = 0;
	let toolsEmbedded = 0;
	let fallbacks = 0;
	let firstFallback: string | undefined;
	for (const part of catalogueParts(dataset)) {
		const documents = documentsOf(part.tools);
		// Quality is measured here, not availability: no timeout.
		const ranker = createHybridRanker({ embedder, timeoutMs: Number.POSITIVE_INFINITY });
		const started = performance.now();
		toolsEmbedded += (await ranker.prepare(documents)).embedded;
		buildMs += performance.now() - started;
		const rankings = new Map<string, string[]>();
		const searchStart = performance.now();
		for (const at of part.at) {
			const query = (dataset.queries[at] as EvalDataset["queries"][number]).query;
			if (rankings.has(query)) continue;
			const outcome = await ranker.rankDetailed(query, documents, EVAL_DEPTH);
			if (outcome.rankedBy === "bm25") {
				fallbacks++;
				firstFallback ??= outcome.fallbackReason;
			}
			rankings.set(
				query,
				outcome.matches.map((match) => match.name),
			);
		}
		searchMs += performance.now() - searchStart;
		byCatalogue.set(part.tools, rankings);
	}
	const result = evaluateRanker(new Replay(name, byCatalogue), dataset);
	return {
		result: { ...result, buildMs, msPerQuery: searchMs / Math.max(1, dataset.queries.length) },
		info: { toolsEmbedded, fallbacks, firstFallback },
	};
}
