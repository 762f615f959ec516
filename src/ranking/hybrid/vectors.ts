/**
 * Embedding vectors: checking an embedder's answer (and scaling it to unit length), and the dot
 * product, which is the cosine similarity of unit vectors.
 */
import { quote } from "../../errors.js";
import { isObject } from "../../internal/guards.js";

/** The vectors of one `embed` answer, checked and scaled to unit length; or why they are unusable. */
export function checkVectors(value: unknown, count: number): Float32Array[] | string {
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

/** The dot product of two vectors of the same length. */
export function dot(a: Float32Array, b: Float32Array): number {
	let sum = 0;
	for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
	return sum;
}
