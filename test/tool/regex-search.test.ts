import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { createActiveToolSet } from "../../src/host/create-active-tool-set.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { type CompiledPattern, compilePattern, regexScan } from "../../src/tool/regex-search.js";
import type { ToolSearchToolDetails } from "../../src/tool/result-types.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";

function setup() {
	const host = createActiveToolSet({ tools: CATALOG });
	const tool = createToolSearchTool({ tools: host, namespaceOf: catalogNamespaceOf });
	return async (query: string, limit?: number) => {
		const result = await tool.execute("call", { query, ...(limit === undefined ? {} : { limit }) });
		return {
			result,
			details: result.details as ToolSearchToolDetails,
			lines: result.content[0].text.split("\n"),
		};
	};
}

function compiled(pattern: string): CompiledPattern {
	const value = compilePattern(pattern);
	if (typeof value === "string") throw new Error(value);
	return value;
}

describe("regex: in tool_search", () => {
	it("matches names first, by name, then descriptions, then parameter names", async () => {
		const run = setup();
		const byName = await run("regex:^slack__(post|list)", 20);
		expect(byName.details.ranked_by).toBe("regex");
		expect(byName.details.activated_tools).toEqual([...byName.details.activated_tools].sort());
		expect(byName.details.activated_tools.every((name) => /^slack__(post|list)/.test(name))).toBe(true);
		const byDescription = await setup()("regex:pull requests?", 20);
		expect(byDescription.details.activated_tools.length).toBeGreaterThan(0);
		const byParameter = await setup()("regex:^assignees$");
		expect(byParameter.details.activated_tools).toEqual(["github__create_issue"]);
		expect(byParameter.details.tools[0]?.score).toBe(1);
	});

	it("is case-insensitive unless the pattern says (?-i)", async () => {
		expect((await setup()("regex:SLACK__POST")).details.activated_tools).not.toEqual([]);
		expect((await setup()("regex:(?-i)SLACK__POST")).details.activated_tools).toEqual([]);
	});

	it("scopes with server: before regex:", async () => {
		const { details } = await setup()("server:github regex:issue", 20);
		expect(details.activated_tools.length).toBeGreaterThan(0);
		expect(details.activated_tools.every((name) => name.startsWith("github__"))).toBe(true);
	});

	it.each([
		{ pattern: "(", message: 'regex: invalid pattern "(": missing closing ): `(`' },
		{
			pattern: "(?=a)b",
			message: 'regex: invalid pattern "(?=a)b": invalid or unsupported Perl syntax: `(?=`',
		},
		{ pattern: "(a)\\1", message: 'regex: invalid pattern "(a)\\\\1": invalid escape sequence: `\\1`' },
	])("answers the invalid pattern $pattern with an error result", async ({ pattern, message }) => {
		const { result, lines } = await setup()(`regex:${pattern}`);
		expect(result.isError).toBe(true);
		expect(lines[0]).toBe(`Error: ${message} (RE2 syntax: no lookarounds or backreferences)`);
	});

	it("says when the scan budget ran out before every tool was tried", () => {
		const documents = Array.from({ length: 50 }, (_, i) =>
			createToolSearchDocument({ name: `tool_${i}`, description: "x".repeat(1000) }),
		);
		const pattern = compiled("y");
		const scan = regexScan(pattern, documents, 8, 10_000 * pattern.size);
		expect(scan).toEqual({ matches: [], complete: false });
		expect(regexScan(pattern, documents, 8).complete).toBe(true);
	});
});

describe("regex: runs in linear time", () => {
	/** Milliseconds to scan a `size`-character description, the least of a few runs (each repeated to be measurable). */
	function scanTime(pattern: CompiledPattern, size: number): number {
		const documents = [createToolSearchDocument({ name: "t", description: "a".repeat(size) })];
		const repetitions = Math.max(1, Math.round(1_000_000 / size));
		let best = Number.POSITIVE_INFINITY;
		for (let round = 0; round < 3; round++) {
			const started = performance.now();
			for (let i = 0; i < repetitions; i++) regexScan(pattern, documents, 8, Number.POSITIVE_INFINITY);
			best = Math.min(best, (performance.now() - started) / repetitions);
		}
		return best;
	}

	it.each(["(a|aa)*c", "(a+)+$", "(x+x+)+y", "((a*)*)*b"])(
		"%s: time grows like the input from 10^4 to 10^6 characters",
		{ timeout: 60_000 },
		(source) => {
			const pattern = compiled(source);
			scanTime(pattern, 100_000); // warm-up
			const [t4, t5, t6] = [10_000, 100_000, 1_000_000].map((size) => scanTime(pattern, size)) as [
				number,
				number,
				number,
			];
			// Each 10x of input costs about 10x the time (re2js's automata); quadratic work would cost 100x
			// per step and 10,000x over both, a backtracking engine's exponential work no bound at all.
			// re2js switches engines between 10^4 and 10^5 characters (a bit-state matcher for small
			// inputs, about 5x cheaper per character), hence the margin on the first step.
			expect(t6 / t5).toBeLessThan(30);
			expect(t6 / t4).toBeLessThan(1000);
		},
	);
});
