/**
 * What keeps a `Bm25Ranker`'s index equal to the documents of its latest call, at the cost of
 * what changed: the documents each tool was indexed from, the previous call's array, and, after a
 * load, the saved fingerprints a first call checks documents against.
 * @internal
 */
import { resolveToolSearchFields } from "../document/resolve-fields.js";
import { beginMarks, isMarked, markTool } from "../index/index-marks.js";
import type { ToolSearchIndexOptions } from "../index/index-options.js";
import { ToolSearchIndex } from "../index/tool-search-index.js";
import type { ToolSearchDocument } from "../types.js";
import {
	documentFingerprint,
	type FingerprintLanes,
	fingerprintLanes,
	parseFingerprint,
} from "./document-fingerprint.js";

function sameFields(a: ToolSearchDocument, b: ToolSearchDocument): boolean {
	if (a.name !== b.name) return false;
	const fa = resolveToolSearchFields(a);
	const fb = resolveToolSearchFields(b);
	for (const key of Object.keys(fa) as (keyof typeof fa)[]) if (fa[key] !== fb[key]) return false;
	return true;
}

/** A document's name when it is a non-empty string. */
function nameOf(document: ToolSearchDocument): string | undefined {
	const name = (document as { name?: unknown } | null)?.name;
	return typeof name === "string" && name !== "" ? name : undefined;
}

/**
 * What a `Bm25Ranker` has done to keep its index current; for tests and monitoring.
 *
 * @example
 * ```ts
 * const { builds, added, updated, removed }: Bm25RankerStats = ranker.stats;
 * ```
 */
export interface Bm25RankerStats {
	/** Indexes built from nothing: 1 after the first call, and it stays 1. */
	builds: number;
	/** Tools added to the existing index after the first build. */
	added: number;
	/** Tools whose content changed and were re-indexed. */
	updated: number;
	/** Tools removed because a call no longer included them. */
	removed: number;
	/**
	 * Calls that reused the previous call's documents array: the same frozen array, or the same
	 * array with the same elements (one identity check per element).
	 */
	identityHits: number;
	/**
	 * Tools of a loaded ranker ({@link Bm25Ranker.fromJSON}) taken as they were saved, because the
	 * first call's document for them had the saved fingerprint: no re-indexing.
	 */
	restored: number;
}

export class IndexSync {
	readonly #options: ToolSearchIndexOptions | undefined;
	#index: ToolSearchIndex | undefined;
	#previous: readonly ToolSearchDocument[] | undefined;
	#previousSnapshot: ToolSearchDocument[] = [];
	/** The document each indexed tool was indexed from (the index itself keeps no documents). */
	readonly #held = new Map<string, ToolSearchDocument>();
	readonly stats: Bm25RankerStats = {
		builds: 0,
		added: 0,
		updated: 0,
		removed: 0,
		identityHits: 0,
		restored: 0,
	};
	/**
	 * After a load, the saved fingerprint of each tool, until a call checks the documents against
	 * them (a call trusted at the saved catalogue version does not).
	 */
	#saved: { get(name: string): string | undefined } | undefined;

	constructor(options: ToolSearchIndexOptions | undefined) {
		this.#options = options;
	}

	/** The index, once built or loaded. */
	get index(): ToolSearchIndex | undefined {
		return this.#index;
	}

	/** The index (an empty one when there is none yet), to save. */
	indexToSave(): ToolSearchIndex {
		return this.#index ?? new ToolSearchIndex(this.#options);
	}

	/** Takes a loaded index, with the saved fingerprint of each of its tools. */
	restore(index: ToolSearchIndex, saved: { get(name: string): string | undefined }): void {
		this.#index = index;
		this.#saved = saved;
	}

	/** The fingerprint of the document `name` was indexed from, or the saved one after a load. */
	fingerprint(name: string): string | undefined {
		const document = this.#held.get(name);
		return document === undefined ? this.#saved?.get(name) : documentFingerprint(document);
	}

	/** {@link fingerprint} as the binary snapshot's numbers. */
	fingerprintLanes(name: string): FingerprintLanes {
		const document = this.#held.get(name);
		return document !== undefined
			? fingerprintLanes(document)
			: parseFingerprint(this.#saved?.get(name) ?? "");
	}

	/** The index, brought to hold exactly `documents` (the first of each name). */
	sync(documents: readonly ToolSearchDocument[]): ToolSearchIndex {
		let index = this.#index;
		if (index === undefined) {
			index = this.#build(documents);
		} else if (documents === this.#previous && (Object.isFrozen(documents) || this.#unchanged(documents))) {
			// A frozen array cannot have changed: no element to check (tool_search passes its view so).
			this.stats.identityHits++;
			return index;
		} else {
			this.#update(index, documents);
		}
		this.#saved = undefined;
		this.#previous = documents;
		this.#previousSnapshot = Object.isFrozen(documents) ? [] : documents.slice();
		return index;
	}

	#build(documents: readonly ToolSearchDocument[]): ToolSearchIndex {
		const index = new ToolSearchIndex(this.#options);
		const unique = new Map<string, ToolSearchDocument>();
		for (const document of documents) {
			const name = nameOf(document);
			if (name !== undefined && !unique.has(name)) unique.set(name, document);
		}
		index.addAll(unique.values());
		for (const [name, document] of unique) this.#held.set(name, document);
		this.#index = index;
		this.stats.builds++;
		return index;
	}

	/** Adds, re-indexes and removes what changed since the last call (or since the load). */
	#update(index: ToolSearchIndex, documents: readonly ToolSearchDocument[]): void {
		const stats = this.stats;
		beginMarks(index);
		let seen = 0;
		for (const document of documents) {
			const name = nameOf(document);
			if (name === undefined || isMarked(index, name)) continue;
			const held = this.#held.get(name);
			const saved = held === undefined ? this.#saved?.get(name) : undefined;
			if (saved !== undefined) {
				// A loaded ranker's tool: kept as saved when the document is the one it was indexed from.
				if (documentFingerprint(document) === saved) stats.restored++;
				else {
					index.update(document);
					stats.updated++;
				}
			} else if (held === undefined) {
				index.add(document);
				stats.added++;
			} else if (held !== document && !sameFields(held, document)) {
				index.update(document);
				stats.updated++;
			}
			this.#held.set(name, document);
			markTool(index, name);
			seen++;
		}
		if (index.size > seen) {
			for (const name of index.names()) {
				if (isMarked(index, name)) continue;
				index.remove(name);
				this.#held.delete(name);
				stats.removed++;
			}
		}
	}

	/** Whether the array still holds the same objects as at the previous call. */
	#unchanged(documents: readonly ToolSearchDocument[]): boolean {
		const snapshot = this.#previousSnapshot;
		if (snapshot.length !== documents.length) return false;
		for (let i = 0; i < documents.length; i++) if (snapshot[i] !== documents[i]) return false;
		return true;
	}
}
