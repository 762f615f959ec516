/**
 * Type tests of `tool-search/pi` against the real types of both pi packages in use today:
 * `@earendil-works/pi-coding-agent` 1.x and `@mariozechner/pi-coding-agent` 0.73. Checked by
 * `tsc --noEmit` (not run by vitest).
 */
import type * as Pi1 from "@earendil-works/pi-coding-agent";
import type * as Pi0 from "@mariozechner/pi-coding-agent";
import { createToolSearchTool, type ToolSearchToolDetails } from "tool-search";
import {
	guardPiToolCalls,
	type PiExtensionApi,
	type PiToolSearchDefinition,
	toolSearchExtension,
	toPiToolDefinition,
} from "tool-search/pi";
import { expectTypeOf } from "vitest";
import { rewriteToolNotFound } from "../../src/adapters/pi/guard.js";

declare const pi1: Pi1.ExtensionAPI;
declare const pi0: Pi0.ExtensionAPI;

// The extension is an `ExtensionFactory` of both, and both `ExtensionAPI`s are what it needs.
const extension = toolSearchExtension({ policy: { mode: "mcp-only" }, guard: { autoActivate: true } });
const factory1: Pi1.ExtensionFactory = extension;
const factory0: Pi0.ExtensionFactory = extension;
const api1: PiExtensionApi = pi1;
const api0: PiExtensionApi = pi0;

// Each `ExtensionAPI` is a tool host as it is, and the definition registers as is with both.
const definition = toPiToolDefinition(createToolSearchTool({ tools: pi1 }));
expectTypeOf(definition).toEqualTypeOf<PiToolSearchDefinition>();
pi1.registerTool(definition);
pi0.registerTool(toPiToolDefinition(createToolSearchTool({ tools: pi0 })));
// pi 1.x: tool_search declares that it reaches other tools.
expectTypeOf(definition.exposure).toEqualTypeOf<"model-only">();
expectTypeOf(definition.reachesTools).returns.toEqualTypeOf<"all">();
const exposure: NonNullable<Pi1.ToolDefinition["exposure"]> = definition.exposure;

// `execute` has pi's signature: (toolCallId, params, signal, onUpdate, ctx).
expectTypeOf(definition.execute).parameter(0).toEqualTypeOf<string>();
expectTypeOf(definition.execute).parameter(2).toEqualTypeOf<AbortSignal | undefined>();
expectTypeOf(definition.execute)
	.returns.resolves.toHaveProperty("details")
	.toEqualTypeOf<ToolSearchToolDetails>();

// The guard takes either `ExtensionAPI`; the rewrite keeps the message type.
guardPiToolCalls(pi1, { autoActivate: true });
guardPiToolCalls(pi0);
pi1.on("message_end", (event) => {
	const message = rewriteToolNotFound(event.message, pi1);
	expectTypeOf(message).toEqualTypeOf<typeof event.message | undefined>();
	return message === undefined ? undefined : { message };
});

// @ts-expect-error guard is a boolean or { autoActivate }
toolSearchExtension({ guard: "yes" });
// @ts-expect-error the policy mode is checked
toolSearchExtension({ policy: { mode: "sometimes" } });
// @ts-expect-error pi is the host: no `tools` option
toolSearchExtension({ tools: pi1 });

void [factory1, factory0, api1, api0, exposure];
