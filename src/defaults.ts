/**
 * Every default of the library, in one place. All values are frozen; spread them to derive your own.
 */

/**
 * Name of the tool the model calls.
 *
 * @example
 * ```ts
 * if (call.name === TOOL_SEARCH_TOOL_NAME) result = await toolSearch.execute(call.id, call.input);
 * ```
 */
export const TOOL_SEARCH_TOOL_NAME = "tool_search";

/**
 * Name of the second tool of the meta-tools mode (`tool-search/meta-tools`): it runs a tool that
 * `tool_search` loaded, so the tools a host declares never change.
 *
 * @example
 * ```ts
 * if (call.name === CALL_TOOL_NAME) result = await meta.callTool.execute(call.id, call.input);
 * ```
 */
export const CALL_TOOL_NAME = "call_tool";

/** How many tools one `tool_search` call returns and activates when the model gives no `limit`. */
export const DEFAULT_TOOL_SEARCH_LIMIT = 8;

/**
 * The fields a tool is split into, in index order.
 *
 * @example
 * ```ts
 * for (const field of TOOL_SEARCH_FIELDS) console.log(field, DEFAULT_INDEX_OPTIONS.fieldWeights[field]);
 * ```
 */
export const TOOL_SEARCH_FIELDS = Object.freeze([
	"name",
	"localName",
	"label",
	"namespace",
	"namespaceText",
	"summary",
	"description",
	"parameterNames",
	"parameterText",
] as const);

/**
 * One of {@link TOOL_SEARCH_FIELDS}.
 *
 * @example
 * ```ts
 * const field: ToolSearchFieldName = "description";
 * const ranker = new Bm25Ranker({ fieldWeights: { [field]: 2 } });
 * ```
 */
export type ToolSearchFieldName = (typeof TOOL_SEARCH_FIELDS)[number];

/**
 * Field weights (seed: oh-my-pi's `FIELD_WEIGHTS`: name 6, label 4, MCP tool name 4, server
 * name 2, summary 2, each schema key 1; the full description, which oh-my-pi does not index beyond
 * its summary, 1). A term's frequency in a field is multiplied by the field's weight before
 * saturation (BM25F).
 */
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<ToolSearchFieldName, number>> = Object.freeze({
	name: 6,
	localName: 4,
	label: 4,
	namespace: 2,
	namespaceText: 1,
	summary: 2,
	description: 1,
	parameterNames: 1,
	parameterText: 1,
});

/**
 * BM25+ parameters.
 *
 * @example
 * ```ts
 * const bm25: Partial<Bm25Params> = { k1: 1.2, b: 0.75 };
 * const ranker = new Bm25Ranker({ bm25 });
 * ```
 */
export interface Bm25Params {
	/** Term-frequency saturation, in `[0, 1e6]`. Default 2. */
	k1: number;
	/** Length normalisation, in `[0, 1]`. Default 0.75. */
	b: number;
	/** BM25+ lower bound added for every matching term, in `[0, 1e6]`. Default 0.5. */
	delta: number;
}

/**
 * Default BM25+ parameters: `k1 = 2`, `b = 0.75`, `delta = 0.5` (chosen by `npm run eval`; the
 * classic `k1 = 1.2, delta = 1` measured within 0.01 on both datasets, see DESIGN.md).
 */
export const DEFAULT_BM25_PARAMS: Readonly<Bm25Params> = Object.freeze({ k1: 2, b: 0.75, delta: 0.5 });

/**
 * The ranking rules layered on BM25 (see DESIGN.md, "Scoring").
 *
 * @example
 * ```ts
 * const rules: Partial<RankingRules> = { coverage: true, namespaceBoost: 0 };
 * const ranker = new Bm25Ranker({ rules });
 * ```
 */
