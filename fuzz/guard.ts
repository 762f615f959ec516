/**
 * Property 8, the guard: `checkToolCall` with arbitrary names over hosts with junk catalogues and
 * active sets. Never throws for a valid host; statuses are consistent with the host; suggestions
 * are catalogue names, at most `maxSuggestions`. A second property bounds the suggestion work for
 * long names (the README's limits: no call takes seconds).
 */
import fc from "fast-check";
import { checkToolCall, type ToolInfo } from "tool-search";
import { anything, hostileString, hugeString, plainTool, toolName } from "./gen.js";
import { check, deepFreeze, type FuzzProperty, show } from "./harness.js";

const name = fc.oneof(
	{ weight: 10, arbitrary: toolName },
	{ weight: 10, arbitrary: hostileString(80) },
	{ weight: 1, arbitrary: hugeString },
);
const entry = fc.oneof(
	{ weight: 6, arbitrary: plainTool(fc.oneof(toolName, hostileString(40))) },
	{ weight: 1, arbitrary: anything },
);

function guardProperties(): FuzzProperty[] {
	const guard: FuzzProperty = {
		name: "guard/check-tool-call",
		summary:
			"checkToolCall(any name, junk host): no throw; status matches the host; suggestions are catalogue names",
		runs: 150_000,
		property: () =>
			fc.property(
				name,
				fc.array(entry, { maxLength: 30 }),
				fc.oneof(fc.array(fc.oneof(toolName, anything), { maxLength: 5 }), anything),
				fc.record(
					{ autoActivate: fc.boolean(), maxSuggestions: fc.integer({ min: 0, max: 10 }) },
					{ requiredKeys: [] },
				),
				(called, tools, active, options) => {
					deepFreeze(tools);
					deepFreeze(active);
					let set: string[] | undefined;
					const host = {
						getAllTools: () => tools as ToolInfo[],
						getActiveTools: () => active as string[],
						setActiveTools: (names: string[]) => {
							set = names;
						},
					};
					let result: ReturnType<typeof checkToolCall>;
					try {
						result = checkToolCall(called, host, options);
					} catch (error) {
						throw new Error(
							`checkToolCall threw ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`,
						);
					}
					const names = new Set(
						tools.flatMap((tool) =>
							typeof tool === "object" && tool !== null && typeof (tool as ToolInfo).name === "string"
								? [(tool as ToolInfo).name]
								: [],
						),
					);
					const isActive = Array.isArray(active) && active.includes(called);
					if (isActive) check(result.status === "active", `status ${result.status} for an active tool`);
					else if (names.has(called) && called !== "")
						check(
							result.status === (options.autoActivate ? "activated" : "inactive"),
							`status ${result.status} for a known tool`,
						);
					else check(result.status === "unknown", `status ${result.status} for an unknown tool`);
					if (result.status === "activated")
						check(set?.includes(called) === true, "activated without setActiveTools");
					if (result.status === "inactive" || result.status === "unknown") {
						check(typeof result.message === "string" && result.message !== "", "no message");
					}
					if (result.status === "unknown") {
						check(
							result.suggestions.length <= (options.maxSuggestions ?? 3),
							`${result.suggestions.length} suggestions`,
						);
						for (const suggestion of result.suggestions)
							check(names.has(suggestion), `suggestion ${JSON.stringify(suggestion)} is not a tool`);
						check(new Set(result.suggestions).size === result.suggestions.length, "duplicate suggestions");
					}
				},
			),
	};

	const time: FuzzProperty = {
		name: "guard/suggestion-work",
		summary:
			"checkToolCall of an unknown long name over 300 long names: under 2 s (quadratic edit distance takes far longer)",
		runs: 15,
		timeLimitMs: 90_000,
		property: () =>
			fc.property(
				fc.integer({ min: 200, max: 2_500 }),
				fc.integer({ min: 50, max: 300 }),
				fc.integer({ min: 1, max: 2 ** 30 }),
				(length, count, seed) => {
					let state = seed;
					const letter = (): string => {
						state ^= state << 13;
						state ^= state >>> 17;
						state ^= state << 5;
						return "abcdefgh_"[(state >>> 0) % 9] as string;
					};
					// Near-identical names (a few letters changed in the middle), so no cutoff spares the work.
					const base = Array.from({ length }, letter);
					const near = (): string => {
						const copy = [...base];
						for (let i = 0; i < 3; i++)
							copy[Math.floor(length / 4) + ((state >>> 0) % (length / 2))] = letter();
						return copy.join("");
					};
					const tools = Array.from({ length: count }, () => ({ name: near() }));
					const host = { getAllTools: () => tools, getActiveTools: () => [], setActiveTools: () => {} };
					const started = performance.now();
					checkToolCall(`${near()}x`, host);
					const ms = performance.now() - started;
					check(ms < 2_000, `took ${ms.toFixed(0)} ms for ${count} names of ${length} characters`);
				},
			),
	};
	return [guard, time];
}

export const properties: FuzzProperty[] = guardProperties();
