/**
 * `createMcpProxyServer`: an MCP server in front of a catalogue. It lists `tool_search` and the
 * active tools, forwards calls to the servers behind it, and tells its client when the list changes.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	type CallToolResult,
	ListToolsRequestSchema,
	type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import type { ActiveToolSet, ToolHost } from "../../host/types.js";
import { META_TOOL_SEARCH_DESCRIPTION, withSchemas } from "../../meta/meta-search-result.js";
import { createToolSearchTool } from "../../tool/create-tool-search-tool.js";
import { createMcpMetaCall, MCP_CALL_TOOL } from "./mcp-meta.js";
import {
	checkOptions,
	DEFAULT_MCP_PROXY_SERVER_INFO,
	type McpProxyCatalog,
	type McpProxyServerOptions,
} from "./mcp-proxy-options.js";
import { forwarded, messageOf, textResult, toCallToolResult } from "./mcp-proxy-results.js";
import type { McpTool } from "./mcp-types.js";

/** The default active set: keeps catalogue names, and names already active. */
function catalogActiveSet(catalog: McpProxyCatalog): ActiveToolSet {
	let active: readonly string[] = [];
	return {
		getActiveTools: () => [...active],
		setActiveTools(names) {
			const known = new Set(catalog.getAllTools().map((tool) => tool.name));
			const kept = new Set(active);
			active = [...new Set(names)].filter((name) => known.has(name) || kept.has(name));
		},
	};
}

/**
 * Creates an MCP server (the SDK's low-level `Server`) in front of a catalogue. Its `tools/list`
 * returns `tool_search` followed by the pinned and active catalogue tools, with their definitions.
 * Its `tools/call` runs `tool_search` (the result's `details` become `structuredContent`), or forwards
 * the call to the tool's server under the server's own name for it. A call to a catalogued tool that
 * is not active gets an error result naming `tool_search` (or activates it, with `autoActivate`); a
 * call to an unknown tool gets an error result with the nearest names; with an `isAvailable` gate in
 * `toolSearch`, a call to a tool the gate refuses now gets an error result saying so (the request's
 * `extra` is the gate's `ctx`), and forwarded calls are reported to `onTrace`. After each of its own
 * activations, and after each catalogue change, the proxy sends `notifications/tools/list_changed`
 * if the list it would return differs from the last one (only while connected). With a discovery
 * policy (`toolSearch.policy`), each `tools/list` and each catalogue change (while connected) first
 * applies it to the tools that appeared: the ones it loads are listed, the ones it defers wait for
 * `tool_search`, so a proxy made before its servers were listed still follows it. Closing the server
 * stops it watching the catalogue until its next request, unless `onclose` is replaced.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for a catalogue or host without its methods, a
 * non-array `pinned`, a non-boolean `autoActivate`, or malformed `toolSearch` options.
 *
 * @example
 * ```ts
 * const catalog = createMcpCatalog({ servers: { github: githubClient, weather: weatherClient } });
 * const proxy = createMcpProxyServer({ catalog });
 * await proxy.connect(new StdioServerTransport());
 * ```
 */
