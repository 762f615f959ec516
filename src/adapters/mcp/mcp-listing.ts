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
 * Every tool of a server, following `nextCursor` page after page, within `timeoutMs` in all when
 * given.
 *
 * @throws {Error} whatever `listTools` throws, or an `Error` for a malformed page, a cursor loop or
 * a listing past the deadline.
 *
 * @example
 * ```ts
 * const tools = await listAllTools(client); // [{ name: "get_forecast", inputSchema: {...} }, ...]
 * ```
 */
export async function listAllTools(client: McpClientLike, timeoutMs?: number): Promise<McpTool[]> {
	if (timeoutMs === undefined) return listPages(client);
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(
			() => reject(new Error(`tools/list did not answer within ${timeoutMs} ms`)),
			timeoutMs,
		);
	});
	try {
		return await Promise.race([listPages(client), late]);
	} finally {
		clearTimeout(timer);
	}
}

async function listPages(client: McpClientLike): Promise<McpTool[]> {
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

/** Each key of `value` whose value is not `undefined` (a key holding `undefined` is absent in JSON). */
function definedKeys(value: Record<string, unknown>): string[] {
	return Object.keys(value).filter((key) => value[key] !== undefined);
}

/**
 * Whether two JSON values are equal: same primitives, arrays equal item by item, objects equal key
 * by key in any order. A key whose value is `undefined` counts as absent, as in JSON. It walks with
 * a stack of its own, not by recursion, so a value nested any depth (a hostile server's schema)
 * neither overflows the call stack nor throws; a pair met again (a cycle) counts as equal.
 *
 * @example
 * ```ts
 * sameJson({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] }); // true
 * ```
 */
export function sameJson(a: unknown, b: unknown): boolean {
	const pending: [unknown, unknown][] = [[a, b]];
	const seen = new Map<object, Set<object>>();
	for (let pair = pending.pop(); pair !== undefined; pair = pending.pop()) {
		const [x, y] = pair;
		if (Object.is(x, y)) continue;
		if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
		const partners = seen.get(x) ?? new Set<object>();
		if (partners.has(y)) continue;
		partners.add(y);
		seen.set(x, partners);
		if (Array.isArray(x)) {
			if (!Array.isArray(y) || x.length !== y.length) return false;
			for (let at = 0; at < x.length; at++) pending.push([x[at], y[at]]);
			continue;
		}
		if (!isPlainObject(x) || !isPlainObject(y)) return false;
		const keys = definedKeys(x);
		if (keys.length !== definedKeys(y).length) return false;
		for (const key of keys) {
			if (!Object.hasOwn(y, key)) return false;
			pending.push([x[key], y[key]]);
		}
	}
	return true;
}
