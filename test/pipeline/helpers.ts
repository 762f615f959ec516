/**
 * Shared pieces of the pipeline tests: a host over the fixture catalogue, a deterministic ranker
 * that scores a tool by the query words in its name, and a recorder for trace records.
 */
import { createActiveToolSet, type InMemoryToolHost } from "../../src/host/create-active-tool-set.js";
import type { ToolSearchTraceRecord } from "../../src/pipeline/trace-types.js";
import type { ToolSearchToolDetails, ToolSearchToolResult } from "../../src/tool/format-result.js";
import type { ToolRanker } from "../../src/types.js";
import { CATALOG } from "../fixtures/catalog.js";

/** An in-memory host over the fixture catalogue (31 tools), nothing active. */
export function catalogHost(): InMemoryToolHost {
	return createActiveToolSet({ tools: CATALOG });
}

/**
 * Scores a tool by how many query words are `_`-parts of its name (10 per word, minus the name's
 * length in thousandths, so ties go to the shorter name); records each call's limit and options.
 */
export function wordRanker(name = "words"): ToolRanker & { limits: number[]; options: unknown[] } {
	const limits: number[] = [];
	const options: unknown[] = [];
	return {
		name,
		limits,
		options,
		rank(query, documents, limit, rankOptions) {
			limits.push(limit);
			options.push(rankOptions);
			const words = query.toLowerCase().split(/\W+/);
			return documents
				.map((document) => {
					const parts = document.name.split(/_+/);
					const hits = words.filter((word) => parts.includes(word)).length;
					return { name: document.name, score: hits * 10 - document.name.length / 1000 };
				})
				.filter((match) => match.score > 1)
				.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
				.slice(0, limit);
		},
	};
}

/** A ranker that throws `message`. */
export function failingRanker(name: string, message = `${name} is down`): ToolRanker {
	return {
		name,
		rank: () => {
			throw new Error(message);
		},
	};
}

/** Collects trace records. */
export function traceRecorder(): {
	records: ToolSearchTraceRecord[];
	onTrace: (record: ToolSearchTraceRecord) => void;
} {
	const records: ToolSearchTraceRecord[] = [];
	return { records, onTrace: (record) => void records.push(record) };
}

/** The text the model reads. */
export function text(result: ToolSearchToolResult): string {
	return result.content[0].text;
}

/** The details of a successful result (fails the test otherwise). */
export function details(result: ToolSearchToolResult): ToolSearchToolDetails {
	if (result.isError === true) throw new Error(`expected a successful result, got ${text(result)}`);
	return result.details;
}
