/**
 * Property 9, the MCP proxy with a hostile server: an in-memory SDK `Server` (or a raw client
 * object, which skips the SDK's validation) lists hostile tools (deep, cyclic and huge schemas,
 * huge descriptions, duplicate and empty names, junk types), fails, loops its cursor, and sends
 * `list_changed` storms, behind `createMcpCatalog` + `createMcpProxyServer` next to a well-behaved
 * server. The good server's tools stay searchable and callable through the proxy, the catalogue
 * settles, and nothing rejects unhandled.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	type CallToolResult,
	ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { createMcpCatalog, createMcpProxyServer, type McpClientLike } from "tool-search/mcp";
import { anything, cyclicSchema, deepSchema, hostileString } from "./gen.js";
import { check, type FuzzProperty, show, sleep, stray, withTimeout } from "./harness.js";

const TIMEOUT_MS = 10_000;

type Listing =
	| { kind: "tools"; tools: unknown[] }
	| { kind: "error"; message: string }
	| { kind: "cursor-loop" }
	| { kind: "junk"; value: unknown };

const hostileTool: fc.Arbitrary<unknown> = fc.oneof(
	{
		weight: 3,
		arbitrary: fc.record({
			name: fc.constantFrom("dup", "x", "y"),
			description: hostileString(100),
			inputSchema: fc.constant({ type: "object" }),
		}),
	},
	{
		weight: 1,
		arbitrary: fc
			.integer({ min: 10, max: 3_000 })
			.map((depth) => ({ name: "deep", inputSchema: deepSchema(depth) })),
	},
	{
		weight: 1,
		arbitrary: fc.integer({ min: 10_000, max: 1_000_000 }).map((size) => ({
			name: "huge",
			description: "word ".repeat(size / 5),
			inputSchema: { type: "object" },
		})),
	},
	{ weight: 1, arbitrary: fc.constant({ name: "", inputSchema: { type: "object" } }) },
	{
		weight: 1,
		arbitrary: fc.record(
			{ name: anything, description: anything, inputSchema: anything },
			{ requiredKeys: [] },
		),
	},
	{ weight: 1, arbitrary: fc.constant(null).map(() => ({ name: "cyclic", inputSchema: cyclicSchema() })) },
);

const listing: fc.Arbitrary<Listing> = fc.oneof(
	{
		weight: 6,
		arbitrary: fc.record({
			kind: fc.constant("tools" as const),
			tools: fc.array(hostileTool, { maxLength: 6 }),
		}),
	},
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant("error" as const), message: hostileString(50) }) },
	{ weight: 1, arbitrary: fc.constant({ kind: "cursor-loop" as const }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant("junk" as const), value: anything }) },
);

const GOOD_TOOLS = [
	{
		name: "get_forecast",
		description: "Zebraforecast: the weather forecast for a city.",
		inputSchema: { type: "object", properties: { city: { type: "string" } } },
	},
	{
		name: "send_mail",
		description: "Zebramail: send an email message.",
		inputSchema: { type: "object", properties: { to: { type: "string" } } },
	},
];

function respond(list: Listing, cursor: string | undefined): unknown {
	if (list.kind === "error") throw new Error(list.message);
	if (list.kind === "cursor-loop")
		return { tools: [{ name: `page${cursor ?? 0}`, inputSchema: { type: "object" } }], nextCursor: "again" };
	if (list.kind === "junk") return list.value;
	return { tools: list.tools };
}

/** A hostile SDK server whose listing follows `script`, one entry per `tools/list`. */
function hostileServer(script: readonly Listing[]) {
	const server = new Server(
		{ name: "bad", version: "1.0.0" },
		{ capabilities: { tools: { listChanged: true } } },
	);
	let at = 0;
	server.setRequestHandler(ListToolsRequestSchema, (request) => {
		const list = script[Math.min(at, script.length - 1)] as Listing;
		if (request.params?.cursor === undefined) at++;
		// Over a real transport the listing is JSON: a cyclic schema cannot be sent.
		return JSON.parse(JSON.stringify(respond(list, request.params?.cursor) ?? null)) as never;
	});
	server.setRequestHandler(CallToolRequestSchema, () => {
		throw new Error("bad server call");
	});
	return server;
}

