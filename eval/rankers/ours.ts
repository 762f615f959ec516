/** Our default ranker: a `ToolSearchIndex` over `createToolSearchDocument` documents. */
import { createToolSearchDocument, type ToolSearchMatch } from "../../src/index.js";
import { ToolSearchIndex, type ToolSearchIndexOptions } from "../../src/ranking.js";
import type { EvalTool } from "../datasets.js";
import type { EvalRanker } from "./types.js";

export class OursRanker implements EvalRanker {
	readonly name: string;
	readonly #options: ToolSearchIndexOptions | undefined;
	#index: ToolSearchIndex | undefined;

	/** `options` are passed to `ToolSearchIndex` (for experiments); the default is the library's. */
	constructor(options?: ToolSearchIndexOptions, name = "ours") {
		this.name = name;
		this.#options = options;
	}

	/** The index built by the last {@link build}, for `--explain`. */
	get index(): ToolSearchIndex {
		if (this.#index === undefined) throw new Error("OursRanker: build() was not called");
		return this.#index;
	}

	build(tools: readonly EvalTool[]): void {
		const index = new ToolSearchIndex(this.#options);
		index.addAll(
			tools.map((tool) =>
				createToolSearchDocument(
					{ name: tool.name, description: tool.description, parameters: tool.parameters },
					tool.server === null ? undefined : { name: tool.server, description: tool.serverDescription },
				),
			),
		);
		this.#index = index;
	}

	/** The matches with their scores; `k` may be `Infinity`. */
	matches(query: string, k: number): ToolSearchMatch[] {
		return this.index.search(query, { limit: k });
	}

	search(query: string, k: number): string[] {
		return this.matches(query, k).map((match) => match.name);
	}
}
