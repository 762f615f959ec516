/**
 * A deterministic generator of synthetic tool catalogues and queries for the benchmark.
 *
 * Catalogues look like the tool lists of many MCP servers: names `mcp__server_<k>__<verb>_<noun>`
 * (with `_<n>` appended when a server already has that name), descriptions of 10–60 words, 1–8
 * parameters with types, descriptions and some enums. Words come from {@link VOCABULARY} with a
 * Zipf-like frequency (the r-th most common word is drawn about 1/r as often as the first), and
 * each server has a theme, a small set of nouns its tools mostly talk about.
 *
 * Everything is drawn from one seeded PRNG (mulberry32): the same options give the same output, on
 * every machine and Node version.
 */
import { ADJECTIVES, FUNCTION_WORDS, NOUNS, TECH_TERMS, VERBS } from "./words.js";

/** One property of a generated parameter schema. */
export interface BenchProperty {
	type: "string" | "integer" | "number" | "boolean" | "array" | "object";
	description: string;
	enum?: string[];
	items?: { type: "string" };
}

/** The parameter schema of a generated tool: a JSON schema object. */
export interface BenchParameters {
	type: "object";
	properties: Record<string, BenchProperty>;
	required: string[];
}

/** A tool of a catalogue: generated, or read from `data/*.json` (whose `parameters` are any JSON schema). */
export interface BenchTool {
	name: string;
	description: string;
	parameters: unknown;
	server: string | null;
}

/** Options of {@link generateCatalogue}. */
export interface GenerateCatalogueOptions {
	/** Number of tools, a positive integer. */
	size: number;
	/** Any 32-bit integer. */
	seed: number;
}

/** Options of {@link generateQueries}. */
export interface GenerateQueriesOptions {
	/** Number of queries. */
	count: number;
	/** Any 32-bit integer. */
	seed: number;
	/** The catalogue the queries are drawn from. */
	catalogue: readonly BenchTool[];
}

/** A generated tool, with its schema typed. */
export interface GeneratedTool extends BenchTool {
	parameters: BenchParameters;
	server: string;
}

/** Shortest and longest description, in words. */
export const DESCRIPTION_WORDS = { min: 10, max: 60 } as const;
/** Fewest and most parameters of a tool. */
export const PARAMETER_COUNT = { min: 1, max: 8 } as const;
/** Shortest and longest query, in words. */
export const QUERY_WORDS = { min: 1, max: 6 } as const;

/** mulberry32: a small, fast, seeded PRNG with uniform output in `[0, 1)`. */
export function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

type Random = () => number;

/** An integer in `[min, max]`. */
function intBetween(random: Random, min: number, max: number): number {
	return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: Random, items: readonly T[]): T {
	return items[Math.floor(random() * items.length)] as T;
}

/** A seeded Fisher–Yates shuffle of a copy of `items`. */
function shuffled<T>(random: Random, items: readonly T[]): T[] {
	const out = [...items];
	for (let i = out.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		const swap = out[i] as T;
		out[i] = out[j] as T;
		out[j] = swap;
	}
	return out;
}

/**
 * Draws words with probability proportional to a weight: `1 / rank^exponent` (Zipf) when built with
 * {@link zipf}, or any given weights (e.g. word counts).
 */
export class WeightedSampler {
	readonly #words: readonly string[];
	readonly #cumulative: Float64Array;

	constructor(words: readonly string[], weights: readonly number[]) {
		this.#words = words;
		this.#cumulative = new Float64Array(words.length);
		let total = 0;
		for (let i = 0; i < words.length; i++) {
			total += weights[i] as number;
			this.#cumulative[i] = total;
		}
	}

	get size(): number {
		return this.#words.length;
	}

	sample(random: Random): string {
		const cumulative = this.#cumulative;
		const target = random() * (cumulative[cumulative.length - 1] as number);
		let low = 0;
		let high = cumulative.length - 1;
		while (low < high) {
			const mid = (low + high) >>> 1;
			if ((cumulative[mid] as number) > target) high = mid;
			else low = mid + 1;
		}
		return this.#words[low] as string;
	}
}

/** A Zipf sampler over `words` in a seeded random rank order (so no list order leaks into frequency). */
export function zipf(random: Random, words: readonly string[], exponent = 1): WeightedSampler {
	const ranked = shuffled(random, words);
	return new WeightedSampler(
		ranked,
		ranked.map((_, rank) => 1 / (rank + 1) ** exponent),
	);
}

