/**
 * The `tool-search/wink` entry point: {@link WinkBm25Ranker}, a ranker over
 * [wink-bm25-text-search](https://www.npmjs.com/package/wink-bm25-text-search), an optional peer
 * dependency. Install it next to `tool-search` to use this entry point:
 *
 * ```sh
 * npm install tool-search wink-bm25-text-search
 * ```
 *
 * @example
 * ```ts
 * import { createToolSearchDocument, registerToolRanker } from "tool-search";
 * import { WinkBm25Ranker } from "tool-search/wink";
 *
 * const ranker = new WinkBm25Ranker({ fieldWeights: { name: 3, description: 1 }, bm25Params: { k1: 1.2, b: 0.75 } });
 * const documents = [
 *   createToolSearchDocument({ name: "read_file", description: "Read a file from disk" }),
 *   createToolSearchDocument({ name: "write_file", description: "Write a file to disk" }),
 * ];
 * ranker.rank("read a file", documents, 5); // [{ name: "read_file", score: ... }, { name: "write_file", score: ... }]
 *
 * const undo = registerToolRanker(ranker); // tool_search now ranks with wink
 * undo(); // back to the default BM25 ranker
 * ```
 *
 * @module
 */
export { WinkBm25Ranker, type WinkBm25RankerOptions } from "./ranking/wink-bm25-ranker.js";
