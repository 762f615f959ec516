/** The query embeddings of a hybrid ranker: an LRU of a fixed size. */

/** Query vectors by query text, least recently used dropped first; a size of 0 keeps none. */
export class QueryCache {
	readonly #size: number;
	/** Query vectors, least recently used first. */
	readonly #queries = new Map<string, Float32Array>();

	constructor(size: number) {
		this.#size = size;
	}

	/** How many queries are kept. */
	get size(): number {
		return this.#queries.size;
	}

	/** The vector of `query` when kept with length `dimensions`, made the most recently used. */
	get(query: string, dimensions: number | undefined): Float32Array | undefined {
		const cached = this.#queries.get(query);
		if (cached === undefined || cached.length !== dimensions) return undefined;
		this.#queries.delete(query);
		this.#queries.set(query, cached);
		return cached;
	}

	/** Keeps `vector` as the most recently used, dropping the least recently used beyond the size. */
	set(query: string, vector: Float32Array): void {
		if (this.#size <= 0) return;
		this.#queries.delete(query);
		this.#queries.set(query, vector);
		while (this.#queries.size > this.#size) {
			const oldest = this.#queries.keys().next().value as string;
			this.#queries.delete(oldest);
		}
	}

	clear(): void {
		this.#queries.clear();
	}
}
