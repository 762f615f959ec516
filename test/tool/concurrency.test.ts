/**
 * Overlapping `tool_search` calls on one tool instance: each call gets the result it would get
 * alone on the host state it started from, whatever the interleaving (issue 12, item 1).
 */
import fc from "fast-check";
import { type PiExtensionApi, toolSearchExtension } from "tool-search/pi";
import { describe, expect, it } from "vitest";
import type { ToolHost } from "../../src/host/types.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import type { ToolSearchToolDetails, ToolSearchToolResult } from "../../src/tool/format-result.js";
import type { ToolRanker } from "../../src/types.js";
import { createToyRanker } from "../helpers/toy-ranker.js";

interface HostState {
	tools: { name: string; description: string }[];
	active: string[];
}

/**
 * A host like pi's: `getAllTools()` returns fresh objects every time; `setActiveTools` keeps every
 * name it is given (so what a call activates depends on its own view only).
 */
function freshObjectHost(state: HostState): ToolHost {
	return {
		getAllTools: () => state.tools.map((tool) => ({ ...tool })),
		getActiveTools: () => [...state.active],
		setActiveTools: (names) => {
			state.active = [...names];
		},
	};
}

/** A host that says its catalogue version (bumped by every change) and returns its own array. */
function versionedHost(state: HostState & { version?: number }): ToolHost {
	return {
		getAllTools: () => state.tools,
		getCatalogVersion: () => state.version ?? 0,
		getActiveTools: () => [...state.active],
		setActiveTools: (names) => {
			state.active = [...names];
		},
	};
}

function cloneState(state: HostState): HostState {
	return { tools: state.tools.map((tool) => ({ ...tool })), active: [...state.active] };
}

/** What a call found, without `active_selected_tools` (which depends on the instance's history). */
function found(result: ToolSearchToolResult): Partial<ToolSearchToolDetails> | string {
	if (result.isError === true) return result.content[0].text;
	const { active_selected_tools: _, ...rest } = result.details;
	return rest;
}

const WORDS = ["read", "write", "file", "issue", "github", "mail", "send", "weather", "city", "list"];
const NAMES = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"];
const description = fc
	.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 })
	.map((words) => words.join(" "));
const query = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(" "));
const operation = fc.oneof(
	fc.record({ kind: fc.constant("call" as const), query, limit: fc.integer({ min: 1, max: 4 }) }),
	fc.record({ kind: fc.constant("set" as const), name: fc.constantFrom(...NAMES), description }),
	fc.record({ kind: fc.constant("remove" as const), name: fc.constantFrom(...NAMES) }),
);
const initialTools = fc.uniqueArray(fc.record({ name: fc.constantFrom(...NAMES), description }), {
	selector: (tool) => tool.name,
	maxLength: NAMES.length,
});

function apply(
	state: HostState & { version?: number },
	op: { kind: "set" | "remove"; name: string; description?: string },
): void {
	const rest = state.tools.filter((tool) => tool.name !== op.name);
	state.tools = op.kind === "set" ? [...rest, { name: op.name, description: op.description ?? "" }] : rest;
	state.version = (state.version ?? 0) + 1;
}

describe("tool_search: overlapping calls", () => {
	it("1,000 concurrent calls over a host returning fresh objects all get their matches", async () => {
		const state: HostState = {
			tools: [
				{ name: "github__create_issue", description: "Create an issue in a GitHub repository." },
				{ name: "mail__send", description: "Send an email." },
			],
			active: [],
		};
		const tool = createToolSearchTool({ tools: freshObjectHost(state) });
		const results = await Promise.all(
			Array.from({ length: 1000 }, (_, i) => tool.execute(`call-${i}`, { query: "create github issue" })),
		);
		for (const result of results) {
			expect(result.isError).toBeUndefined();
			expect(result.details).toMatchObject({ activated_tools: ["github__create_issue"], total_tools: 2 });
		}
	});

	it("each call's result equals a sequential run on the host state it started from, with or without a catalogue version (property)", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.scheduler(),
				initialTools,
				fc.array(operation, { minLength: 1, maxLength: 12 }),
				fc.boolean(),
				fc.boolean(),
				async (s, tools, ops, builtIn, versioned) => {
					const toy = createToyRanker();
					// An async ranker whose answers arrive in an order the scheduler picks.
					const delayed: ToolRanker = {
						rank: (q, documents, limit) =>
							s.schedule(Promise.resolve(), "ranker").then(() => toy.rank(q, documents, limit)),
					};
					const ranker = builtIn ? undefined : delayed;
					const state: HostState = { tools, active: [] };
					const host = versioned ? versionedHost(state) : freshObjectHost(state);
					const tool = createToolSearchTool({ tools: host, ranker });
					const calls: Promise<{ before: HostState; params: object; result: ToolSearchToolResult }>[] = [];
					for (const op of ops) {
						const started = s.schedule(Promise.resolve(), op.kind);
						if (op.kind === "call") {
							const params = { query: op.query, limit: op.limit };
							calls.push(
								started.then(async () => {
									const before = cloneState(state);
									return { before, params, result: await tool.execute("call", params) };
								}),
							);
						} else {
							void started.then(() => apply(state, op));
						}
					}
					for (const { before, params, result } of await s.waitFor(Promise.all(calls))) {
						const alone = createToolSearchTool({
							tools: freshObjectHost(before),
							ranker: builtIn ? undefined : toy,
						});
						expect(found(result)).toEqual(found(await alone.execute("alone", params)));
					}
				},
			),
			{ numRuns: 200 },
		);
	});

	it("holds through tool-search/pi, whose tool wraps the same execute", async () => {
		let all: { name: string; description: string }[] = [
			{ name: "github__create_issue", description: "Create an issue in a GitHub repository." },
			{ name: "weather__forecast", description: "Get the weather forecast for a city." },
		];
		let active: string[] = [];
		let definition: { execute: (...args: unknown[]) => Promise<{ details: unknown }> } | undefined;
		const pi = {
			registerTool(tool: unknown) {
				definition = tool as typeof definition;
			},
			on() {},
			getAllTools: () => all.map((tool) => ({ ...tool, parameters: { type: "object", properties: {} } })),
			getActiveTools: () => [...active],
			setActiveTools(names: string[]) {
				active = names.filter((name) => all.some((tool) => tool.name === name));
			},
		} as unknown as PiExtensionApi;
		toolSearchExtension({ guard: false })(pi);
		const calls = [
			definition?.execute("1", { query: "create github issue" }, undefined, undefined, {}),
			definition?.execute("2", { query: "weather forecast" }, undefined, undefined, {}),
		];
		all = [...all]; // the host changes nothing but its objects
		const [issue, weather] = await Promise.all(calls);
		expect(issue?.details).toMatchObject({ activated_tools: ["github__create_issue"] });
		expect(weather?.details).toMatchObject({ activated_tools: ["weather__forecast"] });
	});
});
