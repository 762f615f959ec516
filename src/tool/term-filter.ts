/**
 * `+word` and `-word` of a `tool_search` query: which tools have a word. A tool has a word when
 * every term the tokenizer makes of it (the whole word alone when it is one term, as `GitHub` →
 * `github`) is among the terms of the tool's name, label, namespace, description or parameter
 * names, so case, plurals and identifier splitting work as in the search itself.
 */
import { resolveToolSearchFields } from "../document/resolve-fields.js";
import { tokenize } from "../tokenizer/tokenize.js";
import type { ToolSearchDocument } from "../types.js";

/** The terms of a document's name, label, namespace, description and parameter names, kept per document. */
const termsOf = new WeakMap<ToolSearchDocument, ReadonlySet<string>>();

function documentTerms(document: ToolSearchDocument): ReadonlySet<string> {
	let terms = termsOf.get(document);
	if (terms === undefined) {
		const fields = resolveToolSearchFields(document);
		const text = [fields.name, fields.label, fields.namespace, fields.description, fields.parameterNames];
		terms = new Set(tokenize(text.join("\n")));
		termsOf.set(document, terms);
	}
	return terms;
}

/** The terms a `+word` / `-word` stands for; `[]` for a stop word. */
export function wordTerms(word: string): string[] {
	const terms = tokenize(word);
	const whole = word.toLowerCase();
	return terms.includes(whole) ? [whole] : [...new Set(terms)];
}

/** Keeps the tools that have every required word and none of the excluded ones. */
export type TermFilter = (document: ToolSearchDocument) => boolean;

/**
 * The filter for a phrasing's `+` and `-` words, or the message for a word that is only stop
 * words (`+the`), which would otherwise keep or drop every tool.
 *
 * @example
 * ```ts
 * const keep = termFilter(["github"], ["close"]);
 * if (typeof keep !== "string") keep(createToolSearchDocument({ name: "github__create_issue" })); // true
 * termFilter(["the"], []); // '"+the" is too common a word to require or exclude; remove it'
 * ```
 */
export function termFilter(required: readonly string[], excluded: readonly string[]): TermFilter | string {
	const need: string[][] = [];
	const drop: string[][] = [];
	for (const [words, into, sign] of [
		[required, need, "+"],
		[excluded, drop, "-"],
	] as const) {
		for (const word of words) {
			const terms = wordTerms(word);
			if (terms.length === 0) {
				return `${JSON.stringify(`${sign}${word}`)} is too common a word to require or exclude; remove it`;
			}
			into.push(terms);
		}
	}
	return (document) => {
		try {
			const terms = documentTerms(document);
			const has = (words: readonly string[]) => words.every((term) => terms.has(term));
			return need.every(has) && !drop.some(has);
		} catch {
			return false; // a document a hostile host made unreadable: not kept
		}
	};
}
