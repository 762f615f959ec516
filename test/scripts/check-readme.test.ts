import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkReadme, extractCodeBlocks } from "../../scripts/check-readme.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const fence = "```";

describe("extractCodeBlocks", () => {
	it("returns each fenced block with its language and the line of its opening fence", () => {
		const markdown = [
			"# title",
			`${fence}ts`,
			"const a = 1;",
			fence,
			"",
			`${fence}bash`,
			"npm test",
			fence,
		].join("\n");
		expect(extractCodeBlocks(markdown)).toEqual([
			{ language: "ts", line: 2, code: "const a = 1;" },
			{ language: "bash", line: 6, code: "npm test" },
		]);
	});

	it("throws on a block that is never closed", () => {
		expect(() => extractCodeBlocks(`${fence}ts\nconst a = 1;`)).toThrow("line 1: code block is never closed");
	});
});

describe("checkReadme", () => {
	it("passes good blocks, fails broken ones with README line numbers, and honours the skip marker", () => {
		const markdown = [
			`${fence}ts`, // line 1
			'import { createActiveToolSet } from "tool-search";',
			'createActiveToolSet({ tools: allMyTools, pinned: ["read"] });',
			fence,
			`${fence}ts`, // line 5
			'import { createActiveToolSet } from "tool-search";',
			'createActiveToolSet({ tools: allMyTools, essential: ["read"] });',
			fence,
			`${fence}ts`, // line 9
			"// readme-check: skip — shows a type",
			"interface X { a: Missing }",
			fence,
			fence, // line 13: untagged
			"text",
			fence,
		].join("\n");
		const { failures, checked, skipped } = checkReadme(markdown, repoRoot);
		expect(checked).toBe(2);
		expect(skipped.map((block) => block.line)).toEqual([9]);
		expect(failures.map((failure) => failure.block.line)).toEqual([13, 5]);
		expect(failures[1]?.errors.join("\n")).toMatch(/^line 7: TS2353: .*'essential'/);
	}, 60_000);
});
