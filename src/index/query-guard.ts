/**
 * A `ToolSearchIndex` kept out of its own way. A search's or explanation's `exclude` (a function,
 * or a set's iterator) runs in the middle of a query, whose totals, marks and slots the index holds
 * in place; a search, explanation, change or save of the same index from inside it read or rewrote
 * them (another query's scores in the results, `undefined` names after removals), so it throws.
 * @internal
 */
import { ToolSearchError } from "../errors.js";

export class QueryGuard {
	/** Whether a query with an `exclude` is running. */
	#busy = false;

	/** Throws `INVALID_OPTIONS` when called from inside a running query's `exclude`. */
	check(what: string): void {
		if (this.#busy) {
			throw new ToolSearchError(
				"INVALID_OPTIONS",
				`${what} was called from inside the exclude of a search of the same index; exclude must answer from the name alone`,
			);
		}
	}

	/** Runs `query`, marked as running while its `exclude` may call back. */
	run<T>(exclude: unknown, query: () => T): T {
		if (exclude === undefined) return query();
		this.#busy = true;
		try {
			return query();
		} finally {
			this.#busy = false;
		}
	}
}
