/**
 * `--options <file>`: the ranking options (`ToolSearchIndexOptions`: field weights, BM25
 * parameters, synonyms, glossary, fuzzy) from a JSON file, for a `Bm25Ranker` tuned as in your host.
 */
import type { ToolSearchIndexOptions } from "../index/index-options.js";
import { Bm25Ranker } from "../ranking/bm25-ranker.js";
import { readJsonFile } from "./catalog-file.js";
import type { CliIo } from "./cli-io.js";

/**
 * The ranker of a command: the built-in one, with the options of `file` when given. Options the
 * ranker refuses throw its `ToolSearchError` (one line: "tool-search: bm25.b must be ...").
 */
export function rankerFor(io: CliIo, file: string | undefined): Bm25Ranker {
	if (file === undefined) return new Bm25Ranker();
	return new Bm25Ranker(readJsonFile(io, file, "ranking options") as ToolSearchIndexOptions);
}
