import { quote, ToolSearchError } from "../errors.js";
import type { ToolSearchExplanation } from "../index/explain.js";
import { resolveIndexOptions, type ToolSearchIndexOptions } from "../index/index-options.js";
import type { IndexSearchResult } from "../index/index-search.js";
import type { NameTable } from "../index/name-table.js";
import { ToolSearchIndex } from "../index/tool-search-index.js";
import type { ToolRanker, ToolRankOptions, ToolSearchDocument, ToolSearchMatch } from "../types.js";
import { loadRankerBinary, saveRankerBinary } from "./bm25-ranker-binary.js";
import {
	RANKER_FORMAT,
	RANKER_FORMAT_VERSION,
	rankerChecksum,
	readRankerSnapshot,
	type SerializedBm25Ranker,
} from "./bm25-ranker-snapshot.js";
import { checkRankCall } from "./check-rank-call.js";
import { type Bm25RankerStats, IndexSync } from "./index-sync.js";

export type { Bm25RankerStats } from "./index-sync.js";

import { brandDetailedRanker } from "./ranker-brand.js";

/**
 * Per-call options of {@link Bm25Ranker.searchDetailed}: the ranker options plus a query-time `exclude`.
 *
 * @example
 * ```ts
 * const options: Bm25SearchOptions = { exclude: (name) => active.has(name) };
 * ranker.searchDetailed("create issue", documents, 8, options);
 * ```
 */
export interface Bm25SearchOptions extends ToolRankOptions {
	/**
	 * Tools to leave out of this call's results while keeping them indexed (and counted in idf), e.g.
	 * the tools already active. A function is called only for tools that would make the cut; a set
	 * of names is marked up front, without a call per tool. It runs mid-query: calling this ranker
	 * from it throws `INVALID_OPTIONS`.
	 */
	exclude?: ((name: string) => boolean) | ReadonlySet<string> | undefined;
	/**
	 * The host's catalogue version `documents` come from (`ToolCatalog.getCatalogVersion`; a string
	 * or a finite number, else ignored). A ranker restored from a snapshot saved at this version
	 * (see {@link Bm25Ranker.catalogVersion}) answers from the saved index without reading
	 * `documents`, until a call at another version gives it documents to check; the ranker saves
	 * the version with its index. `tool_search` passes it for hosts that say their version.
	 */
	catalogVersion?: string | number | undefined;
}

/** A usable catalogue version: a string or a finite number. */
function versionOf(value: unknown): string | number | undefined {
	return typeof value === "string" || (typeof value === "number" && Number.isFinite(value))
		? value
		: undefined;
}

/** Reads a `Bm25Ranker`'s loaded names; set by the class's static block. */
let namesOf: (ranker: Bm25Ranker, version: string | number | undefined) => NameTable | undefined;

/**
 * The default ranker: {@link ToolSearchIndex} behind the pi-compatible {@link ToolRanker} call.
 * Synchronous. Its index holds exactly the documents of the latest call, so a ranking depends only
 * on the documents given, and it is kept across calls instead of rebuilt:
 * - the same frozen array as the previous call costs nothing; the same array, not frozen, with
 *   the same elements, costs one identity check per element;
 * - a fresh array of the same documents costs a map lookup per document (plus a field comparison
 *   for an equal but new object), no re-indexing;
 * - a new, changed or dropped tool costs that tool only.
 * Duplicate names keep the first document. To leave some tools out of one call without removing
 * them (the tools already active, say), pass all documents to {@link searchDetailed} with `exclude`.
 * Documents are values: one changed in place after a call is not seen (the same object counts as
 * unchanged), so pass a new object for a changed tool (`createToolSearchDocument` freezes its
 * documents).
 *
 * @example
 * ```ts
 * const ranker = new Bm25Ranker({ bm25: { k1: 1.2 } });
 * ranker.rank("create a github issue", documents, 5); // [{ name: "github__create_issue", score: … }, …]
 * ```
 */
export class Bm25Ranker implements ToolRanker {
	/** Reported as `ranked_by` in `tool_search` results. */
	readonly name = "bm25";
	/** The index, kept equal to the latest call's documents. */
	readonly #sync: IndexSync;
	/** The host's catalogue version the index holds, when the last sync (or the snapshot) had one. */
	#syncedAt: string | number | undefined;
	/** Restored from a snapshot saved at `#syncedAt`, and not synced since: trusted at that version. */
	#trusting = false;
	/** While trusting, after a binary load: the loaded index's names, in slot order (see {@link trustedNames}). */
	#loadedNames: NameTable | undefined;

