/**
 * A deliberately simple, asynchronous ranker for tests: a tool's score is the number of distinct
 * query tokens found among the tokens of its name and `text`. It ignores `fields`, so it reads our
 * documents and pi's alike, and it ignores `options.signal`.
 */
import { tokenize } from "../../src/tokenizer/tokenize.js";
import type { ToolRanker, ToolSearchDocument, ToolSearchMatch } from "../../src/types.js";

/** Creates the toy ranker. `rank` resolves to matches with score > 0, score descending, then name ascending. */
export function createToyRanker(): ToolRanker {
	return {
		async rank(
			query: string,
			documents: readonly ToolSearchDocument[],
			limit: number,
		): Promise<ToolSearchMatch[]> {
			if (limit <= 0) return [];
			const queryTokens = new Set(tokenize(query));
			const seen = new Set<string>();
			const matches: ToolSearchMatch[] = [];
			for (const document of documents) {
				if (seen.has(document.name)) continue;
				seen.add(document.name);
				const tokens = new Set(tokenize(`${document.name}\n${document.text}`));
				let score = 0;
				for (const token of queryTokens) if (tokens.has(token)) score += 1;
				if (score > 0) matches.push({ name: document.name, score });
			}
			matches.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
			return matches.slice(0, limit);
		},
	};
}
