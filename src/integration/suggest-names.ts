/**
 * The names `checkToolCall` suggests for a call to an unknown tool: catalogue names within a small
 * edit distance of the called one, or containing it, nearest first.
 */
import { MAX_SUGGESTION_EDITS, MAX_SUGGESTION_NAME_LENGTH } from "../defaults.js";
import { toolLocalName } from "../document/create-tool-search-document.js";
import { boundedEditDistance, type EditDistanceWork } from "./bounded-edit-distance.js";

/** A name with case and runs of `-`, `_`, `.`, `:`, `/` and whitespace folded, for containment. */
function folded(name: string): string {
	return name.toLowerCase().replace(/[\s_\-.:/]+/g, "_");
}

/** The length difference of `a` and `b` when one contains the other (3 characters or more). */
function containment(a: string, b: string): number | undefined {
	const [short, long] = a.length <= b.length ? [a, b] : [b, a];
	return short.length >= 3 && long.includes(short) ? long.length - short.length : undefined;
}

/** The called name, lowercased, its local name and its folded form, computed once per check. */
interface Called {
	readonly lower: string;
	readonly local: string;
	readonly folded: string;
}

/**
 * The distance from the called name to a candidate: the smallest edit distance between the
 * lowercased full names or the lowercased local names, within max(2, ⌊local name length / 3⌋)
 * edits, at most 8 (the local name of the called tool: a shared namespace prefix should not widen the window); or,
 * when one name contains the other (3 characters or more), lowercased or with separators folded
 * (`slack_post` in `slack__post_message`), their length difference. `undefined` when none applies.
 */
function distance(called: Called, candidate: string, work: EditDistanceWork | undefined): number | undefined {
	const lower = candidate.toLowerCase();
	const bound = Math.min(MAX_SUGGESTION_EDITS, Math.max(2, Math.floor(called.local.length / 3)));
	let best = Number.POSITIVE_INFINITY;
	for (const [a, b] of [
		[called.lower, lower],
		[called.local, toolLocalName(lower)],
	] as const) {
		const edits = boundedEditDistance(a, b, bound, work);
		if (edits <= bound) best = Math.min(best, edits);
		best = Math.min(best, containment(a, b) ?? best);
	}
	best = Math.min(best, containment(called.folded, folded(candidate)) ?? best);
	return best === Number.POSITIVE_INFINITY ? undefined : best;
}

/**
 * The nearest catalogue names to `name`, at most `max`. A called name or a candidate longer than
 * {@link MAX_SUGGESTION_NAME_LENGTH} is not compared (MCP allows no longer name), so a check costs
 * O(candidates · 128 · 17) at most. `work` counts the edit-distance cells computed.
 */
export function suggest(
	name: string,
	candidates: readonly string[],
	max: number,
	work?: EditDistanceWork,
): string[] {
	if (max === 0 || name.length > MAX_SUGGESTION_NAME_LENGTH) return [];
	const lower = name.toLowerCase();
	const called: Called = { lower, local: toolLocalName(lower), folded: folded(name) };
	const scored: { name: string; distance: number }[] = [];
	for (const candidate of new Set(candidates)) {
		if (candidate === name || candidate.length > MAX_SUGGESTION_NAME_LENGTH) continue;
		const d = distance(called, candidate, work);
		if (d !== undefined) scored.push({ name: candidate, distance: d });
	}
	scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	return scored.slice(0, max).map((item) => item.name);
}
