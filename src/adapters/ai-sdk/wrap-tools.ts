/**
 * The catalogue tools as `createAiSdkToolSearch` hands them out: each tool as it is, or a copy whose
 * `execute` runs the guard first (and reports the call's outcome to `tool_search`'s traces) and,
 * with `toolReferences`, whose Anthropic provider options mark a searchable tool `deferLoading`.
 * The tools given are never mutated.
 */
import type { Tool, ToolSet } from "ai";
import type { ToolHost } from "../../host/types.js";
import { checkToolCall, type ToolCallCheckOptions } from "../../integration/index.js";
import type { ToolSearchToolDefinition } from "../../tool/tool-definition.js";
import { isObject } from "../shared/checks.js";
import { callOf } from "./call-of.js";

type AnyExecute = (input: unknown, options: unknown) => unknown;

/** What {@link wrapTools} needs besides the tools. */
export interface WrapToolsOptions {
	/** The searchable (deferred) tools. */
	readonly deferred: readonly string[];
	/** Mark searchable tools `deferLoading` for Anthropic. */
	readonly toolReferences: boolean;
	/** The guard's options; `undefined` when the guard is off. */
	readonly guarded: Pick<ToolCallCheckOptions, "autoActivate"> | undefined;
	/** The host the guard checks calls against. */
	readonly host: ToolHost;
	/** Told of every call that runs, for the active-set budget; tools are wrapped for it. */
	readonly markUsed?: ((name: string) => void) | undefined;
	/** The `tool_search` whose gate the guard asks and whose traces get the outcomes. */
	readonly search: ToolSearchToolDefinition;
	/** Whether `tool_search` has an `isAvailable` gate (the guard is then asynchronous). */
	readonly gated: boolean;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
	return isObject(value) && typeof (value as { then?: unknown }).then === "function";
}

/** An `async function*`: a streaming tool, whose result must stay an async iterable. */
function isAsyncGeneratorFunction(fn: AnyExecute): boolean {
	return Object.prototype.toString.call(fn) === "[object AsyncGeneratorFunction]";
}

/**
 * `execute` behind the guard. Without a gate the check is synchronous and the tool's own result
 * (a value, a promise or an async iterable) is returned as is; with one, the check is awaited
 * first, and an `async function*` tool stays a generator.
 */
function guardedExecute(
	name: string,
	tool: Tool,
	execute: AnyExecute,
	options: WrapToolsOptions,
): AnyExecute {
	const { guarded, host, search, gated, markUsed } = options;
	const guard = guarded ?? {};
	const report = (status: "ok" | "error", toolCallId: string | undefined) => {
		search.reportToolCall({ name, status, ...(toolCallId === undefined ? {} : { toolCallId }) });
	};
	// The gate is the guard's: a tool wrapped only for the active-set budget (no guard) is not checked.
	if (!gated || guarded === undefined) {
		return (input, executeOptions) => {
			const { toolCallId } = callOf(executeOptions);
			const check = guarded === undefined ? undefined : checkToolCall(name, host, guard);
			if (check !== undefined && "message" in check) {
				search.reportToolCall({ name, status: "refused", reason: check.status, toolCallId });
				return Promise.reject(new Error(check.message));
			}
			markUsed?.(name);
			const result = execute.call(tool, input, executeOptions);
			if (isThenable(result)) {
				result.then(
					() => report("ok", toolCallId),
					() => report("error", toolCallId),
				);
			}
			return result;
		};
	}
	const checked = async (executeOptions: unknown) => {
		const call = callOf(executeOptions);
		const check = await search.checkToolCall(name, { ...guard, ...call });
		if ("message" in check) throw new Error(check.message);
		markUsed?.(name);
		return call.toolCallId;
	};
	if (isAsyncGeneratorFunction(execute)) {
		return (input, executeOptions) =>
			(async function* () {
				const toolCallId = await checked(executeOptions);
				try {
					yield* execute.call(tool, input, executeOptions) as AsyncIterable<unknown>;
					report("ok", toolCallId);
				} catch (error) {
					report("error", toolCallId);
					throw error;
				}
			})();
	}
	return async (input, executeOptions) => {
		const toolCallId = await checked(executeOptions);
		try {
			const output = await execute.call(tool, input, executeOptions);
			report("ok", toolCallId);
			return output;
		} catch (error) {
			report("error", toolCallId);
			throw error;
		}
	};
}

/** The tools of `names`, keyed by name, copied where they are guarded or deferred. */
export function wrapTools(
	tools: ToolSet,
	names: readonly string[],
	options: WrapToolsOptions,
): Record<string, unknown> {
	const { deferred, toolReferences, guarded } = options;
	const searchable = new Set(deferred);
	const wrapped: Record<string, unknown> = {};
	for (const name of names) {
		const tool = tools[name] as Tool & Record<string, unknown>;
		const execute = typeof tool.execute === "function" ? (tool.execute as AnyExecute) : undefined;
		const defer = toolReferences && searchable.has(name);
		if (!defer && ((guarded === undefined && options.markUsed === undefined) || execute === undefined)) {
			wrapped[name] = tool;
			continue;
		}
		const copy: Record<string, unknown> = { ...tool };
		if (defer) {
			const anthropic = isObject(tool.providerOptions?.anthropic) ? tool.providerOptions.anthropic : {};
			copy.providerOptions = { ...tool.providerOptions, anthropic: { ...anthropic, deferLoading: true } };
		}
		if ((guarded !== undefined || options.markUsed !== undefined) && execute !== undefined)
			copy.execute = guardedExecute(name, tool, execute, options);
		wrapped[name] = copy;
	}
	return wrapped;
}
