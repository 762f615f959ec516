/**
 * The tokenizer shared by documents and queries of the BM25 index.
 *
 * Two paths produce the same tokens on ASCII text: a fast path that classifies char codes with a
 * table (no regex, no normalization) and a general Unicode path that normalizes, strips accents,
 * classifies code points with `\p{…}` regexes and segments scripts written without spaces with
 * `Intl.Segmenter`. Both feed the same splitter, which applies the identifier rules:
 *
 * - every character that is not a letter, number or combining mark is a separator;
 * - letters and numbers split apart (`v2Beta` → v, 2, beta);
 * - a lowercase letter followed by an uppercase one splits (`getHttp` → get, http);
 * - in a run of capitals followed by a lowercase letter, the last capital starts a new word
 *   (`XMLHttp` → xml, http), except that a single capital followed by a capitalised word stays
 *   attached (`OAuth` → oauth, `IPhone` → iphone, `getOAuthToken` → get, oauth, token), and that a
 *   run of capitals followed by a lone `s` is an acronym plural (`APIs` → apis, `listIDsFor` → list,
 *   ids, for, before stemming), so that `APIs` and `apis` give the same token;
 * - caseless letters (Arabic, Hebrew, Hangul, …) and letters of scripts without spaces form
 *   separate words from cased letters.
 */
import { stem } from "./stem.js";
import { STOP_WORDS } from "./stop-words.js";

// Character classes. A combining mark or a low surrogate takes the class of the character it
// extends, with the EXTEND bit set: the splitter never cuts in front of it.
const SEP = 0;
const UPPER = 1;
const LOWER = 2;
const CASELESS = 3;
const DIGIT = 4;
const NO_SPACE = 5;
const MARK = 6;
const EXTEND = 8;
const CLASS_MASK = 7;
const LOWER_S = 115;
const SEGMENT_CHUNK = 512;

const ASCII_CLASS = new Uint8Array(128);
for (let code = 48; code <= 57; code++) ASCII_CLASS[code] = DIGIT;
for (let code = 65; code <= 90; code++) ASCII_CLASS[code] = UPPER;
for (let code = 97; code <= 122; code++) ASCII_CLASS[code] = LOWER;

// Combining marks dropped after NFKD: those of the Inherited script (the accents shared by Latin,
// Greek and Cyrillic, variation selectors) and the optional vowel points of Hebrew and Arabic.
// Script-specific marks of other scripts (Thai, Devanagari and other abugida vowel signs) and the
// kana voicing marks are kept, as part of their words: removing them would change the word, not an
// accent.
const FOLDED_MARKS = /(?:[^\P{sc=Zinh}\P{M}\u3099\u309A]|[^\P{sc=Hebr}\P{M}]|[^\P{sc=Arab}\P{M}])+/gu;
const SHARP_S = /[\u00DF\u1E9E]/g;
const foldSharpS = (char: string): string => (char === "\u00DF" ? "ss" : "SS");
const LETTER = /\p{L}/u;
const UPPER_LETTER = /[\p{Lu}\p{Lt}]/u;
const LOWER_LETTER = /\p{Ll}/u;
const NUMBER = /\p{N}/u;
const COMBINING_MARK = /\p{M}/u;
// Scripts written without spaces between words; segmented with Intl.Segmenter.
const NO_SPACE_SCRIPT =
	/[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Thai}\p{scx=Laoo}\p{scx=Khmr}\p{scx=Mymr}]/u;

/** Buffers larger than this are allocated per call instead of being kept for the next call. */
const MAX_SHARED_BUFFER = 1 << 16;
let sharedBuffer = new Uint8Array(1024);

function classBuffer(length: number): Uint8Array {
	if (length <= sharedBuffer.length) return sharedBuffer;
	if (length > MAX_SHARED_BUFFER) return new Uint8Array(length);
	let size = sharedBuffer.length;
	while (size < length) size *= 2;
	sharedBuffer = new Uint8Array(size);
	return sharedBuffer;
}

let bmpClasses: Uint8Array | undefined;
const astralClasses = new Map<number, number>();

