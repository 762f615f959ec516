/**
 * The saved form of a {@link Bm25Ranker}: its index plus a fingerprint of each tool's document.
 * @internal
 */
import { quote } from "../errors.js";
import { sha256 } from "../index/checksum.js";
import type { SerializedToolSearchIndex } from "../index/serialize.js";
import { invalidIndexData, isObject } from "../internal/guards.js";

/** Format name of a saved `Bm25Ranker`. */
export const RANKER_FORMAT = "tool-search-bm25-ranker";
/** Version of the saved-ranker wrapper (the index inside has its own; 2: a checksum; 3: the catalogue version). */
export const RANKER_FORMAT_VERSION = 3;

/**
 * A saved `Bm25Ranker` (`ranker.toJSON()`): the index as `ToolSearchIndex.toJSON` writes it, and
 * for each indexed tool, by name, a fingerprint of the document it was indexed from.
 *
 * @example
 * ```ts
 * const saved: SerializedBm25Ranker = ranker.toJSON();
 * writeFileSync("ranker.json", JSON.stringify(saved));
 * const restored = Bm25Ranker.fromJSON(JSON.parse(readFileSync("ranker.json", "utf8")));
 * ```
 */
export interface SerializedBm25Ranker {
	readonly format: typeof RANKER_FORMAT;
	readonly version: number;
	readonly index: SerializedToolSearchIndex;
	/** Indexed tool names; `fingerprints[i]` belongs to `tools[i]`. */
	readonly tools: readonly string[];
	readonly fingerprints: readonly string[];
	/**
	 * The host's catalogue version the index held when saved (`ToolCatalog.getCatalogVersion`),
	 * when the ranker knew one: a restored ranker called at this version trusts the index without
	 * reading the documents.
	 */
	readonly catalogVersion?: string | number;
	/**
	 * `sha256:` and the hex SHA-256 of the tools, the fingerprints, the catalogue version and the
	 * index's own checksum.
	 */
	readonly checksum: string;
}

/** The checksum of a saved ranker's wrapper (the index's checksum covers the index). */
export function rankerChecksum(
	tools: readonly unknown[],
	fingerprints: readonly unknown[],
	index: unknown,
	catalogVersion: unknown,
): string {
	const indexChecksum = isObject(index) ? index.checksum : undefined;
	const digest = sha256();
	const covered = [
		RANKER_FORMAT,
		RANKER_FORMAT_VERSION,
		tools,
		fingerprints,
		indexChecksum,
		catalogVersion ?? null,
	];
	digest.update(new TextEncoder().encode(JSON.stringify(covered)));
	return `sha256:${digest.hex()}`;
}

/** Checks a saved ranker's wrapper; returns its index data and the fingerprint of each tool. */
export function readRankerSnapshot(data: unknown): {
	index: unknown;
	fingerprints: Map<string, string>;
	catalogVersion: string | number | undefined;
} {
	if (!isObject(data)) throw invalidIndexData(`saved ranker must be an object, got ${quote(data)}`);
	if (data.format !== RANKER_FORMAT)
		throw invalidIndexData(`not a saved Bm25Ranker (format ${quote(data.format)})`);
	if (data.version !== RANKER_FORMAT_VERSION) {
		throw invalidIndexData(
			`saved ranker has version ${quote(data.version)}; this version of tool-search reads version ${RANKER_FORMAT_VERSION}: save it again`,
		);
	}
	const { tools, fingerprints } = data;
	if (!Array.isArray(tools) || !tools.every((name) => typeof name === "string")) {
		throw invalidIndexData(`saved ranker tools must be an array of strings, got ${quote(tools)}`);
	}
	if (
		!Array.isArray(fingerprints) ||
		fingerprints.length !== tools.length ||
		!fingerprints.every((value) => typeof value === "string")
	) {
		throw invalidIndexData(
			`saved ranker fingerprints must be ${tools.length} strings, got ${quote(fingerprints)}`,
		);
	}
	const { catalogVersion } = data;
	if (
		catalogVersion !== undefined &&
		typeof catalogVersion !== "string" &&
		!(typeof catalogVersion === "number" && Number.isFinite(catalogVersion))
	) {
		throw invalidIndexData(
			`saved ranker catalogVersion must be a string or a number, got ${quote(catalogVersion)}`,
		);
	}
	if (data.checksum !== rankerChecksum(tools, fingerprints, data.index, catalogVersion)) {
		throw invalidIndexData("saved ranker does not match its checksum: it was damaged or edited");
	}
	const byName = new Map<string, string>();
	for (const [i, name] of (tools as string[]).entries()) {
		if (byName.has(name)) throw invalidIndexData(`saved ranker names ${quote(name)} twice`);
		byName.set(name, fingerprints[i] as string);
	}
	return { index: data.index, fingerprints: byName, catalogVersion };
}
