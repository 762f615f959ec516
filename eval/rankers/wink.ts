/**
 * Peer: wink-bm25-text-search configured directly (not through our `WinkBm25Ranker`), as BM25F over
 * the three peer fields with field weights name 2, description 1, params 1 (the name counts
 * double: it is short and the most specific), wink's default BM25 parameters (k1 1.2, b 0.75, k 1),
 * and our `tokenize` as the only prep task (identifier splitting, stop words, plural folding), for
 * documents and queries alike.
 */
/// <reference path="../../src/ranking/wink-bm25-text-search.d.ts" />
import winkBm25 from "wink-bm25-text-search";
import { tokenize } from "../../src/ranking.js";
import type { EvalTool } from "../datasets.js";
import { peerFields } from "./fields.js";
import { byScoreThenName, type EvalRanker } from "./types.js";

export const WINK_FIELD_WEIGHTS = { name: 2, description: 1, params: 1 } as const;

/** wink refuses to consolidate fewer than 3 documents. */
const WINK_MIN_DOCUMENTS = 3;

export class WinkRanker implements EvalRanker {
	readonly name = "wink-bm25";
	#engine: winkBm25.Engine | undefined;
	#names: string[] = [];

	build(tools: readonly EvalTool[]): void {
		const engine = winkBm25();
		engine.defineConfig({ fldWeights: { ...WINK_FIELD_WEIGHTS } });
		engine.definePrepTasks([tokenize]);
		const names: string[] = [];
		for (const tool of tools) {
			engine.addDoc({ ...peerFields(tool) }, String(names.length));
			names.push(tool.name);
		}
		// Padding documents without tokens: they can match nothing.
		for (let pad = names.length; pad < WINK_MIN_DOCUMENTS; pad++) {
			engine.addDoc({ name: "", description: "", params: "" }, `pad${pad}`);
		}
		engine.consolidate();
		this.#engine = engine;
		this.#names = names;
	}

	search(query: string, k: number): string[] {
		const engine = this.#engine;
		if (engine === undefined) throw new Error("WinkRanker: build() was not called");
		// Ask for every match: wink leaves equal scores in arbitrary order, so ties are broken by name
		// here before cutting to k.
		const found = engine.search(query, this.#names.length + WINK_MIN_DOCUMENTS);
		const matches: { name: string; score: number }[] = [];
		for (const [id, score] of found) {
			const name = this.#names[Number(id)];
			if (name !== undefined) matches.push({ name, score });
		}
		matches.sort(byScoreThenName);
		return matches.slice(0, k).map((match) => match.name);
	}
}