function classifyUncached(char: string): number {
	if (LETTER.test(char)) {
		if (NO_SPACE_SCRIPT.test(char)) return NO_SPACE;
		if (UPPER_LETTER.test(char)) return UPPER;
		return LOWER_LETTER.test(char) ? LOWER : CASELESS;
	}
	if (NUMBER.test(char)) return NO_SPACE_SCRIPT.test(char) ? NO_SPACE : DIGIT;
	return COMBINING_MARK.test(char) ? MARK : SEP;
}

/** Class of a code point from its Unicode properties, cached (lone surrogates are separators). */
function classifyCodePoint(codePoint: number): number {
	if (codePoint <= 0xffff) {
		bmpClasses ??= new Uint8Array(0x10000);
		const cached = bmpClasses[codePoint] ?? 0;
		if (cached !== 0) return cached - 1;
		const computed = classifyUncached(String.fromCharCode(codePoint));
		bmpClasses[codePoint] = computed + 1;
		return computed;
	}
	let computed = astralClasses.get(codePoint);
	if (computed === undefined) {
		computed = classifyUncached(String.fromCodePoint(codePoint));
		astralClasses.set(codePoint, computed);
	}
	return computed;
}

let segmenter: Intl.Segmenter | null | undefined;

function wordSegmenter(): Intl.Segmenter | null {
	if (segmenter === undefined) {
		// Word segmentation of these scripts is dictionary-based and does not depend on the locale;
		// a fixed locale keeps the output independent of the machine's default.
		segmenter =
			typeof Intl.Segmenter === "function" ? new Intl.Segmenter("en", { granularity: "word" }) : null;
	}
	return segmenter;
}

/**
 * Words seen recently → their token (`null` for a stop word), so a repeated word costs one lookup
 * instead of a stop-word check and stemming, and its token is one shared string whose hash the
 * engine has computed already. Only short words are kept (a longer slice could keep a large text
 * alive), at most WORD_CACHE_SIZE of them: the cache starts over when full. Both functions are
 * pure, so the cache never changes a result.
 */
const WORD_CACHE_SIZE = 1 << 14;
const MAX_CACHED_WORD = 12;
let wordCache = new Map<string, string | null>();

/**
 * The token of one lowercased word: `null` for a stop word, else the word singularised by
 * {@link stem}. Every path from a word to its token goes through it.
 * @internal
 * @example
 * wordToken("files"); // "file"
 * wordToken("the"); // null
 */
export function wordToken(word: string): string | null {
	return STOP_WORDS.has(word) ? null : stem(word);
}

function pushWord(word: string, out: string[]): void {
	if (word.length > MAX_CACHED_WORD) {
		const token = wordToken(word);
		if (token !== null) out.push(token);
		return;
	}
	let token = wordCache.get(word);
	if (token === undefined) {
		token = wordToken(word);
		if (wordCache.size >= WORD_CACHE_SIZE) wordCache = new Map();
		wordCache.set(word, token);
	}
	if (token !== null) out.push(token);
}

/**
 * Segments the run `source[start, end)` of a script written without spaces into words. V8's
 * segmenter gets superlinear on long inputs (80,000 Han characters take seconds), so long runs go
 * in chunks of about SEGMENT_CHUNK units, cut before a base character; a word may be cut in two at
 * a chunk edge, which only happens in runs of hundreds of characters without punctuation.
 */
function pushSegmented(source: string, classes: Uint8Array, start: number, end: number, out: string[]): void {
	const words = wordSegmenter();
	for (let from = start; from < end; ) {
		let to = end;
		if (end - from > SEGMENT_CHUNK) {
			to = from + SEGMENT_CHUNK;
			while (to > from + 1 && ((classes[to] ?? 0) & EXTEND) !== 0) to--;
		}
		const run = source.slice(from, to);
		if (words === null) {
			pushWord(run, out);
		} else {
			for (const part of words.segment(run)) {
				if (part.isWordLike) pushWord(part.segment, out);
			}
		}
		from = to;
	}
}

/** Index of the first character at or after `from` that is not a combining extension. */
function nextBase(classes: Uint8Array, from: number, end: number): number {
	let at = from;
	while (at < end && ((classes[at] ?? 0) & EXTEND) !== 0) at++;
	return at;
}

/**
 * Splits `source` into words by `classes` (one entry per UTF-16 unit) and pushes the lowercased,
 * stop-word-filtered, stemmed words to `out`.
 */
