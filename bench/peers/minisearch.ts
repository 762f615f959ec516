/**
 * MiniSearch: fields name (boost 3), description and params; our `tokenize` for documents and
 * queries and the identity as `processTerm` (our tokens are already lowercased and stemmed); no
 * stored fields; default search options (OR, no prefix or fuzzy matching). MiniSearch has no result
 * limit: it scores and sorts every match, and the subject keeps the first `limit`.
 */
import MiniSearch from "minisearch";
import { tokenize } from "../../src/tokenizer/tokenize.js";
import type { BenchTool } from "../generate.js";
import { type BenchSubject, type PeerDocument, peerDocuments } from "./types.js";

function identity(term: string): string {
	return term;
}

function ourTokenize(text: string): string[] {
	return tokenize(text);
}

export class MiniSearchSubject implements BenchSubject {
	readonly name = "minisearch";
	#index: MiniSearch<PeerDocument> | undefined;
	#names: string[] = [];

	build(tools: readonly BenchTool[]): void {
		const index = new MiniSearch<PeerDocument>({
			fields: ["name", "description", "params"],
			idField: "id",
			tokenize: ourTokenize,
			processTerm: identity,
			searchOptions: { boost: { name: 3 } },
		});
		index.addAll(peerDocuments(tools));
		this.#index = index;
		this.#names = tools.map((tool) => tool.name);
	}

	search(query: string, limit: number): string[] {
		if (this.#index === undefined) return [];
		const results = this.#index.search(query);
		const out: string[] = [];
		for (let i = 0; i < results.length && i < limit; i++) {
			out.push(this.#names[(results[i] as { id: number }).id] as string);
		}
		return out;
	}
}
