/**
 * A hostile client behind the catalogue (a listing that throws as it is read, a client that
 * refuses a list_changed handler or throws as it closes): each is reported or ignored, the
 * server keeps its last known tools, and nothing rejects unhandled.
 */
import { createMcpCatalog, type McpCatalogError, type McpClientLike } from "tool-search/mcp";
import { describe, expect, it, vi } from "vitest";
import { cleanup, rejections, settle, watchRejections } from "./mcp-hostile-helpers.js";

watchRejections();

const names = (catalog: { getAllTools(): readonly { name: string }[] }) =>
	catalog.getAllTools().map((tool) => tool.name);

/** A client of a hand-made server: its listing, list_changed and close do whatever a test says. */
function fakeClient(listing: () => unknown[]) {
	let notify: (() => void) | undefined;
	const fake = {
		listing,
		onclose: undefined as (() => void) | undefined,
		listTools: async () => ({ tools: fake.listing() }),
		callTool: async (params: { name: string }) => ({
			content: [{ type: "text", text: `ran ${params.name}` }],
		}),
		setNotificationHandler: (_schema: unknown, handler: () => void) => {
			notify = handler;
		},
		/** Sends `notifications/tools/list_changed`. */
		listChanged: () => notify?.(),
		/** The connection closes. */
		die: () => fake.onclose?.(),
	};
	return fake;
}
const client = (fake: object) => fake as unknown as McpClientLike;
const PING = [{ name: "ping", inputSchema: { type: "object" } }];
const WEATHER = [{ name: "get_forecast", inputSchema: { type: "object" } }];

describe("a hostile client behind the catalogue", () => {
	it("reports a listing that throws as it is read, keeps the last tools, rejects nothing", async () => {
		const hostile = fakeClient(() => PING);
		const errors: McpCatalogError[] = [];
		const catalog = createMcpCatalog({
			servers: { weather: client(fakeClient(() => WEATHER)), hostile: client(hostile) },
			onError: (error) => errors.push(error),
		});
		cleanup.push(() => catalog.close());
		await catalog.ready;
		const before = catalog.getAllTools();
		hostile.listing = () => [
			{
				get name(): string {
					throw new Error("hostile getter");
				},
			},
		];
		hostile.listChanged();
		await vi.waitFor(() => expect(errors).toHaveLength(1));
		const failure = { server: "hostile", error: new Error("hostile getter") };
		expect(await catalog.refresh("hostile")).toEqual({
			added: [],
			removed: [],
			updated: [],
			errors: [failure],
		});
		await settle();
		expect([rejections, errors]).toEqual([[], [failure, failure]]);
		expect(catalog.getAllTools()).toBe(before);
		expect(names(catalog)).toEqual(["weather__get_forecast", "hostile__ping"]);
	});

	it("lists a reconnected client it cannot subscribe to, and says so", async () => {
		const first = fakeClient(() => PING);
		const again = {
			...fakeClient(() => PING),
			setNotificationHandler: () => {
				throw new Error("no notifications here");
			},
		};
		const errors: string[] = [];
		const catalog = createMcpCatalog({
			servers: { hostile: client(first) },
			reconnect: { initialDelayMs: 1, connect: async () => client(again) },
			onError: ({ error }) => errors.push((error as Error).message),
		});
		cleanup.push(() => catalog.close());
		await catalog.ready;
		first.die();
		await vi.waitFor(() => expect(names(catalog)).toEqual(["hostile__ping"]));
		await settle();
		expect(rejections).toEqual([]);
		expect(errors).toEqual(['MCP server "hostile" closed its connection', "no notifications here"]);
		expect(catalog.unavailable()).toEqual([]);
	});

	it("closes quietly a client that connects after close() and throws as it closes", async () => {
		const first = fakeClient(() => PING);
		let connected: (client: McpClientLike) => void = () => undefined;
		let asked = false;
		const errors: McpCatalogError[] = [];
		const catalog = createMcpCatalog({
			servers: { hostile: client(first) },
			reconnect: {
				initialDelayMs: 1,
				connect: () => {
					asked = true;
					return new Promise((resolve) => {
						connected = resolve;
					});
				},
			},
		});
		await catalog.ready;
		first.die();
		await vi.waitFor(() => expect(asked).toBe(true));
		catalog.on("error", (error) => errors.push(error));
		const closed = catalog.close();
		let closes = 0;
		const late = fakeClient(() => PING);
		connected(
			client({
				...late,
				close: () => {
					closes++;
					throw new Error("close throws");
				},
			}),
		);
		await closed;
		await settle();
		expect([closes, rejections, errors]).toEqual([1, [], []]);
	});
});

describe("a server that never answers tools/list", () => {
	it("fails its listing at the deadline: ready resolves, the others are listed, an error says why", async () => {
		const silent: McpClientLike = {
			listTools: () => new Promise(() => {}),
			callTool: async () => ({ content: [] }),
		};
		const fine: McpClientLike = {
			listTools: async () => ({ tools: [{ name: "echo", inputSchema: { type: "object" } }] }),
			callTool: async () => ({ content: [{ type: "text", text: "ok" }] }),
		};
		const errors: string[] = [];
		const catalog = createMcpCatalog({
			servers: { silent, fine },
			listTimeoutMs: 30,
			reconnect: false,
			onError: ({ server, error }) => errors.push(`${server}: ${(error as Error).message}`),
		});
		cleanup.push(() => catalog.close());
		await catalog.ready;
		expect(catalog.getAllTools().map((tool) => tool.name)).toEqual(["fine__echo"]);
		expect(errors).toEqual(["silent: tools/list did not answer within 30 ms"]);
		await settle();
		expect(rejections).toEqual([]);
	});

	it("rejects a listTimeoutMs that is not a positive number", () => {
		for (const listTimeoutMs of [0, -1, Number.NaN, "10" as never]) {
			expect(() => createMcpCatalog({ servers: {}, listTimeoutMs })).toThrow(/listTimeoutMs must be/);
		}
	});
});

describe("a server listing tools without an object inputSchema", () => {
	it("skips them with an error, so the proxy's own tools/list stays valid for its clients", async () => {
		const sloppy: McpClientLike = {
			listTools: async () =>
				({
					tools: [
						{ name: "no_schema" },
						{ name: "string_schema", inputSchema: { type: "string" } },
						{ name: "fine", inputSchema: { type: "object" } },
					],
				}) as never,
			callTool: async () => ({ content: [] }),
		};
		const errors: string[] = [];
		const catalog = createMcpCatalog({
			servers: { sloppy },
			reconnect: false,
			onError: ({ error }) => errors.push((error as Error).message),
		});
		cleanup.push(() => catalog.close());
		await catalog.ready;
		expect(catalog.getAllTools().map((tool) => tool.name)).toEqual(["sloppy__fine"]);
		expect(errors).toEqual([
			'tool-search: tool "no_schema" of "sloppy" skipped: its inputSchema must be an object schema (type "object"), got undefined',
			'tool-search: tool "string_schema" of "sloppy" skipped: its inputSchema must be an object schema (type "object"), got {"type":"string"}',
		]);
	});
});
