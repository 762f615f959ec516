/**
 * Property 7, query parser and tokenizer: `tokenize` and searches on random unicode and on
 * 10³–10⁵-character inputs. No throw; the output is bounded by the input (a deterministic stand-in
 * for linear work: tokens and their characters grow at most linearly); calls slower than a
 * generous threshold are reported separately, not failed, so the property is not flaky.
 */
import fc from "fast-check";
import { createToolSearchDocument } from "tool-search";
import { ToolSearchIndex, tokenize } from "tool-search/ranking";
import { fixedCatalogue, hostileString, hugeString } from "./gen.js";
import { check, type FuzzProperty } from "./harness.js";
import { noteSlow } from "./slow.js";

const input = fc.oneof(
	{ weight: 20, arbitrary: hostileString(300) },
	{ weight: 4, arbitrary: fc.string({ maxLength: 2_000, unit: "binary" }) },
	{ weight: 1, arbitrary: hugeString },
	{
		weight: 1,
		arbitrary: fc
			.tuple(
				fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 50 }),
				fc.integer({ min: 10, max: 2_000 }),
			)
			.map(([parts, times]) => Array.from({ length: times }, (_, i) => parts[i % parts.length]).join(" ")),
	},
);

const describe = (text: string): string =>
	`${text.length} chars starting ${JSON.stringify(text.slice(0, 40))}`;

function tokenizerProperties(): FuzzProperty[] {
	const tokens: FuzzProperty = {
		name: "tokenizer/tokenize",
		summary:
			"tokenize(any string): strings out, at most 4 tokens and 4 characters of tokens per input character",
		runs: 300_000,
		property: () =>
			fc.property(input, (text) => {
				const started = performance.now();
				const out = tokenize(text);
				noteSlow("tokenizer/tokenize", performance.now() - started, 250, () => describe(text));
				check(Array.isArray(out), "tokenize did not return an array");
				let chars = 0;
				for (const token of out) {
					check(typeof token === "string" && token.length > 0, () => `token ${JSON.stringify(token)}`);
					chars += token.length;
				}
				check(out.length <= 4 * (text.length + 1), () => `${out.length} tokens for ${describe(text)}`);
				check(chars <= 4 * (text.length + 1), () => `${chars} token characters for ${describe(text)}`);
			}),
	};

	const search = (fuzzy: boolean, runs: number): FuzzProperty => ({
		name: `tokenizer/search${fuzzy ? "-fuzzy" : ""}`,
		summary: `ToolSearchIndex.search(any query) over 2,000 tools${fuzzy ? " with fuzzy matching on" : ""}: no throw, at most limit results, finite descending scores`,
		runs,
		property() {
			const index = new ToolSearchIndex(fuzzy ? { fuzzy: { enabled: true } } : undefined);
			index.addAll(fixedCatalogue(2_000, 11).map((tool) => createToolSearchDocument(tool)));
			return fc.property(input, fc.integer({ min: 1, max: 50 }), (query, limit) => {
				const started = performance.now();
				const results = index.search(query, { limit });
				noteSlow(`tokenizer/search${fuzzy ? "-fuzzy" : ""}`, performance.now() - started, 250, () =>
					describe(query),
				);
				check(results.length <= limit, `${results.length} results for limit ${limit}`);
				for (const [i, match] of results.entries()) {
					check(Number.isFinite(match.score), `non-finite score ${match.score}`);
					if (i > 0) check(match.score <= (results[i - 1]?.score as number), "scores do not descend");
				}
			});
		},
	});
	return [tokens, search(false, 40_000), search(true, 8_000)];
}

export const properties: FuzzProperty[] = tokenizerProperties();
