/**
 * One call to an embedder, bounded by a timeout and the caller's signal, its answer checked; and
 * the abort helpers it and the embedding cache share.
 */
import { quote, ToolSearchError } from "../../errors.js";
import { throwIfAborted } from "../check-rank-call.js";
import type { Embedder } from "./embedder.js";
import { checkVectors } from "./vectors.js";

/** The embedder failed, timed out or answered something unusable: BM25 answers instead. */
export class EmbedderFailure extends Error {
	override readonly name = "EmbedderFailure";
}

function describe(error: unknown): string {
	if (error instanceof Error) return error.message;
	return quote(error);
}

/** A promise that rejects with `ABORTED` when `signal` fires, and its disposer. */
function abortion(signal: AbortSignal | undefined): {
	promise: Promise<never> | undefined;
	dispose: () => void;
} {
	if (signal === undefined) return { promise: undefined, dispose: () => {} };
	let onAbort: () => void = () => {};
	const promise = new Promise<never>((_, reject) => {
		onAbort = () =>
			reject(new ToolSearchError("ABORTED", "tool search was aborted", { cause: signal.reason }));
		if (signal.aborted) onAbort();
		else signal.addEventListener("abort", onAbort, { once: true });
	});
	promise.catch(() => {});
	return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/** `work`, or a rejection with `ABORTED` as soon as `signal` fires. */
export async function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
	const abort = abortion(signal);
	try {
		return await (abort.promise === undefined ? work : Promise.race([work, abort.promise]));
	} finally {
		abort.dispose();
	}
}

/**
 * One `embed` call, bounded by `timeoutMs` and the caller's signal, its answer checked. `accept`
 * sees the first vector's length before the vectors are returned, and may refuse it by throwing an
 * {@link EmbedderFailure}. Rejects with `ABORTED` when `signal` fires and with an
 * `EmbedderFailure` for anything else that goes wrong.
 */
export async function callEmbedder(
	embedder: Embedder,
	texts: string[],
	signal: AbortSignal | undefined,
	timeoutMs: number,
	accept: (dimensions: number) => void,
): Promise<Float32Array[]> {
	const id = quote(embedder.id);
	const controller = new AbortController();
	const abort = abortion(signal);
	const forward = () => controller.abort(signal?.reason);
	signal?.addEventListener("abort", forward, { once: true });
	let timer: ReturnType<typeof setTimeout> | undefined;
	const racers: Promise<unknown>[] = [];
	if (abort.promise !== undefined) racers.push(abort.promise);
	if (Number.isFinite(timeoutMs)) {
		racers.push(
			new Promise<never>((_, reject) => {
				timer = setTimeout(() => {
					const failure = new EmbedderFailure(`embedder ${id} timed out after ${timeoutMs} ms`);
					controller.abort(failure);
					reject(failure);
				}, timeoutMs);
			}),
		);
	}
	try {
		const pending = Promise.resolve().then(() => embedder.embed(texts, { signal: controller.signal }));
		pending.catch(() => {});
		const value = await Promise.race([pending, ...racers]);
		throwIfAborted(signal);
		const vectors = checkVectors(value, texts.length);
		if (typeof vectors === "string") throw new EmbedderFailure(`embedder ${id} ${vectors}`);
		const first = vectors[0];
		if (first !== undefined) accept(first.length);
		return vectors;
	} catch (error) {
		throwIfAborted(signal);
		if (error instanceof EmbedderFailure) throw error;
		throw new EmbedderFailure(`embedder ${id} failed: ${describe(error)}`, { cause: error });
	} finally {
		if (timer !== undefined) clearTimeout(timer);
		signal?.removeEventListener("abort", forward);
		abort.dispose();
	}
}
