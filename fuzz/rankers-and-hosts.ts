/**
 * Property 5, faulty rankers and hosts: rankers that throw, reject, return garbage (non-arrays,
 * unknown names, NaN / ±Infinity scores, duplicates, getters that throw), resolve late or never;
 * hosts whose `setActiveTools` throws or ignores names, or whose `getActiveTools` returns junk.
 * `tool_search` falls back or errors clearly, never hangs (each call raced with a timeout), never
 * reports a non-finite score, and reports as activated only what the host holds.
 */
import fc from "fast-check";
import { createToolSearchTool, type ToolRanker, type ToolSearchDocument, ToolSearchError } from "tool-search";
import { anything, fixedCatalogue, words } from "./gen.js";
import { check, deepFreeze, type FuzzProperty, HangError, show, sleep, withTimeout } from "./harness.js";
import { checkResultShape } from "./tool-arguments.js";

const CALL_TIMEOUT_MS = 10_000;

type Behaviour =
	| { kind: "throw" | "reject"; value: unknown }
	| { kind: "garbage"; value: unknown }
	| { kind: "matches"; picks: { at: number; score: number; dup: boolean }[]; unknown: boolean; late: number }
	| { kind: "late-good"; delay: number }
	| { kind: "getter" };

const score = fc.oneof(
	fc.double(),
	fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1e308, -1, 5e-324),
);

const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
	fc.record({
		kind: fc.constantFrom("throw" as const, "reject" as const),
		value: fc.oneof(anything, fc.constant(new Error("ranker down"))),
	}),
	fc.record({
		kind: fc.constant("garbage" as const),
		value: fc.oneof(
			anything,
			fc.array(anything, { maxLength: 5 }),
			fc.array(fc.record({ name: anything, score: anything }, { requiredKeys: [] }), { maxLength: 5 }),
		),
	}),
	fc.record({
		kind: fc.constant("matches" as const),
		picks: fc.array(fc.record({ at: fc.nat(), score, dup: fc.boolean() }), { maxLength: 12 }),
		unknown: fc.boolean(),
		late: fc.constantFrom(-1, 0, 1, 5),
	}),
	fc.record({ kind: fc.constant("late-good" as const), delay: fc.integer({ min: 0, max: 20 }) }),
	fc.constant({ kind: "getter" as const }),
);

function faultyRanker(b: Behaviour): ToolRanker {
	return {
		name: `faulty-${b.kind}`,
		async rank(_query: string, documents: readonly ToolSearchDocument[], limit: number) {
			if (b.kind === "throw" || b.kind === "reject") {
				if (b.kind === "throw") throw b.value;
				return Promise.reject(b.value);
			}
			if (b.kind === "garbage") return b.value as never;
			if (b.kind === "getter") {
				const match = {};
				Object.defineProperty(match, "name", {
					get() {
						throw new Error("match getter");
					},
				});
				return [match] as never;
			}
			if (b.kind === "late-good") {
				await sleep(b.delay);
				return documents.slice(0, Math.min(limit, 3)).map((d, i) => ({ name: d.name, score: 3 - i }));
			}
			const m = b as Extract<Behaviour, { kind: "matches" }>;
			if (m.late >= 0) await sleep(m.late);
			const out: { name: string; score: number }[] = [];
			for (const pick of m.picks) {
				const document = documents[pick.at % Math.max(1, documents.length)];
				if (document === undefined) continue;
				out.push({ name: document.name, score: pick.score });
				if (pick.dup) out.push({ name: document.name, score: pick.score });
			}
			if (m.unknown) out.push({ name: "no_such_tool", score: 1 });
			return out;
		},
	};
}

type HostFault = "none" | "set-throws" | "set-ignores" | "set-half" | "active-junk" | "get-all-fresh";
const hostFault = fc.constantFrom<HostFault>(
	"none",
	"set-throws",
	"set-ignores",
	"set-half",
	"active-junk",
	"get-all-fresh",
);

