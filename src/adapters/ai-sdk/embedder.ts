/**
 * `aiSdkEmbedder`: an AI SDK embedding model as the hybrid ranker's {@link Embedder}.
 */
import { embedMany } from "ai";
import { quote } from "../../errors.js";
import { invalidOptions } from "../../internal/guards.js";
import type { Embedder } from "../../ranking/hybrid/embedder.js";

/**
 * An AI SDK embedding model, as `embedMany` takes it: a model object (`openai.embedding(…)`,
 * `ollama.embedding(…)`, …) or a gateway model id string.
 *
 * @example
 * ```ts
 * const model: AiSdkEmbeddingModel = "openai/text-embedding-3-small";
 * ```
 */
export type AiSdkEmbeddingModel = Parameters<typeof embedMany>[0]["model"];

/**
 * Options of {@link aiSdkEmbedder}.
 *
 * @example
 * ```ts
 * const options: AiSdkEmbedderOptions = { id: "openai/text-embedding-3-small", maxRetries: 1 };
 * ```
 */
export interface AiSdkEmbedderOptions {
	/** The embedder's `id`, which keys saved embeddings. @defaultValue `ai-sdk:<provider>/<modelId>`, or `ai-sdk:<model>` for a string */
	id?: string | undefined;
	/** `embedMany`'s `maxRetries`. @defaultValue the AI SDK's (2) */
	maxRetries?: number | undefined;
	/** `embedMany`'s `maxParallelCalls`, for a model that splits large inputs. @defaultValue the AI SDK's */
	maxParallelCalls?: number | undefined;
}

function modelId(model: unknown): string {
	if (typeof model === "string") return model;
	if (typeof model === "object" && model !== null) {
		const { provider, modelId } = model as { provider?: unknown; modelId?: unknown };
		if (typeof modelId === "string" && modelId !== "") {
			return typeof provider === "string" && provider !== "" ? `${provider}/${modelId}` : modelId;
		}
	}
	return invalidOptions(`model must be an AI SDK embedding model or a model id, got ${quote(model)}`);
}

/**
 * An AI SDK embedding model as an {@link Embedder} for `createHybridRanker`: each `embed` call is one
 * `embedMany({ model, values, abortSignal })` (which splits inputs larger than the model takes).
 *
 * @example
 * ```ts
 * import { openai } from "@ai-sdk/openai";
 * import { createHybridRanker } from "tool-search";
 * import { aiSdkEmbedder, createAiSdkToolSearch } from "tool-search/ai-sdk";
 *
 * const ranker = createHybridRanker({ embedder: aiSdkEmbedder(openai.embedding("text-embedding-3-small")) });
 * const search = createAiSdkToolSearch({ tools: allTools, ranker });
 * ```
 */
export function aiSdkEmbedder(model: AiSdkEmbeddingModel, options: AiSdkEmbedderOptions = {}): Embedder {
	const id = options.id ?? `ai-sdk:${modelId(model)}`;
	if (typeof id !== "string" || id === "") invalidOptions(`id must be a non-empty string, got ${quote(id)}`);
	const { maxRetries, maxParallelCalls } = options;
	return {
		id,
		async embed(texts, embedOptions) {
			if (texts.length === 0) return [];
			const { embeddings } = await embedMany({
				model,
				values: texts,
				...(embedOptions?.signal === undefined ? {} : { abortSignal: embedOptions.signal }),
				...(maxRetries === undefined ? {} : { maxRetries }),
				...(maxParallelCalls === undefined ? {} : { maxParallelCalls }),
			});
			return embeddings;
		},
	};
}
