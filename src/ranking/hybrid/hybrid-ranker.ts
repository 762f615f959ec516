/**
 * `createHybridRanker`: BM25 fused with the cosine similarity of embeddings from any embedder.
 */
import { quote, ToolSearchError } from "../../errors.js";
import type { ToolSearchIndexOptions } from "../../index/index-options.js";
import { invalidOptions, isObject } from "../../internal/guards.js";
import type { ToolRanker, ToolRankOptions, ToolSearchDocument, ToolSearchMatch } from "../../types.js";
import { Bm25Ranker } from "../bm25-ranker.js";
import { checkRankCall, throwIfAborted } from "../check-rank-call.js";
import { documentFingerprint } from "../document-fingerprint.js";
import type { Embedder } from "./embedder.js";
import { embeddingText } from "./embedding-text.js";
import {
	encodeVector,
	HYBRID_FORMAT,
	HYBRID_FORMAT_VERSION,
	readHybridSnapshot,
	type SerializedHybridRanker,
} from "./hybrid-snapshot.js";

/**
 * How a hybrid ranker combines the two rankings.
 * - `rrf` (reciprocal-rank fusion): a tool scores `1 / (k + rank)` on each side where it is a
 *   candidate, summed. Needs no score calibration. `k` @defaultValue 60
 * - `weighted`: each side's scores are min-max normalised over its candidates (a tool that is not a
 *   candidate of a side gets 0 there), and a tool scores `(1 − weight) · bm25 + weight · cosine`.
 *   `weight` is the embedding side's share, in [0, 1]. @defaultValue 0.5
 *
 * @example
 * ```ts
 * const fusion: HybridFusion = { mode: "weighted", weight: 0.7 };
 * const ranker = createHybridRanker({ embedder, fusion });
 * ```
 */
export type HybridFusion =
	| { readonly mode: "rrf"; readonly k?: number | undefined }
	| { readonly mode: "weighted"; readonly weight?: number | undefined };

/**
 * Progress of embedding tools: `embedded` of the `total` tools this call had to embed (tools whose
 * embedding was cached are not counted).
 *
 * @example
 * ```ts
 * const onProgress = ({ embedded, total }: EmbeddingProgress) => console.log(`${embedded}/${total} tools embedded`);
 * ```
 */
export interface EmbeddingProgress {
	readonly embedded: number;
	readonly total: number;
}

/**
 * Options of {@link createHybridRanker}.
 *
 * @example
 * ```ts
 * const options: HybridRankerOptions = { embedder, fusion: { mode: "rrf", k: 60 }, batchSize: 32, timeoutMs: 3000 };
 * const ranker = createHybridRanker(options);
 * ```
 */
export interface HybridRankerOptions {
	/** The embedding model. */
	embedder: Embedder;
	/** How the two rankings combine. @defaultValue `{ mode: "rrf", k: 60 }` */
	fusion?: HybridFusion | undefined;
	/**
	 * How many tools each side contributes to the fusion, whatever the `limit`: the best
	 * `candidates` by BM25 and the best `candidates` by cosine. @defaultValue 50
	 */
	candidates?: number | undefined;
	/**
	 * Tools whose cosine similarity to the query is below this are no candidates of the embedding
	 * side; with it, a query that matches no word and resembles no tool returns nothing.
	 * @defaultValue none: the embedding side always offers its best `candidates`
	 */
	minSimilarity?: number | undefined;
	/** Texts per `embed` call when embedding tools. @defaultValue 64 */
	batchSize?: number | undefined;
	/** `embed` calls in flight at once when embedding tools. @defaultValue 2 */
	concurrency?: number | undefined;
	/**
	 * The longest one `embed` call may take before the search gives up on the embedder and BM25
	 * alone answers; `Infinity` waits forever. @defaultValue 5000
	 */
	timeoutMs?: number | undefined;
	/** Query embeddings kept (least recently used dropped first); 0 keeps none. @defaultValue 256 */
	queryCacheSize?: number | undefined;
	/** Called after each batch of tools embedded during a `rank` call (see `prepare` for its own). */
	onProgress?: ((progress: EmbeddingProgress) => void) | undefined;
	/** Options of the BM25 side, as `Bm25Ranker`'s. @defaultValue the built-in ranker's */
	bm25?: ToolSearchIndexOptions | undefined;
	/**
	 * A ranker saved with `toJSON()`. Its BM25 index is reused, and so are its embeddings when they
	 * come from an embedder with the same `id` (and `dimensions`, when the embedder declares them, or
	 * else the length of the first vector it returns); otherwise they are dropped and the tools
	 * embedded again. Damaged data throws `INVALID_INDEX_DATA`.
	 */
	saved?: unknown;
}