export interface RankingRules {
	/** A query that equals a tool's name or local name (case, `-`, `_`, space folded) ranks it first. */
	exactName: boolean;
	/** A tool matching more distinct query terms ranks above one matching fewer. */
	coverage: boolean;
	/**
	 * Bonus for a tool whose whole local name appears in the query, as a multiple of the sum of
	 * `idf * (1 + delta)` over the query's matched terms, in `[0, 1e6]`; `0` turns it off.
	 */
	localNameBonus: number;
	/**
	 * Return no tools, rather than `limit` unrelated ones, when the only query terms any tool
	 * matches are generic (each in more than half of the tools, and in more than 8: small catalogues never abstain).
	 */
	abstain: boolean;
	/**
	 * Adds this fraction of the best score among a tool's namespace siblings (other tools of the
	 * same MCP server) to its score, so the tools of a server that fits the query rise together.
	 */
	namespaceBoost: number;
	/**
	 * Bonus for each pair of consecutive query words (after stop words) that also stand next to
	 * each other, in either order, in a tool's summary (the first sentence of its description), as a
	 * multiple of a full match of a word of the pair's mean idf: `proximity * (k1 + 1 + delta) *
	 * (idf(a) + idf(b)) / 2`, in `[0, 1e6]`. Applied within the candidate pool; `0` (or a summary
	 * weight of 0) turns it off.
	 */
	proximity: number;
	/**
	 * The weight of a query word that rarely says what a tool does: conversational filler ("tell",
	 * "need", "a bit", "right now") and bare numbers ("250", "6:30"). A search whose only matches
	 * are such words, or generic ones, abstains. `1` searches them as any other word.
	 */
	fillerWeight: number;
}

/**
 * Default ranking rules (measured with `npm run eval`, see DESIGN.md): exact name on; strict
 * coverage ordering off (it cost 0.041 nDCG@10 on LiveMCPBench and 0.019 on BFCL, promoting tools
 * that match many incidental words of long task-like queries); a local-name bonus of a
 * quarter of a match per matched term; abstention on; a namespace boost of 0.2; a proximity bonus
 * of a quarter of a match per adjacent pair.
 */
export const DEFAULT_RANKING_RULES: Readonly<RankingRules> = Object.freeze({
	exactName: true,
	coverage: false,
	localNameBonus: 0.25,
	abstain: true,
	namespaceBoost: 0.2,
	proximity: 0.25,
	fillerWeight: 0.3,
});

/**
 * The options of a `ToolSearchIndex` with every default filled in: the same keys as
 * `ToolSearchIndexOptions`, all present, all frozen.
 *
 * @example
 * ```ts
 * const resolved: ResolvedToolSearchIndexOptions = new ToolSearchIndex({ bm25: { k1: 1.2 } }).options;
 * resolved.bm25; // { k1: 1.2, b: 0.75, delta: 0.5 }
 * ```
 */
export interface ResolvedToolSearchIndexOptions {
	readonly bm25: Readonly<Bm25Params>;
	readonly fieldWeights: Readonly<Record<ToolSearchFieldName, number>>;
	readonly rules: Readonly<RankingRules>;
	/** Query-side synonyms: the built-in groups (on or off), the weight of a synonym, the host's groups. */
	readonly synonyms: {
		readonly builtIn: boolean;
		readonly weight: number;
		readonly groups: readonly (readonly string[])[];
	};
	/** The host's glossary: a query word → tool names or words. */
	readonly glossary: Readonly<Record<string, readonly string[]>>;
	/** Typo tolerance for unknown query words, and the weight of a correction at edit distance 1. */
	readonly fuzzy: { readonly enabled: boolean; readonly weight: number };
	/** The concept map: the built-in domains (on or off), the weight of a related word, the host's domains. */
	readonly concepts: {
		readonly builtIn: boolean;
		readonly weight: number;
		readonly domains: Readonly<Record<string, readonly string[]>>;
	};
	/** Prefix matching of short unknown query words (`repo` → `repository`), and its weight. */
	readonly prefix: { readonly enabled: boolean; readonly weight: number };
}

/**
 * Every default of a `ToolSearchIndex` (and of the `Bm25Ranker` built on it):
 * {@link DEFAULT_BM25_PARAMS}, {@link DEFAULT_FIELD_WEIGHTS}, {@link DEFAULT_RANKING_RULES};
 * synonyms with the built-in groups on, searched at 0.3 of a word's score, no host groups; the
 * built-in concept map at 0.25; prefix completion of unknown words at 0.4; an
 * empty glossary; typo tolerance off (no gain in `npm run eval` and slower queries, see DESIGN.md),
 * at weight 0.5 (halved at edit distance 2) when turned on.
 *
 * @example
 * ```ts
 * DEFAULT_INDEX_OPTIONS.fieldWeights.name; // 6
 * const ranker = new Bm25Ranker({ rules: { ...DEFAULT_INDEX_OPTIONS.rules, namespaceBoost: 0 } });
 * ```
 */
