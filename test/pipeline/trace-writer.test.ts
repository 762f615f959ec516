import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolSearchOutcomeTrace } from "../../src/pipeline/trace-types.js";
import { createTraceWriter } from "../../src/pipeline/trace-writer.js";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import { thrown } from "../helpers/thrown.js";
import { catalogHost, wordRanker } from "./helpers.js";

const outcome = (tool: string): ToolSearchOutcomeTrace => ({
	type: "outcome",
	version: 1,
	time: "2026-12-01T00:00:00.000Z",
	discovery_id: null,
	tool,
	status: "ok",
});
const lineBytes = Buffer.byteLength(`${JSON.stringify(outcome("tool_00"))}\n`);

describe("createTraceWriter", () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), "tool-search-traces-"));
	});
	afterEach(() => {
		rmSync(dir, { recursive: true, force: true });
	});

	it("appends one JSON record per line to a file only its owner can read (0600), in a 0700 directory it creates", async () => {
		const path = join(dir, "nested", "traces.jsonl");
		const writer = createTraceWriter({ path });
		const tool = createToolSearchTool({ tools: catalogHost(), ranker: wordRanker(), onTrace: writer.write });
		await tool.execute("1", { query: "create issue" });
		tool.reportToolCall({ name: "github__create_issue", status: "ok" });
		writer.close();
		const lines = readFileSync(path, "utf8")
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line));
		expect(lines.map((record) => record.type)).toEqual(["discovery", "outcome"]);
		expect(lines[1].discovery_id).toBe(lines[0].discovery_id);
		expect(statSync(path).mode & 0o777).toBe(0o600);
		expect(statSync(join(dir, "nested")).mode & 0o777).toBe(0o700);
	});

	it("sets an existing file to 0600", () => {
		const path = join(dir, "traces.jsonl");
		writeFileSync(path, "");
		chmodSync(path, 0o644);
		createTraceWriter({ path }).write(outcome("a"));
		expect(statSync(path).mode & 0o777).toBe(0o600);
	});

	it("rotates by size: path → path.1 → path.2, keeping maxFiles rotated files", () => {
		const path = join(dir, "traces.jsonl");
		const writer = createTraceWriter({ path, maxBytes: lineBytes * 2, maxFiles: 2 });
		for (let i = 0; i < 7; i++) writer.write(outcome(`tool_0${i}`));
		writer.close();
		const tools = (file: string) =>
			readFileSync(file, "utf8")
				.trim()
				.split("\n")
				.map((line) => JSON.parse(line).tool);
		expect(tools(path)).toEqual(["tool_06"]);
		expect(tools(`${path}.1`)).toEqual(["tool_04", "tool_05"]);
		expect(tools(`${path}.2`)).toEqual(["tool_02", "tool_03"]);
		expect(existsSync(`${path}.3`)).toBe(false);
		expect(statSync(`${path}.2`).mode & 0o777).toBe(0o600);
	});

	it("with maxFiles 0 starts the file anew instead of keeping rotated ones", () => {
		const path = join(dir, "traces.jsonl");
		const writer = createTraceWriter({ path, maxBytes: lineBytes, maxFiles: 0 });
		writer.write(outcome("tool_01"));
		writer.write(outcome("tool_02"));
		expect(readFileSync(path, "utf8")).toBe(`${JSON.stringify(outcome("tool_02"))}\n`);
		expect(existsSync(`${path}.1`)).toBe(false);
	});

	it.each([
		[{ path: "" }, 'path must be a non-empty string, got ""'],
		[{ path: "x", maxBytes: 0 }, "maxBytes must be a positive integer, got 0"],
		[{ path: "x", maxFiles: -1 }, "maxFiles must be an integer ≥ 0, got -1"],
	])("rejects %j", (options, message) => {
		expect(thrown(() => createTraceWriter(options as never))).toMatchObject({
			code: "INVALID_OPTIONS",
			message: `tool-search: ${message}`,
		});
	});
});
