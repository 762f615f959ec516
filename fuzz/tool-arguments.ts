/**
 * Property 1, tool arguments: `tool_search`'s `execute` with whatever a model (or a hostile caller)
 * sends as arguments. It never throws, always returns one text part, flags bad input with
 * `isError`, mutates nothing and pollutes no prototype; and its result stays small.
 */
import fc from "fast-check";
import { createToolSearchTool, type ToolInfo, type ToolSearchToolResult } from "tool-search";
import {
	anything,
	fixedCatalogue,
	hostileNumber,
	hostileString,
	hugeString,
	pollutingObject,
	throwingGetters,
	throwingProxy,
} from "./gen.js";
import { check, deepFreeze, type FuzzProperty, prototypeKeys, show, withTimeout } from "./harness.js";

/** The most text one result may hold. */
export const MAX_RESULT_BYTES = 64 * 1024;
const CALL_TIMEOUT_MS = 10_000;

const query = fc.oneof(
	{ weight: 12, arbitrary: hostileString(200) },
	{ weight: 1, arbitrary: hugeString },
	{ weight: 2, arbitrary: anything },
);
const limit = fc.oneof({ weight: 4, arbitrary: hostileNumber }, { weight: 1, arbitrary: anything });

/** Arguments as a model might send them, and as no model should. */
export const params: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 6, arbitrary: fc.record({ query, limit }, { requiredKeys: ["query"] }) },
	{ weight: 2, arbitrary: fc.record({ query, limit }, { requiredKeys: [] }) },
	{ weight: 2, arbitrary: anything },
	{
		weight: 1,
		arbitrary: fc
			.tuple(fc.dictionary(hostileString(20), anything, { maxKeys: 6 }), fc.option(query))
			.map(([extra, q]) => (q === null ? extra : { ...extra, query: q })),
	},
	{ weight: 1, arbitrary: fc.record({ query, limit }).map((value) => pollutingObject(value)) },
	{
		weight: 1,
		arbitrary: fc
			.tuple(fc.record({ query, limit }), fc.subarray(["query", "limit", "other"], { minLength: 1 }))
			.map(([value, keys]) => throwingGetters(value, keys)),
	},
	{ weight: 1, arbitrary: fc.constant(null).map(() => throwingProxy("params")) },
	{
		weight: 1,
		arbitrary: fc
			.record({ query, limit })
			.map((value) => Object.assign(Object.create(null), value) as object),
	},
	{
		weight: 1,
		arbitrary: fc
			.record({ query })
			.map((value) => Object.assign(Object.create({ limit: 1e9 }), value) as object),
	},
);

/**
 * Whether a query uses the syntax (`select:`, `regex:`, `server:`, `+word`, `-word`): whether such a
 * query is an error depends on the catalogue too, so `query-syntax/*` checks it instead.
 */
export function usesSyntax(value: unknown): boolean {
	try {
		const q = (value as { query?: unknown }).query;
		return typeof q === "string" && /^\s*(select|regex):|(^|\s)(server:\S|[+-][^\s])/i.test(q);
	} catch {
		return false;
	}
}

/** What `validateToolSearchInput` must call bad, re-derived from the README's rules. */
export function isBadInput(value: unknown): boolean {
	try {
		if (typeof value !== "object" || value === null || Array.isArray(value)) return true;
		if (Object.prototype.toString.call(value) !== "[object Object]") return true;
		const record = value as Record<string, unknown>;
		const q = record.query;
		if (typeof q !== "string" || !/[\p{L}\p{N}]/u.test(q)) return true;
		// README "Limits": a query longer than 1,000 characters (after trimming) is an error result.
		if (q.trim().length > 1000) return true;
		const l = record.limit;
		if (l === undefined) return false;
		return !(typeof l === "number" && Number.isInteger(l) && l >= 1);
	} catch {
		return true;
	}
}

