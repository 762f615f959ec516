/**
 * The embeddings of a hybrid ranker: tool vectors by document fingerprint, embedded in batches with
 * a cap on the calls in flight, progress reported and abort honoured; and query vectors, in an LRU.
 */
import { quote } from "../../errors.js";
import type { ToolSearchDocument } from "../../types.js";
import { throwIfAborted } from "../check-rank-call.js";
import { documentFingerprint } from "../document-fingerprint.js";
import { callEmbedder, EmbedderFailure, raceAbort } from "./embed-call.js";
import type { Embedder } from "./embedder.js";
import { embeddingText } from "./embedding-text.js";
import type { EmbeddingProgress, HybridSettings } from "./hybrid-options.js";
import { encodeVector, type HybridSnapshot } from "./hybrid-snapshot.js";
import type { HybridRankerStats } from "./hybrid-types.js";
import { QueryCache } from "./query-cache.js";

/** A tool of a catalogue: the first document of its name, with the document's fingerprint. */
export interface FingerprintedTool {
	document: ToolSearchDocument;
	fingerprint: string;
}

/** Tools to embed in one `embed` call, by fingerprint. */
type Batch = [string, ToolSearchDocument][];

/** The tool and query embeddings of one hybrid ranker, and the `embed` calls that make them. */
export class EmbeddingCache {
	readonly #embedder: Embedder;
	readonly #batchSize: number;
	readonly #concurrency: number;
	readonly #timeoutMs: number;
	/** The ranker's counters, updated in place. */
	readonly #stats: HybridRankerStats;
	/** Unit-length tool vectors by document fingerprint. */
	readonly #vectors = new Map<string, Float32Array>();
	/** The vector length, once known. */
	#dimensions: number | undefined;
	/** False while the vectors are loaded ones no fresh vector has confirmed the length of. */
	#confirmed = true;
	/** Bumped whenever the cached vectors are dropped. */
	#generation = 0;
	/** Query vectors, least recently used first. */
	readonly #queries: QueryCache;
	/** Tool embedding runs one call at a time, so concurrent searches never embed a tool twice. */
	#chain: Promise<void> = Promise.resolve();
	readonly #fingerprints = new WeakMap<object, string>();

	constructor(settings: HybridSettings, stats: HybridRankerStats) {
		this.#embedder = settings.embedder;
		this.#batchSize = settings.batchSize;
		this.#concurrency = settings.concurrency;
		this.#timeoutMs = settings.timeoutMs;
		this.#queries = new QueryCache(settings.queryCacheSize);
		this.#stats = stats;
	}

	/**
	 * Takes the tool vectors of a saved ranker, unless they come from an embedder of another `id`,
	 * or of other declared `dimensions` (then they are counted as discarded).
	 */
	load(snapshot: HybridSnapshot): void {
		const declared = this.#embedder.dimensions;
		if (
			snapshot.embedder !== this.#embedder.id ||
			(declared !== undefined && snapshot.vectors.size > 0 && declared !== snapshot.dimensions)
		) {
			this.#stats.discarded += snapshot.vectors.size;
			return;
		}
		for (const [fingerprint, vector] of snapshot.vectors) this.#vectors.set(fingerprint, vector);
		this.#stats.loaded = snapshot.vectors.size;
		if (snapshot.vectors.size > 0) {
			this.#dimensions = snapshot.dimensions;
			this.#confirmed = declared !== undefined;
		}
	}