function splitWords(source: string, classes: Uint8Array, length: number, out: string[]): void {
	let i = 0;
	while (i < length) {
		let current = classes[i] ?? SEP;
		if (current === SEP) {
			i++;
			continue;
		}
		let start = i;
		let previous = current & CLASS_MASK;
		// The current sequence of cased parts ("Git" "Hub"): where it starts (-1: none) and its parts.
		let casedStart = previous === UPPER || previous === LOWER ? i : -1;
		let casedParts = casedStart >= 0 ? 1 : 0;
		let upperRun = previous === UPPER ? 1 : 0;
		let hasUpper = upperRun !== 0;
		for (i++; i < length; i++) {
			current = classes[i] ?? SEP;
			if (current === SEP) break;
			if ((current & EXTEND) !== 0) continue;
			let split: boolean;
			if (current !== previous) {
				// "Ab" is one word; every other change of class starts a new one.
				split = previous !== UPPER || current !== LOWER;
			} else if (current === UPPER && upperRun > 1) {
				// "HTTPResponse": the capital before a lowercase letter starts the next word. A single
				// leading capital ("OAuth", "IPhone") never gets here (upperRun is 1), and "APIs" or
				// "IDsFor" (capitals, a lone "s", then no lowercase letter) is an acronym plural.
				const next = nextBase(classes, i + 1, length);
				split = next < length && classes[next] === LOWER && !isAcronymPlural(source, classes, next, length);
			} else {
				split = false;
			}
			if (split) {
				emit(source, classes, start, i, hasUpper, out);
				const newCased = current === UPPER || current === LOWER;
				if (newCased && casedStart >= 0) {
					casedParts++;
				} else {
					if (casedParts === 2) pushWhole(source, casedStart, i, out);
					casedStart = newCased ? i : -1;
					casedParts = newCased ? 1 : 0;
				}
				start = i;
				upperRun = 0;
				hasUpper = false;
			}
			if (current === UPPER) {
				upperRun++;
				hasUpper = true;
			} else {
				upperRun = 0;
			}
			previous = current;
		}
		emit(source, classes, start, i, hasUpper, out);
		if (casedParts === 2) pushWhole(source, casedStart, i, out);
	}
}

/**
 * A two-part cased word ("GitHub", "YouTube", "JavaScript") is also kept whole, so that the
 * lowercase "github" a user types matches it.
 */
function pushWhole(source: string, start: number, end: number, out: string[]): void {
	pushWord(source.slice(start, end).toLowerCase(), out);
}

function isAcronymPlural(source: string, classes: Uint8Array, at: number, length: number): boolean {
	if (source.charCodeAt(at) !== LOWER_S) return false;
	const after = nextBase(classes, at + 1, length);
	return after >= length || classes[after] !== LOWER;
}

/**
 * Pushes the word `source[start, end)`. Only words with an uppercase letter need lowercasing: the
 * other classes have no case. (Lowercasing the whole input once instead was measured to go badly
 * superlinear in optimized code when the input is a slice of a large string.)
 */
function emit(
	source: string,
	classes: Uint8Array,
	start: number,
	end: number,
	hasUpper: boolean,
	out: string[],
): void {
	if (((classes[start] ?? SEP) & CLASS_MASK) === NO_SPACE) {
		pushSegmented(source, classes, start, end, out);
		return;
	}
	const word = source.slice(start, end);
	pushWord(hasUpper ? word.toLowerCase() : word, out);
}

/**
 * The ASCII fast path: one pass over the char codes to classify them, then the shared splitter.
 * Returns `undefined` as soon as it meets a non-ASCII character.
 *
 * @internal Exported for the test that checks it against {@link tokenizeUnicode}.
 * @example
 * tokenizeAscii("getHTTPResponse"); // ["get", "http", "response"]
 * tokenizeAscii("café"); // undefined
 */
export function tokenizeAscii(text: string): string[] | undefined {
	const length = text.length;
	const classes = classBuffer(length);
	for (let i = 0; i < length; i++) {
		const code = text.charCodeAt(i);
		if (code > 127) return undefined;
		classes[i] = ASCII_CLASS[code] ?? SEP;
	}
	const out: string[] = [];
	splitWords(text, classes, length, out);
	return out;
}

