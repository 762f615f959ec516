/** Our `ToolSearchIndex`, built the way a host builds it: one document per tool, then `addAll`. */
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";
import type { BenchTool } from "../generate.js";
import { type BenchSubject, toolDocuments } from "./types.js";

/** How a build of ours split its time. */
export interface OursBuildBreakdown {
	/** `createToolSearchDocument` for every tool. */
	documentsMs: number;
	/** `new ToolSearchIndex()` and `addAll`. */
	indexMs: number;
}

export class OursSubject implements BenchSubject {
	readonly name = "ours";
	index = new ToolSearchIndex();
	breakdown: OursBuildBreakdown = { documentsMs: 0, indexMs: 0 };

	build(tools: readonly BenchTool[]): void {
		const t0 = performance.now();
		const documents = toolDocuments(tools);
		const t1 = performance.now();
		const index = new ToolSearchIndex();
		index.addAll(documents);
		const t2 = performance.now();
		this.index = index;
		this.breakdown = { documentsMs: t1 - t0, indexMs: t2 - t1 };
	}

	search(query: string, limit: number): string[] {
		return this.index.search(query, { limit }).map((match) => match.name);
	}
}