export const DEFAULT_INDEX_OPTIONS: ResolvedToolSearchIndexOptions = Object.freeze({
	bm25: DEFAULT_BM25_PARAMS,
	fieldWeights: DEFAULT_FIELD_WEIGHTS,
	rules: DEFAULT_RANKING_RULES,
	synonyms: Object.freeze({ builtIn: true, weight: 0.3, groups: Object.freeze([]) }),
	glossary: Object.freeze({}),
	fuzzy: Object.freeze({ enabled: false, weight: 0.5 }),
	concepts: Object.freeze({ builtIn: true, weight: 0.25, domains: Object.freeze({}) }),
	prefix: Object.freeze({ enabled: true, weight: 0.4 }),
});

// Limits of `tool_search` (issue 12): each bounds the work or the output of one call, so that no
// call at 100k tools costs more than a few tens of milliseconds of the library's own CPU beyond
// the ranking itself, whatever the model or the host sends.

/**
 * How long `tool_search` waits for a ranker that is not the built-in `Bm25Ranker`, in
 * milliseconds, before answering with the built-in one (`ranked_by: "fallback"`, `fallback_reason`
 * `ranker failed: timed out after 5000 ms`). Set per tool with `createToolSearchTool`'s
 * `rankerTimeoutMs` (`Infinity` waits for ever).
 *
 * @example
 * ```ts
 * createToolSearchTool({ tools: host, ranker: remoteRanker, rankerTimeoutMs: DEFAULT_RANKER_TIMEOUT_MS * 2 });
 * ```
 */
export const DEFAULT_RANKER_TIMEOUT_MS = 5000;

/**
 * The most tools one `tool_search` call finds and activates: a model's larger `limit` is lowered
 * to it, and the result says so. Set per tool with `createToolSearchTool`'s `maxLimit`.
 *
 * @example
 * ```ts
 * createToolSearchTool({ tools: host, maxLimit: DEFAULT_MAX_TOOL_SEARCH_LIMIT / 2 });
 * ```
 */
export const DEFAULT_MAX_TOOL_SEARCH_LIMIT = 50;

/**
 * The longest `query` `tool_search` accepts, in UTF-16 code units after trimming. A longer one is
 * an error result asking the model for a few keywords (a pasted task or document is not a search).
 *
 * @example
 * ```ts
 * if (query.trim().length > MAX_QUERY_LENGTH) console.warn("tool_search will refuse this query");
 * ```
 */
export const MAX_QUERY_LENGTH = 1000;

/**
 * The most phrasings `tool_search` takes in one call's `queries` (a `query` sent as well is one
 * more). Each is ranked on its own and the rankings are fused (see {@link QUERIES_RRF_K}); more
 * would cost more than they find. More than this is an error result.
 *
 * @example
 * ```ts
 * await toolSearch.execute("call-1", { queries: ["send email", "compose gmail message"] }); // 2 <= 5
 * ```
 */
export const MAX_TOOL_SEARCH_QUERIES = 5;

/**
 * The longest all of one call's distinct phrasings (`query` and `queries`, trimmed) may be together,
 * in UTF-16 code units; each is also bounded by {@link MAX_QUERY_LENGTH}. A longer call is an error
 * result asking for fewer or shorter phrasings. A single `query` never reaches it.
 *
 * @example
 * ```ts
 * if (phrasings.join("").length > MAX_TOTAL_QUERIES_LENGTH) console.warn("tool_search will refuse these");
 * ```
 */
export const MAX_TOTAL_QUERIES_LENGTH = 2 * MAX_QUERY_LENGTH;

