/**
 * Type tests of `tool-search/pi` against the real `@mariozechner/pi-coding-agent` types, checked by
 * `tsc --noEmit` (not run by vitest).
 */
import type {
	ExtensionAPI,
	ExtensionContext,
	ExtensionFactory,
	ToolDefinition,
} from "@mariozechner/pi-coding-agent";
import { createToolSearchTool, type ToolSearchToolDetails } from "tool-search";
import {
	guardPiToolCalls,
	type PiExtensionApi,
	type PiToolSearchDefinition,
	toolSearchExtension,
	toPiToolDefinition,
} from "tool-search/pi";
import { expectTypeOf } from "vitest";
import { toPiParameters } from "../../src/adapters/pi/definition.js";
import { rewriteToolNotFound } from "../../src/adapters/pi/guard.js";
import type { PiParameters } from "../../src/adapters/pi/types.js";
import { toolSearchSchema } from "../../src/tool/tool-search-schema.js";

declare const pi: ExtensionAPI;

// The extension is a pi `ExtensionFactory`, and pi's `ExtensionAPI` is what it needs.
const factory: ExtensionFactory = toolSearchExtension({
	policy: { mode: "mcp-only" },
	guard: { autoActivate: true },
});
const api: PiExtensionApi = pi;

// pi's `ExtensionAPI` is a tool host as it is, and the definition registers as is.
const definition = toPiToolDefinition(createToolSearchTool({ tools: pi }));
pi.registerTool(definition);
expectTypeOf(definition).toEqualTypeOf<PiToolSearchDefinition>();
expectTypeOf<PiToolSearchDefinition>().toEqualTypeOf<ToolDefinition<PiParameters, ToolSearchToolDetails>>();
expectTypeOf(toPiParameters(toolSearchSchema)).toEqualTypeOf<ToolDefinition["parameters"]>();

// `execute` has pi's signature: (toolCallId, params, signal, onUpdate, ctx).
expectTypeOf(definition.execute).parameter(0).toEqualTypeOf<string>();
expectTypeOf(definition.execute).parameter(2).toEqualTypeOf<AbortSignal | undefined>();
expectTypeOf(definition.execute).parameter(4).toEqualTypeOf<ExtensionContext>();
expectTypeOf(definition.execute)
	.returns.resolves.toHaveProperty("details")
	.toEqualTypeOf<ToolSearchToolDetails>();

// The guard takes pi's `ExtensionAPI`; the rewrite keeps the message type.
guardPiToolCalls(pi, { autoActivate: true });
pi.on("message_end", (event) => {
	const message = rewriteToolNotFound(event.message, pi);
	expectTypeOf(message).toEqualTypeOf<typeof event.message | undefined>();
	return message === undefined ? undefined : { message };
});

// @ts-expect-error guard is a boolean or { autoActivate }
toolSearchExtension({ guard: "yes" });
// @ts-expect-error the policy mode is checked
toolSearchExtension({ policy: { mode: "sometimes" } });
// @ts-expect-error pi is the host: no `tools` option
toolSearchExtension({ tools: pi });

void [factory, api];
