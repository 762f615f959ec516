/**
 * What a host with a large catalogue pays per `tool_search` call, end to end: the first call (search
 * documents and the index built from nothing), later calls (the catalogue's change check plus the
 * query), and a warm start from a saved ranker (`Bm25Ranker.toJSON` / `fromJSON`).
 *
 *   node --import tsx bench/tool-search-call.ts [--size 100000] [--calls 200]
 *
 * An in-memory host returns the same tool objects in a fresh array on every call (as pi does) and
 * resets the active set before each call, so every call searches the whole catalogue.
 */
import { Bm25Ranker } from "../src/ranking/bm25-ranker.js";
import { createToolSearchTool } from "../src/tool/create-tool-search-tool.js";
import type { ToolInfo } from "../src/types.js";
import { flag } from "./flags.js";
import { generateCatalogue, generateQueries } from "./generate.js";

const size = flag("--size", 100_000);
const calls = flag("--calls", 200);
const catalogue = generateCatalogue({ size, seed: 20250601 });
const tools: ToolInfo[] = catalogue.map((tool) => ({
	name: tool.name,
	description: tool.description,
	parameters: tool.parameters,
}));
const queries = generateQueries({ count: calls + 1, seed: 7, catalogue });
let active: readonly string[] = ["tool_search"];
const host = {
	getAllTools: () => [...tools],
	getActiveTools: () => active,
	setActiveTools: (names: readonly string[]) => {
		active = names;
	},
};

async function firstCall(
	ranker: Bm25Ranker,
): Promise<{ ms: number; tool: ReturnType<typeof createToolSearchTool> }> {
	const tool = createToolSearchTool({ tools: host, ranker });
	active = ["tool_search"];
	const start = performance.now();
	await tool.execute("first", { query: queries[0] as string });
	return { ms: performance.now() - start, tool };
}

const cold = new Bm25Ranker();
const first = await firstCall(cold);
const perCall: number[] = [];
for (const query of queries.slice(1)) {
	active = ["tool_search"];
	const start = performance.now();
	await first.tool.execute("call", { query, limit: 5 });
	perCall.push(performance.now() - start);
}
perCall.sort((a, b) => a - b);

let start = performance.now();
const saved = JSON.stringify(cold);
const saveMs = performance.now() - start;
start = performance.now();
const loaded = Bm25Ranker.fromJSON(JSON.parse(saved));
const loadMs = performance.now() - start;
const warm = await firstCall(loaded);

const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
console.log(`tool_search over ${size.toLocaleString("en")} generated tools (Node ${process.versions.node})`);
console.log(`  first call, from nothing (documents + index):   ${ms(first.ms)}`);
console.log(
	`  later calls (change check + query), ${perCall.length}:      p50 ${ms(perCall[perCall.length >> 1] as number)} · p95 ${ms(perCall[Math.floor(perCall.length * 0.95)] as number)}`,
);
console.log(
	`  save the ranker (JSON.stringify):               ${ms(saveMs)} · ${(saved.length / 1e6).toFixed(1)} MB`,
);
console.log(`  load it (JSON.parse + Bm25Ranker.fromJSON):     ${ms(loadMs)}`);
console.log(
	`  first call from the loaded ranker:              ${ms(warm.ms)} (${loaded.stats.restored} tools restored, ${loaded.stats.builds} builds)`,
);
