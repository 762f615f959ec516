/**
 * What a tool call carries in the AI SDK's execute options besides the input: its id, and the
 * caller's context (`context` in ai 7, `experimental_context` in ai 6), which `tool_search` hands
 * its rankers and gates as `ctx`.
 */
import { isObject } from "../shared/checks.js";

/** The call's id and context, from the execute options. */
export function callOf(options: unknown): { toolCallId?: string; ctx?: unknown } {
	if (!isObject(options)) return {};
	const id = options.toolCallId;
	const ctx = options.context !== undefined ? options.context : options.experimental_context;
	return {
		...(typeof id === "string" ? { toolCallId: id } : {}),
		...(ctx === undefined ? {} : { ctx }),
	};
}