/**
 * The general path, for any string: NFKD, accents and vowel points dropped, NFC (to recompose
 * Hangul and kana), code points classified by their Unicode properties, runs of scripts written
 * without spaces segmented by `Intl.Segmenter`, everything else split by the identifier rules.
 *
 * @internal `tokenize` uses it for non-ASCII text; exported for tests.
 * @example
 * tokenizeUnicode("ÉtatCivil"); // ["etat", "civil"]
 * tokenizeUnicode("获取天气预报"); // ["获取", "天气", "预报"]
 */
export function tokenizeUnicode(text: string): string[] {
	// NFKD leaves "ß" alone and lowercasing keeps it; fold it to "ss" as case folding does.
	const source = text
		.normalize("NFKD")
		.replace(FOLDED_MARKS, "")
		.normalize("NFC")
		.replace(SHARP_S, foldSharpS);
	const length = source.length;
	const classes = classBuffer(length);
	let previous = SEP;
	for (let i = 0; i < length; ) {
		const codePoint = source.codePointAt(i) ?? 0;
		let cls = classifyCodePoint(codePoint);
		if (cls === MARK) {
			// A mark extends the character before it; with nothing to extend it is a separator.
			cls = previous === SEP ? SEP : previous | EXTEND;
		} else {
			previous = cls;
		}
		classes[i++] = cls;
		if (codePoint > 0xffff) classes[i++] = cls === SEP ? SEP : (cls & CLASS_MASK) | EXTEND;
	}
	const out: string[] = [];
	splitWords(source, classes, length, out);
	return out;
}

// English clitics after an apostrophe (straight or typographic): possessive and contracted
// "'s", "'d", "'m", "'re", "'ve", "'ll" are dropped ("user's" → user, "I'd" → I), and a negated
// auxiliary keeps its verb ("don't" → do, "can't" → can, "won't" → will); the negation itself is a
// stop word. Without this, "what's" and "I'd" leave stray one-letter terms "s" and "d". The
// lookbehind lets a match start only where a word starts: without it, a text with an apostrophe
// retried from every letter of every long word (quadratic: 80,000 letters took 6 s).
const CLITIC = /(?<!\p{L})(\p{L}+)['\u2019](s|d|m|re|ve|ll|t)(?![\p{L}\p{N}])/giu;
const NEGATED: ReadonlyMap<string, string> = new Map([
	["can", "can"],
	["won", "will"],
	["shan", "shall"],
	["ain", "is"],
]);

function dropClitic(_match: string, word: string, clitic: string): string {
	if (clitic.toLowerCase() !== "t") return word;
	const lower = word.toLowerCase();
	const irregular = NEGATED.get(lower);
	if (irregular !== undefined) return irregular;
	// "don't", "doesn't", "isn't": the word ends in the "n" of "n't".
	return lower.length > 1 && lower.endsWith("n") ? word.slice(0, -1) : word;
}

/** `text` with English clitics dropped; the text itself when it has no apostrophe. */
function withoutClitics(text: string): string {
	return text.includes("'") || text.includes("\u2019") ? text.replace(CLITIC, dropClitic) : text;
}

/**
 * Turns text into index terms: Unicode-normalized and accent-free, identifiers split
 * (camelCase, acronyms, letters/digits, snake_case, kebab-case, dotted, `mcp__server__tool`),
 * lowercased, scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Myanmar)
 * segmented into words, English clitics (`'s`, `'d`, `n't`, …) and stop words dropped, and plurals
 * singularised by {@link stem}.
 * Deterministic, and never throws: a non-string gives `[]`.
 *
 * @example
 * tokenize("mcp__github__create_issues"); // ["mcp", "github", "create", "issue"]
 * tokenize("getHTTPResponse for XMLHttpRequest"); // ["get", "http", "response", "xml", "http", "request"]
 * tokenize("获取GitHub仓库issues列表"); // ["获取", "git", "hub", "github", "仓库", "issue", "列表"]
 */
export function tokenize(text: string): string[] {
	if (typeof text !== "string") return [];
	const source = withoutClitics(text);
	return tokenizeAscii(source) ?? tokenizeUnicode(source);
}
