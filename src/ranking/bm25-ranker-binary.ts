/**
 * The binary snapshot of a {@link Bm25Ranker} (`toBinary` / `fromBinary`): the index's binary
 * snapshot nested whole, and each indexed tool's fingerprint as numbers, in the index's slot order
 * (so the names are not saved twice). The ranker's checksum covers its header, the fingerprints
 * and the nested snapshot's header (with its checksum), so each byte is hashed once.
 * @internal
 */
import { ToolSearchError } from "../errors.js";
import {
	type LayoutSpec,
	readLayout,
	type Section,
	sealLayout,
	writeLayout,
} from "../index/binary-layout.js";
import type { ToolSearchIndexOptions } from "../index/index-options.js";
import type { NameTable } from "../index/name-table.js";
import { indexStore, ToolSearchIndex } from "../index/tool-search-index.js";
import { RANKER_FORMAT_VERSION } from "./bm25-ranker-snapshot.js";
import type { FingerprintLanes } from "./document-fingerprint.js";
import { SavedFingerprints } from "./saved-fingerprints.js";

/** Version of the binary ranker's container (its content's is RANKER_FORMAT_VERSION). */
const RANKER_BINARY_VERSION = 2;

const SPEC: LayoutSpec = {
	magic: new Uint8Array([0x89, 0x54, 0x53, 0x52, 0x4e, 0x4b, 0x0d, 0x0a]), // \x89TSRNK\r\n
	what: "binary ranker",
	layoutVersion: RANKER_BINARY_VERSION,
	contentVersion: RANKER_FORMAT_VERSION,
	kinds: [
		Uint32Array, // the two hash lanes of each tool's fingerprint
		Float64Array, // the length of each tool's fingerprint
		Uint8Array, // the index's binary snapshot
		Uint8Array, // the catalogue version the index holds, as JSON (empty: none)
	],
	nested: 2,
};

/**
 * `bytes` with the ranker's checksum recomputed (the nested index's is not), for tests. Changes `bytes`.
 * @internal
 */
export function resealBinaryRanker(bytes: Uint8Array): Uint8Array {
	return sealLayout(SPEC, bytes);
}

/**
 * The snapshot of a ranker's index with the fingerprint `fingerprintOf` gives each of its tools,
 * in slot order (after the index's own save, which compacts it: slots 0 to size - 1, live).
 */
export function saveRankerBinary(
	index: ToolSearchIndex,
	fingerprintOf: (name: string) => FingerprintLanes,
	catalogVersion: string | number | undefined,
): Uint8Array {
	const bytes = index.toBinary();
	const store = indexStore(index);
	const hashes = new Uint32Array(2 * store.slots);
	const lengths = new Float64Array(store.slots);
	for (let slot = 0; slot < store.slots; slot++) {
		const [a, b, length] = fingerprintOf(store.names[slot] as string);
		hashes[2 * slot] = a;
		hashes[2 * slot + 1] = b;
		lengths[slot] = length;
	}
	const version =
		catalogVersion === undefined
			? new Uint8Array(0)
			: new TextEncoder().encode(JSON.stringify(catalogVersion));
	return writeLayout(SPEC, 0, [hashes, lengths, bytes, version] satisfies Section[]);
}

/** A ranker's index and saved fingerprints, checked (the index by its own load). */
export function loadRankerBinary(
	bytes: Uint8Array,
	options: ToolSearchIndexOptions | undefined,
): {
	index: ToolSearchIndex;
	saved: SavedFingerprints;
	catalogVersion: string | number | undefined;
	names: NameTable | undefined;
} {
	const { sections } = readLayout(SPEC, bytes);
	const [hashes, lengths, indexBytes, versionBytes] = sections as [
		Uint32Array,
		Float64Array,
		Uint8Array,
		Uint8Array,
	];
	const catalogVersion = readCatalogVersion(versionBytes);
	const index = ToolSearchIndex.fromBinary(indexBytes, options);
	if (lengths.length !== index.size || hashes.length !== 2 * index.size) {
		throw new ToolSearchError(
			"INVALID_INDEX_DATA",
			`saved ranker has ${lengths.length} fingerprints for an index of ${index.size} tools: save it again`,
		);
	}
	const names = indexStore(index).loadedNames;
	return { index, saved: new SavedFingerprints(index, { hashes, lengths }), catalogVersion, names };
}

/** The saved catalogue version: a JSON string or finite number, or nothing. */
function readCatalogVersion(bytes: Uint8Array): string | number | undefined {
	if (bytes.length === 0) return undefined;
	let value: unknown;
	try {
		value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
	} catch {
		value = undefined;
	}
	if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) return value;
	throw new ToolSearchError(
		"INVALID_INDEX_DATA",
		"saved ranker has a damaged catalogue version: save it again",
	);
}
