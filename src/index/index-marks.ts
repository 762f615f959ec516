/**
 * Marks on a {@link ToolSearchIndex}'s tools: a ranker's bookkeeping of which tools one call
 * named (the `Bm25Ranker` marks every document of a call, then removes the unmarked tools). Kept
 * off the class so that its public surface exposes no internal type.
 * @internal
 */
import { indexStore, type ToolSearchIndex } from "./tool-search-index.js";

/** Starts a new set of marks: every tool is unmarked. */
export function beginMarks(index: ToolSearchIndex): void {
	indexStore(index).epoch++;
}

/** Marks the tool `name`; returns whether it is indexed. */
export function markTool(index: ToolSearchIndex, name: string): boolean {
	const store = indexStore(index);
	const slot = store.slotOfName(name);
	if (slot === undefined) return false;
	store.mark[slot] = store.epoch;
	return true;
}

/** Whether the tool `name` carries the current mark. */
export function isMarked(index: ToolSearchIndex, name: string): boolean {
	const store = indexStore(index);
	const slot = store.slotOfName(name);
	return slot !== undefined && store.mark[slot] === store.epoch;
}