export function createMcpProxyServer(options: McpProxyServerOptions): Server {
	checkOptions(options);
	const { catalog, autoActivate = false } = options;
	const host = options.host ?? catalogActiveSet(catalog);
	const pinned = [...new Set(options.pinned ?? [])];
	const pinnedSet = new Set(pinned);
	const view: ToolHost = {
		getAllTools: () => catalog.getAllTools(),
		getCatalogVersion: () => catalog.getCatalogVersion?.(),
		// Servers that are down get the proxy's own note (unavailableNote); the rest are said by tool_search.
		getSourceStatus: () => {
			const down = new Set((catalog.unavailable?.() ?? []).map((server) => server.server));
			return (catalog.getSourceStatus?.() ?? []).filter((source) => !down.has(source.name));
		},
		getActiveTools: () => [...new Set([...pinned, ...host.getActiveTools()])],
		setActiveTools: (names) => host.setActiveTools(names.filter((name) => !pinnedSet.has(name))),
	};
	const meta = options.mode === "meta-tools";
	const toolSearch = createToolSearchTool({
		...(meta ? { description: META_TOOL_SEARCH_DESCRIPTION } : {}),
		...options.toolSearch,
		tools: view,
		namespaceOf: (tool) => catalog.namespaceOf(tool),
	});
	const searchTool: Tool = {
		name: toolSearch.name,
		title: toolSearch.label,
		description: toolSearch.description,
		inputSchema: JSON.parse(JSON.stringify(toolSearch.parameters)) as Tool["inputSchema"],
	};

	let indexed: { tools: readonly McpTool[]; byName: Map<string, McpTool> } | undefined;
	/** The catalogue by name, rebuilt only when `getAllTools` returns a new array. */
	function catalogByName(): Map<string, McpTool> {
		const tools = catalog.getAllTools();
		if (indexed?.tools !== tools)
			indexed = { tools, byName: new Map(tools.map((tool) => [tool.name, tool])) };
		return indexed.byName;
	}
	function listed(): McpTool[] {
		if (meta) return []; // the meta-tools list never changes
		const byName = catalogByName();
		return view.getActiveTools().flatMap((name) => {
			const tool = name === TOOL_SEARCH_TOOL_NAME ? undefined : byName.get(name);
			return tool === undefined ? [] : [tool];
		});
	}

	const server = new Server(options.serverInfo ?? DEFAULT_MCP_PROXY_SERVER_INFO, {
		capabilities: { tools: { listChanged: true } },
		...(options.instructions === undefined ? {} : { instructions: options.instructions }),
	});

	let announced = listed();
	function announceIfChanged(): void {
		// A policy (`toolSearch.policy`) loads or defers the tools that appeared, once a client is
		// there to list them: not while the servers behind the proxy are still being listed.
		if (server.transport !== undefined) toolSearch.applyPolicy();
		const current = listed();
		if (current.length === announced.length && current.every((tool, at) => tool === announced[at])) return;
		announced = current;
		if (server.transport === undefined) return;
		server.sendToolListChanged().catch(() => {
			// The client went away; it lists the tools again when it reconnects.
		});
	}

	let unwatch: (() => void) | undefined;
	const watch = (): void => {
		unwatch ??= catalog.on("change", announceIfChanged);
	};
	watch();
	server.onclose = () => {
		unwatch?.();
		unwatch = undefined;
	};

	const forward = async (name: string, args: Record<string, unknown>, signal: AbortSignal) => {
		try {
			return forwarded(await catalog.callTool(name, args, { signal }));
		} catch (error) {
			return textResult(`Error: calling ${name} failed: ${messageOf(error)}`);
		}
	};
	const metaCall = createMcpMetaCall({ catalog, view, markUsed: toolSearch.markUsed, forward });

	server.setRequestHandler(ListToolsRequestSchema, () => {
		watch();
		toolSearch.applyPolicy();
		announced = listed();
		return { tools: [searchTool, ...(meta ? [MCP_CALL_TOOL] : announced)] };
	});

	server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
		watch();
		const { name, arguments: args } = request.params;
		const callId = String(extra.requestId);
		if (name === TOOL_SEARCH_TOOL_NAME) {
			const result = await toolSearch.execute(callId, args ?? {}, extra.signal, undefined, extra);
			announceIfChanged();
			const shown = meta ? withSchemas(result, (tool) => catalogByName().get(tool)) : result;
			return toCallToolResult(shown, catalog.unavailable?.() ?? []);
		}
		if (meta) return metaCall(name, args, extra.signal);
		const down = catalog.unavailable?.().find((server) => server.tools.includes(name));
		if (down !== undefined && !catalogByName().has(name)) {
			// The catalogue answers with an error result naming the server that is down.
			try {
				return forwarded(await catalog.callTool(name, args, { signal: extra.signal }));
			} catch (error) {
				return textResult(`Error: calling ${name} failed: ${messageOf(error)}`);
			}
		}
		const guard = await toolSearch.checkToolCall(name, { autoActivate, ctx: extra, toolCallId: callId });
		if ("message" in guard) return textResult(guard.message);
		toolSearch.markUsed(name);
		if (guard.status === "activated") announceIfChanged();
		if (!catalogByName().has(name)) {
			return textResult(
				`Tool ${JSON.stringify(name)} is not available right now: its MCP server no longer lists it.`,
			);
		}
		const report = (status: "ok" | "error") =>
			toolSearch.reportToolCall({ name, status, toolCallId: callId });
		try {
			const result = forwarded(await catalog.callTool(name, args, { signal: extra.signal }));
			report(result.isError === true ? "error" : "ok");
			return result;
		} catch (error) {
			report("error");
			return textResult(`Error: calling ${name} failed: ${messageOf(error)}`);
		}
	});

	return server;
}
