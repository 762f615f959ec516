/**
 * A deterministic, dependency-free test embedder: hashed character trigrams (and whole words) of the
 * lower-cased text, in a fixed number of dimensions, normalised to unit length. It is NOT a semantic
 * model: it knows spellings, not meanings ("rain" and "forecast" share nothing). It exists so the
 * hybrid ranker's machinery (caching, fusion, fallback, persistence) can be tested and evaluated
 * without a model: `npm run eval -- --embedder ./eval/embedders/trigram.ts`.
 */
import type { Embedder } from "../../src/index.js";

/** FNV-1a over a string's UTF-16 units. */
function hash(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
	return h >>> 0;
}

/** The vector of one text: each feature adds ±1 (sign from a second hash bit) to its bucket. */
export function trigramVector(text: string, dimensions = 256): Float32Array {
	const vector = new Float32Array(dimensions);
	const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
	const add = (feature: string, amount: number): void => {
		const h = hash(feature);
		vector[h % dimensions] = (vector[h % dimensions] as number) + (h & 0x8000_0000 ? -amount : amount);
	};
	for (const word of words) {
		add(`w:${word}`, 1);
		const padded = `#${word}#`;
		for (let i = 0; i + 3 <= padded.length; i++) add(padded.slice(i, i + 3), 0.5);
	}
	let norm = 0;
	for (const x of vector) norm += x * x;
	norm = Math.sqrt(norm);
	if (norm > 0) for (let i = 0; i < dimensions; i++) vector[i] = (vector[i] as number) / norm;
	return vector;
}

/** Options of {@link createTrigramEmbedder}. */
export interface TrigramEmbedderOptions {
	/** @defaultValue 256 */
	dimensions?: number;
	/** @defaultValue `trigram-<dimensions>` */
	id?: string;
}

/** A trigram embedder; `embed` resolves on the next microtask and honours an aborted signal. */
export function createTrigramEmbedder(options: TrigramEmbedderOptions = {}): Embedder {
	const dimensions = options.dimensions ?? 256;
	return {
		id: options.id ?? `trigram-${dimensions}`,
		dimensions,
		async embed(texts, embedOptions) {
			embedOptions?.signal?.throwIfAborted();
			return texts.map((text) => trigramVector(text, dimensions));
		},
	};
}

/** The default export `npm run eval -- --embedder` loads. */
const trigram: Embedder = createTrigramEmbedder();
export default trigram;
