/**
 * Peer: a flexsearch `Document` index over the three peer fields with flexsearch's default options
 * (tokenize "strict", resolution 9, no context, search without `suggest`, so every query term must
 * match within one field), except `encode` = our `tokenize` (identifier splitting, stop words,
 * plural folding) for documents and queries. flexsearch returns one ranked id list per field and no
 * scores; they are merged by rank (rank 1 of name, description, params, then rank 2, ...), keeping
 * each tool's first appearance.
 */
import { Document } from "flexsearch";
import { tokenize } from "../../src/ranking.js";
import type { EvalTool } from "../datasets.js";
import { PEER_FIELD_NAMES, peerFields } from "./fields.js";
import type { EvalRanker } from "./types.js";

/** A type literal (not the `PeerFields` interface) so that it meets flexsearch's `DocumentData` index signature. */
type FlexDocument = { id: number; name: string; description: string; params: string };

/** Options of {@link FlexSearchRanker}, for experiments. */
export interface FlexSearchRankerOptions {
	/** Pass flexsearch's `suggest: true` (results for partial matches too). Default false. */
	readonly suggest?: boolean;
}

export class FlexSearchRanker implements EvalRanker {
	readonly name: string;
	readonly #suggest: boolean;
	#index: Document<FlexDocument> | undefined;
	#names: string[] = [];

	constructor(options: FlexSearchRankerOptions = {}, name = "flexsearch") {
		this.name = name;
		this.#suggest = options.suggest ?? false;
	}

	build(tools: readonly EvalTool[]): void {
		const index = new Document<FlexDocument>({
			document: { id: "id", index: [...PEER_FIELD_NAMES] },
			encode: (text: string) => tokenize(text),
		});
		const names: string[] = [];
		for (const tool of tools) {
			index.add({ id: names.length, ...peerFields(tool) });
			names.push(tool.name);
		}
		this.#index = index;
		this.#names = names;
	}

	search(query: string, k: number): string[] {
		const index = this.#index;
		if (index === undefined) throw new Error("FlexSearchRanker: build() was not called");
		const limit = Number.isFinite(k) ? k : this.#names.length;
		const perField = index.search(query, { limit, ...(this.#suggest ? { suggest: true } : {}) });
		const byField = new Map<string, readonly (string | number)[]>();
		for (const entry of perField) byField.set(String(entry.field), entry.result);
		// Fixed field order, whatever order flexsearch reports them in.
		const lists = PEER_FIELD_NAMES.map((field) => byField.get(field) ?? []);
		const seen = new Set<string>();
		const merged: string[] = [];
		const depth = Math.max(0, ...lists.map((list) => list.length));
		for (let rank = 0; rank < depth && merged.length < k; rank++) {
			for (const list of lists) {
				const id = list[rank];
				if (id === undefined) continue;
				const name = this.#names[Number(id)];
				if (name === undefined || seen.has(name)) continue;
				seen.add(name);
				merged.push(name);
				if (merged.length >= k) break;
			}
		}
		return merged;
	}
}
