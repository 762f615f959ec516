import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	type BenchTool,
	DESCRIPTION_WORDS,
	type GeneratedTool,
	generateCatalogue,
	generateQueries,
	mulberry32,
	PARAMETER_COUNT,
	QUERY_WORDS,
	serverCount,
} from "../../bench/generate.js";
import { formatRatio, renderTable } from "../../bench/report.js";
import { median, quantile } from "../../bench/stats.js";
import { VOCABULARY } from "../../bench/words.js";

const NAME = /^mcp__(server_\d+)__[a-z]+_[a-z0-9]+(?:_\d+)?$/;

function wordCount(text: string): number {
	return text.trim().split(/\s+/).length;
}

const catalogue = generateCatalogue({ size: 5000, seed: 11 });

describe("mulberry32", () => {
	it("is deterministic and uniform-looking in [0, 1)", () => {
		const a = mulberry32(1);
		const b = mulberry32(1);
		const values = Array.from({ length: 10_000 }, () => a());
		expect(values).toEqual(Array.from({ length: 10_000 }, () => b()));
		expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
		expect(Math.max(...values)).toBeLessThan(1);
		expect(Math.abs(values.reduce((sum, v) => sum + v, 0) / values.length - 0.5)).toBeLessThan(0.02);
	});
});

describe("vocabulary", () => {
	it("holds about 2,000 distinct lowercase words", () => {
		expect(new Set(VOCABULARY).size).toBe(VOCABULARY.length);
		expect(VOCABULARY.length).toBeGreaterThanOrEqual(1900);
		for (const word of VOCABULARY) expect(word).toMatch(/^[a-z][a-z0-9]*$/);
	});
});

describe("generateCatalogue", () => {
	it("is deterministic: the same seed gives identical output, another seed a different one", () => {
		const again = generateCatalogue({ size: 5000, seed: 11 });
		expect(JSON.stringify(again)).toBe(JSON.stringify(catalogue));
		const other = generateCatalogue({ size: 5000, seed: 12 });
		expect(other.map((tool) => tool.name)).not.toEqual(catalogue.map((tool) => tool.name));
	});

	it("makes exactly the requested number of tools", () => {
		for (const size of [0, 1, 2, 17, 1000]) {
			expect(generateCatalogue({ size, seed: 3 })).toHaveLength(size);
		}
		expect(() => generateCatalogue({ size: -1, seed: 3 })).toThrow(RangeError);
		expect(() => generateCatalogue({ size: 1.5, seed: 3 })).toThrow(RangeError);
	});

	it("gives unique names of the form mcp__server_<k>__<verb>_<noun>[_<n>], matching the server", () => {
		const names = catalogue.map((tool) => tool.name);
		expect(new Set(names).size).toBe(names.length);
		for (const tool of catalogue) {
			const match = NAME.exec(tool.name);
			expect(match, tool.name).not.toBeNull();
			expect(match?.[1]).toBe(tool.server);
		}
		// Some names collide within a server and get a numeric suffix.
		expect(names.some((name) => /_\d+$/.test(name) && !/server_\d+$/.test(name))).toBe(true);
	});

	it("spreads tools over about √size / 3.16 servers (100 for 100k)", () => {
		expect(serverCount(100_000)).toBe(100);
		expect(serverCount(10_000)).toBe(32);
		expect(serverCount(1)).toBe(1);
		const servers = new Set(catalogue.map((tool) => tool.server));
		expect(servers.size).toBe(serverCount(5000));
	});

	it("writes descriptions of 10–60 words", () => {
		const lengths = catalogue.map((tool) => wordCount(tool.description));
		expect(Math.min(...lengths)).toBeGreaterThanOrEqual(DESCRIPTION_WORDS.min);
		expect(Math.max(...lengths)).toBeLessThanOrEqual(DESCRIPTION_WORDS.max);
		// Lengths vary over the range rather than sitting at one value.
		expect(quantile(lengths, 0.9) - quantile(lengths, 0.1)).toBeGreaterThan(20);
	});

	it("gives every tool 1–8 parameters, each with a type and a description, some with enums", () => {
		let enums = 0;
		const counts = new Set<number>();
		for (const tool of catalogue) {
			const { properties, required, type } = tool.parameters;
			expect(type).toBe("object");
			const names = Object.keys(properties);
			counts.add(names.length);
			expect(names.length).toBeGreaterThanOrEqual(PARAMETER_COUNT.min);
			expect(names.length).toBeLessThanOrEqual(PARAMETER_COUNT.max);
			for (const name of required) expect(names).toContain(name);
			for (const property of Object.values(properties)) {
				expect(["string", "integer", "number", "boolean", "array", "object"]).toContain(property.type);
				expect(property.description.trim().length).toBeGreaterThan(0);
				if (property.enum !== undefined) {
					enums++;
					expect(property.type).toBe("string");
					expect(property.enum.length).toBeGreaterThanOrEqual(2);
				}
			}
		}
		expect(enums).toBeGreaterThan(0);
		expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
	});

	it("draws words with a Zipf-like frequency: common words are far more common than typical ones", () => {
		const counts = new Map<string, number>();
		for (const tool of catalogue) {
			for (const word of tool.description.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
				counts.set(word, (counts.get(word) ?? 0) + 1);
			}
		}
		const frequencies = [...counts.values()].sort((a, b) => b - a);
		expect(counts.size).toBeGreaterThan(1000);
		expect(frequencies[50] as number).toBeGreaterThan(10 * median(frequencies));
	});

	it("keeps its invariants for any seed and size (property)", () => {
		fc.assert(
			fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), (seed, size) => {
				const tools = generateCatalogue({ size, seed });
				expect(JSON.stringify(generateCatalogue({ size, seed }))).toBe(JSON.stringify(tools));
				expect(tools).toHaveLength(size);
				expect(new Set(tools.map((tool) => tool.name)).size).toBe(size);
				for (const tool of tools) {
					expect(tool.name).toMatch(NAME);
					const words = wordCount(tool.description);
					expect(words).toBeGreaterThanOrEqual(DESCRIPTION_WORDS.min);
					expect(words).toBeLessThanOrEqual(DESCRIPTION_WORDS.max);
					const parameters = Object.keys(tool.parameters.properties).length;
					expect(parameters).toBeGreaterThanOrEqual(PARAMETER_COUNT.min);
					expect(parameters).toBeLessThanOrEqual(PARAMETER_COUNT.max);
				}
			}),
			{ numRuns: 40 },
		);
	});
});

