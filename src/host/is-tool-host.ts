import type { ToolHost } from "./types.js";

/**
 * Whether `value` is an object (or function) with `getAllTools`, `getActiveTools` and
 * `setActiveTools` methods, own or inherited (a class instance such as pi's `ExtensionAPI` fits).
 * The option checks of `createToolSearchTool` and `checkToolCall` use it.
 *
 * @example
 * ```ts
 * isToolHost(createActiveToolSet({ tools: [] })); // true
 * isToolHost({ getAllTools: () => [] }); // false
 * ```
 */
export function isToolHost(value: unknown): value is ToolHost {
	if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
	const host = value as Readonly<Record<string, unknown>>;
	return (
		typeof host.getAllTools === "function" &&
		typeof host.getActiveTools === "function" &&
		typeof host.setActiveTools === "function"
	);
}
