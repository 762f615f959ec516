/**
 * What the CLI writes to and reads from, so commands run the same in a terminal and in a test:
 * the two streams, the environment and the working directory; colours (only on a TTY, `NO_COLOR`
 * and `FORCE_COLOR` respected), one-line progress on stderr, and the CLI's error with its exit code.
 */

/** The exit codes of `tool-search` (documented in `tool-search --help` and the README). */
export const EXIT = Object.freeze({
	/** The command did what was asked. */
	ok: 0,
	/** It could not: a file is missing or malformed, no MCP server answered, an internal error. */
	failure: 1,
	/** It was called wrongly: an unknown command or option, a missing or bad argument. */
	usage: 2,
});

/** A stream the CLI writes to. */
export interface CliStream {
	write(text: string): unknown;
	readonly isTTY?: boolean | undefined;
	readonly columns?: number | undefined;
}

/** Where a command reads and writes. */
export interface CliIo {
	readonly stdout: CliStream;
	readonly stderr: CliStream;
	readonly env: Readonly<Record<string, string | undefined>>;
	/** Relative paths are read from here. */
	readonly cwd: string;
}

/** An error the CLI reports as one line, with the exit code it ends with. */
export class CliError extends Error {
	readonly exitCode: number;

	constructor(message: string, exitCode: number = EXIT.failure) {
		super(message);
		this.name = "CliError";
		this.exitCode = exitCode;
	}
}

/** A usage error of `command`, pointing to its help. */
export function usageError(command: string, message: string): CliError {
	const help = command === "" ? "tool-search --help" : `tool-search ${command} --help`;
	return new CliError(`${message} (see: ${help})`, EXIT.usage);
}

/** Styles text for one stream; each is the identity when colours are off. */
export interface Style {
	readonly bold: (text: string) => string;
	readonly dim: (text: string) => string;
	readonly red: (text: string) => string;
	readonly green: (text: string) => string;
	readonly yellow: (text: string) => string;
	readonly cyan: (text: string) => string;
}

/** Whether to colour `stream`: `FORCE_COLOR` (not `0`) forces it, `NO_COLOR` stops it, else a TTY. */
export function colourOn(stream: CliStream, env: CliIo["env"]): boolean {
	const force = env.FORCE_COLOR;
	if (force !== undefined && force !== "") return force !== "0";
	if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
	return stream.isTTY === true && env.TERM !== "dumb";
}

/** The styles of `stream`. */
export function styleFor(stream: CliStream, env: CliIo["env"]): Style {
	const on = colourOn(stream, env);
	const sgr = (open: number, close: number) => (text: string) =>
		on ? `\u001b[${open}m${text}\u001b[${close}m` : text;
	return {
		bold: sgr(1, 22),
		dim: sgr(2, 22),
		red: sgr(31, 39),
		green: sgr(32, 39),
		yellow: sgr(33, 39),
		cyan: sgr(36, 39),
	};
}

/** One-line progress on stderr, redrawn at most every 100 ms, and only on a TTY. */
export interface Progress {
	update(text: string): void;
	/** Clears the line. */
	done(): void;
}

/** Progress on `io.stderr`; silent when it is not a TTY, so logs and pipes stay clean. */
export function progressOn(io: CliIo): Progress {
	const live = io.stderr.isTTY === true;
	let last = 0;
	let shown = false;
	return {
		update(text) {
			if (!live) return;
			const now = Date.now();
			if (now - last < 100) return;
			last = now;
			shown = true;
			io.stderr.write(`\r\u001b[K${styleFor(io.stderr, io.env).dim(text)}`);
		},
		done() {
			if (shown) io.stderr.write("\r\u001b[K");
			shown = false;
		},
	};
}

/** Writes `lines` to stdout, each ending with a newline. */
export function print(io: CliIo, ...lines: string[]): void {
	io.stdout.write(lines.map((line) => `${line}\n`).join(""));
}

/** Writes one line to stderr, prefixed with `tool-search: `. */
export function warn(io: CliIo, line: string): void {
	io.stderr.write(`tool-search: ${line}\n`);
}