/**
 * The `k` of the reciprocal-rank fusion of a `tool_search` call's phrasings: a tool scores
 * `1 / (k + rank)` in each phrasing's ranking that has it (rank 1 is the best), summed. 60 is the
 * usual value: a tool two phrasings rank near the top beats one that a single phrasing ranks first.
 *
 * @example
 * ```ts
 * const fused = 1 / (QUERIES_RRF_K + 1) + 1 / (QUERIES_RRF_K + 3); // first in one ranking, third in another
 * ```
 */
export const QUERIES_RRF_K = 60;

/**
 * How deep each phrasing of a `tool_search` call with several `queries` is ranked, as a multiple of
 * the call's `limit`: a tool that several phrasings rank just below the limit can still make the
 * fused top `limit`. A lone phrasing is ranked to `limit`, as always.
 *
 * @example
 * ```ts
 * ranker.rank(phrasing, documents, limit * QUERIES_RANK_DEPTH); // for each of several phrasings
 * ```
 */
export const QUERIES_RANK_DEPTH = 2;

/**
 * The most UTF-8 bytes the list of namespaces (MCP servers) a `tool_search` result shows when
 * nothing matched may take; namespaces that do not fit are counted (`- (N more namespaces not
 * listed)`). `details.namespaces` has them all.
 *
 * @example
 * ```ts
 * Buffer.byteLength(listing) <= MAX_MISS_NAMESPACES_BYTES; // true
 * ```
 */
export const MAX_MISS_NAMESPACES_BYTES = 1500;

/**
 * The longest query the result text echoes; a longer one is cut and ends with `…`. `details.query`
 * keeps it whole.
 *
 * @example
 * ```ts
 * JSON.parse(text.split("\n")[0]).query.length <= MAX_ECHOED_QUERY_LENGTH + 1; // true
 * ```
 */
export const MAX_ECHOED_QUERY_LENGTH = 200;

/**
 * How many unmatched query words the result text names; the others are counted (`and 3 more`).
 *
 * @example
 * ```ts
 * `No tool matched: ${terms.slice(0, MAX_UNMATCHED_TERMS_SHOWN).join(", ")}`;
 * ```
 */
export const MAX_UNMATCHED_TERMS_SHOWN = 20;

/**
 * The budget, in UTF-16 code units, for the tool names and description lines of one `tool_search`
 * result text. Matches that would not fit (only hosts with very long tool names get there) are
 * neither activated nor listed, and the text says how many were left out. With descriptions cut to
 * 160 code units, the whole text stays within about this budget plus 2,000.
 *
 * @example
 * ```ts
 * result.content[0].text.length < MAX_RESULT_TOOLS_TEXT_LENGTH + 2000; // true
 * ```
 */
export const MAX_RESULT_TOOLS_TEXT_LENGTH = 20_000;

/**
 * The longest tool name `checkToolCall` compares when it suggests names for an unknown tool (MCP's
 * own limit for a tool name): a longer called name gets no suggestions and a longer catalogue name
 * is never suggested.
 *
 * @example
 * ```ts
 * checkToolCall("x".repeat(MAX_SUGGESTION_NAME_LENGTH + 1), host).suggestions; // []
 * ```
 */
export const MAX_SUGGESTION_NAME_LENGTH = 128;

/**
 * The most edits a suggested name may be away from the called one (the window is otherwise
 * max(2, ⌊called local name length / 3⌋)). With {@link MAX_SUGGESTION_NAME_LENGTH}, one comparison
 * computes at most 128 · 17 cells of a banded edit distance, whatever the names.
 *
 * @example
 * ```ts
 * const window = Math.min(MAX_SUGGESTION_EDITS, Math.max(2, Math.floor(localName.length / 3)));
 * ```
 */
export const MAX_SUGGESTION_EDITS = 8;

/**
 * How many levels below the root the schema walk behind a search document descends (each
 * `properties`, `items`, `anyOf`, `$ref`, ... step is one level); deeper sub-schemas are ignored.
 *
 * @example
 * ```ts
 * createToolSearchDocument({ name: "deep", inputSchema: nested(10_000) }); // reads 33 levels
 * ```
 */
export const MAX_SCHEMA_DEPTH = 32;

