/**
 * Peer: MiniSearch over the three peer fields with its default options (BM25+, no boosts, OR
 * combination, no prefix or fuzzy matching), except `tokenize` = our `tokenize` (identifier
 * splitting, stop words, plural folding) and `processTerm` = identity, since our tokens are already
 * lowercased. Queries go through the same pair (MiniSearch's search defaults to the index's).
 */
import MiniSearch from "minisearch";
import { tokenize } from "../../src/ranking.js";
import type { EvalTool } from "../datasets.js";
import { PEER_FIELD_NAMES, type PeerFields, peerFields } from "./fields.js";
import { byScoreThenName, type EvalRanker } from "./types.js";

interface MiniDocument extends PeerFields {
	readonly id: string;
}

export class MiniSearchRanker implements EvalRanker {
	readonly name = "minisearch";
	#engine: MiniSearch<MiniDocument> | undefined;

	build(tools: readonly EvalTool[]): void {
		const engine = new MiniSearch<MiniDocument>({
			fields: [...PEER_FIELD_NAMES],
			tokenize: (text) => tokenize(text),
			processTerm: (term) => term,
		});
		engine.addAll(tools.map((tool) => ({ id: tool.name, ...peerFields(tool) })));
		this.#engine = engine;
	}

	search(query: string, k: number): string[] {
		const engine = this.#engine;
		if (engine === undefined) throw new Error("MiniSearchRanker: build() was not called");
		const matches = engine.search(query).map((result) => ({ name: String(result.id), score: result.score }));
		matches.sort(byScoreThenName);
		return matches.slice(0, k).map((match) => match.name);
	}
}
