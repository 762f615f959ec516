/**
 * Property 6, concurrency: overlapping `execute` calls on one `tool_search` instance, over a host
 * whose `getAllTools()` returns fresh objects each time (as pi does), with the built-in ranker or
 * an async ranker with random delays, and random host changes (tools added, updated, removed,
 * deactivated) between the calls. Each call's result must equal what the same call gets alone, on
 * a fresh instance, over the host state it started from. Also through `tool-search/pi`.
 */
import fc from "fast-check";
import {
	createToolSearchTool,
	type ToolInfo,
	type ToolRanker,
	type ToolSearchToolDetails,
} from "tool-search";
import { toolSearchExtension } from "tool-search/pi";
import { Bm25Ranker } from "tool-search/ranking";
import { words } from "./gen.js";
import { check, type FuzzProperty, show, sleep, withTimeout } from "./harness.js";

const CALL_TIMEOUT_MS = 10_000;

interface ToolSpec {
	name: string;
	description: string;
	param: string;
}

const NAMES = Array.from({ length: 14 }, (_, i) => `srv${i % 3}__tool_${i}`);
const toolSpec: fc.Arbitrary<ToolSpec> = fc.record({
	name: fc.constantFrom(...NAMES),
	description: words(8),
	param: fc.constantFrom("path", "city", "repo"),
});

type Step =
	| { kind: "call"; query: string; limit: number }
	| { kind: "upsert"; tool: ToolSpec }
	| { kind: "remove"; name: string }
	| { kind: "deactivate"; every: number }
	| { kind: "tick"; ms: number };

const step = (removals: boolean): fc.Arbitrary<Step> =>
	fc.oneof(
		{
			weight: 5,
			arbitrary: fc.record({
				kind: fc.constant("call" as const),
				query: words(4).map((q) => `${q} send`),
				limit: fc.integer({ min: 1, max: 6 }),
			}),
		},
		{ weight: 2, arbitrary: fc.record({ kind: fc.constant("upsert" as const), tool: toolSpec }) },
		{
			weight: removals ? 1 : 0,
			arbitrary: fc.record({ kind: fc.constant("remove" as const), name: fc.constantFrom(...NAMES) }),
		},
		{
			weight: 1,
			arbitrary: fc.record({
				kind: fc.constant("deactivate" as const),
				every: fc.integer({ min: 1, max: 3 }),
			}),
		},
		{
			weight: 2,
			arbitrary: fc.record({ kind: fc.constant("tick" as const), ms: fc.constantFrom(-1, 0, 1) }),
		},
	);

const toInfo = (spec: ToolSpec): ToolInfo => ({
	name: spec.name,
	description: spec.description,
	parameters: {
		type: "object",
		properties: { [spec.param]: { type: "string", description: spec.description } },
	},
});

interface HostState {
	tools: Map<string, ToolSpec>;
	active: string[];
}

/** A host like pi's: fresh tool objects on every `getAllTools()`. */
function freshHost(state: HostState, known: Set<string>) {
	return {
		getAllTools: (): ToolInfo[] => [...state.tools.values()].map(toInfo),
		getActiveTools: (): string[] => [...state.active],
		setActiveTools(names: string[]) {
			state.active = names.filter((name) => known.has(name));
		},
	};
}

type RankerKind = "builtin" | "async";

/** An async ranker: a Bm25Ranker behind random delays. */
function asyncRanker(delays: readonly number[]): ToolRanker {
	const inner = new Bm25Ranker();
	let call = 0;
	return {
		name: "async-bm25",
		async rank(query, documents, limit) {
			const delay = delays.length === 0 ? -1 : (delays[call++ % delays.length] as number);
			if (delay >= 0) await sleep(delay);
			else await Promise.resolve();
			return inner.rank(query, documents, limit);
		},
	};
}

/** What a result says, for comparing a concurrent call with the same call alone. */
function essence(result: { content: { text: string }[]; details: unknown; isError?: boolean }) {
	const details = result.details as ToolSearchToolDetails;
	return {
		text: result.content[0]?.text,
		isError: result.isError === true,
		activated: details.activated_tools,
		total: details.total_tools,
		rankedBy: details.ranked_by,
		tools: details.tools?.map((tool) => `${tool.name}:${tool.score.toFixed(4)}`),
		unmatched: details.unmatched_terms,
		abstained: details.abstained,
	};
}

