/**
 * Saving a {@link Bm25Ranker} to a file and loading it back, for Node: the binary snapshot
 * (`Bm25Ranker.toBinary`), written atomically so that a crash or a concurrent reader never sees a
 * half-written file. Node's `fs` is reached through `process.getBuiltinModule` at call time, so the
 * entry stays importable by bundlers for browsers (where these two functions throw).
 */
import { quote, ToolSearchError } from "../errors.js";
import type { ToolSearchIndexOptions } from "../index/index-options.js";
import { invalidOptions } from "../internal/guards.js";
import { Bm25Ranker } from "./bm25-ranker.js";
import { isDetailedRanker } from "./ranker-brand.js";

interface NodeFs {
	promises: {
		open(path: string, flags: string, mode?: number): Promise<FileHandle>;
		rename(from: string, to: string): Promise<void>;
		rm(path: string, options: { force: boolean }): Promise<void>;
	};
}

interface FileHandle {
	writeFile(data: Uint8Array): Promise<void>;
	sync(): Promise<void>;
	close(): Promise<void>;
	stat(): Promise<{ size: number }>;
	read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

function nodeFs(what: string): NodeFs {
	const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
	const fs = host?.getBuiltinModule?.("node:fs") as NodeFs | undefined;
	if (fs === undefined) {
		throw new ToolSearchError("INVALID_OPTIONS", `${what} needs Node's fs (Node 20.16 or later)`);
	}
	return fs;
}

function checkPath(path: unknown, what: string): string {
	if (typeof path !== "string" || path === "")
		invalidOptions(`${what}: path must be a non-empty string, got ${quote(path)}`);
	return path;
}

/**
 * Writes `ranker`'s binary snapshot ({@link Bm25Ranker.toBinary}) to `path` atomically: into a
 * temporary file beside it, flushed to disk, then renamed over `path`. A reader sees the old file
 * or the new one, never a part; on failure the temporary file is removed and `path` is untouched.
 * Rejects with `INVALID_OPTIONS` for a ranker that is not a `Bm25Ranker` or a bad path, and with
 * the file system's error (ENOENT for a missing directory, EACCES, …) otherwise.
 *
 * @example
 * ```ts
 * await saveRanker(ranker, "./cache/tools.ranker");
 * ```
 */
export async function saveRanker(ranker: Bm25Ranker, path: string): Promise<void> {
	// By its brand and method, not `instanceof`: a second copy of the package makes rankers too.
	if (!isDetailedRanker(ranker) || typeof (ranker as { toBinary?: unknown }).toBinary !== "function")
		invalidOptions(`saveRanker: ranker must be a Bm25Ranker, got ${quote(ranker)}`);
	checkPath(path, "saveRanker");
	const { promises: fs } = nodeFs("saveRanker");
	const bytes = ranker.toBinary();
	const temporary = `${path}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
	let renamed = false;
	try {
		const file = await fs.open(temporary, "wx", 0o644);
		try {
			await file.writeFile(bytes);
			await file.sync();
		} finally {
			await file.close();
		}
		await fs.rename(temporary, path);
		renamed = true;
	} finally {
		if (!renamed) await fs.rm(temporary, { force: true });
	}
}

/**
 * Reads a ranker saved with {@link saveRanker} (or any {@link Bm25Ranker.toBinary} bytes written
 * to a file). Rejects with `INVALID_INDEX_DATA` for a damaged, truncated or foreign file, or one
 * saved with options other than `options` (when given), and with the file system's error (ENOENT
 * when there is no such file) otherwise — so a host can fall back to building:
 *
 * @example
 * ```ts
 * const ranker = await loadRanker("./cache/tools.ranker").catch(() => new Bm25Ranker());
 * createToolSearchTool({ tools: host, ranker });
 * ```
 */
export async function loadRanker(path: string, options?: ToolSearchIndexOptions): Promise<Bm25Ranker> {
	checkPath(path, "loadRanker");
	const { promises: fs } = nodeFs("loadRanker");
	return Bm25Ranker.fromBinary(await readWhole(fs, path), options);
}

/**
 * The file's bytes, read into one buffer of its size in as few reads as the system allows: a 46 MB
 * snapshot read by `readFile` (512 KB at a time, a round trip through the thread pool each) took
 * ≈ 50 ms against ≈ 20 ms so. A file that shrinks meanwhile gives what is left; one that grows, its
 * first `size` bytes (a damaged snapshot either way, which the checksum rejects).
 */
async function readWhole(fs: NodeFs["promises"], path: string): Promise<Uint8Array> {
	const file = await fs.open(path, "r");
	try {
		const { size } = await file.stat();
		const bytes = new Uint8Array(size);
		let at = 0;
		while (at < size) {
			const { bytesRead } = await file.read(bytes, at, size - at, at);
			if (bytesRead === 0) break;
			at += bytesRead;
		}
		return at === size ? bytes : bytes.subarray(0, at);
	} finally {
		await file.close();
	}
}
