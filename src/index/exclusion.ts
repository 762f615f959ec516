/**
 * What a search leaves out: a function of the tool's name, or a set of names (marked up front,
 * so a query never calls back per tool — `tool_search` passes the active set so).
 * @internal
 */
export type ToolExclusion = ((name: string) => boolean) | ReadonlySet<string>;

/** Whether `value` is a usable exclusion: a function, or a set of names (anything with `has` and an iterator). */
export function isToolExclusion(value: unknown): value is ToolExclusion {
	if (typeof value === "function") return true;
	return (
		typeof value === "object" &&
		value !== null &&
		typeof (value as { has?: unknown }).has === "function" &&
		typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function"
	);
}