describe("generateQueries", () => {
	const queries = generateQueries({ count: 2000, seed: 5, catalogue });

	function catalogueWords(tools: readonly BenchTool[]): Set<string> {
		const words = new Set<string>();
		for (const tool of tools) {
			const local = tool.name.slice(tool.name.lastIndexOf("__") + 2);
			words.add(local);
			for (const word of `${local.replace(/[_.-]+/g, " ")} ${tool.description}`
				.toLowerCase()
				.match(/[\p{L}\p{N}]+/gu) ?? [])
				words.add(word);
		}
		return words;
	}

	it("is deterministic in seed and catalogue", () => {
		expect(generateQueries({ count: 2000, seed: 5, catalogue })).toEqual(queries);
		expect(generateQueries({ count: 2000, seed: 6, catalogue })).not.toEqual(queries);
	});

	it("makes `count` queries of 1–6 words, of every length", () => {
		expect(queries).toHaveLength(2000);
		const lengths = new Set(queries.map(wordCount));
		for (const query of queries) {
			expect(query.trim()).toBe(query);
			expect(wordCount(query)).toBeGreaterThanOrEqual(QUERY_WORDS.min);
			expect(wordCount(query)).toBeLessThanOrEqual(QUERY_WORDS.max);
		}
		expect([...lengths].sort()).toEqual([1, 2, 3, 4, 5, 6]);
	});

	it("uses only the catalogue's words, and includes a few exact local names", () => {
		const words = catalogueWords(catalogue);
		for (const query of queries) {
			for (const word of query.split(" ")) expect(words.has(word), word).toBe(true);
		}
		const localNames = new Set(catalogue.map((tool: GeneratedTool) => tool.name.split("__")[2]));
		const exact = queries.filter((query) => localNames.has(query)).length;
		expect(exact).toBeGreaterThan(20);
		expect(exact).toBeLessThan(400);
	});

	it("works on the bundled real catalogues", () => {
		for (const file of ["data/livemcpbench.json", "data/bfcl.json"]) {
			const tools = (JSON.parse(readFileSync(file, "utf8")) as { tools: BenchTool[] }).tools;
			const real = generateQueries({ count: 300, seed: 1, catalogue: tools });
			expect(real).toHaveLength(300);
			for (const query of real) {
				expect(wordCount(query)).toBeGreaterThanOrEqual(QUERY_WORDS.min);
				expect(wordCount(query)).toBeLessThanOrEqual(QUERY_WORDS.max);
			}
		}
	});
});

describe("report helpers", () => {
	it("states ratios as ours N× faster or slower", () => {
		expect(formatRatio(1, 12.3, "faster", "slower")).toBe("12× faster");
		expect(formatRatio(2, 3, "faster", "slower")).toBe("1.5× faster");
		expect(formatRatio(4, 1, "smaller", "larger")).toBe("4.0× larger");
		expect(formatRatio(0, 1, "faster", "slower")).toBe("n/a");
	});

	it("aligns table columns", () => {
		const table = renderTable(
			["subject", "ms"],
			[
				["ours", "1.5"],
				["minisearch", "12"],
			],
		);
		expect(table.split("\n")).toEqual([
			"subject      ms",
			"----------  ---",
			"ours        1.5",
			"minisearch   12",
		]);
	});

	it("interpolates quantiles", () => {
		expect(median([3, 1, 2])).toBe(2);
		expect(median([1, 2, 3, 4])).toBe(2.5);
		expect(quantile([0, 10], 0.95)).toBeCloseTo(9.5);
		expect(Number.isNaN(median([]))).toBe(true);
	});
});