/**
 * What {@link HybridRanker.rankDetailed} returns: the matches and which ranking they come from.
 *
 * @example
 * ```ts
 * const { matches, rankedBy, fallbackReason }: HybridRankResult = await ranker.rankDetailed("will it rain", documents, 5);
 * if (rankedBy === "bm25") console.warn(`embedder unavailable: ${fallbackReason}`);
 * ```
 */
export interface HybridRankResult {
	matches: ToolSearchMatch[];
	/** `"hybrid"`, or `"bm25"` when the embedder failed and BM25 alone answered. */
	rankedBy: "hybrid" | "bm25";
	/** Why the embedder was not used, when `rankedBy` is `"bm25"`. */
	fallbackReason?: string;
}

/**
 * What a hybrid ranker has done; for tests and monitoring.
 *
 * @example
 * ```ts
 * const { embedCalls, embeddedTools, queryCacheHits }: HybridRankerStats = ranker.stats;
 * ```
 */
export interface HybridRankerStats {
	/** `embed` calls made (tools and queries). */
	embedCalls: number;
	/** Tools embedded (each new or changed tool once). */
	embeddedTools: number;
	/** Queries embedded. */
	embeddedQueries: number;
	/** Queries whose embedding came from the query cache. */
	queryCacheHits: number;
	/** Tool embeddings taken from saved data. */
	loaded: number;
	/** Tool embeddings dropped because the embedder's id or vector length differs from the saved one. */
	discarded: number;
	/** Searches in which the embedder failed, timed out or returned bad vectors. */
	fallbacks: number;
}

/**
 * Options of {@link HybridRanker.prepare}.
 *
 * @example
 * ```ts
 * const options: HybridPrepareOptions = { signal: AbortSignal.timeout(60_000), onProgress: ({ embedded, total }) => log(embedded, total) };
 * await ranker.prepare(documents, options);
 * ```
 */
export interface HybridPrepareOptions {
	signal?: AbortSignal | undefined;
	onProgress?: ((progress: EmbeddingProgress) => void) | undefined;
}

/**
 * A `ToolRanker` fusing BM25 with embeddings; made by {@link createHybridRanker}.
 *
 * @example
 * ```ts
 * const ranker: HybridRanker = createHybridRanker({ embedder });
 * await ranker.prepare(documents); // embed the catalogue ahead of the first search
 * const matches = await ranker.rank("will it rain in Lisbon this weekend", documents, 5);
 * ```
 */
export interface HybridRanker extends ToolRanker {
	/** Reported as `ranked_by` in `tool_search` results. */
	readonly name: "hybrid";
	readonly embedder: Embedder;
	/** Counters of the work done. */
	readonly stats: Readonly<HybridRankerStats>;
	/**
	 * The best `limit` of `documents` for `query`, best first. Embeds the query (unless cached) and
	 * the tools not embedded yet. Rejects with `ABORTED` when `options.signal` fires. When the
	 * embedder fails, times out or returns unusable vectors, rejects with an `Error` saying so:
	 * `tool_search` then answers with BM25 and reports `ranked_by: "fallback"` and the reason in
	 * `fallback_reason`. Use {@link rankDetailed} to get BM25's matches instead of the error.
	 */
	rank(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): Promise<ToolSearchMatch[]>;
	/** {@link rank}, answering with BM25 alone (and saying why) when the embedder fails. */
	rankDetailed(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): Promise<HybridRankResult>;
	/**
	 * Embeds every tool of `documents` not embedded yet (and builds the BM25 index), so the first
	 * search does not wait for a large catalogue. Resolves to how many tools were embedded now and
	 * how many distinct tools there are. Rejects with `ABORTED` when `signal` fires (the batches
	 * finished so far stay cached) and with an `Error` when the embedder fails.
	 */
	prepare(
		documents: readonly ToolSearchDocument[],
		options?: HybridPrepareOptions,
	): Promise<{ embedded: number; total: number }>;
	/**
	 * The ranker as plain JSON: its BM25 ranker and the cached tool embeddings (with the embedder's
	 * id and the vector length). Pass it back as `createHybridRanker({ embedder, saved })`.
	 */
	toJSON(): SerializedHybridRanker;
}

