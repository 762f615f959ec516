/** Embedders for the hybrid ranker's tests: counting, controllable, table-driven. */
import { createTrigramEmbedder } from "../../eval/embedders/trigram.js";
import type { Embedder } from "../../src/index.js";

/** An embedder that records every call's texts and the largest number of calls in flight. */
export interface RecordingEmbedder extends Embedder {
	readonly calls: string[][];
	readonly maxInFlight: number;
	/** Texts of the calls that embedded tools (more than a query: any call but one of `queries`). */
	toolTexts(queries?: readonly string[]): string[];
}

/**
 * Wraps `inner` (the trigram embedder by default), recording calls. `delay` makes each call wait
 * for the returned function's promise, so concurrency can be observed.
 */
export function recordingEmbedder(
	options: {
		inner?: Embedder;
		wait?: (texts: string[], signal: AbortSignal | undefined) => Promise<void>;
	} = {},
): RecordingEmbedder {
	const inner = options.inner ?? createTrigramEmbedder();
	const calls: string[][] = [];
	let inFlight = 0;
	let maxInFlight = 0;
	return {
		id: inner.id,
		...(inner.dimensions === undefined ? {} : { dimensions: inner.dimensions }),
		calls,
		get maxInFlight() {
			return maxInFlight;
		},
		toolTexts(queries = []) {
			return calls.filter((texts) => !(texts.length === 1 && queries.includes(texts[0] as string))).flat();
		},
		async embed(texts, embedOptions) {
			calls.push([...texts]);
			inFlight++;
			maxInFlight = Math.max(maxInFlight, inFlight);
			try {
				await options.wait?.(texts, embedOptions?.signal);
				return await inner.embed(texts, embedOptions);
			} finally {
				inFlight--;
			}
		},
	};
}

/** An embedder whose vector for a text is `table[first word of the text]` (zeros when absent). */
export function tableEmbedder(table: Readonly<Record<string, readonly number[]>>, id = "table"): Embedder {
	const dimensions = (Object.values(table)[0] ?? []).length;
	return {
		id,
		async embed(texts) {
			return texts.map((text) => {
				const word = (text.toLowerCase().match(/[\p{L}\p{N}]+/u) ?? [""])[0];
				return [...(table[word] ?? new Array<number>(dimensions).fill(0))];
			});
		},
	};
}

/** A promise with its resolver outside. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
	let resolve: () => void = () => {};
	const promise = new Promise<void>((done) => {
		resolve = done;
	});
	return { promise, resolve };
}
