/**
 * `regex:<pattern>`: tools whose name, description or parameter names match a pattern, with RE2
 * semantics (re2js): matching takes time linear in the text, so no pattern can backtrack
 * catastrophically, and lookarounds and backreferences do not exist. Case-insensitive unless the
 * pattern says `(?-i)`.
 */
import { RE2JS } from "re2js";
import { MAX_REGEX_SCAN_WORK } from "../defaults.js";
import { resolveToolSearchFields } from "../document/resolve-fields.js";
import type { ToolSearchDocument, ToolSearchMatch } from "../types.js";

/** A compiled pattern. */
export interface CompiledPattern {
	/** Whether the pattern occurs somewhere in `text`. */
	test(text: string): boolean;
	/** The compiled program's size (re2js instructions): the work per character scanned. */
	readonly size: number;
}

/**
 * Compiles a `regex:` pattern, or says why it cannot be.
 *
 * @example
 * ```ts
 * compilePattern("^github__.*issue"); // { test, size: 15 }
 * compilePattern("(a"); // 'regex: invalid pattern "(a": missing closing ) …'
 * ```
 */
export function compilePattern(pattern: string): CompiledPattern | string {
	try {
		const compiled = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
		return { test: (text) => compiled.matcher(text).find(), size: Math.max(1, compiled.programSize()) };
	} catch (error) {
		const reason = (error instanceof Error ? error.message : String(error))
			.replace(/^error parsing regexp: /, "")
			.replace(/`\(\?i\)/, "`");
		return `regex: invalid pattern ${JSON.stringify(pattern)}: ${reason} (RE2 syntax: no lookarounds or backreferences)`;
	}
}

/** What a scan found. */
export interface RegexScan {
	/** Name matches (score 3), then description (2), then parameter-name (1) matches, each by name. */
	readonly matches: ToolSearchMatch[];
	/** False when the work budget ran out before every candidate's fields were tried. */
	readonly complete: boolean;
}

/** The texts of a tier: the name, the description, each parameter name on its own. */
type FieldOf = (document: ToolSearchDocument) => readonly string[];

const TIERS: readonly FieldOf[] = [
	(document) => [resolveToolSearchFields(document).name],
	(document) => [resolveToolSearchFields(document).description],
	(document) => resolveToolSearchFields(document).parameterNames.split(" "),
];

function byName(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Tries `pattern` on the candidates' names, then (while fewer than `limit` tools matched) their
 * descriptions, then each of their parameter names, in candidate order, within `budget` units of work
 * (characters times `pattern.size`). Each tier's matches are sorted by name. At most `limit`.
 *
 * @example
 * ```ts
 * const pattern = compilePattern("issue");
 * if (typeof pattern !== "string") regexScan(pattern, documents, 8).matches; // [{ name: "github__create_issue", score: 3 }, …]
 * ```
 */
export function regexScan(
	pattern: CompiledPattern,
	candidates: readonly ToolSearchDocument[],
	limit: number,
	budget: number = MAX_REGEX_SCAN_WORK,
): RegexScan {
	let left = budget;
	const matches: ToolSearchMatch[] = [];
	const matched = new Set<string>();
	let complete = true;
	for (const [tier, fieldOf] of TIERS.entries()) {
		const hits: string[] = [];
		for (const document of candidates) {
			if (!complete) break;
			if (matched.has(document.name)) continue;
			for (const text of fieldOf(document)) {
				if (text === "") continue;
				const cost = text.length * pattern.size;
				if (cost > left) {
					complete = false;
					break;
				}
				left -= cost;
				if (pattern.test(text)) {
					hits.push(document.name);
					matched.add(document.name);
					break;
				}
			}
		}
		hits.sort(byName);
		for (const name of hits) matches.push({ name, score: TIERS.length - tier });
		if (!complete || matches.length >= limit) break;
	}
	return { matches: matches.slice(0, limit), complete };
}
