/**
 * Command-line arguments, read with Node's own `util.parseArgs` (strict: an unknown option is a
 * usage error), and typed accessors that turn a bad value into a usage error naming the option.
 */
import { parseArgs } from "node:util";
import { usageError } from "./cli-io.js";

/** An option of a command: a flag, or one that takes a value (`multiple`: may be repeated). */
export interface OptionSpec {
	readonly type: "boolean" | "string";
	readonly short?: string;
	readonly multiple?: boolean;
}

/** A command's arguments, read. */
export interface ParsedArgs {
	readonly command: string;
	readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
	readonly positionals: readonly string[];
}

/** Every command takes `--help` / `-h`. */
const HELP: Record<string, OptionSpec> = { help: { type: "boolean", short: "h" } };

/**
 * Reads `args` for `command`. Unknown options, and options missing their value, are usage errors.
 */
export function parseCommandArgs(
	command: string,
	args: readonly string[],
	options: Readonly<Record<string, OptionSpec>>,
): ParsedArgs {
	try {
		const { values, positionals } = parseArgs({
			args: [...args],
			options: { ...HELP, ...options },
			allowPositionals: true,
			strict: true,
		});
		return { command, values, positionals };
	} catch (error) {
		throw usageError(command, argumentMessage(error));
	}
}

/** `util.parseArgs`' messages are long and suggest `--`; say what is wrong in a few words. */
function argumentMessage(error: unknown): string {
	const { code, message } = error as { code?: string; message?: string };
	const option = /'(?:-\w, )?(-{1,2}[^' ,]+)/.exec(message ?? "")?.[1] ?? "";
	if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${option}`;
	if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
		return /argument missing/.test(message ?? "")
			? `option ${option} needs a value`
			: `option ${option} takes no value`;
	}
	return message ?? String(error);
}

/** The value of a string option (the last, when repeated). */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
	const value = args.values[name];
	const last = Array.isArray(value) ? value.at(-1) : value;
	return typeof last === "string" ? last : undefined;
}

/** Every value of a repeatable string option, commas splitting too (`--pinned a,b --pinned c`). */
export function listOption(args: ParsedArgs, name: string): string[] {
	const value = args.values[name];
	const all = Array.isArray(value) ? value : value === undefined ? [] : [value];
	return all.flatMap((item) =>
		typeof item === "string"
			? item
					.split(",")
					.map((part) => part.trim())
					.filter((part) => part !== "")
			: [],
	);
}

/** Whether a flag was given. */
export function flag(args: ParsedArgs, name: string): boolean {
	return args.values[name] === true;
}

/** An integer option within `[min, max]`, or `fallback` when absent. */
export function integerOption(
	args: ParsedArgs,
	name: string,
	fallback: number,
	range: { readonly min: number; readonly max: number },
): number {
	const text = stringOption(args, name);
	if (text === undefined) return fallback;
	const value = Number(text);
	if (!(/^\d+$/.test(text) && value >= range.min && value <= range.max)) {
		throw usageError(
			args.command,
			`--${name} must be an integer from ${range.min} to ${range.max}, got ${JSON.stringify(text)}`,
		);
	}
	return value;
}
