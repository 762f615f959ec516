/**
 * Keeps the `k` best slots seen, by score descending then name ascending (UTF-16 code units).
 * A binary min-heap whose root is the worst kept slot.
 * @internal
 */
export class TopK {
	readonly #k: number;
	readonly #heap: number[] = [];
	readonly #score: Float64Array;
	readonly #names: readonly (string | undefined)[];

	constructor(k: number, score: Float64Array, names: readonly (string | undefined)[]) {
		this.#k = k;
		this.#score = score;
		this.#names = names;
	}

	/** True when `a` ranks below `b`. */
	#worse(a: number, b: number): boolean {
		const sa = this.#score[a] as number;
		const sb = this.#score[b] as number;
		if (sa !== sb) return sa < sb;
		return (this.#names[a] as string) > (this.#names[b] as string);
	}

	/** Whether `slot` would be kept if offered now (so a costly `exclude` runs only then). */
	accepts(slot: number): boolean {
		if (this.#k <= 0) return false;
		if (this.#heap.length < this.#k) return true;
		return this.#worse(this.#heap[0] as number, slot);
	}

	/** Keeps `slot`; call only after {@link accepts} returned true. */
	push(slot: number): void {
		const heap = this.#heap;
		if (heap.length < this.#k) {
			heap.push(slot);
			let i = heap.length - 1;
			while (i > 0) {
				const parent = (i - 1) >> 1;
				if (!this.#worse(heap[i] as number, heap[parent] as number)) break;
				[heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
				i = parent;
			}
			return;
		}
		heap[0] = slot;
		let i = 0;
		for (;;) {
			const left = 2 * i + 1;
			const right = left + 1;
			let worst = i;
			if (left < heap.length && this.#worse(heap[left] as number, heap[worst] as number)) worst = left;
			if (right < heap.length && this.#worse(heap[right] as number, heap[worst] as number)) worst = right;
			if (worst === i) break;
			[heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
			i = worst;
		}
	}

	/** The kept slots, best first. */
	sorted(): number[] {
		return [...this.#heap].sort((a, b) => (this.#worse(a, b) ? 1 : this.#worse(b, a) ? -1 : 0));
	}
}
