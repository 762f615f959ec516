/**
 * The pool's threshold as a query's term scans raise it (MaxScore's), and the tools that may be in
 * the pool at the end.
 * @internal
 */
import { KthBest } from "./top-k.js";

/** Which tools may count for a threshold: alive and not excluded. */
export type Keep = (slot: number) => boolean;

/**
 * The pool's threshold as a query's scans raise it, and the tools that may be above it at the end.
 * Each term's scan offers the new totals to a heap of the `k` best of that scan: totals only grow,
 * so its `k`-th best bounds the pool's last score from below. A tool is listed when a scan leaves
 * its total at or above the bound of the moment: a tool whose final total reaches the pool's last
 * score was, after its last term, at or above every bound so far — so the list holds every tool
 * of the pool, and no pass over all the totals is needed to find them.
 */
export class Leaders {
	/** Tools listed (each once: `mark[slot] === epoch` once listed). */
	readonly listed: number[] = [];
	/** The bound from the scans finished so far. */
	threshold = 0;
	readonly #best: KthBest;

	constructor(
		readonly k: number,
		readonly keep: Keep,
		readonly mark: Int32Array,
		readonly epoch: number,
	) {
		// A scan offers each tool (slot) once: a heap with room for more than `mark` has slots never
		// fills, and its threshold stays 0 as a heap of `k` would (a limit such as 2^53 - 1 asked
		// for an array of that many scores: RangeError).
		this.#best = new KthBest(Math.min(k, mark.length + 1));
	}

	/** Starts a term's scan (the heap emptied: a tool is offered once per scan). */
	startScan(): void {
		this.#best.reset();
	}

	/** Ends a term's scan: its heap's `k`-th best raises the bound. */
	endScan(): void {
		const reached = this.#best.threshold;
		if (reached > this.threshold) this.threshold = reached;
	}

	/** The bound of the moment: totals below it need not be offered. */
	get floor(): number {
		const reached = this.#best.threshold;
		return Math.max(reached, this.threshold);
	}

	/** Offers a tool's new total (at or above {@link floor}); returns the new floor. */
	offer(slot: number, total: number): number {
		this.#best.offer(slot, total, this.keep);
		const floor = this.floor;
		if (total >= floor && this.mark[slot] !== this.epoch) {
			this.mark[slot] = this.epoch;
			this.listed.push(slot);
		}
		return floor;
	}
}
