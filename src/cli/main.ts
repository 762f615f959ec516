#!/usr/bin/env node
/**
 * The `tool-search` command (package.json `bin`). `tool-search --help` says what it does.
 */
import { runCli } from "./run-cli.js";

// A closed pipe (`tool-search search ... | head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
	if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
	throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
	stdout: process.stdout,
	stderr: process.stderr,
	env: process.env,
	cwd: process.cwd(),
});