/**
 * How many schema nodes, property names and enum values (together) the schema walk behind a search
 * document reads per tool; the rest of the schema is ignored, in walk order.
 *
 * @example
 * ```ts
 * createToolSearchDocument({ name: "huge", inputSchema: { enum: Array.from({ length: 1e6 }, String) } });
 * // indexes the first MAX_SCHEMA_NODES - 1 values
 * ```
 */
export const MAX_SCHEMA_NODES = 10_000;

/**
 * How many code units of property names and schema texts (titles, descriptions, enum and const
 * values) the schema walk collects per tool; the text that crosses it is cut, the rest ignored.
 *
 * @example
 * ```ts
 * document.fields.parameterText.length <= MAX_SCHEMA_TEXT_LENGTH + 2000; // texts joined by "\n"
 * ```
 */
export const MAX_SCHEMA_TEXT_LENGTH = 50_000;

/**
 * Most distinct query terms (after tokenizing: stop words dropped, stemmed, repeats counted once)
 * one search scores. The first ones in query order are kept; the rest are not searched, and
 * `searchDetailed` reports how many were left out (`ignoredTerms`). Generous on purpose: long
 * task-like requests are searched whole (the eval has one of 3,433 distinct terms; its first 1,024 are searched, as before); the work of a
 * query is bounded by {@link MAX_QUERY_POSTINGS} as well.
 *
 * @example
 * ```ts
 * const { ignoredTerms } = index.searchDetailed(longText);
 * if (ignoredTerms > 0) console.log(`only the first ${MAX_QUERY_TERMS} distinct words were searched`);
 * ```
 */
export const MAX_QUERY_TERMS = 1024;

/**
 * Most postings (tool entries of the query terms and of their synonyms, summed document
 * frequencies) one search may read. Terms are taken in query order while their postings fit; the
 * first term that would pass the budget and every term after it are not searched, and
 * `searchDetailed` reports how many (`ignoredTerms`). The first term is always searched. Bounds a
 * query of many common words at 100k tools to about 25 ms (measured: 1,024 common words took
 * 0.7–1.3 s before); no eval query comes near it (the most is 5,365 postings).
 *
 * @example
 * ```ts
 * const { ignoredTerms, terms } = index.searchDetailed(manyCommonWords);
 * console.log(`${terms.length} terms searched, ${ignoredTerms} left out`);
 * ```
 */
export const MAX_QUERY_POSTINGS = 500_000;

/**
 * The concept map (`concepts`): the share of the catalogue's tools that one query term's concept
 * words may reach together (summed document frequencies, rarest words first). Words past it are not
 * searched: they are common, say little about the domain, and cost the most to read (at 100k tools,
 * an unbounded map tripled the median query time). See {@link MIN_CONCEPT_POSTINGS}.
 *
 * @example
 * ```ts
 * // 100,000 tools: a term's concept words reach at most 1,000 tools
 * const budget = Math.max(MIN_CONCEPT_POSTINGS, CONCEPT_POSTINGS_SHARE * 100_000);
 * ```
 */
export const CONCEPT_POSTINGS_SHARE = 0.01;

/**
 * The concept map's budget in a small catalogue: at least this many tools, whatever
 * {@link CONCEPT_POSTINGS_SHARE} gives.
 *
 * @example
 * ```ts
 * // 500 tools: 1% is 5, so the budget is 64
 * const budget = Math.max(MIN_CONCEPT_POSTINGS, CONCEPT_POSTINGS_SHARE * 500);
 * ```
 */
export const MIN_CONCEPT_POSTINGS = 64;

/**
 * Typo tolerance (`fuzzy`): most unknown query words one search looks up for corrections, in
 * query order; later unknown words are searched as they are (and match nothing).
 *
 * @example
 * ```ts
 * const index = new ToolSearchIndex({ fuzzy: { enabled: true } });
 * index.search("wether forcast"); // both words corrected: 2 <= MAX_FUZZY_WORDS (4)
 * ```
 */
export const MAX_FUZZY_WORDS = 4;

/**
 * Typo tolerance (`fuzzy`): most vocabulary terms one search compares with unknown query words,
 * over all of them. Each unknown word walks the vocabulary; once a query has examined this many
 * terms, the remaining words get no corrections (and a word being looked up keeps what it found so
 * far). Reached only with a vocabulary past 16,000 words (4 unknown words × 16,000).
 *
 * @example
 * ```ts
 * // a 100k-tool catalogue (≈ 10k words): 4 unknown words examine ≈ 40k terms, under the budget
 * const budget = MAX_FUZZY_CANDIDATES;
 * ```
 */
