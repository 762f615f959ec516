/**
 * Reading a server's tools: every page of `tools/list`, and the JSON comparison that tells a
 * changed definition from an unchanged one.
 */
import type { McpClientLike, McpTool } from "./mcp-types.js";

/**
 * How many `tools/list` pages one listing follows before it gives up (a server repeating cursors).
 *
 * @example
 * ```ts
 * await listAllTools(client); // throws after MAX_TOOL_PAGES pages
 * ```
 */
export const MAX_TOOL_PAGES = 1000;

/**
 * Every tool of a server, following `nextCursor` page after page.
 *
 * @throws {Error} whatever `listTools` throws, or an `Error` for a malformed page or a cursor loop.
 *
 * @example
 * ```ts
 * const tools = await listAllTools(client); // [{ name: "get_forecast", inputSchema: {...} }, ...]
 * ```
 */
export async function listAllTools(client: McpClientLike): Promise<McpTool[]> {
	const tools: McpTool[] = [];
	const seen = new Set<string>();
	let cursor: string | undefined;
	for (let page = 0; page < MAX_TOOL_PAGES; page++) {
		const result: unknown = await client.listTools(cursor === undefined ? undefined : { cursor });
		const list =
			typeof result === "object" && result !== null ? (result as { tools?: unknown }).tools : undefined;
		if (!Array.isArray(list)) throw new Error("tools/list returned no tools array");
		tools.push(...(list as McpTool[]));
		const next = (result as { nextCursor?: unknown }).nextCursor;
		if (next === undefined || next === null || next === "") return tools;
		if (typeof next !== "string") throw new Error(`tools/list returned a non-string nextCursor`);
		if (seen.has(next)) throw new Error(`tools/list repeated the cursor ${JSON.stringify(next)}`);
		seen.add(next);
		cursor = next;
	}
	throw new Error(`tools/list had more than ${MAX_TOOL_PAGES} pages`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether two JSON values are equal: same primitives, arrays equal item by item, objects equal key
 * by key in any order. A key whose value is `undefined` counts as absent, as in JSON.
 *
 * @example
 * ```ts
 * sameJson({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] }); // true
 * ```
 */
export function sameJson(a: unknown, b: unknown): boolean {
	if (Object.is(a, b)) return true;
	if (Array.isArray(a)) {
		if (!Array.isArray(b) || a.length !== b.length) return false;
		return a.every((item, at) => sameJson(item, b[at]));
	}
	if (!isPlainObject(a) || !isPlainObject(b)) return false;
	const keysA = Object.keys(a).filter((key) => a[key] !== undefined);
	const keysB = Object.keys(b).filter((key) => b[key] !== undefined);
	if (keysA.length !== keysB.length) return false;
	return keysA.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}
