/**
 * The options of `createHybridRanker`: their types, their defaults in one place, and their checks.
 */
import { quote } from "../../errors.js";
import type { ToolSearchIndexOptions } from "../../index/index-options.js";
import { invalidOptions, isObject } from "../../internal/guards.js";
import type { Embedder } from "./embedder.js";
import type { ResolvedFusion } from "./fusion.js";

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

const DEFAULTS = {
	k: 60,
	weight: 0.5,
	candidates: 50,
	batchSize: 64,
	concurrency: 2,
	timeoutMs: 5000,
	queryCacheSize: 256,
} as const;

function positiveInteger(value: unknown, name: string, fallback: number): number {
	if (value === undefined) return fallback;
	if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
		invalidOptions(`${name} must be a positive integer, got ${quote(value)}`);
	}
	return value;
}

function readFusion(fusion: unknown): ResolvedFusion {
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

/** The options of a hybrid ranker, checked, with their defaults filled in. */
export interface HybridSettings {
	readonly embedder: Embedder;
	readonly fusion: ResolvedFusion;
	readonly candidates: number;
	readonly minSimilarity: number | undefined;
	readonly batchSize: number;
	readonly concurrency: number;
	readonly timeoutMs: number;
	readonly queryCacheSize: number;
	readonly onProgress: ((progress: EmbeddingProgress) => void) | undefined;
}

/** Checks `options` (throwing `INVALID_OPTIONS` for the first bad one) and fills in the defaults. */
export function readOptions(options: HybridRankerOptions): HybridSettings {
	checkOptions(options);
	return {
		embedder: options.embedder,
		fusion: readFusion(options.fusion),
		candidates: positiveInteger(options.candidates, "candidates", DEFAULTS.candidates),
		batchSize: positiveInteger(options.batchSize, "batchSize", DEFAULTS.batchSize),
		concurrency: positiveInteger(options.concurrency, "concurrency", DEFAULTS.concurrency),
		minSimilarity: options.minSimilarity,
		timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
		queryCacheSize: options.queryCacheSize ?? DEFAULTS.queryCacheSize,
		onProgress: options.onProgress,
	};
}
