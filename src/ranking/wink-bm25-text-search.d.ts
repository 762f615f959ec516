/**
 * Minimal types for `wink-bm25-text-search` 3.x, which ships none. Only what `WinkBm25Ranker` uses
 * is declared; see the package's `src/wink-bm25-text-search.js` for the full API.
 */
declare module "wink-bm25-text-search" {
	namespace winkBm25 {
		/** BM25F parameters. Out-of-range values are silently replaced by the defaults. */
		interface Bm25Params {
			/** Term-frequency saturation, `>= 0`. Default 1.2. */
			k1?: number;
			/** Length normalisation, in `[0, 1]`. Default 0.75. */
			b?: number;
			/** IDF smoothing, `>= 0`: `idf = ln((N - n + 0.5) / (n + 0.5) + k)`. Default 1. */
			k?: number;
		}

		interface Config {
			/** Weight of each field; a field not listed here is ignored. Weights must be non-zero numbers. */
			fldWeights: Record<string, number>;
			bm25Params?: Bm25Params;
			/** Fields whose original values are kept for `search`'s filter. */
			ovFldNames?: string[];
		}

		/** A step of the text preparation pipeline; the last one must return the tokens. */
		type PrepTask = (input: never) => unknown;

		/** `[id, score]`, best first. */
		type SearchResult = [id: string, score: number];

		interface Engine {
			defineConfig(config: Config): boolean;
			/** Sets the pipeline for `field`, or the default one (also used for queries) without it. */
			definePrepTasks(tasks: readonly PrepTask[], field?: string): number;
			/** Every configured field must be present (a string) in `doc`. Ids must be unique. */
			addDoc(doc: Record<string, string>, id: string | number): number;
			/** Throws unless at least 3 documents were added; `fp` is the score precision, 4 to 9 digits. */
			consolidate(fp?: number): boolean;
			/** At most `limit` results (a falsy limit means 10). */
			search(
				text: string,
				limit?: number,
				filter?: (fieldValues: Record<string, unknown>, params: unknown) => boolean,
				params?: unknown,
			): SearchResult[];
			reset(): boolean;
			exportJSON(): string;
			importJSON(json: string): boolean;
			getTotalDocs(): number;
		}
	}

	/** Creates an empty BM25F engine. */
	function winkBm25(): winkBm25.Engine;

	export = winkBm25;
}
