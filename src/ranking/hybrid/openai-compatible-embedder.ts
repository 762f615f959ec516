/**
 * An {@link Embedder} over any OpenAI-compatible `/embeddings` endpoint, on `fetch`, with no SDK.
 */
import { quote } from "../../errors.js";
import { invalidOptions, isObject } from "../../internal/guards.js";
import type { Embedder } from "./embedder.js";

/**
 * Options of {@link openAiCompatibleEmbedder}.
 *
 * @example
 * ```ts
 * const options: OpenAiCompatibleEmbedderOptions = { baseUrl: "https://api.openai.com/v1", model: "text-embedding-3-small", apiKey: process.env.OPENAI_API_KEY };
 * ```
 */
export interface OpenAiCompatibleEmbedderOptions {
	/**
	 * The API's base URL, up to and including the version: `https://api.openai.com/v1`,
	 * `http://localhost:11434/v1` (Ollama), `http://localhost:1234/v1` (LM Studio),
	 * `http://localhost:8000/v1` (vLLM). `/embeddings` is appended.
	 */
	baseUrl: string;
	/** The model name, e.g. `text-embedding-3-small`, `nomic-embed-text`. */
	model: string;
	/** Sent as `Authorization: Bearer <apiKey>`. @defaultValue none */
	apiKey?: string | undefined;
	/** Asks for vectors of this length (OpenAI's `text-embedding-3-*` support it). @defaultValue the model's */
	dimensions?: number | undefined;
	/** More request headers. @defaultValue none */
	headers?: Readonly<Record<string, string>> | undefined;
	/** The `fetch` to use (a proxy agent, a test double). @defaultValue `globalThis.fetch` */
	fetch?: typeof fetch | undefined;
	/** The embedder's `id`, which keys saved embeddings. @defaultValue `openai-compatible:<model>` (and `:<dimensions>`) */
	id?: string | undefined;
}

/**
 * An {@link Embedder} that POSTs `{ model, input, encoding_format: "float", dimensions? }` to
 * `<baseUrl>/embeddings` and reads `data[].embedding` (ordered by `data[].index`): OpenAI, Ollama,
 * LM Studio, vLLM, llama.cpp's server and most gateways speak it. A response other than 2xx, or a
 * body of another shape, rejects with an `Error` quoting the status and the start of the body.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` when `baseUrl` or `model` is empty, `dimensions` is
 * not a positive integer, or there is no `fetch`.
 *
 * @example
 * ```ts
 * import { createHybridRanker } from "tool-search";
 * import { openAiCompatibleEmbedder } from "tool-search/ranking";
 *
 * const embedder = openAiCompatibleEmbedder({ baseUrl: "http://localhost:11434/v1", model: "nomic-embed-text" });
 * const ranker = createHybridRanker({ embedder });
 * ```
 */
export function openAiCompatibleEmbedder(options: OpenAiCompatibleEmbedderOptions): Embedder {
	if (!isObject(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	const { baseUrl, model, apiKey, dimensions, headers, id } = options;
	if (typeof baseUrl !== "string" || baseUrl.trim() === "") {
		invalidOptions(`baseUrl must be a non-empty string, got ${quote(baseUrl)}`);
	}
	if (typeof model !== "string" || model.trim() === "") {
		invalidOptions(`model must be a non-empty string, got ${quote(model)}`);
	}
	if (dimensions !== undefined && !(Number.isInteger(dimensions) && dimensions >= 1)) {
		invalidOptions(`dimensions must be a positive integer, got ${quote(dimensions)}`);
	}
	if (id !== undefined && (typeof id !== "string" || id === "")) {
		invalidOptions(`id must be a non-empty string, got ${quote(id)}`);
	}
	const fetchFn = options.fetch ?? (globalThis.fetch as typeof fetch | undefined);
	if (typeof fetchFn !== "function") invalidOptions("no fetch: pass options.fetch on this runtime");
	const url = `${baseUrl.replace(/\/+$/, "")}/embeddings`;
	const requestHeaders: Record<string, string> = { "content-type": "application/json", ...headers };
	if (apiKey !== undefined && apiKey !== "") requestHeaders.authorization = `Bearer ${apiKey}`;

	return {
		id: id ?? `openai-compatible:${model}${dimensions === undefined ? "" : `:${dimensions}`}`,
		...(dimensions === undefined ? {} : { dimensions }),
		async embed(texts, embedOptions) {
			if (texts.length === 0) return [];
			const response = await fetchFn(url, {
				method: "POST",
				headers: requestHeaders,
				body: JSON.stringify({
					model,
					input: texts,
					encoding_format: "float",
					...(dimensions === undefined ? {} : { dimensions }),
				}),
				signal: embedOptions?.signal ?? null,
			});
			const body = await response.text();
			if (!response.ok) {
				throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
			}
			let json: unknown;
			try {
				json = JSON.parse(body);
			} catch {
				throw new Error(`${url} answered something other than JSON: ${body.slice(0, 200)}`);
			}
			const data = isObject(json) ? json.data : undefined;
			if (!Array.isArray(data))
				throw new Error(`${url} answered without a data array: ${body.slice(0, 200)}`);
			const vectors: number[][] = new Array(texts.length);
			for (const [at, item] of (data as unknown[]).entries()) {
				const index = isObject(item) && typeof item.index === "number" ? item.index : at;
				const embedding = isObject(item) ? item.embedding : undefined;
				if (!Array.isArray(embedding)) {
					throw new Error(`${url} answered an item without an embedding array (base64 is not read)`);
				}
				vectors[index] = embedding as number[];
			}
			return vectors;
		},
	};
}
