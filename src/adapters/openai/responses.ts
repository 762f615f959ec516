/**
 * The Responses API side of `tool-search/openai`: the `tools` to send (function tools grouped in
 * their namespaces, deferred ones marked `defer_loading`), the answer to a client-executed
 * `tool_search_call`, and the guard for `function_call` items. Internal.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import { quote } from "../../errors.js";
import { coalesceByNamespace } from "../../integration/index.js";
import { noteLines } from "../../tool/format-notes.js";
import { fail, isObject } from "../shared/checks.js";
import type { OpenAICatalog } from "./catalog.js";
import type { NamespaceTool, OpenAIFunctionTool, OpenAIToolSearch } from "./types.js";

/** The Responses methods of {@link OpenAIToolSearch}, over `catalog`. */
export function createResponsesApi(
	catalog: OpenAICatalog,
	declareDeferred: boolean | undefined,
): Pick<OpenAIToolSearch, "tools" | "handleToolSearchCall" | "guard"> {
	const { plan, enabled, functions, namespaces, searchTool, refusal } = catalog;
	const deferred = new Set(plan.deferred);

	/** Function tools of `names` (fresh objects), in namespaces placed where their first tool is. */
	function grouped(names: readonly string[]): (OpenAIFunctionTool | NamespaceTool)[] {
		return coalesceByNamespace(names, (name) => namespaces.get(name)?.name).map((group) => {
			const members = group.items.map((name): OpenAIFunctionTool => {
				const tool = functions.get(name) as OpenAIFunctionTool;
				return deferred.has(name) ? { ...tool, defer_loading: true } : { ...tool };
			});
			const namespace = namespaces.get(group.items[0] as string);
			if (namespace === undefined) return members[0] as OpenAIFunctionTool;
			const text = namespace.description?.trim() || namespace.name;
			return { type: "namespace", name: namespace.name, description: text, tools: members };
		});
	}
	const declared = [...plan.loaded, ...(declareDeferred === false ? [] : plan.deferred)];

	return {
		tools: () => [...(enabled ? [{ ...searchTool }] : []), ...grouped(declared)],
		async handleToolSearchCall(call, callOptions) {
			if (!isObject(call as unknown))
				fail("INVALID_OPTIONS", `expected a tool_search_call item, got ${quote(call)}`);
			if (call.execution === "server") {
				fail("INVALID_OPTIONS", 'handleToolSearchCall answers client-executed calls, got execution "server"');
			}
			const callId = call.call_id ?? null;
			const output = { type: "tool_search_output", call_id: callId, execution: "client" } as const;
			if (!enabled) return [{ ...output, status: "completed", tools: [] }];
			const result = await catalog.run(callId ?? "", call.arguments, callOptions);
			if (!result.isError) {
				const completed = {
					...output,
					status: "completed" as const,
					tools: grouped(result.details.activated_tools),
				};
				// A tool_search_output has no text: what select:, the budget or a connecting server
				// have to say follows as a developer message.
				const notes = noteLines(result.details);
				if (notes.length === 0) return [completed];
				const content = `${TOOL_SEARCH_TOOL_NAME} call ${callId ?? ""}: ${notes.join("\n")}`;
				return [completed, { type: "message", role: "developer", content }];
			}
			const reason = `${TOOL_SEARCH_TOOL_NAME} call ${callId ?? ""} failed. ${result.content[0].text}`;
			return [
				{ ...output, status: "incomplete", tools: [] },
				{ type: "message", role: "developer", content: reason },
			];
		},
		async guard(call, callOptions) {
			if (!isObject(call as unknown) || typeof call.call_id !== "string" || typeof call.name !== "string") {
				fail(
					"INVALID_OPTIONS",
					`expected a function_call item with string call_id and name, got ${quote(call)}`,
				);
			}
			const output = await refusal(call.name, { ctx: callOptions?.ctx, toolCallId: call.call_id });
			return output === undefined
				? undefined
				: { type: "function_call_output", call_id: call.call_id, output };
		},
	};
}