	/** Options as {@link ToolSearchIndex}'s; validated here (throws `INVALID_OPTIONS`). */
	constructor(options?: ToolSearchIndexOptions) {
		// Resolved (checked, defaults filled, frozen) now: the caller's object changed later changes nothing.
		this.#sync = new IndexSync(resolveIndexOptions(options));
		brandDetailedRanker(this);
	}

	/**
	 * The catalogue version of the snapshot this ranker was restored from, while no call has given
	 * it documents to check since (see {@link Bm25SearchOptions.catalogVersion}); else `undefined`.
	 *
	 * @example
	 * ```ts
	 * const ranker = Bm25Ranker.fromJSON(saved);
	 * ranker.catalogVersion; // "registry@2026-12-01": calls at that version read no documents
	 * ```
	 */
	get catalogVersion(): string | number | undefined {
		return this.#trusting ? this.#syncedAt : undefined;
	}

	/** Counters of the work done to keep the index current. */
	get stats(): Readonly<Bm25RankerStats> {
		return { ...this.#sync.stats };
	}

	/**
	 * The best `limit` of `documents` for `query`, best first. `limit` is a non-negative integer or
	 * `Infinity` (0 gives `[]`). Throws `ABORTED` when `options.signal` has fired.
	 */
	rank(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: ToolRankOptions,
	): ToolSearchMatch[] {
		return this.searchDetailed(query, documents, limit, options).matches;
	}

	/**
	 * {@link rank}, also saying how each query term fared and whether the search abstained
	 * (`tool_search` uses it to tell the model which words matched nothing), and leaving out the
	 * tools `options.exclude` names.
	 */
	searchDetailed(
		query: string,
		documents: readonly ToolSearchDocument[],
		limit: number,
		options?: Bm25SearchOptions,
	): IndexSearchResult {
		checkRankCall(documents, limit, options);
		const version = versionOf(options?.catalogVersion);
		const trusted = this.#trusting && version !== undefined && Object.is(version, this.#syncedAt);
		if (limit === 0 || (!trusted && documents.length === 0))
			return { matches: [], terms: [], abstained: false, ignoredTerms: 0 };
		let index = this.#sync.index;
		if (!trusted || index === undefined) {
			index = this.#sync.sync(documents);
			this.#syncedAt = version;
			this.#trusting = false;
			this.#loadedNames = undefined;
		}
		return index.searchDetailed(typeof query === "string" ? query : "", {
			limit,
			exclude: options?.exclude,
		});
	}

	/**
	 * Explains `name`'s score for `query` against the documents of the last call (see
	 * `ToolSearchIndex.explain`): the score {@link searchDetailed} gives it with the same `limit` and
	 * `exclude` (default limit 8). Throws `UNKNOWN_TOOL` when the tool is not among them.
	 */
	explain(
		query: string,
		name: string,
		options?: { limit?: number; exclude?: ((name: string) => boolean) | ReadonlySet<string> },
	): ToolSearchExplanation {
		const index = this.#sync.index;
		if (index === undefined) throw new ToolSearchError("UNKNOWN_TOOL", `tool ${quote(name)} is not indexed`);
		return index.explain(query, name, options);
	}

	/**
	 * The ranker as plain JSON: its index (`ToolSearchIndex.toJSON`) and, per tool, a fingerprint of
	 * the document it was indexed from. {@link Bm25Ranker.fromJSON} loads it; the first call then
	 * re-indexes only the tools whose documents changed since, so a host with a large catalogue
	 * starts without rebuilding its index. A ranker never called saves an empty index. The
	 * fingerprints are taken from the documents the ranker holds, so (as for ranking) a document
	 * must not have been changed in place since it was passed.
	 *
	 * @example
	 * ```ts
	 * writeFileSync("ranker.json", JSON.stringify(ranker));
	 * const again = Bm25Ranker.fromJSON(JSON.parse(readFileSync("ranker.json", "utf8")));
	 * createToolSearchTool({ tools: host, ranker: again });
	 * ```
	 */
	toJSON(): SerializedBm25Ranker {
		const index = this.#sync.indexToSave();
		const tools = index.names();
		const fingerprints = tools.map((name) => this.#sync.fingerprint(name) as string);
		const saved = index.toJSON();
		const catalogVersion = this.#syncedAt;
		return {
			format: RANKER_FORMAT,
			version: RANKER_FORMAT_VERSION,
			index: saved,
			tools,
			fingerprints,
			...(catalogVersion === undefined ? {} : { catalogVersion }),
			checksum: rankerChecksum(tools, fingerprints, saved, catalogVersion),
		};
	}

	/**
	 * Loads a ranker saved with {@link toJSON}. Throws `INVALID_INDEX_DATA` for another format or
	 * version, damaged data, a tool list that does not match the index, or — when `options` are
	 * given — options that differ from the saved ones.
	 */
	static fromJSON(data: unknown, options?: ToolSearchIndexOptions): Bm25Ranker {
		const { index: indexData, fingerprints, catalogVersion } = readRankerSnapshot(data);
		const index = ToolSearchIndex.fromJSON(indexData, options);
		if (index.size !== fingerprints.size || ![...fingerprints.keys()].every((name) => index.has(name))) {
			throw new ToolSearchError(
				"INVALID_INDEX_DATA",
				`saved ranker lists ${fingerprints.size} tools for an index of ${index.size}, or other names: save it again`,
			);
		}
		const ranker = new Bm25Ranker(options);
		ranker.#sync.restore(index, fingerprints);
		ranker.#syncedAt = catalogVersion;
		ranker.#trusting = catalogVersion !== undefined;
		return ranker;
	}

	/**
	 * The ranker as one compact binary snapshot: its index's (`ToolSearchIndex.toBinary`) and each
	 * tool's fingerprint as numbers. Same contract as {@link toJSON}, several times faster to load
	 * with {@link Bm25Ranker.fromBinary}.
	 *
	 * @example
	 * ```ts
	 * writeFileSync("ranker.bin", ranker.toBinary());
	 * const again = Bm25Ranker.fromBinary(readFileSync("ranker.bin"));
	 * createToolSearchTool({ tools: host, ranker: again });
	 * ```
	 */
	toBinary(): Uint8Array {
		return saveRankerBinary(
			this.#sync.indexToSave(),
			(name) => this.#sync.fingerprintLanes(name),
			this.#syncedAt,
		);
	}

	/**
	 * Loads a ranker saved with {@link toBinary}. Throws `INVALID_INDEX_DATA` as
	 * {@link Bm25Ranker.fromJSON} does (and `ToolSearchIndex.fromBinary` for the index). The ranker
	 * may keep views of `bytes`: do not change them afterwards.
	 *
	 * @example
	 * ```ts
	 * const ranker = Bm25Ranker.fromBinary(readFileSync("ranker.bin"), { bm25: { k1: 1.2 } });
	 * ranker.rank("create an issue", documents, 5); // re-indexes only the tools that changed
	 * ```
	 */
	static fromBinary(bytes: Uint8Array, options?: ToolSearchIndexOptions): Bm25Ranker {
		const { index, saved, catalogVersion, names } = loadRankerBinary(bytes, options);
		const ranker = new Bm25Ranker(options);
		ranker.#sync.restore(index, saved);
		ranker.#syncedAt = catalogVersion;
		ranker.#trusting = catalogVersion !== undefined;
		if (ranker.#trusting) ranker.#loadedNames = names;
		return ranker;
	}

	static {
		namesOf = (ranker, version) =>
			ranker.#trusting && version !== undefined && Object.is(version, ranker.#syncedAt)
				? ranker.#loadedNames
				: undefined;
	}
}

/**
 * The names of `ranker`'s index as a binary snapshot held them, in slot order, when `ranker` is a
 * `Bm25Ranker` restored from one saved at catalogue `version` and not synced since (so it answers
 * at that version from the saved index); else `undefined`. `tool_search`'s first collect at that
 * version checks the host's names against them instead of hashing each into a map
 * (searchable-catalog.ts). The table never changes.
 * @internal
 */
export function trustedNames(ranker: unknown, version: string | number | undefined): NameTable | undefined {
	return ranker instanceof Bm25Ranker ? namesOf(ranker, versionOf(version)) : undefined;
}
