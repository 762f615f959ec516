/** The catalogues the benchmark runs on: generated ones of any size, and the bundled real ones. */
import { readFileSync } from "node:fs";
import { type BenchTool, generateCatalogue } from "./generate.js";
import { generateHeadTermCatalogue } from "./generate-head-terms.js";

/** A catalogue, described so that a worker process can load it again. */
export type CatalogueSpec =
	| { kind: "generated"; size: number; seed: number }
	| { kind: "head-terms"; size: number; seed: number }
	| { kind: "file"; name: string; path: string };

/** The bundled real catalogues (data/README.md). */
export const REAL_CATALOGUES: readonly CatalogueSpec[] = [
	{ kind: "file", name: "livemcpbench", path: "data/livemcpbench.json" },
	{ kind: "file", name: "bfcl", path: "data/bfcl.json" },
];

/** Name of a catalogue in tables and JSON: `generated-10k`, `livemcpbench`. */
export function catalogueName(spec: CatalogueSpec): string {
	if (spec.kind === "file") return spec.name;
	const { size } = spec;
	const short = size % 1000 === 0 ? `${size / 1000}k` : String(size);
	return `${spec.kind}-${short}`;
}

export function loadCatalogue(spec: CatalogueSpec): BenchTool[] {
	if (spec.kind === "generated") return generateCatalogue({ size: spec.size, seed: spec.seed });
	if (spec.kind === "head-terms") return generateHeadTermCatalogue({ size: spec.size, seed: spec.seed });
	const data = JSON.parse(readFileSync(spec.path, "utf8")) as { tools?: unknown };
	if (!Array.isArray(data.tools)) throw new Error(`${spec.path} has no tools array`);
	return data.tools.map((tool: Record<string, unknown>) => ({
		name: String(tool.name),
		description: typeof tool.description === "string" ? tool.description : "",
		parameters: tool.parameters,
		server: typeof tool.server === "string" ? tool.server : null,
	}));
}
