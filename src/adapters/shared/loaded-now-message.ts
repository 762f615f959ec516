/**
 * The guard's text for a call that did not run because its tool was not loaded, though it is loaded
 * now. Shared by `tool-search/pi` (which exports it) and `tool-search/ai-sdk`.
 */

/**
 * What the model reads when a tool it called while unloaded is loaded now (by a `tool_search` in
 * the same turn, or by `autoActivate`).
 *
 * @example
 * ```ts
 * loadedNowMessage("github__create_issue");
 * // 'Tool "github__create_issue" was not loaded, so the call did not run. It is loaded now: call it again.'
 * ```
 */
export function loadedNowMessage(name: string): string {
	return `Tool ${JSON.stringify(name)} was not loaded, so the call did not run. It is loaded now: call it again.`;
}