/** A raw client (no SDK validation) whose `listTools` follows `script`. */
function rawHostileClient(script: readonly Listing[]): McpClientLike & { fire(): void } {
	let at = 0;
	let handler: (() => void) | undefined;
	return {
		async listTools(params) {
			const list = script[Math.min(at, script.length - 1)] as Listing;
			if (params?.cursor === undefined) at++;
			return respond(list, params?.cursor) as never;
		},
		async callTool() {
			throw new Error("raw call");
		},
		setNotificationHandler(_schema, h) {
			handler = () => void h({ method: "notifications/tools/list_changed" });
		},
		fire() {
			handler?.();
		},
	};
}

function goodServer() {
	const server = new Server(
		{ name: "good", version: "1.0.0" },
		{ capabilities: { tools: { listChanged: true } } },
	);
	server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: GOOD_TOOLS }));
	server.setRequestHandler(CallToolRequestSchema, (request) => ({
		content: [
			{ type: "text", text: `good/${request.params.name} ${JSON.stringify(request.params.arguments)}` },
		],
	}));
	return server;
}

async function connect(server: Server, closers: (() => Promise<void>)[]): Promise<Client> {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "fuzz", version: "1.0.0" });
	await client.connect(clientSide);
	closers.push(async () => {
		await client.close();
		await server.close();
	});
	return client;
}

const text = (result: unknown): string =>
	((result as CallToolResult).content?.[0] as { text?: string } | undefined)?.text ?? "";

function mcpProperties(): FuzzProperty[] {
	const proxy: FuzzProperty = {
		name: "mcp/hostile-server",
		summary:
			"hostile MCP server (SDK or raw client) + list_changed storms: the good server stays searchable and callable, no unhandled rejection",
		runs: 1_500,
		property: () =>
			fc.asyncProperty(
				fc.array(listing, { minLength: 1, maxLength: 5 }),
				fc.boolean(),
				fc.integer({ min: 0, max: 8 }),
				async (script, raw, storm) => {
					const strayBefore = stray.length;
					const closers: (() => Promise<void>)[] = [];
					const errors: unknown[] = [];
					try {
						const rawClient = raw ? rawHostileClient(script) : undefined;
						const badServer = raw ? undefined : hostileServer(script);
						const bad = rawClient ?? (await connect(badServer as Server, closers));
						const good = await connect(goodServer(), closers);
						const catalog = createMcpCatalog({
							servers: { bad, good },
							onError: (error) => void errors.push(error),
							// The catalogue's own deadline for a listing, below the harness's hang timeout:
							// a server that never answers must fail its listing, not hang the call.
							listTimeoutMs: 2_000,
						});
						closers.unshift(() => catalog.close());
						await withTimeout(catalog.ready, TIMEOUT_MS, "catalog.ready");
						const agent = await connect(createMcpProxyServer({ catalog }), closers);
						const search = async (query: string, tool: string) => {
							const result = await withTimeout(
								agent.callTool({ name: "tool_search", arguments: { query } }),
								TIMEOUT_MS,
								"tool_search",
							);
							check(
								text(result).includes(tool),
								() => `tool_search "${query}" did not find ${tool}: ${show(text(result), 400)}`,
							);
							const called = await withTimeout(
								agent.callTool({ name: tool, arguments: { city: "Oslo" } }),
								TIMEOUT_MS,
								`call ${tool}`,
							);
							check(text(called).startsWith("good/"), () => `${tool} answered ${show(called, 300)}`);
						};
						await search("zebraforecast weather", "good__get_forecast");
						// A list_changed storm from the hostile server, then a refresh.
						const storms: Promise<unknown>[] = [];
						for (let i = 0; i < storm; i++) {
							if (rawClient !== undefined) rawClient.fire();
							else storms.push((badServer as Server).sendToolListChanged().catch(() => {}));
						}
						await Promise.all(storms);
						await sleep(1);
						await withTimeout(catalog.refresh(), TIMEOUT_MS, "catalog.refresh()");
						await search("zebramail send email", "good__send_mail");
						const listed = await withTimeout(agent.listTools(), TIMEOUT_MS, "tools/list");
						check(
							listed.tools.some((tool) => tool.name === "good__get_forecast"),
							"an activated good tool left the proxy's list",
						);
					} finally {
						for (const close of closers) await close().catch(() => {});
					}
					await sleep(0);
					const strays = stray.splice(strayBefore);
					check(strays.length === 0, () => `outside the awaited calls: ${strays.join("\n").slice(0, 1_500)}`);
				},
			),
	};
	return [proxy];
}

export const properties: FuzzProperty[] = mcpProperties();