const SET_ERROR = new Error("setActiveTools refused");

const TOOLS = deepFreeze(fixedCatalogue(40, 3));

function faultyHost(fault: HostFault, junk: unknown) {
	const tools = TOOLS;
	let active: string[] = [];
	return {
		getAllTools: () => (fault === "get-all-fresh" ? tools.map((tool) => ({ ...tool })) : tools),
		getActiveTools: () => (fault === "active-junk" ? (junk as string[]) : active),
		setActiveTools(names: string[]) {
			if (fault === "set-throws") throw SET_ERROR;
			if (fault === "set-ignores") return;
			if (fault === "set-half") active = names.filter((_, i) => i % 2 === 0);
			else active = [...names];
		},
		active: () => active,
	};
}

function rankerProperties(): FuzzProperty[] {
	const faulty: FuzzProperty = {
		name: "rankers/faulty",
		summary:
			"faulty ranker x faulty host: settles, falls back or rejects with the host's error, finite scores, honest activations",
		runs: 30_000,
		property: () =>
			fc.asyncProperty(
				behaviour,
				hostFault,
				anything,
				words(4),
				fc.integer({ min: 1, max: 12 }),
				async (b, fault, junk, query, limit) => {
					const host = faultyHost(fault, junk);
					const ranker = faultyRanker(b);
					const tool = createToolSearchTool({ tools: host, ranker });
					let result: Awaited<ReturnType<typeof tool.execute>>;
					try {
						result = await withTimeout(
							tool.execute("call", { query: `${query} send`, limit }),
							CALL_TIMEOUT_MS,
							"execute",
						);
					} catch (error) {
						if (error instanceof HangError) throw error;
						// The one documented pass-through: the host's own callback failed.
						check(
							fault === "set-throws" && error === SET_ERROR,
							() => `execute rejected with ${show(error, 300)}`,
						);
						return;
					}
					const text = checkResultShape(result);
					check(result.isError !== true, () => `error result for good arguments: ${text.slice(0, 200)}`);
					const { details } = result;
					check(
						details.activated_tools.length <= limit,
						`activated ${details.activated_tools.length} > limit ${limit}`,
					);
					if (b.kind === "throw" || b.kind === "reject" || b.kind === "getter") {
						check(details.ranked_by === "fallback", `ranked_by ${details.ranked_by} after a ${b.kind}`);
						check(typeof details.fallback_reason === "string", "no fallback_reason");
					}
					if (fault !== "active-junk") {
						const held = new Set(host.active());
						for (const name of details.activated_tools) {
							check(held.has(name), `${name} reported activated, but the host does not hold it`);
						}
					}
				},
			),
	};

	const neverSettles: FuzzProperty = {
		name: "rankers/never-settles",
		summary:
			"a ranker whose promise never settles: execute settles (deadline), or rejects ABORTED when the signal fires",
		runs: 12,
		timeLimitMs: 90_000,
		property: () =>
			fc.asyncProperty(fc.boolean(), words(3), async (withSignal, query) => {
				const host = faultyHost("none", undefined);
				const ranker: ToolRanker = { name: "stuck", rank: () => new Promise(() => {}) };
				const tool = createToolSearchTool({ tools: host, ranker });
				const controller = new AbortController();
				if (withSignal) setTimeout(() => controller.abort(new Error("caller gave up")), 20).unref();
				try {
					const result = await withTimeout(
						tool.execute("call", { query: `${query} send` }, withSignal ? controller.signal : undefined),
						CALL_TIMEOUT_MS,
						"execute with a ranker that never settles",
					);
					checkResultShape(result);
				} catch (error) {
					if (error instanceof HangError) throw error;
					check(
						ToolSearchError.isInstance(error) && (error.code === "ABORTED" || !withSignal),
						() => `rejected with ${show(error, 300)}`,
					);
				}
			}),
	};
	return [faulty, neverSettles];
}

export const properties: FuzzProperty[] = rankerProperties();
