/**
 * `runCli`: `tool-search <command> [options]` from its arguments to an exit code. Errors end as one
 * line on stderr (`tool-search: ...`) with the exit code of their kind (see {@link EXIT}).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ToolSearchError } from "../errors.js";
import { type OptionSpec, type ParsedArgs, parseCommandArgs } from "./cli-args.js";
import { CliError, type CliIo, EXIT, print, usageError, warn } from "./cli-io.js";
import { EVAL_OPTIONS, evalCommand } from "./commands/eval.js";
import { INSPECT_OPTIONS, inspectCommand } from "./commands/inspect.js";
import { MCP_OPTIONS, mcpCommand } from "./commands/mcp.js";
import { SEARCH_OPTIONS, searchCommand } from "./commands/search.js";
import { HELP } from "./help-text.js";

type Command = (io: CliIo, args: ParsedArgs) => Promise<number>;

const COMMANDS: Readonly<
	Record<string, { readonly options: Readonly<Record<string, OptionSpec>>; readonly run: Command }>
> = {
	search: { options: SEARCH_OPTIONS, run: searchCommand },
	eval: { options: EVAL_OPTIONS, run: evalCommand },
	inspect: { options: INSPECT_OPTIONS, run: inspectCommand },
	mcp: { options: MCP_OPTIONS, run: mcpCommand },
};

/** The package's version, from the `package.json` above this file (in `src/` or in `dist/`). */
function version(): string {
	let dir = dirname(fileURLToPath(import.meta.url));
	for (let up = 0; up < 5; up++, dir = dirname(dir)) {
		try {
			const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
				name?: string;
				version?: string;
			};
			if (pkg.name === "tool-search" && typeof pkg.version === "string") return pkg.version;
		} catch {
			// Not here: one folder up.
		}
	}
	return "unknown";
}

/** The one line an error ends as, and its exit code. */
function report(io: CliIo, error: unknown): number {
	if (error instanceof CliError) {
		warn(io, error.message);
		return error.exitCode;
	}
	const message = error instanceof Error ? error.message : String(error);
	const line = (message.split("\n", 1)[0] ?? "").replace(/^tool-search: /, "");
	warn(io, ToolSearchError.isInstance(error) ? line : `unexpected error: ${line}`);
	if (io.env.TOOL_SEARCH_DEBUG === "1" && error instanceof Error) io.stderr.write(`${error.stack}\n`);
	return EXIT.failure;
}

async function dispatch(io: CliIo, argv: readonly string[]): Promise<number> {
	const [first, ...rest] = argv;
	if (first === undefined || first === "--help" || first === "-h") {
		print(io, HELP[""] as string);
		return first === undefined ? EXIT.usage : EXIT.ok;
	}
	if (first === "--version" || first === "-v") {
		print(io, version());
		return EXIT.ok;
	}
	if (first === "help") {
		const topic = rest[0] ?? "";
		if (HELP[topic] === undefined) throw usageError("", `no command ${JSON.stringify(topic)}`);
		print(io, HELP[topic] as string);
		return EXIT.ok;
	}
	const command = COMMANDS[first];
	if (command === undefined) {
		throw usageError(
			"",
			`unknown command ${JSON.stringify(first)}; the commands are ${Object.keys(COMMANDS).join(", ")}`,
		);
	}
	const args = parseCommandArgs(first, rest, command.options);
	if (args.values.help === true) {
		print(io, HELP[first] as string);
		return EXIT.ok;
	}
	return command.run(io, args);
}

/**
 * Runs `tool-search` with `argv` (the arguments after the program), writing to `io`; resolves to
 * the exit code. Never rejects.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
	try {
		return await dispatch(io, argv);
	} catch (error) {
		return report(io, error);
	}
}