const DEFAULTS = {
	k: 60,
	weight: 0.5,
	candidates: 50,
	batchSize: 64,
	concurrency: 2,
	timeoutMs: 5000,
	queryCacheSize: 256,
} as const;

/** The embedder failed, timed out or answered something unusable: BM25 answers instead. */
class EmbedderFailure extends Error {
	override readonly name = "EmbedderFailure";
}

function describe(error: unknown): string {
	if (error instanceof Error) return error.message;
	return quote(error);
}

function positiveInteger(value: unknown, name: string, fallback: number): number {
	if (value === undefined) return fallback;
	if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
		invalidOptions(`${name} must be a positive integer, got ${quote(value)}`);
	}
	return value;
}

function readFusion(fusion: unknown): { mode: "rrf"; k: number } | { mode: "weighted"; weight: number } {
	if (fusion === undefined) return { mode: "rrf", k: DEFAULTS.k };
	if (!isObject(fusion)) invalidOptions(`fusion must be an object, got ${quote(fusion)}`);
	if (fusion.mode === "rrf") {
		const k = fusion.k ?? DEFAULTS.k;
		if (typeof k !== "number" || !Number.isFinite(k) || k < 0) {
			invalidOptions(`fusion.k must be a non-negative number, got ${quote(k)}`);
		}
		return { mode: "rrf", k };
	}
	if (fusion.mode === "weighted") {
		const weight = fusion.weight ?? DEFAULTS.weight;
		if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) {
			invalidOptions(`fusion.weight must be a number in [0, 1], got ${quote(weight)}`);
		}
		return { mode: "weighted", weight };
	}
	return invalidOptions(`fusion.mode must be "rrf" or "weighted", got ${quote(fusion.mode)}`);
}

