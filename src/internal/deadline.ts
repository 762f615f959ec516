/**
 * Waiting for a host's callback (a ranker, a gate, a reranker, a judge) no longer than a deadline,
 * and no longer than the caller's signal allows. Internal: never exported from an entry.
 */
import { quote, ToolSearchError } from "../errors.js";

/** setTimeout's largest delay; a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Why a callback was given up on: it did not answer in time. */
export class StageTimeout extends Error {
	constructor(ms: number) {
		super(`timed out after ${ms} ms`);
	}
}

/** A promise that rejects with {@link StageTimeout} after `ms` (none for `Infinity`), unless disposed first. */
export function deadline(ms: number): { promise: Promise<never>; dispose: () => void } | undefined {
	if (!(ms <= MAX_TIMER_MS)) return undefined;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const promise = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new StageTimeout(ms)), ms);
	});
	promise.catch(() => {});
	return { promise, dispose: () => clearTimeout(timer) };
}

/** The library's aborted error, carrying the signal's reason. */
export function abortedError(signal: AbortSignal): ToolSearchError {
	return new ToolSearchError("ABORTED", "tool search was aborted", { cause: signal.reason });
}

/** A promise that rejects with the `ABORTED` error when `signal` fires, unless disposed first. */
export function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
	let onAbort: () => void = () => {};
	const promise = new Promise<never>((_, reject) => {
		onAbort = () => reject(abortedError(signal));
		signal.addEventListener("abort", onAbort, { once: true });
	});
	promise.catch(() => {});
	return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/** What {@link withDeadline} got: the callback's value, or why there is none. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: string; timedOut: boolean };

/** An error's message, or the thrown value quoted. */
export function describeError(error: unknown): string {
	return error instanceof Error ? error.message : quote(error);
}

/**
 * Runs `run(signal)` and waits for it at most `timeoutMs`. `run` gets a signal that fires when the
 * caller's `signal` does or the deadline passes, so a late callback can stop its work. A throw, a
 * rejection or the deadline resolve to `{ ok: false }`; the caller's abort rejects with `ABORTED`.
 */
export async function withDeadline<T>(
	run: (signal: AbortSignal) => T | PromiseLike<T>,
	timeoutMs: number,
	signal: AbortSignal | undefined,
): Promise<Settled<Awaited<T>>> {
	if (signal?.aborted) throw abortedError(signal);
	const controller = new AbortController();
	const abort = signal ? abortPromise(signal) : undefined;
	const late = deadline(timeoutMs);
	const forward = () => controller.abort(signal?.reason);
	signal?.addEventListener("abort", forward, { once: true });
	try {
		const pending = Promise.resolve().then(() => run(controller.signal));
		const racers: Promise<unknown>[] = [pending];
		if (abort !== undefined) racers.push(abort.promise);
		if (late !== undefined) racers.push(late.promise);
		const value = (await (racers.length === 1 ? pending : Promise.race(racers))) as Awaited<T>;
		return { ok: true, value };
	} catch (error) {
		if (signal?.aborted) throw abortedError(signal);
		if (ToolSearchError.isInstance(error) && error.code === "ABORTED") throw error;
		const timedOut = error instanceof StageTimeout;
		if (timedOut) controller.abort(error);
		return { ok: false, error: describeError(error), timedOut };
	} finally {
		abort?.dispose();
		late?.dispose();
		signal?.removeEventListener("abort", forward);
	}
}

/** Milliseconds since `start` (a `performance.now()` reading), rounded to 0.01 ms. */
export function elapsedMs(start: number): number {
	return Math.round((performance.now() - start) * 100) / 100;
}