	/** The cached tool vectors as saved data: their length, their fingerprints sorted, the vectors. */
	save(): { dimensions: number; fingerprints: string[]; vectors: string[] } {
		const fingerprints = [...this.#vectors.keys()].sort();
		return {
			dimensions: fingerprints.length === 0 ? 0 : (this.#dimensions ?? 0),
			fingerprints,
			vectors: fingerprints.map((fingerprint) =>
				encodeVector(this.#vectors.get(fingerprint) as Float32Array),
			),
		};
	}

	/** The unit-length vector of the tool with this fingerprint, once embedded. */
	vector(fingerprint: string): Float32Array | undefined {
		return this.#vectors.get(fingerprint);
	}

	/** The first document of each name, with its fingerprint. */
	tools(documents: readonly ToolSearchDocument[]): FingerprintedTool[] {
		const seen = new Set<string>();
		const unique: FingerprintedTool[] = [];
		for (const document of documents) {
			const name = (document as { name?: unknown } | null)?.name;
			if (typeof name !== "string" || name === "" || seen.has(name)) continue;
			seen.add(name);
			let fingerprint = this.#fingerprints.get(document);
			if (fingerprint === undefined) {
				fingerprint = documentFingerprint(document);
				this.#fingerprints.set(document, fingerprint);
			}
			unique.push({ document, fingerprint });
		}
		return unique;
	}

	/** The query's unit-length vector, from the query cache or embedded now. */
	async queryVector(query: string, signal: AbortSignal | undefined): Promise<Float32Array> {
		const cached = this.#queries.get(query, this.#dimensions);
		if (cached !== undefined) {
			this.#stats.queryCacheHits++;
			return cached;
		}
		const [vector] = await this.#embed([query], signal);
		this.#stats.embeddedQueries++;
		const result = vector as Float32Array;
		this.#queries.set(query, result);
		return result;
	}

	/** Embeds the tools without a cached vector, one such run at a time across calls. */
	async ensure(
		unique: readonly FingerprintedTool[],
		signal: AbortSignal | undefined,
		onProgress: ((progress: EmbeddingProgress) => void) | undefined,
	): Promise<void> {
		throwIfAborted(signal);
		if (unique.every(({ fingerprint }) => this.#vectors.has(fingerprint))) return;
		const run = this.#chain.then(() => this.#embedMissing(unique, signal, onProgress));
		this.#chain = run.then(
			() => {},
			() => {},
		);
		await raceAbort(run, signal);
	}

	/** Drops vectors of tools long gone, once the cache is much larger than the catalogue. */
	prune(unique: readonly { fingerprint: string }[]): void {
		if (this.#vectors.size <= 2 * unique.length + 1024) return;
		const keep = new Set(unique.map(({ fingerprint }) => fingerprint));
		for (const fingerprint of [...this.#vectors.keys()])
			if (!keep.has(fingerprint)) this.#vectors.delete(fingerprint);
	}

	/** Accepts a fresh vector length, dropping loaded vectors of another. */
	#acceptDimensions(dimensions: number): void {
		if (this.#dimensions === dimensions) {
			this.#confirmed = true;
			return;
		}
		if (this.#dimensions === undefined || (this.#vectors.size === 0 && this.#queries.size === 0)) {
			this.#dimensions = dimensions;
			this.#confirmed = true;
			return;
		}
		if (!this.#confirmed) {
			this.#stats.discarded += this.#vectors.size;
			this.#vectors.clear();
			this.#queries.clear();
			this.#generation++;
			this.#dimensions = dimensions;
			this.#confirmed = true;
			return;
		}
		throw new EmbedderFailure(
			`embedder ${quote(this.#embedder.id)} returned ${dimensions}-dimensional vectors, earlier ones had ${this.#dimensions}`,
		);
	}

	/** One `embed` call, bounded by the timeout and the caller's signal, its answer checked. */
	#embed(texts: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
		this.#stats.embedCalls++;
		return callEmbedder(this.#embedder, texts, signal, this.#timeoutMs, (dimensions) =>
			this.#acceptDimensions(dimensions),
		);
	}

	async #embedMissing(
		unique: readonly FingerprintedTool[],
		signal: AbortSignal | undefined,
		onProgress: ((progress: EmbeddingProgress) => void) | undefined,
	): Promise<void> {
		// A second round only when the first dropped loaded vectors of another length.
		for (let round = 0; round < 2; round++) {
			if (signal?.aborted) return;
			const generation = this.#generation;
			const batches = this.#missingBatches(unique);
			if (batches.length === 0) return;
			const outcomes = await this.#embedBatches(batches, generation, signal, onProgress);
			for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
			if (this.#generation === generation) return;
		}
	}

	/** The tools without a cached vector (each fingerprint once), in batches of `batchSize`. */
	#missingBatches(unique: readonly FingerprintedTool[]): Batch[] {
		const missing = new Map<string, ToolSearchDocument>();
		for (const { document, fingerprint } of unique) {
			if (!this.#vectors.has(fingerprint) && !missing.has(fingerprint)) missing.set(fingerprint, document);
		}
		const entries = [...missing];
		const batches: Batch[] = [];
		for (let at = 0; at < entries.length; at += this.#batchSize) {
			batches.push(entries.slice(at, at + this.#batchSize));
		}
		return batches;
	}

	/**
	 * Embeds `batches` with at most `concurrency` calls in flight, caching each batch's vectors
	 * unless the cache was dropped meanwhile (its generation moved on) and reporting progress. The
	 * first failure stops taking new batches; the outcome of each worker.
	 */
	#embedBatches(
		batches: readonly Batch[],
		generation: number,
		signal: AbortSignal | undefined,
		onProgress: ((progress: EmbeddingProgress) => void) | undefined,
	): Promise<PromiseSettledResult<void>[]> {
		const total = batches.reduce((sum, batch) => sum + batch.length, 0);
		let embedded = 0;
		let next = 0;
		let failed = false;
		const worker = async (): Promise<void> => {
			while (next < batches.length && !failed && !signal?.aborted) {
				const batch = batches[next++] as Batch;
				try {
					const vectors = await this.#embed(
						batch.map(([, document]) => embeddingText(document)),
						signal,
					);
					if (signal?.aborted || this.#generation !== generation) return;
					for (const [at, [fingerprint]] of batch.entries()) {
						this.#vectors.set(fingerprint, vectors[at] as Float32Array);
					}
				} catch (error) {
					failed = true;
					throw error;
				}
				this.#stats.embeddedTools += batch.length;
				embedded += batch.length;
				try {
					onProgress?.({ embedded, total });
				} catch {
					// A failing progress callback does not stop the embedding.
				}
			}
		};
		const workers = Array.from({ length: Math.min(this.#concurrency, batches.length) }, worker);
		return Promise.allSettled(workers);
	}
}
