/**
 * Runs `tool-search` in this process (`runCli` with captured streams), for the CLI tests that need
 * no child process, and writes the files a command reads into a temporary folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { CliStream } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/run-cli.js";

export interface CliRun {
	code: number;
	stdout: string;
	stderr: string;
}

class Captured implements CliStream {
	text = "";
	constructor(readonly isTTY: boolean) {}
	write(text: string): boolean {
		this.text += text;
		return true;
	}
}

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder holding `files` (objects are written as JSON), removed after the test. */
export function folderWith(files: Record<string, unknown>): string {
	const dir = mkdtempSync(join(tmpdir(), "tool-search-cli-"));
	dirs.push(dir);
	for (const [name, content] of Object.entries(files)) {
		writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
	}
	return dir;
}

/** Runs `tool-search ...args` in `cwd`; streams are not TTYs unless `tty`. */
export async function cli(
	args: string[],
	options: { cwd?: string; env?: Record<string, string>; tty?: boolean } = {},
): Promise<CliRun> {
	const stdout = new Captured(options.tty === true);
	const stderr = new Captured(options.tty === true);
	const code = await runCli(args, {
		stdout,
		stderr,
		env: options.env ?? {},
		cwd: options.cwd ?? process.cwd(),
	});
	return { code, stdout: stdout.text, stderr: stderr.text };
}
