/**
 * `createTraceWriter`: appends trace records to a JSONL file readable by its owner only (mode
 * 0600), rotating it by size. Node only (`node:fs`).
 */
import {
	closeSync,
	existsSync,
	fchmodSync,
	fstatSync,
	mkdirSync,
	openSync,
	renameSync,
	rmSync,
	writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { DEFAULT_TRACE_MAX_BYTES, DEFAULT_TRACE_MAX_FILES } from "../defaults.js";
import { quote } from "../errors.js";
import { invalidOptions, isObject } from "../internal/guards.js";
import type { ToolSearchTraceRecord } from "./trace-types.js";

/**
 * Options of {@link createTraceWriter}.
 *
 * @example
 * ```ts
 * const options: TraceWriterOptions = { path: ".traces/tool-search.jsonl", maxBytes: 1_000_000, maxFiles: 5 };
 * ```
 */
export interface TraceWriterOptions {
	/** The JSONL file. Created with mode 0600 (an existing one is set to 0600), its directory with 0700 when missing. */
	path: string;
	/** The size, in bytes, a write may not take the file past: the file is rotated first. Integer ≥ 1. @defaultValue 10 MiB */
	maxBytes?: number | undefined;
	/** How many rotated files are kept: `<path>.1` (the newest) … `<path>.<maxFiles>`; 0 keeps none. @defaultValue 3 */
	maxFiles?: number | undefined;
}

/**
 * A JSONL trace file, as {@link createTraceWriter} returns it.
 *
 * @example
 * ```ts
 * const writer: TraceWriter = createTraceWriter({ path: "traces.jsonl" });
 * createToolSearchTool({ tools: host, onTrace: writer.write });
 * process.on("exit", () => writer.close());
 * ```
 */
export interface TraceWriter {
	readonly path: string;
	/**
	 * Appends `record` as one line of JSON, synchronously (so no record is lost when the process
	 * ends). Bound: pass it as `onTrace` as it is. Throws on a file system error (`tool_search`
	 * ignores a throwing `onTrace`).
	 */
	readonly write: (record: ToolSearchTraceRecord) => void;
	/** Closes the file; a later `write` opens it again. */
	close(): void;
}

function checkOptions(options: unknown): asserts options is TraceWriterOptions {
	if (!isObject(options)) invalidOptions(`options must be an object, got ${quote(options)}`);
	const { path, maxBytes, maxFiles } = options;
	if (typeof path !== "string" || path === "")
		invalidOptions(`path must be a non-empty string, got ${quote(path)}`);
	if (
		maxBytes !== undefined &&
		!(typeof maxBytes === "number" && Number.isSafeInteger(maxBytes) && maxBytes >= 1)
	) {
		invalidOptions(`maxBytes must be a positive integer, got ${quote(maxBytes)}`);
	}
	if (
		maxFiles !== undefined &&
		!(typeof maxFiles === "number" && Number.isSafeInteger(maxFiles) && maxFiles >= 0)
	) {
		invalidOptions(`maxFiles must be an integer ≥ 0, got ${quote(maxFiles)}`);
	}
}

/**
 * Creates a writer that appends trace records (`onTrace`) to `path`, one JSON object per line. The
 * file is readable and writable by its owner only (0600). Before a write would take it past
 * `maxBytes`, it is rotated: `<path>.N-1` becomes `<path>.N` (the oldest beyond `maxFiles` is
 * dropped), `<path>` becomes `<path>.1`, and a new `<path>` is started. A record larger than
 * `maxBytes` is written alone in a fresh file.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for an empty `path`, a `maxBytes` that is not a
 * positive integer, or a `maxFiles` that is not an integer ≥ 0.
 *
 * @example
 * ```ts
 * import { createTraceWriter } from "tool-search/pipeline";
 *
 * const traces = createTraceWriter({ path: ".traces/tool-search.jsonl" });
 * const toolSearch = createToolSearchTool({ tools: host, judge: { mode: "shadow", decide }, onTrace: traces.write });
 * ```
 */
export function createTraceWriter(options: TraceWriterOptions): TraceWriter {
	checkOptions(options);
	const { path } = options;
	const maxBytes = options.maxBytes ?? DEFAULT_TRACE_MAX_BYTES;
	const maxFiles = options.maxFiles ?? DEFAULT_TRACE_MAX_FILES;
	let fd: number | undefined;
	let size = 0;

	function open(): number {
		mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
		const opened = openSync(path, "a", 0o600);
		fchmodSync(opened, 0o600);
		size = fstatSync(opened).size;
		fd = opened;
		return opened;
	}

	function close(): void {
		if (fd !== undefined) closeSync(fd);
		fd = undefined;
	}

	function rotate(): void {
		close();
		if (maxFiles === 0) rmSync(path, { force: true });
		else {
			for (let at = maxFiles - 1; at >= 1; at--) {
				if (existsSync(`${path}.${at}`)) renameSync(`${path}.${at}`, `${path}.${at + 1}`);
			}
			renameSync(path, `${path}.1`);
		}
	}

	const write = (record: ToolSearchTraceRecord): void => {
		const line = `${JSON.stringify(record)}\n`;
		const bytes = Buffer.byteLength(line);
		let target = fd ?? open();
		if (size > 0 && size + bytes > maxBytes) {
			rotate();
			target = open();
		}
		writeSync(target, line);
		size += bytes;
	};

	return { path, write, close };
}
