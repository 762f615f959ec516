import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cli } from "./cli-helpers.js";

const VERSION = (
	JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

describe("tool-search help, version and commands", () => {
	it.each([
		{ args: ["--help"], first: "tool-search: find, rank and activate the right tools for an LLM agent." },
		{ args: ["-h"], first: "tool-search: find, rank and activate the right tools for an LLM agent." },
		{ args: ["help"], first: "tool-search: find, rank and activate the right tools for an LLM agent." },
		{ args: ["search", "--help"], first: "Usage: tool-search search <catalogue> <query...> [options]" },
		{ args: ["help", "eval"], first: "Usage: tool-search eval <catalogue> <labelled-requests> [options]" },
		{ args: ["inspect", "-h"], first: "Usage: tool-search inspect <catalogue> [options]" },
		{ args: ["mcp", "--help"], first: "Usage: tool-search mcp --config <file> [options]" },
	])("prints help for $args, exit 0", async ({ args, first }) => {
		const run = await cli(args);
		expect([run.code, run.stderr, run.stdout.split("\n")[0]]).toEqual([0, "", first]);
		expect(run.stdout).toContain("Exit codes: 0 done; 1 failed");
	});

	it("prints the version", async () => {
		expect(await cli(["--version"])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
	});

	it.each([
		{ args: [], code: 2, stderr: "" },
		{
			args: ["serch", "tools.json", "q"],
			code: 2,
			stderr:
				'tool-search: unknown command "serch"; the commands are search, eval, inspect, mcp (see: tool-search --help)\n',
		},
		{ args: ["help", "nope"], code: 2, stderr: 'tool-search: no command "nope" (see: tool-search --help)\n' },
	])("exits $code for $args", async ({ args, code, stderr }) => {
		const run = await cli(args);
		expect([run.code, run.stderr]).toEqual([code, stderr]);
	});
});
