/**
 * The catalogue tools as `createAiSdkToolSearch` hands them out: each tool as it is, or a copy whose
 * `execute` runs the guard first and, with `toolReferences`, whose Anthropic provider options mark
 * a searchable tool `deferLoading`. The tools given are never mutated.
 */
import type { Tool, ToolSet } from "ai";
import type { ToolHost } from "../../host/types.js";
import { checkToolCall, type ToolCallCheckOptions } from "../../integration/index.js";
import { isObject } from "../shared/checks.js";

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
}

/** The tools of `names`, keyed by name, copied where they are guarded or deferred. */
export function wrapTools(
	tools: ToolSet,
	names: readonly string[],
	{ deferred, toolReferences, guarded, host, markUsed }: WrapToolsOptions,
): Record<string, unknown> {
	const searchable = new Set(deferred);
	const wrapped: Record<string, unknown> = {};
	for (const name of names) {
		const tool = tools[name] as Tool & Record<string, unknown>;
		const execute = typeof tool.execute === "function" ? (tool.execute as AnyExecute) : undefined;
		const defer = toolReferences && searchable.has(name);
		if (!defer && ((guarded === undefined && markUsed === undefined) || execute === undefined)) {
			wrapped[name] = tool;
			continue;
		}
		const copy: Record<string, unknown> = { ...tool };
		if (defer) {
			const anthropic = isObject(tool.providerOptions?.anthropic) ? tool.providerOptions.anthropic : {};
			copy.providerOptions = { ...tool.providerOptions, anthropic: { ...anthropic, deferLoading: true } };
		}
		if ((guarded !== undefined || markUsed !== undefined) && execute !== undefined) {
			copy.execute = (input: unknown, executeOptions: unknown) => {
				const check = guarded === undefined ? undefined : checkToolCall(name, host, guarded);
				if (check?.status === "inactive" || check?.status === "unknown") {
					return Promise.reject(new Error(check.message));
				}
				markUsed?.(name);
				return execute.call(tool, input, executeOptions);
			};
		}
		wrapped[name] = copy;
	}
	return wrapped;
}
