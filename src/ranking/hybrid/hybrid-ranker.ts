/**
 * `createHybridRanker`: BM25 fused with the cosine similarity of embeddings from any embedder.
 */
import type { ToolRankOptions, ToolSearchDocument, ToolSearchMatch } from "../../types.js";
import { Bm25Ranker } from "../bm25-ranker.js";
import { checkRankCall, throwIfAborted } from "../check-rank-call.js";
import { EmbedderFailure } from "./embed-call.js";
import type { Embedder } from "./embedder.js";
import { EmbeddingCache, type FingerprintedTool } from "./embedding-cache.js";
import { byScoreThenName, fuse, type ResolvedFusion } from "./fusion.js";
import { type EmbeddingProgress, type HybridRankerOptions, readOptions } from "./hybrid-options.js";
import {
	HYBRID_FORMAT,
	HYBRID_FORMAT_VERSION,
	readHybridSnapshot,
	type SerializedHybridRanker,
} from "./hybrid-snapshot.js";
import type {
	HybridPrepareOptions,
	HybridRanker,
	HybridRankerStats,
	HybridRankResult,
} from "./hybrid-types.js";
import { dot } from "./vectors.js";

const HAS_WORD = /[\p{L}\p{N}]/u;

class Hybrid implements HybridRanker {
	readonly name = "hybrid";
	readonly embedder: Embedder;
	readonly #fusion: ResolvedFusion;
	readonly #candidates: number;
	readonly #minSimilarity: number | undefined;
	readonly #onProgress: ((progress: EmbeddingProgress) => void) | undefined;
	readonly #bm25: Bm25Ranker;
	/** Tool vectors by fingerprint and query vectors. */
	readonly #cache: EmbeddingCache;
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
		const settings = readOptions(options);
		this.embedder = settings.embedder;
		this.#fusion = settings.fusion;
		this.#candidates = settings.candidates;
		this.#minSimilarity = settings.minSimilarity;
		this.#onProgress = settings.onProgress;
		this.#cache = new EmbeddingCache(settings, this.#stats);
		if (options.saved === undefined) {
			this.#bm25 = new Bm25Ranker(options.bm25);
			return;
		}
		const snapshot = readHybridSnapshot(options.saved);
		this.#bm25 = Bm25Ranker.fromJSON(snapshot.bm25, options.bm25);
		this.#cache.load(snapshot);
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
		const unique = this.#cache.tools(documents);
		let queryVector: Float32Array;
		try {
			queryVector = await this.#cache.queryVector(text, signal);
			await this.#cache.ensure(unique, signal, this.#onProgress);
		} catch (error) {
			throwIfAborted(signal);
			if (!(error instanceof EmbedderFailure)) throw error;
			this.#stats.fallbacks++;
			return { matches: lexical.slice(0, limit), rankedBy: "bm25", fallbackReason: error.message };
		}
		throwIfAborted(signal);
		const dense = this.#dense(queryVector, unique);
		this.#cache.prune(unique);
		const matches = fuse(lexical, dense, this.#fusion).slice(0, limit);
		return {
			matches: options?.signals === true ? withSignals(matches, lexical, dense) : matches,
			rankedBy: "hybrid",
		};
	}

	async prepare(
		documents: readonly ToolSearchDocument[],
		options: HybridPrepareOptions = {},
	): Promise<{ embedded: number; total: number }> {
		checkRankCall(documents, 0, options);
		if (documents.length > 0) this.#bm25.searchDetailed("", documents, 1, { signal: options.signal });
		const unique = this.#cache.tools(documents);
		const before = this.#stats.embeddedTools;
		await this.#cache.ensure(unique, options.signal, options.onProgress ?? this.#onProgress);
		return { embedded: this.#stats.embeddedTools - before, total: unique.length };
	}

	toJSON(): SerializedHybridRanker {
		const { dimensions, fingerprints, vectors } = this.#cache.save();
		return {
			format: HYBRID_FORMAT,
			version: HYBRID_FORMAT_VERSION,
			embedder: this.embedder.id,
			dimensions,
			bm25: this.#bm25.toJSON(),
			fingerprints,
			vectors,
		};
	}

	/** The embedding side's candidates: the best `candidates` by cosine, best first, ties by name. */
	#dense(queryVector: Float32Array, unique: readonly FingerprintedTool[]): ToolSearchMatch[] {
		const scored: ToolSearchMatch[] = [];
		for (const { document, fingerprint } of unique) {
			const vector = this.#cache.vector(fingerprint);
			if (vector === undefined || vector.length !== queryVector.length) continue;
			const score = dot(queryVector, vector);
			if (this.#minSimilarity !== undefined && score < this.#minSimilarity) continue;
			scored.push({ name: document.name, score });
		}
		scored.sort(byScoreThenName);
		return scored.slice(0, this.#candidates);
	}
}

/**
 * The fused matches with their component scores: `bm25` (the lexical side's score) and `dense`
 * (the cosine similarity), where the tool was a candidate of that side.
 */
function withSignals(
	matches: readonly ToolSearchMatch[],
	lexical: readonly ToolSearchMatch[],
	dense: readonly ToolSearchMatch[],
): ToolSearchMatch[] {
	const bm25 = new Map(lexical.map((match) => [match.name, match.score]));
	const cosine = new Map(dense.map((match) => [match.name, match.score]));
	return matches.map(({ name, score }) => {
		const lexicalScore = bm25.get(name);
		const denseScore = cosine.get(name);
		const signals = {
			...(lexicalScore === undefined ? {} : { bm25: lexicalScore }),
			...(denseScore === undefined ? {} : { dense: denseScore }),
		};
		return { name, score, signals };
	});
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
 * `rankDetailed` returns BM25's matches and the reason instead. Asked for `signals` (as
 * `tool_search` does when its pipeline is on), each match carries its `bm25` and `dense` scores.
 * An aborted `signal` rejects with
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