export const MAX_FUZZY_CANDIDATES = 65_536;

/**
 * Vocabulary compaction: terms no indexed tool has any more (document frequency 0, left by
 * `remove` and `update`) are dropped from the term map and the postings once they outnumber the
 * live terms and pass this many. Amortised: each compaction costs one pass over the postings and
 * is paid for by at least this many dead terms. `toJSON` always drops them.
 *
 * @example
 * ```ts
 * for (let i = 0; i < 100_000; i++) index.update(doc(`tool ${i}`)); // the vocabulary stays bounded
 * ```
 */
export const MIN_DEAD_TERMS_COMPACTED = 1024;

/**
 * `tool-search/testing` and `tool-search eval`: how deep each labelled request is ranked for the
 * metrics (R@1, R@5, R@10, C@5, nDCG@10 and MRR all read the first 10 tools), as `npm run eval` does.
 *
 * @example
 * ```ts
 * const { results } = await evaluateToolSearch(tools, requests);
 * results[0]?.ranking.length; // at most EVALUATION_DEPTH (10)
 * ```
 */
export const EVALUATION_DEPTH = 10;

/**
 * `tool-search/testing` and `tool-search eval`: a labelled request is a miss when one of its gold
 * groups is not among its first this many tools (the `within` option), as C@5 counts it.
 *
 * @example
 * ```ts
 * const { misses } = await evaluateToolSearch(tools, requests); // gold outside the top 5
 * ```
 */
export const DEFAULT_MISS_WITHIN = 5;

/**
 * `tool-search/testing`: the deepest rank the helpers search to say where a tool ranked when it
 * was not found within `within`, and the largest `within` or `limit` they take. The index orders
 * its best 100 candidates independently of the limit, so a search this deep ranks its first tools
 * as a shallower one does.
 *
 * @example
 * ```ts
 * await expectToFind(search, "open a ticket", "jira__create_issue", { within: 3 });
 * // fails with "... ranked #12 ..." when the tool is 12th (#12 <= MAX_TESTING_RANK_DEPTH)
 * ```
 */
export const MAX_TESTING_RANK_DEPTH = 100;

/**
 * `tool-search/testing`: how many tools of each query a ranking snapshot records.
 *
 * @example
 * ```ts
 * await expectRankingSnapshot(search, ["create an issue"], "test/rankings.txt"); // the top 5
 * ```
 */
export const DEFAULT_SNAPSHOT_LIMIT = 5;

// Limits of what the model can ask for (issue 15): query syntax, regex mode, the meta-tools
// `call_tool`, and the source lifecycle lines of a result.

/**
 * The longest pattern `tool_search` takes after `regex:`, in UTF-16 code units (Anthropic's regex
 * tool search takes 200 too). A longer one is an error result.
 *
 * @example
 * ```ts
 * await toolSearch.execute("1", { query: `regex:${"a".repeat(MAX_REGEX_PATTERN_LENGTH)}` }); // accepted
 * ```
 */
export const MAX_REGEX_PATTERN_LENGTH = 200;

/**
 * The most work one `regex:` search does, in characters scanned times the size of the compiled
 * pattern (re2js instructions): names first, then descriptions, then parameter names, in catalogue
 * order. The engine (re2js, RE2's automata) runs in time linear in the text, with a cost per
 * character that grows with the pattern, so this bounds one call to about half a second on a slow
 * machine: about 2,000,000 characters for a short pattern (10 instructions), 20,000 for
 * `[\s\S]{1000}`. When it runs out, the result says the scan was incomplete; `server:` narrows it.
 *
 * @example
 * ```ts
 * const characters = Math.floor(MAX_REGEX_SCAN_WORK / compiled.programSize()); // this pattern's share
 * ```
 */
export const MAX_REGEX_SCAN_WORK = 20_000_000;

