/**
 * The one thing the hybrid ranker needs from an embedding model.
 */

/**
 * Turns texts into vectors: any embedding model a host already has (a hosted API, a local model,
 * the AI SDK's embedding models). `embed` resolves to one vector per text, in order, all of one
 * length; the vectors need not be normalised. `id` names the model (and whatever changes its
 * vectors, such as a dimension setting): saved embeddings are reused only for the same `id`.
 * `dimensions`, when known, lets a loaded cache of another size be dropped before any call.
 *
 * Adapters: `openAiCompatibleEmbedder` (`tool-search/ranking`) for any `/v1/embeddings` server,
 * `aiSdkEmbedder` (`tool-search/ai-sdk`) for the AI SDK's embedding models.
 *
 * @example
 * ```ts
 * const embedder: Embedder = {
 *   id: "my-model-v1",
 *   async embed(texts, options) {
 *     const response = await fetch("http://localhost:8080/embed", {
 *       method: "POST", body: JSON.stringify({ texts }), signal: options?.signal ?? null,
 *     });
 *     return ((await response.json()) as { vectors: number[][] }).vectors;
 *   },
 * };
 * const ranker = createHybridRanker({ embedder });
 * ```
 */
export interface Embedder {
	/** Names the model and its settings; the embedding cache is keyed by it. */
	readonly id: string;
	/** The length of the vectors, when known in advance. @defaultValue unknown: learned from the first call */
	readonly dimensions?: number | undefined;
	/** One vector per text, in order. Should stop and reject when `options.signal` aborts. */
	embed(texts: string[], options?: { signal?: AbortSignal | undefined }): Promise<ArrayLike<number>[]>;
}
