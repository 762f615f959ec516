/**
 * Property 10, query syntax (issue 15): `tool_search` with `select:`, `server:`, `+word`, `-word` and
 * `regex:` queries built from hostile pieces. The parser never throws and never hangs: every call
 * resolves within the timeout to one text part, an error result exactly when it says `Error:`, never
 * more tools loaded than asked for; and `regex:` with patterns made to backtrack catastrophically, over
 * descriptions of up to 10⁵ characters, answers in time (re2js), slow calls noted, not failed.
 */
import fc from "fast-check";
import { createToolSearchTool, type ToolInfo, type ToolSearchToolResult } from "tool-search";
import { fixedCatalogue, hostileString, word } from "./gen.js";
import { check, deepFreeze, type FuzzProperty, show, withTimeout } from "./harness.js";
import { noteSlow } from "./slow.js";
import { checkResultShape, resettableHost } from "./tool-arguments.js";

const CALL_TIMEOUT_MS = 10_000;

/** Pieces a model (or an attacker) might put in a query, syntax and near-syntax. */
const piece = fc.oneof(
	{ weight: 4, arbitrary: word },
	{ weight: 2, arbitrary: hostileString(12) },
	{
		weight: 2,
		arbitrary: fc
			.tuple(fc.constantFrom("server:", "SERVER:", "server:,"), fc.oneof(word, hostileString(8)))
			.map(([a, b]) => a + b),
	},
	{
		weight: 2,
		arbitrary: fc
			.tuple(fc.constantFrom("+", "-", "++", "--", "+-"), fc.oneof(word, hostileString(6)))
			.map(([a, b]) => a + b),
	},
	{
		weight: 1,
		arbitrary: fc.constantFrom("server:", "+", "-", ",", "select:", "regex:", ":", "the", "-the"),
	},
);

/** Patterns: random text, and shapes that make backtracking engines explode. */
const pattern = fc.oneof(
	{ weight: 3, arbitrary: hostileString(40) },
	{
		weight: 2,
		arbitrary: fc
			.tuple(
				fc.constantFrom("a", "\\w", ".", "[a-z]", "(a|aa)", "(a|a?)"),
				fc.constantFrom("+", "*", "{1,30}"),
				fc.integer({ min: 1, max: 6 }),
			)
			.map(([atom, quantifier, depth]) => `${"(".repeat(depth)}${atom}${`)${quantifier}`.repeat(depth)}$`),
	},
	{ weight: 1, arbitrary: fc.string({ maxLength: 220 }) },
);

export const syntaxQuery: fc.Arbitrary<string> = fc.oneof(
	{ weight: 4, arbitrary: fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(" ")) },
	{
		weight: 2,
		arbitrary: fc
			.tuple(
				fc.constantFrom("select:", "Select:", "select: "),
				fc.array(fc.oneof(word, hostileString(20)), { maxLength: 60 }),
			)
			.map(([prefix, names]) => prefix + names.join(",")),
	},
	{
		weight: 2,
		arbitrary: fc
			.tuple(
				fc.array(fc.constantFrom("server:github ", "server:mail ", "server:x "), { maxLength: 2 }),
				pattern,
			)
			.map(([scopes, source]) => `${scopes.join("")}regex:${source}`),
	},
);

function catalogueWithLongDescriptions(): ToolInfo[] {
	const base = fixedCatalogue(200, 5);
	const long = ["a".repeat(100_000), `${"ab".repeat(20_000)}c`, "x".repeat(30_000)];
	return base.map((tool, at) => (at < long.length ? { ...tool, description: long[at] } : tool));
}

function syntaxProperties(): FuzzProperty[] {
	const tools = deepFreeze(fixedCatalogue(600, 13));
	const neverThrows: FuzzProperty = {
		name: "query-syntax/never-throws",
		summary:
			"execute({ query: select:/server:/+w/-w/regex: pieces }): no throw, no hang, isError exactly for `Error:`, at most the asked tools",
		runs: 60_000,
		property() {
			const host = resettableHost(tools);
			const tool = createToolSearchTool({ tools: host, maxActiveTools: 40 });
			return fc.asyncProperty(
				syntaxQuery,
				fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
				async (query, limit) => {
					host.reset();
					let result: ToolSearchToolResult;
					try {
						result = await withTimeout(
							tool.execute("call", limit === undefined ? { query } : { query, limit }),
							CALL_TIMEOUT_MS,
							"execute",
						);
					} catch (error) {
						throw new Error(
							`execute threw ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`,
						);
					}
					const text = checkResultShape(result);
					check(
						(result.isError === true) === text.startsWith("Error: "),
						() => `isError ${result.isError} for ${show(text, 300)}`,
					);
					if (result.isError !== true) {
						const select = /^select:/i.test(query.trim());
						const wanted = select ? 50 : Math.min(limit ?? 8, 50);
						check(
							result.details.activated_tools.length <= wanted,
							`activated ${result.details.activated_tools.length} for ${show(query, 200)}`,
						);
						check(
							host.getActiveTools().length <= 40,
							`the budget of 40 was passed: ${host.getActiveTools().length}`,
						);
					}
				},
			);
		},
	};

	const regexBounded: FuzzProperty = {
		name: "query-syntax/regex-bounded",
		summary:
			"regex:<catastrophic or random pattern> over descriptions of up to 10^5 characters: answers in time, never throws",
		runs: 3_000,
		property() {
			const host = resettableHost(deepFreeze(catalogueWithLongDescriptions()));
			const tool = createToolSearchTool({ tools: host });
			return fc.asyncProperty(pattern, async (source) => {
				host.reset();
				const started = performance.now();
				const result = await withTimeout(
					tool.execute("call", { query: `regex:${source}` }),
					CALL_TIMEOUT_MS,
					"execute",
				);
				noteSlow("query-syntax/regex-bounded", performance.now() - started, 1000, () => `regex:${source}`);
				checkResultShape(result);
			});
		},
	};
	return [neverThrows, regexBounded];
}

export const properties: FuzzProperty[] = syntaxProperties();