/** Third person singular: `create` → `creates`, `search` → `searches`, `copy` → `copies`. */
function thirdPerson(verb: string): string {
	if (/(s|sh|ch|x|z)$/.test(verb)) return `${verb}es`;
	if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
	return `${verb}s`;
}

/** A naive plural: `issue` → `issues`, `box` → `boxes`, `query` → `queries`. */
function plural(noun: string): string {
	if (/(s|sh|ch|x|z)$/.test(noun)) return `${noun}es`;
	if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
	return `${noun}s`;
}

function capitalise(word: string): string {
	return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The word samplers shared by one catalogue. */
interface Samplers {
	verbs: WeightedSampler;
	adjectives: WeightedSampler;
	nouns: WeightedSampler;
	tech: WeightedSampler;
}

/** A server's theme: the nouns and technical terms its tools mostly use. */
interface Theme {
	nouns: WeightedSampler;
	tech: WeightedSampler;
}

function drawDistinct(random: Random, sampler: WeightedSampler, count: number): string[] {
	const out = new Set<string>();
	for (let attempt = 0; out.size < count && attempt < count * 20; attempt++) out.add(sampler.sample(random));
	return [...out];
}

function makeTheme(random: Random, samplers: Samplers): Theme {
	return {
		nouns: zipf(random, drawDistinct(random, samplers.nouns, 30), 0.8),
		tech: zipf(random, drawDistinct(random, samplers.tech, 10), 0.8),
	};
}

/**
 * Writes sentences from one server's theme. A class, not closures: tsx names every closure it
 * creates, which would dominate generation time.
 */
class Writer {
	theme: Theme;

	constructor(
		readonly random: Random,
		readonly samplers: Samplers,
		theme: Theme,
	) {
		this.theme = theme;
	}

	noun(): string {
		return this.random() < 0.6
			? this.theme.nouns.sample(this.random)
			: this.samplers.nouns.sample(this.random);
	}

	tech(): string {
		return this.random() < 0.6 ? this.theme.tech.sample(this.random) : this.samplers.tech.sample(this.random);
	}

	adjective(): string {
		return this.samplers.adjectives.sample(this.random);
	}

	verb(): string {
		return this.samplers.verbs.sample(this.random);
	}

	#det(): string {
		return pick(this.random, DETERMINERS);
	}

	/** Appends one sentence to `out` (words, the last one ending with a full stop). */
	sentence(out: string[], first?: { verb: string; noun: string }): void {
		let words: string[];
		if (first !== undefined) {
			words = [capitalise(thirdPerson(first.verb)), this.#det()];
			if (this.random() < 0.5) words.push(this.adjective());
			words.push(first.noun, pick(this.random, PREPOSITIONS), "the", this.tech(), this.noun());
		} else {
			switch (intBetween(this.random, 0, 7)) {
				case 0:
					words = [
						"Returns",
						"a",
						"list",
						"of",
						this.adjective(),
						plural(this.noun()),
						"for",
						"the",
						"given",
					];
					words.push(this.noun());
					break;
				case 1:
					words = ["Use", "this", "to", this.verb(), this.adjective(), plural(this.noun()), "with", "a"];
					words.push(this.tech(), this.noun());
					break;
				case 2:
					words = ["Supports", `${plural(this.noun())},`, plural(this.noun()), "and", this.tech()];
					words.push(plural(this.noun()));
					break;
				case 3:
					words = ["Requires", "a", "valid", this.tech(), this.noun(), "and", "an", this.adjective()];
					words.push(this.noun());
					break;
				case 4:
					words = ["Results", "are", this.adjective(), "and", "sorted", "by", this.noun(), "or"];
					words.push(this.noun());
					break;
				case 5:
					words = [capitalise(thirdPerson(this.verb())), this.#det(), this.noun(), "when", "the"];
					words.push(this.tech(), "is", this.adjective());
					break;
				case 6:
					words = ["Optionally", this.verb(), "the", this.adjective(), this.noun(), "to", "a"];
					words.push(this.tech(), this.noun());
					break;
				default:
					words = ["The", this.noun(), "must", "be", this.adjective(), "or", this.adjective()];
					words.push("before", "you", this.verb(), "it");
			}
		}
		const last = words.length - 1;
		words[last] = `${(words[last] as string).replace(/,$/, "")}.`;
		for (const word of words) out.push(word);
	}

	/**
	 * A description opening with `verb` and `noun`: whole sentences until at least a random length in
	 * `[minWords, maxWords]` is reached, cut to `maxWords` when the last sentence overshoots.
	 */
	description(verb: string, noun: string, minWords: number, maxWords: number): string {
		const target = intBetween(this.random, minWords, maxWords);
		const words: string[] = [];
		this.sentence(words, { verb, noun });
		while (words.length < target) this.sentence(words);
		if (words.length > maxWords) {
			words.length = maxWords;
			words[maxWords - 1] = `${(words[maxWords - 1] as string).replace(/[.,]$/, "")}.`;
		}
		return words.join(" ");
	}
}

const DETERMINERS = ["the", "a", "the", "each", "your"];
const PREPOSITIONS = ["in", "of", "for", "from", "on"];

const PARAMETER_COUNTS = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7, 8];
const SUFFIXES = ["id", "name", "type", "url", "path", "count", "limit", "format", "mode", "key"];

function propertyName(writer: Writer): string {
	const { random } = writer;
	const noun = writer.noun();
	const style = random();
	if (style < 0.45) return noun;
	if (style < 0.65) return `${writer.adjective()}_${noun}`;
	if (style < 0.85) return `${noun}_${pick(random, SUFFIXES)}`;
	return `${noun}${capitalise(pick(random, SUFFIXES))}`;
}

function propertyType(random: Random): BenchProperty["type"] {
	const r = random();
	if (r < 0.5) return "string";
	if (r < 0.65) return "integer";
	if (r < 0.75) return "number";
	if (r < 0.87) return "boolean";
	if (r < 0.95) return "array";
	return "object";
}

function parameters(writer: Writer): BenchParameters {
	const { random, samplers } = writer;
	const count = pick(random, PARAMETER_COUNTS);
	const properties: Record<string, BenchProperty> = {};
	const required: string[] = [];
	for (let i = 0; i < count; i++) {
		let name = propertyName(writer);
		if (Object.hasOwn(properties, name)) name = `${name}_${i + 1}`;
		const type = propertyType(random);
		const text = writer.description(writer.verb(), name.split(/_|(?=[A-Z])/)[0] as string, 3, 15);
		const property: BenchProperty = { type, description: text };
		if (type === "string" && random() < 0.2) {
			property.enum = drawDistinct(random, samplers.adjectives, intBetween(random, 2, 5));
		}
		if (type === "array") property.items = { type: "string" };
		properties[name] = property;
		if (i === 0 || random() < 0.3) required.push(name);
	}
	return { type: "object", properties, required };
}

/** How many servers a catalogue of `size` tools spreads over: about √size / 3.16 (100 for 100k). */
export function serverCount(size: number): number {
	return Math.max(1, Math.round(Math.sqrt(size) / Math.sqrt(10)));
}

/**
 * A synthetic catalogue of `size` tools with unique names, deterministic in `seed`.
 *
 * @example
 * generateCatalogue({ size: 1000, seed: 1 })[0]?.name; // e.g. "mcp__server_7__list_invoice"
 */
export function generateCatalogue(options: GenerateCatalogueOptions): GeneratedTool[] {
	const { size, seed } = options;
	if (!Number.isInteger(size) || size < 0) throw new RangeError(`size must be an integer >= 0, got ${size}`);
	const random = mulberry32(seed);
	const samplers: Samplers = {
		verbs: zipf(random, VERBS),
		adjectives: zipf(random, ADJECTIVES),
		nouns: zipf(random, NOUNS),
		tech: zipf(random, TECH_TERMS),
	};
	const servers = serverCount(size);
	const themes: Theme[] = [];
	const namesByServer: Map<string, number>[] = [];
	for (let k = 0; k < servers; k++) {
		themes.push(makeTheme(random, samplers));
		namesByServer.push(new Map());
	}
	const writer = new Writer(random, samplers, themes[0] as Theme);
	const tools: GeneratedTool[] = [];
	for (let i = 0; i < size; i++) {
		const k = Math.floor(random() * servers);
		const theme = themes[k] as Theme;
		writer.theme = theme;
		const verb = samplers.verbs.sample(random);
		const noun = random() < 0.7 ? theme.nouns.sample(random) : samplers.nouns.sample(random);
		const names = namesByServer[k] as Map<string, number>;
		const base = `${verb}_${noun}`;
		const seen = (names.get(base) ?? 0) + 1;
		names.set(base, seen);
		const server = `server_${k + 1}`;
		tools.push({
			name: `mcp__${server}__${seen === 1 ? base : `${base}_${seen}`}`,
			description: writer.description(verb, noun, DESCRIPTION_WORDS.min, DESCRIPTION_WORDS.max),
			parameters: parameters(writer),
			server,
		});
	}
	return tools;
}

/**
 * Words queries never use: function words and the glue of the description templates ("Returns a
 * list of…", "Requires a valid…", "Results are … and sorted by…"), which no user types.
 */
const STOP = new Set<string>([
	...FUNCTION_WORDS,
	...["is", "are", "be", "must", "you", "it", "given", "before", "each", "returns", "requires", "valid"],
	...["results", "sorted", "supports", "optionally", "use"],
]);
const WORD = /[\p{L}\p{N}]+/gu;

/** The part of a tool name after the last `__`. */
function localName(name: string): string {
	const at = name.lastIndexOf("__");
	return at < 0 || at + 2 === name.length ? name : name.slice(at + 2);
}

/** The lowercase words of a tool's name and description, function words left out, in order. */
function toolWords(tool: BenchTool): string[] {
	const text = `${localName(tool.name).replace(/[_.-]+/g, " ")} ${tool.description}`.toLowerCase();
	const out: string[] = [];
	for (const match of text.matchAll(WORD)) if (!STOP.has(match[0])) out.push(match[0]);
	return out;
}

const QUERY_LENGTHS = [1, 2, 2, 3, 3, 3, 4, 4, 5, 6];

/** `count` items of `words` drawn without repetition of positions, kept in their original order. */
function ordered(random: Random, words: readonly string[], count: number): string[] {
	if (words.length <= count) return [...words];
	const positions = shuffled(
		random,
		words.map((_, at) => at),
	)
		.slice(0, count)
		.sort((a, b) => a - b);
	return positions.map((at) => words[at] as string);
}

/**
 * `count` queries of 1–6 words drawn from `catalogue`: 55 % words of one tool's name and description
 * (in order), 25 % vocabulary words drawn by their frequency in the catalogue, 15 % a mix of both, 5 %
 * a tool's exact local name (`create_issue`). Deterministic in `seed` and the catalogue.
 */
export function generateQueries(options: GenerateQueriesOptions): string[] {
	const { count, seed, catalogue } = options;
	const random = mulberry32(seed ^ 0x5bd1e995);
	const frequency = new Map<string, number>();
	const perTool = catalogue.map((tool) => {
		const words = toolWords(tool);
		for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
		return words;
	});
	const vocabulary = [...frequency.keys()];
	const sampler = new WeightedSampler(
		vocabulary,
		vocabulary.map((word) => frequency.get(word) as number),
	);
	const randomWords = (n: number): string[] => {
		const out: string[] = [];
		for (let i = 0; i < n; i++) out.push(sampler.sample(random));
		return out;
	};
	const queries: string[] = [];
	for (let q = 0; q < count; q++) {
		const length = pick(random, QUERY_LENGTHS);
		const at = Math.floor(random() * catalogue.length);
		const words = perTool[at] ?? [];
		const kind = random();
		let query: string[];
		if (sampler.size === 0) query = ["tool"];
		else if (kind < 0.55 && words.length > 0) query = ordered(random, words, length);
		else if (kind < 0.8 || words.length === 0) query = randomWords(length);
		else if (kind < 0.95) {
			const own = ordered(random, words, Math.max(1, Math.ceil(length / 2)));
			query = shuffled(random, [...own, ...randomWords(Math.max(0, length - own.length))]);
		} else {
			const name = localName((catalogue[at] as BenchTool).name);
			query = [/\s/.test(name) ? name.replace(/\s+/g, "_") : name];
		}
		queries.push(query.slice(0, QUERY_WORDS.max).join(" "));
	}
	return queries;
}