/** A host over a fixed, frozen catalogue; `reset()` empties the active set between inputs. */
export function resettableHost(tools: readonly ToolInfo[]) {
	let active: string[] = [];
	return {
		getAllTools: () => tools,
		getActiveTools: () => active,
		setActiveTools: (names: string[]) => {
			active = [...names];
		},
		reset: () => {
			active = [];
		},
	};
}

/** Checks the shape every result must have, and returns its text. */
export function checkResultShape(result: ToolSearchToolResult): string {
	check(typeof result === "object" && result !== null, () => `execute resolved to ${show(result, 200)}`);
	check(
		Array.isArray(result.content) && result.content.length >= 1,
		"result.content is not a non-empty array",
	);
	const text = result.content[0]?.text;
	check(typeof text === "string", () => `content[0].text is ${show(text, 200)}`);
	if (result.isError !== true) {
		for (const tool of result.details.tools) {
			check(Number.isFinite(tool.score), () => `tool ${tool.name} has the non-finite score ${tool.score}`);
		}
	}
	return text;
}

function argumentsProperties(): FuzzProperty[] {
	const tools = deepFreeze(fixedCatalogue(600, 7));
	const protoBefore = prototypeKeys().join(",");

	const neverThrows: FuzzProperty = {
		name: "tool-arguments/never-throws",
		summary:
			"execute(any params): no throw, one text part, isError exactly for bad input, no mutation or pollution",
		runs: 250_000,
		property() {
			const host = resettableHost(tools);
			const tool = createToolSearchTool({ tools: host });
			return fc.asyncProperty(params, anything, async (input, callId) => {
				host.reset();
				deepFreeze(input);
				let result: ToolSearchToolResult;
				try {
					result = await withTimeout(tool.execute(callId as string, input), CALL_TIMEOUT_MS, "execute");
				} catch (error) {
					throw new Error(
						`execute threw ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`,
					);
				}
				checkResultShape(result);
				const bad = isBadInput(input);
				check(
					(result.isError === true) === bad || (!bad && usesSyntax(input)),
					() =>
						`isError is ${result.isError === true} for ${bad ? "bad" : "good"} input: ${show(result.content[0].text, 300)}`,
				);
				if (result.isError !== true && !usesSyntax(input)) {
					const wanted = (input as { limit?: number }).limit ?? 8;
					check(
						result.details.activated_tools.length <= wanted,
						`activated ${result.details.activated_tools.length} tools for limit ${wanted}`,
					);
				}
				check(({} as Record<string, unknown>).polluted === undefined, "Object.prototype was polluted");
				check(prototypeKeys().join(",") === protoBefore, "Object.prototype gained keys");
			});
		},
	};

	const bounded: FuzzProperty = {
		name: "tool-arguments/bounded-output",
		summary: `execute(any params) over 600 tools: result text < ${MAX_RESULT_BYTES / 1024} KiB, whatever the limit or query size`,
		runs: 40_000,
		property() {
			const host = resettableHost(tools);
			const tool = createToolSearchTool({ tools: host });
			const big = fc.record(
				{
					query: fc.oneof(hostileString(200), hugeString, fc.constantFrom("send email file", "list create")),
					limit: fc.oneof(hostileNumber, fc.constantFrom(1e9, 100_000, 600, 1000)),
				},
				{ requiredKeys: ["query"] },
			);
			return fc.asyncProperty(fc.oneof(big, params), async (input) => {
				host.reset();
				const result = await withTimeout(tool.execute("call", input), CALL_TIMEOUT_MS, "execute");
				const text = checkResultShape(result);
				const bytes = Buffer.byteLength(text, "utf8");
				check(bytes < MAX_RESULT_BYTES, () => {
					const activated = result.isError === true ? 0 : result.details.activated_tools.length;
					return `result text is ${bytes} bytes (${activated} tools activated)`;
				});
			});
		},
	};
	return [neverThrows, bounded];
}

export const properties: FuzzProperty[] = argumentsProperties();
