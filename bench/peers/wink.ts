/**
 * wink-bm25-text-search: BM25F over the fields name (weight 3), description and params (weight 1),
 * with our `tokenize` as the only prep task (for documents and queries), default BM25 parameters
 * (k1 1.2, b 0.75, k 1) and wink's default score precision (4 digits).
 */
import winkBm25 from "wink-bm25-text-search";
import { tokenize } from "../../src/tokenizer/tokenize.js";
import type { BenchTool } from "../generate.js";
import { type BenchSubject, peerDocuments } from "./types.js";

export const WINK_FIELD_WEIGHTS = { name: 3, description: 1, params: 1 } as const;

export class WinkSubject implements BenchSubject {
	readonly name = "wink";
	#engine: winkBm25.Engine | undefined;
	#names: string[] = [];

	build(tools: readonly BenchTool[]): void {
		const engine = winkBm25();
		engine.defineConfig({ fldWeights: { ...WINK_FIELD_WEIGHTS } });
		engine.definePrepTasks([tokenize]);
		for (const document of peerDocuments(tools)) {
			engine.addDoc(
				{ name: document.name, description: document.description, params: document.params },
				document.id,
			);
		}
		engine.consolidate();
		this.#engine = engine;
		this.#names = tools.map((tool) => tool.name);
	}

	search(query: string, limit: number): string[] {
		if (this.#engine === undefined) return [];
		return this.#engine.search(query, limit).map(([id]) => this.#names[Number(id)] as string);
	}
}
