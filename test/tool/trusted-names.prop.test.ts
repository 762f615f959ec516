import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../src/index.js";
import { Bm25Ranker } from "../../src/ranking.js";
import type { ToolInfo } from "../../src/types.js";

const NAMES = ["a_tool", "b_tool", "c_tool", "d_tool", "e_tool", "tool_search", "\ud800_odd", "😀_tool"];
const DESCRIPTIONS = ["weather forecast", "send an email", "read a file", "create an issue"];

type Item = { name: string; description: number } | "malformed";
const item: fc.Arbitrary<Item> = fc.oneof(
	{ weight: 6, arbitrary: fc.record({ name: fc.constantFrom(...NAMES), description: fc.nat(3) }) },
	{ weight: 1, arbitrary: fc.constant("malformed" as const) },
);
const toolsOf = (items: readonly Item[]): ToolInfo[] =>
	items.map((it) =>
		it === "malformed"
			? ({ name: 7 } as unknown as ToolInfo)
			: { name: it.name, description: DESCRIPTIONS[it.description] as string },
	);

function host(tools: () => ToolInfo[], version: () => string) {
	let active: string[] = [];
	return {
		getAllTools: () => [...tools()],
		getCatalogVersion: version,
		getActiveTools: () => active,
		setActiveTools: (names: string[]) => {
			active = names;
		},
	};
}

describe("a binary snapshot's tool_search (property)", () => {
	it("answers as a JSON snapshot's, for any host catalogue at the saved version and after", async () => {
		let trusted = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.array(item, { maxLength: 10 }),
				fc.array(item, { maxLength: 10 }),
				fc.array(item, { maxLength: 10 }),
				fc.subarray(NAMES),
				fc.array(fc.nat(), { maxLength: 10 }),
				async (savedItems, extra, later, excluded, places) => {
					// At the saved version: the saved items with others slipped in (the names checked in order
					// until one breaks the pattern), or other items altogether.
					const atSaved = places.length === 0 ? extra : [...savedItems];
					if (places.length > 0)
						extra.forEach((it, k) => {
							atSaved.splice((places[k % places.length] as number) % (atSaved.length + 1), 0, it);
						});
					const savedRanker = new Bm25Ranker();
					await createToolSearchTool({
						tools: host(
							() => toolsOf(savedItems),
							() => "v1",
						),
						ranker: savedRanker,
					}).execute("s", { query: "weather" });
					const json = JSON.parse(JSON.stringify(savedRanker)) as unknown;
					const binary = Bm25Ranker.fromJSON(json).toBinary();
					// Restored at v1: the first call checks the host's names against the saved ones (taken-names.ts).
					if (Bm25Ranker.fromBinary(binary).catalogVersion === "v1") trusted++;
					const run = async (ranker: Bm25Ranker) => {
						let tools = toolsOf(atSaved);
						let version = "v1";
						const search = createToolSearchTool({
							tools: host(
								() => tools,
								() => version,
							),
							ranker,
							// Per tool, not per name: a later tool of an excluded name must still be skipped.
							exclude: (t) => excluded.includes(t.name) && t.description !== DESCRIPTIONS[2],
						});
						const out: unknown[] = [];
						for (const step of [0, 1]) {
							if (step === 1) {
								tools = toolsOf(later);
								version = "v2";
							}
							for (const query of ["weather forecast", "email", "zzzz"]) {
								const { details } = await search.execute("x", { query, limit: 3 });
								const { discovery: _, ...rest } = details as { discovery?: unknown };
								out.push(rest);
							}
						}
						return out;
					};
					expect(await run(Bm25Ranker.fromBinary(binary))).toEqual(await run(Bm25Ranker.fromJSON(json)));
				},
			),
			{ numRuns: 150 },
		);
		expect(trusted).toBeGreaterThan(75);
	}, 60_000);
});
