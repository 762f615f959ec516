/**
 * FlexSearch: a `Document` index over the fields name, description and params, with our `tokenize`
 * as the encoder (`encode` option, for documents and queries), the default `strict` tokenizer
 * (whole terms only), default resolution (9) and no cache, context or field boosts. Queries run with
 * `suggest: true` so that, like BM25, a tool matching only some of the query terms is still found
 * (without it FlexSearch returns only tools matching every term), and `merge: true` to merge the
 * three fields' results into one list of ids.
 */
import FlexSearch, { type Document } from "flexsearch";
import { tokenize } from "../../src/tokenizer/tokenize.js";
import type { BenchTool } from "../generate.js";
import { type BenchSubject, peerDocuments } from "./types.js";

type FlexDocument = { id: number; name: string; description: string; params: string };

function ourTokenize(text: string): string[] {
	return tokenize(text);
}

export class FlexSearchSubject implements BenchSubject {
	readonly name = "flexsearch";
	#index: Document<FlexDocument> | undefined;
	#names: string[] = [];

	build(tools: readonly BenchTool[]): void {
		const index = new FlexSearch.Document<FlexDocument>({
			document: { id: "id", index: ["name", "description", "params"] },
			tokenize: "strict",
			encode: ourTokenize,
		});
		for (const document of peerDocuments(tools)) index.add(document);
		this.#index = index;
		this.#names = tools.map((tool) => tool.name);
	}

	search(query: string, limit: number): string[] {
		if (this.#index === undefined) return [];
		const results = this.#index.search(query, { limit, suggest: true, merge: true });
		const out: string[] = [];
		for (let i = 0; i < results.length && i < limit; i++) {
			out.push(this.#names[Number((results[i] as { id: number | string }).id)] as string);
		}
		return out;
	}
}
