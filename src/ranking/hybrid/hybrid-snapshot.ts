/**
 * The saved form of a hybrid ranker: its BM25 ranker and the tool embeddings, keyed by document
 * fingerprint, for one embedder id and one vector length.
 * @internal
 */
import { quote } from "../../errors.js";
import { invalidIndexData, isObject } from "../../internal/guards.js";
import type { SerializedBm25Ranker } from "../bm25-ranker-snapshot.js";

/** Format name of a saved hybrid ranker. */
export const HYBRID_FORMAT = "tool-search-hybrid-ranker";
/** Version of the format; also bumped when the text embedded per tool changes. */
export const HYBRID_FORMAT_VERSION = 1;
/** The longest vector a saved ranker may hold (a sanity bound). */
const MAX_DIMENSIONS = 65_536;

/**
 * A saved hybrid ranker (`ranker.toJSON()`): the BM25 ranker as `Bm25Ranker.toJSON` writes it, the
 * embedder's id, the vector length, and for each embedded tool its document fingerprint and its
 * unit-length vector (float32, little-endian, base64).
 *
 * @example
 * ```ts
 * const saved: SerializedHybridRanker = ranker.toJSON();
 * writeFileSync("hybrid.json", JSON.stringify(saved));
 * const again = createHybridRanker({ embedder, saved: JSON.parse(readFileSync("hybrid.json", "utf8")) });
 * ```
 */
export interface SerializedHybridRanker {
	readonly format: typeof HYBRID_FORMAT;
	readonly version: number;
	/** The `id` of the embedder that made the vectors. */
	readonly embedder: string;
	/** The length of every vector; 0 when there are none. */
	readonly dimensions: number;
	readonly bm25: SerializedBm25Ranker;
	/** Document fingerprints; `vectors[i]` belongs to `fingerprints[i]`. */
	readonly fingerprints: readonly string[];
	readonly vectors: readonly string[];
}

/** A checked saved ranker, vectors decoded. */
export interface HybridSnapshot {
	embedder: string;
	dimensions: number;
	bm25: unknown;
	vectors: Map<string, Float32Array>;
}

/** Base64 of a vector's float32 little-endian bytes. */
export function encodeVector(vector: Float32Array): string {
	const bytes = new Uint8Array(vector.length * 4);
	const view = new DataView(bytes.buffer);
	for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i] as number, true);
	let binary = "";
	for (let i = 0; i < bytes.length; i += 8192) {
		binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
	}
	return btoa(binary);
}

function decodeVector(text: unknown, dimensions: number, at: number): Float32Array {
	if (typeof text !== "string")
		throw invalidIndexData(`saved vector ${at} must be a string, got ${quote(text)}`);
	let binary: string;
	try {
		binary = atob(text);
	} catch {
		throw invalidIndexData(`saved vector ${at} is not base64`);
	}
	if (binary.length !== dimensions * 4) {
		throw invalidIndexData(
			`saved vector ${at} has ${binary.length} bytes, expected ${dimensions * 4} (${dimensions} float32 values)`,
		);
	}
	const view = new DataView(new ArrayBuffer(binary.length));
	for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i));
	const vector = new Float32Array(dimensions);
	for (let i = 0; i < dimensions; i++) {
		const value = view.getFloat32(i * 4, true);
		if (!Number.isFinite(value)) throw invalidIndexData(`saved vector ${at} holds ${value}`);
		vector[i] = value;
	}
	return vector;
}

/** Checks a saved hybrid ranker. Throws `INVALID_INDEX_DATA` for anything else. */
export function readHybridSnapshot(data: unknown): HybridSnapshot {
	if (!isObject(data)) throw invalidIndexData(`saved hybrid ranker must be an object, got ${quote(data)}`);
	if (data.format !== HYBRID_FORMAT)
		throw invalidIndexData(`not a saved hybrid ranker (format ${quote(data.format)})`);
	if (data.version !== HYBRID_FORMAT_VERSION) {
		throw invalidIndexData(
			`saved hybrid ranker has version ${quote(data.version)}; this version of tool-search reads version ${HYBRID_FORMAT_VERSION}: save it again`,
		);
	}
	const { embedder, dimensions, fingerprints, vectors } = data;
	if (typeof embedder !== "string" || embedder === "") {
		throw invalidIndexData(`saved hybrid ranker embedder must be a non-empty string, got ${quote(embedder)}`);
	}
	if (
		typeof dimensions !== "number" ||
		!Number.isInteger(dimensions) ||
		dimensions < 0 ||
		dimensions > MAX_DIMENSIONS
	) {
		throw invalidIndexData(
			`saved hybrid ranker dimensions must be an integer in [0, ${MAX_DIMENSIONS}], got ${quote(dimensions)}`,
		);
	}
	if (!Array.isArray(fingerprints) || !fingerprints.every((value) => typeof value === "string")) {
		throw invalidIndexData(
			`saved hybrid ranker fingerprints must be an array of strings, got ${quote(fingerprints)}`,
		);
	}
	if (!Array.isArray(vectors) || vectors.length !== fingerprints.length) {
		throw invalidIndexData(
			`saved hybrid ranker vectors must be an array of ${fingerprints.length} strings, got ${quote(vectors)}`,
		);
	}
	if (dimensions === 0 && fingerprints.length > 0) {
		throw invalidIndexData(`saved hybrid ranker has ${fingerprints.length} vectors of dimension 0`);
	}
	const byFingerprint = new Map<string, Float32Array>();
	for (const [at, fingerprint] of (fingerprints as string[]).entries()) {
		if (byFingerprint.has(fingerprint))
			throw invalidIndexData(`saved hybrid ranker lists fingerprint ${quote(fingerprint)} twice`);
		byFingerprint.set(fingerprint, decodeVector(vectors[at], dimensions, at));
	}
	return { embedder, dimensions, bm25: data.bm25, vectors: byFingerprint };
}
