/**
 * pi: the `tool-search/pi` extension on a minimal fake `ExtensionAPI` (offline, no pi session).
 * pi's four built-ins are active; an MCP extension registers four more tools, which the policy
 * (`mcp-only`) defers at `session_start`. Then the model calls a deferred tool (the guard rewrites
 * pi's "not found"), searches, and makes a bad search (rethrown, as pi expects). The active set is
 * printed as it grows.
 *
 * Run: npm run example:pi   (or: npx tsx examples/pi.ts)
 */
import type { ExtensionToolContext, ToolDefinition, ToolInfo } from "@earendil-works/pi-coding-agent";
import { type PiExtensionApi, toolSearchExtension } from "tool-search/pi";
import { Type } from "typebox";

// The fake: what the extension calls, with pi's behaviour (new registrations become active,
// setActiveTools replaces the set and ignores unknown names).
const sourceInfo = { path: "<example>", source: "example", scope: "temporary", origin: "top-level" } as const;
const all: ToolInfo[] = [];
const registered = new Map<string, ToolDefinition>();
const handlers = new Map<string, ((event: never, ctx: never) => unknown)[]>();
let active: string[] = [];
// Like pi's ExtensionAPI, the fake registers any tool; `PiExtensionApi` is what the extension needs of it.
const pi: Omit<PiExtensionApi, "registerTool"> & { registerTool(tool: ToolDefinition): void } = {
	registerTool(tool) {
		registered.set(tool.name, tool);
		const { name, description, parameters } = tool;
		all.push({ name, description, parameters, exposure: tool.exposure ?? "direct", sourceInfo });
		active.push(tool.name);
	},
	on(event: string, handler: (event: never, ctx: never) => unknown) {
		handlers.set(event, [...(handlers.get(event) ?? []), handler]);
	},
	getAllTools: () => all,
	getActiveTools: () => [...active],
	setActiveTools(names) {
		active = names.filter((name) => all.some((tool) => tool.name === name));
	},
};
const ctx = {} as ExtensionToolContext; // pi passes its session context; tool_search only hands it to the ranker
const emit = async (event: { type: string }) => {
	for (const handler of handlers.get(event.type) ?? []) await handler(event as never, ctx as never);
};
const execute = async () => ({ content: [], details: {} });
const tool = (name: string, description: string, parameters = Type.Object({})) =>
	pi.registerTool({ name, label: name, description, parameters, execute });

for (const name of ["read", "bash", "edit", "write"]) tool(name, `pi's built-in ${name} tool.`);
toolSearchExtension({ policy: { mode: "mcp-only" } })(pi);
tool("github__create_issue", "Create a GitHub issue.", Type.Object({ title: Type.String() }));
tool("github__list_issues", "List the issues of a GitHub repository.");
tool("slack__post_message", "Post a message to a Slack channel.", Type.Object({ text: Type.String() }));
tool("weather__get_forecast", "Get the weather forecast for a city.", Type.Object({ city: Type.String() }));
console.log(`registered:    [${active.join(", ")}]`);
await emit({ type: "session_start" });
console.log(`session_start: [${active.join(", ")}]`);

// The model calls a deferred tool: pi answers "not found"; the guard rewrites it at message_end.
const text = "Tool weather__get_forecast not found";
const refused = {
	role: "toolResult",
	toolName: "weather__get_forecast",
	content: [{ type: "text", text }],
	isError: true,
};
for (const handler of handlers.get("message_end") ?? []) {
	const result = (await handler({ type: "message_end", message: refused } as never, ctx as never)) as {
		message: { content: { text: string }[] };
	};
	console.log(`guard:         ${result.message.content[0]?.text}`);
}

// The model searches, as pi would run the registered tool.
const toolSearch = registered.get("tool_search");
const found = await toolSearch?.execute("call-1", { query: "weather forecast" }, undefined, undefined, ctx);
console.log(
	`tool_search:   ${found?.content.map((part) => (part.type === "text" ? part.text : "")).join("\n")}`,
);
console.log(`active now:    [${active.join(", ")}]`);
await toolSearch?.execute("call-2", { query: "  " }, undefined, undefined, ctx).catch((error: Error) => {
	console.log(`bad query:     threw ${JSON.stringify(error.message)}`);
});
