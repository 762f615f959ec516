import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
	});
}

/** Every relative specifier in `import … from`, `import type … from`, `export … from` and `import("…")`. */
function relativeImports(source: string): string[] {
	const found: string[] = [];
	const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;
	for (const match of source.matchAll(pattern)) found.push(match[1] as string);
	return found;
}

/** The file a relative specifier names (`./x.js` → `./x.ts`, a folder → its `index.ts`). */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
	const base = resolve(dirname(from), specifier);
	const candidates = [base.replace(/\.js$/, ".ts"), `${base}.ts`, join(base, "index.ts"), base];
	return candidates.find((candidate) => files.has(candidate));
}

/** One cycle per strongly connected part of the graph found by a depth-first search, as a path. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
	const cycles: string[][] = [];
	const state = new Map<string, "open" | "done">();
	const stack: string[] = [];
	const visit = (node: string): void => {
		state.set(node, "open");
		stack.push(node);
		for (const next of graph.get(node) ?? []) {
			const seen = state.get(next);
			if (seen === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
			else if (seen === undefined) visit(next);
		}
		stack.pop();
		state.set(node, "done");
	};
	for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
	return cycles;
}

describe("import graph of src", () => {
	it("finds a cycle in a graph that has one, and none in a chain (self-check)", () => {
		const cyclic = new Map([
			["a", ["b"]],
			["b", ["c"]],
			["c", ["a"]],
		]);
		expect(findCycles(cyclic)).toEqual([["a", "b", "c", "a"]]);
		expect(
			findCycles(
				new Map([
					["a", ["b"]],
					["b", ["c"]],
					["c", []],
				]),
			),
		).toEqual([]);
		expect(relativeImports('import type { X } from "./x.js";\nexport { y } from "../y.js";')).toEqual([
			"./x.js",
			"../y.js",
		]);
	});

	it("has no cycles, counting `import type` too", () => {
		const files = sourceFiles(SRC);
		const known = new Set(files);
		const graph = new Map<string, string[]>();
		for (const file of files) {
			const targets = relativeImports(readFileSync(file, "utf8"))
				.map((specifier) => resolveImport(file, specifier, known))
				.filter((target): target is string => target !== undefined);
			graph.set(file, targets);
		}
		expect(graph.size).toBeGreaterThan(20);
		const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(" → "));
		expect(cycles).toEqual([]);
	});
});