/**
 * How many sources (MCP servers) that are still connecting or failed a `tool_search` result names;
 * the others are counted. `details.sources` has them all.
 *
 * @example
 * ```ts
 * `Server "github" is still connecting …`; // one line per source, at most MAX_SOURCE_STATUS_SHOWN
 * ```
 */
export const MAX_SOURCE_STATUS_SHOWN = 10;

/**
 * The longest failure reason of a source a `tool_search` result repeats, in UTF-16 code units
 * (then `…`).
 *
 * @example
 * ```ts
 * reason.length <= MAX_SOURCE_REASON_LENGTH + 1; // true for every reason shown
 * ```
 */
export const MAX_SOURCE_REASON_LENGTH = 200;

/**
 * How many argument errors a `call_tool` error result lists (each a path and what is wrong); the
 * others are counted.
 *
 * @example
 * ```ts
 * result.details.errors.length <= MAX_CALL_TOOL_ERRORS; // true
 * ```
 */
export const MAX_CALL_TOOL_ERRORS = 8;

/**
 * The longest argument schema (as JSON, UTF-16 code units) a meta-tools `tool_search` result shows
 * for a found tool; a longer one is shown as a list of its top-level parameters instead.
 *
 * @example
 * ```ts
 * JSON.stringify(schema).length <= MAX_SHOWN_SCHEMA_LENGTH; // shown whole
 * ```
 */
export const MAX_SHOWN_SCHEMA_LENGTH = 2000;

/**
 * How many of the unknown names of one `select:` get nearest-name suggestions (each costs a pass
 * over the catalogue's names); the others are named without suggestions.
 *
 * @example
 * ```ts
 * await toolSearch.execute("1", { query: "select:a1,a2,a3,a4,a5,a6" }); // suggestions for a1..a5
 * ```
 */
export const MAX_SELECT_SUGGESTED_NAMES = 5;

/**
 * How many namespaces the error for an unknown `server:` name lists (nearest first); the others are
 * counted.
 *
 * @example
 * ```ts
 * // Error: server: no namespace is named "githb"; did you mean: github? Namespaces: github, slack, … (24 in all)
 * ```
 */
export const MAX_NAMESPACES_NAMED = 20;
// The discovery pipeline (issue 14: `tool-search/pipeline`).

/**
 * The defaults of the pipeline's options (see `ToolSearchPipelineOptions`): a failing ranker hands
 * over to the next (then to the built-in BM25), each ranker gets 5 s, the reranker 5 s, the judge
 * 10 s, the gates (`isAvailable`, `affinity`) 1 s for a call's candidates together.
 *
 * @example
 * ```ts
 * createToolSearchTool({ tools: host, judge, judgeTimeoutMs: DEFAULT_PIPELINE_OPTIONS.judgeTimeoutMs * 3 });
 * ```
 */
export const DEFAULT_PIPELINE_OPTIONS = Object.freeze({
	onError: "fallback",
	rankerTimeoutMs: DEFAULT_RANKER_TIMEOUT_MS,
	rerankTimeoutMs: 5000,
	judgeTimeoutMs: 10_000,
	gateTimeoutMs: 1000,
} as const);

/** `candidateLimit` by default: the call's `limit` times this (seed: fetch twice the limit, then filter). */
export const CANDIDATE_LIMIT_FACTOR = 2;

/** The affinity formula (seed): `score × max(MIN_AFFINITY_FACTOR, 1 + affinity × AFFINITY_WEIGHT)`. */
export const AFFINITY_WEIGHT = 0.1;

/** The smallest factor affinity multiplies a score by: strong avoidance demotes, never removes. */
export const MIN_AFFINITY_FACTOR = 0.01;

/** How many gate failures `details.discovery.gate_errors` lists. */
export const MAX_GATE_ERRORS = 10;

/** How many characters of an error message or a judge's reason details and traces keep. */
export const MAX_TRACE_TEXT_LENGTH = 200;

/** `createTraceWriter`: the size past which the trace file is rotated, in bytes (10 MiB). */
export const DEFAULT_TRACE_MAX_BYTES = 10 * 1024 * 1024;

/** `createTraceWriter`: how many rotated files (`<path>.1` … `<path>.N`) are kept. */
export const DEFAULT_TRACE_MAX_FILES = 3;