function checkOptions(options: unknown): asserts options is HybridRankerOptions {
	if (!isObject(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	const { embedder } = options;
	if (
		!isObject(embedder) ||
		typeof embedder.id !== "string" ||
		embedder.id === "" ||
		typeof embedder.embed !== "function"
	) {
		invalidOptions(
			`embedder must be an object with a non-empty string id and an embed method, got ${quote(embedder)}`,
		);
	}
	const { dimensions } = embedder;
	if (
		dimensions !== undefined &&
		!(typeof dimensions === "number" && Number.isInteger(dimensions) && dimensions >= 1)
	) {
		invalidOptions(`embedder.dimensions must be a positive integer, got ${quote(dimensions)}`);
	}
	const { minSimilarity, timeoutMs, queryCacheSize, onProgress } = options;
	if (minSimilarity !== undefined && !(typeof minSimilarity === "number" && Number.isFinite(minSimilarity))) {
		invalidOptions(`minSimilarity must be a finite number, got ${quote(minSimilarity)}`);
	}
	if (timeoutMs !== undefined && !(typeof timeoutMs === "number" && timeoutMs > 0)) {
		invalidOptions(`timeoutMs must be a positive number or Infinity, got ${quote(timeoutMs)}`);
	}
	if (
		queryCacheSize !== undefined &&
		!(typeof queryCacheSize === "number" && Number.isInteger(queryCacheSize) && queryCacheSize >= 0)
	) {
		invalidOptions(`queryCacheSize must be a non-negative integer, got ${quote(queryCacheSize)}`);
	}
	if (onProgress !== undefined && typeof onProgress !== "function") {
		invalidOptions(`onProgress must be a function, got ${quote(onProgress)}`);
	}
}

/** Best first: score descending, then name by code units. */
function byScoreThenName(a: ToolSearchMatch, b: ToolSearchMatch): number {
	if (a.score !== b.score) return b.score - a.score;
	return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The vectors of one `embed` answer, checked and scaled to unit length; or why they are unusable. */
function checkVectors(value: unknown, count: number): Float32Array[] | string {
	if (!Array.isArray(value)) return `returned ${quote(value)} instead of an array of vectors`;
	if (value.length !== count) return `returned ${value.length} vectors for ${count} texts`;
	const vectors: Float32Array[] = [];
	let dimensions: number | undefined;
	for (const [at, item] of (value as unknown[]).entries()) {
		const length = isObject(item) ? (item as { length?: unknown }).length : undefined;
		if (typeof length !== "number" || !Number.isInteger(length) || length < 1) {
			return `returned ${quote(item)} as vector ${at}`;
		}
		if (dimensions === undefined) dimensions = length;
		else if (length !== dimensions) return `returned vectors of ${dimensions} and ${length} dimensions`;
		const vector = new Float32Array(length);
		let norm = 0;
		const source = item as ArrayLike<unknown>;
		for (let i = 0; i < length; i++) {
			const x = source[i];
			if (typeof x !== "number" || !Number.isFinite(x)) return `returned ${quote(x)} in vector ${at}`;
			norm += x * x;
		}
		norm = Math.sqrt(norm);
		for (let i = 0; i < length; i++) vector[i] = norm === 0 ? 0 : (source[i] as number) / norm;
		vectors.push(vector);
	}
	return vectors;
}

function dot(a: Float32Array, b: Float32Array): number {
	let sum = 0;
	for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
	return sum;
}

/** A promise that rejects with `ABORTED` when `signal` fires, and its disposer. */
function abortion(signal: AbortSignal | undefined): {
	promise: Promise<never> | undefined;
	dispose: () => void;
} {
	if (signal === undefined) return { promise: undefined, dispose: () => {} };
	let onAbort: () => void = () => {};
	const promise = new Promise<never>((_, reject) => {
		onAbort = () =>
			reject(new ToolSearchError("ABORTED", "tool search was aborted", { cause: signal.reason }));
		if (signal.aborted) onAbort();
		else signal.addEventListener("abort", onAbort, { once: true });
	});
	promise.catch(() => {});
	return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

async function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
	const abort = abortion(signal);
	try {
		return await (abort.promise === undefined ? work : Promise.race([work, abort.promise]));
	} finally {
		abort.dispose();
	}
}

const HAS_WORD = /[\p{L}\p{N}]/u;

class Hybrid implements HybridRanker {
	readonly name = "hybrid";
	readonly embedder: Embedder;
	readonly #fusion: { mode: "rrf"; k: number } | { mode: "weighted"; weight: number };
	readonly #candidates: number;
	readonly #minSimilarity: number | undefined;
	readonly #batchSize: number;
	readonly #concurrency: number;
	readonly #timeoutMs: number;
	readonly #queryCacheSize: number;
	readonly #onProgress: ((progress: EmbeddingProgress) => void) | undefined;
	readonly #bm25: Bm25Ranker;
	/** Unit-length tool vectors by document fingerprint. */
	readonly #vectors = new Map<string, Float32Array>();
	/** The vector length, once known. */
	#dimensions: number | undefined;
	/** False while the vectors are loaded ones no fresh vector has confirmed the length of. */
	#confirmed = true;
	/** Bumped whenever the cached vectors are dropped. */
	#generation = 0;
	/** Query vectors, least recently used first. */
	readonly #queries = new Map<string, Float32Array>();
	/** Tool embedding runs one call at a time, so concurrent searches never embed a tool twice. */
	#chain: Promise<void> = Promise.resolve();
	readonly #fingerprints = new WeakMap<object, string>();
	readonly #stats: HybridRankerStats = {
		embedCalls: 0,
		embeddedTools: 0,
		embeddedQueries: 0,
		queryCacheHits: 0,
		loaded: 0,
		discarded: 0,
		fallbacks: 0,
	};

	constructor(options: HybridRankerOptions) {
		checkOptions(options);
		this.embedder = options.embedder;
		this.#fusion = readFusion(options.fusion);
		this.#candidates = positiveInteger(options.candidates, "candidates", DEFAULTS.candidates);
		this.#batchSize = positiveInteger(options.batchSize, "batchSize", DEFAULTS.batchSize);
		this.#concurrency = positiveInteger(options.concurrency, "concurrency", DEFAULTS.concurrency);
		this.#minSimilarity = options.minSimilarity;
		this.#timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
		this.#queryCacheSize = options.queryCacheSize ?? DEFAULTS.queryCacheSize;
		this.#onProgress = options.onProgress;
		if (options.saved === undefined) {
			this.#bm25 = new Bm25Ranker(options.bm25);
			return;
		}
		const snapshot = readHybridSnapshot(options.saved);
		this.#bm25 = Bm25Ranker.fromJSON(snapshot.bm25, options.bm25);
		const declared = this.embedder.dimensions;
		if (
			snapshot.embedder !== this.embedder.id ||
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

	get stats(): Readonly<HybridRankerStats> {
		return { ...this.#stats };
	}

	async rank(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): Promise<ToolSearchMatch[]> {
		const result = await this.rankDetailed(query, documents, limit, options);
		if (result.rankedBy === "bm25") throw new Error(result.fallbackReason);
		return result.matches;
	}

	async rankDetailed(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): Promise<HybridRankResult> {
		checkRankCall(documents, limit, options);
		const signal = options?.signal;
		const text = typeof query === "string" ? query.trim() : "";
		if (limit === 0 || documents.length === 0 || !HAS_WORD.test(text)) {
			return { matches: [], rankedBy: "hybrid" };
		}
		const lexical = this.#bm25.searchDetailed(text, documents, this.#candidates, { signal }).matches;
		const unique = this.#unique(documents);
		let queryVector: Float32Array;
		try {
			queryVector = await this.#queryVector(text, signal);
			await this.#ensure(unique, signal, this.#onProgress);
		} catch (error) {
			throwIfAborted(signal);
			if (!(error instanceof EmbedderFailure)) throw error;
			this.#stats.fallbacks++;
			return { matches: lexical.slice(0, limit), rankedBy: "bm25", fallbackReason: error.message };
		}
		throwIfAborted(signal);
		const dense = this.#dense(queryVector, unique);
		this.#prune(unique);
		return { matches: this.#fuse(lexical, dense).slice(0, limit), rankedBy: "hybrid" };
	}

	async prepare(
		documents: readonly ToolSearchDocument[],
		options: HybridPrepareOptions = {},
	): Promise<{ embedded: number; total: number }> {
		checkRankCall(documents, 0, options);
		if (documents.length > 0) this.#bm25.searchDetailed("", documents, 1, { signal: options.signal });
		const unique = this.#unique(documents);
		const before = this.#stats.embeddedTools;
		await this.#ensure(unique, options.signal, options.onProgress ?? this.#onProgress);
		return { embedded: this.#stats.embeddedTools - before, total: unique.length };
	}

	toJSON(): SerializedHybridRanker {
		const fingerprints = [...this.#vectors.keys()].sort();
		return {
			format: HYBRID_FORMAT,
			version: HYBRID_FORMAT_VERSION,
			embedder: this.embedder.id,
			dimensions: fingerprints.length === 0 ? 0 : (this.#dimensions ?? 0),
			bm25: this.#bm25.toJSON(),
			fingerprints,
			vectors: fingerprints.map((fingerprint) =>
				encodeVector(this.#vectors.get(fingerprint) as Float32Array),
			),
		};
	}

	/** The first document of each name, with its fingerprint. */
	#unique(documents: readonly ToolSearchDocument[]): { document: ToolSearchDocument; fingerprint: string }[] {
		const seen = new Set<string>();
		const unique: { document: ToolSearchDocument; fingerprint: string }[] = [];
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
			`embedder ${quote(this.embedder.id)} returned ${dimensions}-dimensional vectors, earlier ones had ${this.#dimensions}`,
		);
	}

	/** One `embed` call, bounded by the timeout and the caller's signal, its answer checked. */
	async #embed(texts: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
		const id = quote(this.embedder.id);
		const controller = new AbortController();
		const abort = abortion(signal);
		const forward = () => controller.abort(signal?.reason);
		signal?.addEventListener("abort", forward, { once: true });
		let timer: ReturnType<typeof setTimeout> | undefined;
		const racers: Promise<unknown>[] = [];
		if (abort.promise !== undefined) racers.push(abort.promise);
		if (Number.isFinite(this.#timeoutMs)) {
			racers.push(
				new Promise<never>((_, reject) => {
					timer = setTimeout(() => {
						const failure = new EmbedderFailure(`embedder ${id} timed out after ${this.#timeoutMs} ms`);
						controller.abort(failure);
						reject(failure);
					}, this.#timeoutMs);
				}),
			);
		}
		try {
			this.#stats.embedCalls++;
			const pending = Promise.resolve().then(() => this.embedder.embed(texts, { signal: controller.signal }));
			pending.catch(() => {});
			const value = await Promise.race([pending, ...racers]);
			throwIfAborted(signal);
			const vectors = checkVectors(value, texts.length);
			if (typeof vectors === "string") throw new EmbedderFailure(`embedder ${id} ${vectors}`);
			const first = vectors[0];
			if (first !== undefined) this.#acceptDimensions(first.length);
			return vectors;
		} catch (error) {
			throwIfAborted(signal);
			if (error instanceof EmbedderFailure) throw error;
			throw new EmbedderFailure(`embedder ${id} failed: ${describe(error)}`, { cause: error });
		} finally {
			if (timer !== undefined) clearTimeout(timer);
			signal?.removeEventListener("abort", forward);
			abort.dispose();
		}
	}

	async #queryVector(query: string, signal: AbortSignal | undefined): Promise<Float32Array> {
		const cached = this.#queries.get(query);
		if (cached !== undefined && cached.length === this.#dimensions) {
			this.#stats.queryCacheHits++;
			this.#queries.delete(query);
			this.#queries.set(query, cached);
			return cached;
		}
		const [vector] = await this.#embed([query], signal);
		this.#stats.embeddedQueries++;
		const result = vector as Float32Array;
		if (this.#queryCacheSize > 0) {
			this.#queries.delete(query);
			this.#queries.set(query, result);
			while (this.#queries.size > this.#queryCacheSize) {
				const oldest = this.#queries.keys().next().value as string;
				this.#queries.delete(oldest);
			}
		}
		return result;
	}

	/** Embeds the tools without a cached vector, one such run at a time across calls. */
	async #ensure(
		unique: readonly { document: ToolSearchDocument; fingerprint: string }[],
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

	async #embedMissing(
		unique: readonly { document: ToolSearchDocument; fingerprint: string }[],
		signal: AbortSignal | undefined,
		onProgress: ((progress: EmbeddingProgress) => void) | undefined,
	): Promise<void> {
		// A second round only when the first dropped loaded vectors of another length.
		for (let round = 0; round < 2; round++) {
			if (signal?.aborted) return;
			const generation = this.#generation;
			const missing = new Map<string, ToolSearchDocument>();
			for (const { document, fingerprint } of unique) {
				if (!this.#vectors.has(fingerprint) && !missing.has(fingerprint)) missing.set(fingerprint, document);
			}
			if (missing.size === 0) return;
			const entries = [...missing];
			const batches: [string, ToolSearchDocument][][] = [];
			for (let at = 0; at < entries.length; at += this.#batchSize) {
				batches.push(entries.slice(at, at + this.#batchSize));
			}
			const total = entries.length;
			let embedded = 0;
			let next = 0;
			let failed = false;
			const worker = async (): Promise<void> => {
				while (next < batches.length && !failed && !signal?.aborted) {
					const batch = batches[next++] as [string, ToolSearchDocument][];
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
			const outcomes = await Promise.allSettled(workers);
			for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
			if (this.#generation === generation) return;
		}
	}

	/** The embedding side's candidates: the best `candidates` by cosine, best first, ties by name. */
	#dense(
		queryVector: Float32Array,
		unique: readonly { document: ToolSearchDocument; fingerprint: string }[],
	): ToolSearchMatch[] {
		const scored: ToolSearchMatch[] = [];
		for (const { document, fingerprint } of unique) {
			const vector = this.#vectors.get(fingerprint);
			if (vector === undefined || vector.length !== queryVector.length) continue;
			const score = dot(queryVector, vector);
			if (this.#minSimilarity !== undefined && score < this.#minSimilarity) continue;
			scored.push({ name: document.name, score });
		}
		scored.sort(byScoreThenName);
		return scored.slice(0, this.#candidates);
	}

	#fuse(lexical: readonly ToolSearchMatch[], dense: readonly ToolSearchMatch[]): ToolSearchMatch[] {
		const fused = new Map<string, number>();
		const fusion = this.#fusion;
		if (fusion.mode === "rrf") {
			for (const list of [lexical, dense]) {
				list.forEach((match, at) => {
					fused.set(match.name, (fused.get(match.name) ?? 0) + 1 / (fusion.k + at + 1));
				});
			}
		} else {
			const sides: [readonly ToolSearchMatch[], number][] = [
				[lexical, 1 - fusion.weight],
				[dense, fusion.weight],
			];
			for (const [list, share] of sides) {
				let min = Number.POSITIVE_INFINITY;
				let max = Number.NEGATIVE_INFINITY;
				for (const { score } of list) {
					if (score < min) min = score;
					if (score > max) max = score;
				}
				for (const { name, score } of list) {
					const normalised = max > min ? (score - min) / (max - min) : 1;
					fused.set(name, (fused.get(name) ?? 0) + share * normalised);
				}
			}
		}
		return [...fused].map(([name, score]) => ({ name, score })).sort(byScoreThenName);
	}

	/** Drops vectors of tools long gone, once the cache is much larger than the catalogue. */
	#prune(unique: readonly { fingerprint: string }[]): void {
		if (this.#vectors.size <= 2 * unique.length + 1024) return;
		const keep = new Set(unique.map(({ fingerprint }) => fingerprint));
		for (const fingerprint of [...this.#vectors.keys()])
			if (!keep.has(fingerprint)) this.#vectors.delete(fingerprint);
	}
}

/**
 * A `ToolRanker` (`name: "hybrid"`) that fuses the built-in BM25 ranking with the cosine similarity
 * between the query's embedding and each tool's, from any {@link Embedder}: words a tool uses and
 * meanings it shares both count. Reciprocal-rank fusion by default over the best 50 tools of each
 * side; a weighted mode too (see {@link HybridFusion}). Deterministic for a deterministic
 * embedder; ties go by name.
 *
 * Each tool is embedded once per content: its name in words, its label, its description (first
 * 2,000 characters, or the summary) and its namespace with the namespace's first description line.
 * Embeddings are cached by a fingerprint of the document, so only new or changed tools are embedded,
 * in batches of `batchSize`, at most `concurrency` calls at a time; query embeddings are kept in an
 * LRU of `queryCacheSize`. The first search embeds the whole catalogue: call `prepare(documents)`
 * ahead of it for a large one. `toJSON()` saves the cache with the BM25 index; pass it back as
 * `saved`.
 *
 * When the embedder fails, takes longer than `timeoutMs`, or returns a wrong number of vectors,
 * vectors of another length or non-finite values, `rank` rejects with an `Error` saying so, and
 * `tool_search` answers with BM25, reporting `ranked_by: "fallback"` and the reason;
 * `rankDetailed` returns BM25's matches and the reason instead. An aborted `signal` rejects with
 * `ToolSearchError` `ABORTED`; the tool batches finished by then stay cached.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a bad option, `INVALID_INDEX_DATA` for bad `saved` data.
 *
 * @example
 * ```ts
 * import { createActiveToolSet, createHybridRanker, createToolSearchTool } from "tool-search";
 * import { openAiCompatibleEmbedder } from "tool-search/ranking";
 *
 * const embedder = openAiCompatibleEmbedder({ baseUrl: "http://localhost:11434/v1", model: "nomic-embed-text" });
 * const ranker = createHybridRanker({ embedder });
 * const toolSearch = createToolSearchTool({ tools: createActiveToolSet({ tools: allMyTools }), ranker });
 * await toolSearch.execute("call-1", { query: "will it rain in Lisbon this weekend" });
 * ```
 */
export function createHybridRanker(options: HybridRankerOptions): HybridRanker {
	return new Hybrid(options);
}
