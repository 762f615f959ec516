/**
 * The query syntax of `tool_search`, parsed before anything is ranked: `select:a,b` (load by exact
 * name), `regex:<pattern>` (match names, descriptions and parameter names), and within a keyword
 * query `server:<namespace>` (scope, several allowed), `+word` (required) and `-word` (excluded).
 * Pure and total: any string parses to a phrasing or to an error message for the model.
 */
import { MAX_REGEX_PATTERN_LENGTH } from "../defaults.js";

/** `select:a,b`: load these tools by name, no ranking. */
export interface SelectPhrasing {
	readonly kind: "select";
	/** The names as written (trimmed), each once, in order. */
	readonly names: readonly string[];
}

/** `regex:<pattern>`, after optional `server:` scopes. */
export interface RegexPhrasing {
	readonly kind: "regex";
	readonly pattern: string;
	/** Namespace names from `server:` (as written), each once; empty for no scope. */
	readonly scopes: readonly string[];
}

/** Keywords, with optional scopes and required or excluded words. */
export interface SearchPhrasing {
	readonly kind: "search";
	/** What the ranker reads: the plain words and the required ones, in query order. */
	readonly text: string;
	readonly scopes: readonly string[];
	/** `+word`s, without the `+`. */
	readonly required: readonly string[];
	/** `-word`s, without the `-`. */
	readonly excluded: readonly string[];
}

/** One phrasing of a `tool_search` call, parsed. */
export type ParsedPhrasing = SelectPhrasing | RegexPhrasing | SearchPhrasing;

/** A call's phrasings parsed, or what is wrong with them. */
export type ParsedQuery = { ok: true; phrasings: ParsedPhrasing[] } | { ok: false; error: string };

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const SELECT_PREFIX = /^select:/i;
/** Leading `server:x` tokens, then `regex:`: the pattern is the rest, spaces included. */
const REGEX_PREFIX = /^((?:server:\S+\s+)*)regex:/i;
const SERVER_TOKEN = /^server:/i;

/** Whether a phrasing uses no syntax at all, so it is searched exactly as before the syntax existed. */
export function isPlain(parsed: ParsedPhrasing): boolean {
	return (
		parsed.kind === "search" &&
		parsed.scopes.length === 0 &&
		parsed.required.length === 0 &&
		parsed.excluded.length === 0
	);
}

function distinct(values: readonly string[]): string[] {
	return [...new Set(values)];
}

/** The comma-separated names after `server:`, trimmed, blank ones dropped. */
function serverNames(token: string): string[] {
	return token
		.slice("server:".length)
		.split(",")
		.map((name) => name.trim())
		.filter((name) => name !== "");
}

function quoteShort(text: string): string {
	return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

function parseSelect(text: string): SelectPhrasing | string {
	const names = distinct(
		text
			.slice("select:".length)
			.split(",")
			.map((name) => name.trim())
			.filter((name) => name !== ""),
	);
	if (names.length === 0) {
		return 'select: needs tool names, e.g. "select:github__create_issue,slack__post_message"';
	}
	return { kind: "select", names };
}

function parseRegex(text: string, match: RegExpExecArray): RegexPhrasing | string {
	const scopes = distinct(
		(match[1] ?? "")
			.split(/\s+/)
			.filter((token) => token !== "")
			.flatMap(serverNames),
	);
	const pattern = text.slice(match[0].length).trim();
	if (pattern === "") return 'regex: needs a pattern, e.g. "regex:^github__.*issue"';
	if (pattern.length > MAX_REGEX_PATTERN_LENGTH) {
		return `regex: pattern is too long (${pattern.length} characters, at most ${MAX_REGEX_PATTERN_LENGTH})`;
	}
	return { kind: "regex", pattern, scopes };
}

/** A `+word` / `-word` token's word, when the token is one (a lone sign is a plain token). */
function signed(token: string, sign: "+" | "-"): string | undefined {
	if (token.length < 2 || token[0] !== sign) return undefined;
	const word = token.slice(1);
	return LETTER_OR_NUMBER.test(word) ? word : undefined;
}

function parseSearch(text: string): SearchPhrasing | string {
	const words: string[] = [];
	const scopes: string[] = [];
	const required: string[] = [];
	const excluded: string[] = [];
	for (const token of text.split(/\s+/)) {
		if (token === "") continue;
		if (SERVER_TOKEN.test(token)) {
			const names = serverNames(token);
			// A bare `server:` is a word, not a scope: the query keeps working.
			if (names.length > 0) {
				scopes.push(...names);
				continue;
			}
		}
		const plus = signed(token, "+");
		if (plus !== undefined) {
			required.push(plus);
			words.push(plus);
			continue;
		}
		const minus = signed(token, "-");
		if (minus !== undefined) {
			excluded.push(minus);
			continue;
		}
		words.push(token);
	}
	const searched = words.join(" ");
	if (!LETTER_OR_NUMBER.test(searched)) {
		return `${quoteShort(text)} has no words to search for besides server: and -word; add what the tool should do, e.g. "server:github create issue"`;
	}
	// A query without syntax reaches the ranker exactly as sent.
	const plain = scopes.length === 0 && required.length === 0 && excluded.length === 0;
	return {
		kind: "search",
		text: plain ? text : searched,
		scopes: distinct(scopes),
		required: distinct(required),
		excluded: distinct(excluded),
	};
}

/**
 * Parses one phrasing (already trimmed and checked to have a letter or number). Never throws.
 *
 * @example
 * ```ts
 * parsePhrasing("select:Read_File,github-create-issue"); // { kind: "select", names: ["Read_File", "github-create-issue"] }
 * parsePhrasing("server:github +issue create -close"); // { kind: "search", text: "issue create", scopes: ["github"], required: ["issue"], excluded: ["close"] }
 * parsePhrasing("regex:^slack__"); // { kind: "regex", pattern: "^slack__", scopes: [] }
 * parsePhrasing("select:"); // 'select: needs tool names, e.g. …'
 * ```
 */
export function parsePhrasing(text: string): ParsedPhrasing | string {
	if (SELECT_PREFIX.test(text)) return parseSelect(text);
	const regex = REGEX_PREFIX.exec(text);
	if (regex !== null) return parseRegex(text, regex);
	return parseSearch(text);
}

/**
 * Parses a call's phrasings (its `query`, or each of its `queries`). Each phrasing carries its own
 * syntax: its scopes and `+`/`-` words apply to it alone, and phrasings are fused as before. A
 * `select:` must be the call's only phrasing, and names at most `maxSelect` tools.
 *
 * @example
 * ```ts
 * parseQuerySyntax(["send email", "server:gmail compose"], 50); // { ok: true, phrasings: [search, search] }
 * parseQuerySyntax(["select:a", "send email"], 50); // { ok: false, error: 'select: must be sent alone …' }
 * ```
 */
export function parseQuerySyntax(phrasings: readonly string[], maxSelect: number): ParsedQuery {
	const parsed: ParsedPhrasing[] = [];
	for (const phrasing of phrasings) {
		const one = parsePhrasing(phrasing);
		if (typeof one === "string") return { ok: false, error: one };
		if (one.kind === "select") {
			if (phrasings.length > 1) {
				return { ok: false, error: 'select: must be sent alone in "query", not with other phrasings' };
			}
			if (one.names.length > maxSelect) {
				return {
					ok: false,
					error: `select: names ${one.names.length} tools, at most ${maxSelect} per call; send the rest in another call`,
				};
			}
		}
		parsed.push(one);
	}
	return { ok: true, phrasings: parsed };
}