type Adapter = "core" | "pi";

interface Runner {
	execute(
		id: string,
		params: unknown,
	): Promise<{ content: { text: string }[]; details: unknown; isError?: boolean }>;
}

function makeRunner(
	adapter: Adapter,
	host: ReturnType<typeof freshHost>,
	ranker: ToolRanker | undefined,
): Runner {
	if (adapter === "core") {
		const tool = createToolSearchTool({ tools: host, ...(ranker === undefined ? {} : { ranker }) });
		return { execute: (id, params) => tool.execute(id, params) };
	}
	let definition: { execute(...args: unknown[]): Promise<unknown> } | undefined;
	const pi = {
		...host,
		getAllTools: () => [...host.getAllTools(), { name: "tool_search", description: "search" }],
		registerTool(tool: unknown) {
			definition = tool as typeof definition;
		},
		on() {},
	};
	toolSearchExtension(ranker === undefined ? {} : { ranker })(pi as never);
	return {
		execute: async (id, params) =>
			(await (definition as NonNullable<typeof definition>).execute(
				id,
				params,
				undefined,
				undefined,
				undefined,
			)) as never,
	};
}

function concurrencyProperty(adapter: Adapter, runs: number): FuzzProperty {
	return {
		name: `concurrency/${adapter}`,
		summary: `${adapter === "pi" ? "tool-search/pi: " : ""}overlapping execute calls over a fresh-objects host with changes between: each equals the call alone`,
		runs,
		property: () =>
			fc.asyncProperty(
				fc.uniqueArray(toolSpec, { selector: (t) => t.name, minLength: 1, maxLength: 10 }),
				fc.array(step(adapter === "core"), { minLength: 2, maxLength: 16 }),
				fc.constantFrom<RankerKind>("builtin", "async"),
				fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 6 }),
				async (initial, steps, rankerKind, delays) => {
					const state: HostState = { tools: new Map(initial.map((t) => [t.name, t])), active: [] };
					const known = new Set(NAMES);
					const runner = makeRunner(
						adapter,
						freshHost(state, known),
						rankerKind === "async" ? asyncRanker(delays) : undefined,
					);
					const calls: { step: Step; snapshot: HostState; pending: Promise<unknown> }[] = [];
					let id = 0;
					for (const s of steps) {
						if (s.kind === "call") {
							const snapshot: HostState = { tools: new Map(state.tools), active: [...state.active] };
							const pending = runner.execute(`c${id++}`, { query: s.query, limit: s.limit });
							pending.catch(() => {});
							calls.push({ step: s, snapshot, pending });
						} else if (s.kind === "upsert") state.tools.set(s.tool.name, s.tool);
						else if (s.kind === "remove") state.tools.delete(s.name);
						else if (s.kind === "deactivate") state.active = state.active.filter((_, i) => i % s.every !== 0);
						else if (s.ms < 0) await Promise.resolve();
						else await sleep(s.ms);
					}
					for (const [i, call] of calls.entries()) {
						const got = essence((await withTimeout(call.pending, CALL_TIMEOUT_MS, `call ${i}`)) as never);
						const alone = makeRunner(
							adapter,
							freshHost({ tools: new Map(call.snapshot.tools), active: [...call.snapshot.active] }, known),
							rankerKind === "async" ? asyncRanker([]) : undefined,
						);
						const { query, limit } = call.step as { query: string; limit: number };
						const want = essence(
							await withTimeout(alone.execute("alone", { query, limit }), CALL_TIMEOUT_MS, "call alone"),
						);
						check(
							JSON.stringify(got) === JSON.stringify(want),
							() =>
								`call ${i} of ${calls.length} (${show(call.step, 200)}): got ${show(got, 500)}, alone ${show(want, 500)}`,
						);
					}
				},
			),
	};
}

export const properties: FuzzProperty[] = [
	concurrencyProperty("core", 4_000),
	concurrencyProperty("pi", 1_500),
];
