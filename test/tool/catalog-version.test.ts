import { describe, expect, it } from "vitest";
import { createActiveToolSet, createToolSearchTool } from "../../src/index.js";
import { trustedNames } from "../../src/ranking/bm25-ranker.js";
import { Bm25Ranker } from "../../src/ranking.js";
import type { ToolInfo } from "../../src/types.js";

const tool = (name: string, description: string): ToolInfo => ({ name, description });

/** A host counting its getAllTools() calls, with a version the test sets (or a throwing/odd one). */
function countingHost(tools: ToolInfo[], version: () => unknown) {
	let active: string[] = [];
	const host = {
		reads: 0,
		getAllTools() {
			host.reads++;
			return [...tools];
		},
		getCatalogVersion: version as () => string | number | undefined,
		getActiveTools: () => active,
		setActiveTools: (names: string[]) => {
			active = names;
		},
		reset: () => {
			active = [];
		},
	};
	return host;
}

describe("getCatalogVersion", () => {
	it("an unchanged version: later calls do not read the host's tools; a new version is searched", async () => {
		const tools = [tool("get_weather", "weather forecast for a city"), tool("send_email", "send an email")];
		let version = 1;
		const host = countingHost(tools, () => version);
		const search = createToolSearchTool({ tools: host, ranker: new Bm25Ranker() });
		const names = async (query: string) => {
			host.reset();
			const result = await search.execute("c", { query, limit: 3 });
			return (result.details as { tools: { name: string }[] }).tools.map((t) => t.name);
		};
		expect(await names("weather forecast")).toEqual(["get_weather"]);
		const reads = host.reads;
		expect(await names("send email")).toEqual(["send_email"]);
		expect(await names("weather")).toEqual(["get_weather"]);
		expect(host.reads).toBe(reads);
		tools.push(tool("create_invoice", "create an invoice for a customer"));
		version = 2;
		expect(await names("invoice")).toEqual(["create_invoice"]);
		expect(host.reads).toBe(reads + 1);
	});

	it.each([
		{
			what: "throws",
			version: () => {
				throw new Error("down");
			},
		},
		{ what: "returns NaN", version: () => Number.NaN },
		{ what: "returns an object", version: () => ({ v: 1 }) },
		{ what: "returns undefined", version: () => undefined },
	])("a version that $what is no signal: every call reads and checks the tools", async ({ version }) => {
		const tools = [tool("get_weather", "weather forecast")];
		const host = countingHost(tools, version);
		const search = createToolSearchTool({ tools: host, ranker: new Bm25Ranker() });
		await search.execute("a", { query: "weather" });
		host.reset();
		tools.push(tool("send_email", "send an email"));
		const result = await search.execute("b", { query: "email" });
		expect((result.details as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual([
			"send_email",
		]);
	});

	it("with a policy, an unchanged version does not re-plan from the host's tools", async () => {
		const tools = [
			tool("read", "read a file"),
			...Array.from({ length: 30 }, (_, i) => tool(`t${i}`, `tool ${i}`)),
		];
		const host = countingHost(tools, () => "v1");
		const search = createToolSearchTool({ tools: host, policy: { mode: "all", pinned: ["read"] } });
		await search.execute("a", { query: "tool 3" });
		const reads = host.reads;
		await search.execute("b", { query: "tool 4" });
		expect(search.applyPolicy()?.searchEnabled).toBe(true);
		expect(host.reads).toBe(reads);
	});

	it("the in-memory host says one version for its life, unlike any other host's", () => {
		const host = createActiveToolSet({ tools: [tool("a", "x")] });
		expect(host.getCatalogVersion()).toBe(host.getCatalogVersion());
		expect(createActiveToolSet({ tools: [tool("a", "x")] }).getCatalogVersion()).not.toBe(
			host.getCatalogVersion(),
		);
	});

	it("a ranker saved over one in-memory host, restored over another with other tools, finds the new tools", async () => {
		const first = createActiveToolSet({ tools: [tool("get_weather", "weather forecast")] });
		const ranker = new Bm25Ranker();
		await createToolSearchTool({ tools: first, ranker }).execute("a", { query: "weather" });
		const restored = Bm25Ranker.fromBinary(ranker.toBinary());
		const second = createActiveToolSet({
			tools: [tool("get_weather", "weather forecast"), tool("send_invoice", "send an invoice")],
		});
		const result = await createToolSearchTool({ tools: second, ranker: restored }).execute("b", {
			query: "invoice",
		});
		expect((result.details as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual([
			"send_invoice",
		]);
	});
});

describe("a saved ranker restored at the host's catalogue version", () => {
	/** Tools whose schemas count how often they are walked (a document build walks each once). */
	function countedTools(count: number) {
		const walks = { count: 0 };
		const tools: ToolInfo[] = Array.from({ length: count }, (_, i) => ({
			name: `tool_${i}`,
			description: i === 7 ? "weather forecast for a city" : `does thing number ${i}`,
			parameters: {
				type: "object",
				get properties() {
					walks.count++;
					return { value: { type: "string" } };
				},
			},
		}));
		return { tools, walks };
	}

	async function savedAt(version: string, tools: ToolInfo[]) {
		const host = countingHost(tools, () => version);
		const ranker = new Bm25Ranker();
		await createToolSearchTool({ tools: host, ranker }).execute("a", { query: "weather" });
		expect(ranker.catalogVersion).toBeUndefined(); // built here, not restored
		return JSON.parse(JSON.stringify(ranker)) as unknown;
	}

	it("answers the first call without building a document; a new version checks them against the snapshot", async () => {
		const { tools, walks } = countedTools(50);
		const saved = await savedAt("v1", tools);
		const ranker = Bm25Ranker.fromJSON(saved);
		expect(ranker.catalogVersion).toBe("v1");
		let version = "v1";
		const host = countingHost(tools, () => version);
		const search = createToolSearchTool({ tools: host, ranker });
		walks.count = 0;
		const first = await search.execute("b", { query: "weather forecast" });
		const shown = (first.details as { tools: { name: string }[] }).tools;
		expect(shown[0]?.name).toBe("tool_7");
		expect(walks.count).toBeLessThanOrEqual(shown.length); // only what the result shows is read
		expect(ranker.stats).toMatchObject({ builds: 0, restored: 0, updated: 0 });

		tools[3] = { name: "tool_3", description: "weather radar images" };
		version = "v2";
		host.reset();
		const second = await search.execute("c", { query: "radar" });
		expect((second.details as { tools: { name: string }[] }).tools[0]?.name).toBe("tool_3");
		expect(ranker.stats).toMatchObject({ builds: 0, restored: 49, updated: 1 });
		expect(ranker.catalogVersion).toBeUndefined();
		expect((JSON.parse(JSON.stringify(ranker)) as { catalogVersion?: unknown }).catalogVersion).toBe("v2");
	});

	it.each([
		{ what: "the saved tools, as saved", edit: (tools: ToolInfo[]) => tools },
		{
			what: "tool_search, a repeated name, a malformed item and an excluded tool among them",
			edit: (tools: ToolInfo[]) => [
				{ name: "tool_search", description: "search" },
				...tools.slice(0, 5),
				tools[2] as ToolInfo,
				{ name: "" } as ToolInfo,
				...tools.slice(5),
				{ name: "hidden_tool", description: "weather forecast, hidden" },
			],
		},
		{
			what: "a tool the snapshot lacks, in the middle, and one of its tools missing",
			edit: (tools: ToolInfo[]) => [
				...tools.slice(0, 10),
				{ name: "new_weather", description: "weather forecast, new" },
				...tools.slice(12),
			],
		},
		{ what: "the saved tools in another order", edit: (tools: ToolInfo[]) => [...tools].reverse() },
		{ what: "only the first saved tools", edit: (tools: ToolInfo[]) => tools.slice(0, 6) },
	])("answers a binary snapshot's first call as a JSON one's, with $what", async ({ edit }) => {
		const { tools } = countedTools(30);
		const saved = await savedAt("v1", tools);
		const binary = Bm25Ranker.fromJSON(saved).toBinary();
		const hostTools = edit(tools);
		const call = async (ranker: Bm25Ranker) => {
			const host = countingHost(hostTools, () => "v1");
			host.setActiveTools(["tool_4", "tool_9"]);
			const search = createToolSearchTool({ tools: host, ranker, exclude: (t) => t.name === "hidden_tool" });
			const results = [];
			for (const query of ["weather forecast", "does thing", "zzzz"]) {
				const { details } = await search.execute("x", { query, limit: 3 });
				const { discovery: _, ...rest } = details as { discovery?: unknown };
				results.push(rest);
			}
			return results;
		};
		const fromBinary = Bm25Ranker.fromBinary(binary);
		expect(fromBinary.catalogVersion).toBe("v1");
		expect(trustedNames(fromBinary, "v1")?.size).toBe(30); // the names the first collect checks against
		expect(trustedNames(Bm25Ranker.fromJSON(saved), "v1")).toBeUndefined(); // so the JSON one uses the map
		expect(await call(fromBinary)).toEqual(await call(Bm25Ranker.fromJSON(saved)));
	});

	it("answers as a JSON snapshot through later calls: two tool_search instances sharing the ranker, lying hosts, versions moving", async () => {
		const { tools } = countedTools(30);
		const saved = await savedAt("v1", tools);
		const binary = Bm25Ranker.fromJSON(saved).toBinary();
		const liar = [
			...tools.slice(0, 8),
			{ name: "new_weather", description: "weather forecast, new" },
			...tools.slice(9),
		];
		const run = async (ranker: Bm25Ranker) => {
			let versionA = "v1";
			let versionB = "v1";
			let toolsA = [...tools].reverse();
			const hostA = countingHost(toolsA, () => versionA);
			hostA.getAllTools = () => [...toolsA];
			const hostB = countingHost(liar, () => versionB);
			const a = createToolSearchTool({ tools: hostA, ranker, exclude: (t) => t.name === "tool_3" });
			const b = createToolSearchTool({ tools: hostB, ranker });
			const results: unknown[] = [];
			const ask = async (search: typeof a, host: typeof hostA, query: string) => {
				host.reset();
				const { details } = await search.execute("x", { query, limit: 4 });
				const { discovery: _, ...rest } = details as { discovery?: unknown };
				results.push(rest);
			};
			for (const step of [0, 1, 2, 3]) {
				if (step === 1) versionB = "v2";
				if (step === 2) {
					toolsA = tools.slice(5);
					versionA = "v3";
				}
				if (step === 3) versionA = "v1"; // back at the snapshot's version: the ranker synced since
				for (const query of ["weather forecast", "does thing 3", "zzzz"]) {
					await ask(a, hostA, query);
					await ask(b, hostB, query);
				}
			}
			return results;
		};
		expect(await run(Bm25Ranker.fromBinary(binary))).toEqual(await run(Bm25Ranker.fromJSON(saved)));
	});

	it("a snapshot saved without a version, or called at another, checks every document", async () => {
		const { tools, walks } = countedTools(20);
		const saved = await savedAt("v1", tools);
		const ranker = Bm25Ranker.fromJSON(saved);
		walks.count = 0;
		await createToolSearchTool({ tools: countingHost(tools, () => "v0"), ranker }).execute("b", {
			query: "weather",
		});
		expect(walks.count).toBeGreaterThanOrEqual(20);
		expect(ranker.stats).toMatchObject({ builds: 0, restored: 20 });
	});

	it("one ranker shared by two tools over two fixed catalogues (both version 0) ranks each its own", async () => {
		const ranker = new Bm25Ranker();
		const a = createToolSearchTool({
			tools: createActiveToolSet({ tools: [tool("get_weather", "weather forecast")] }),
			ranker,
		});
		const b = createToolSearchTool({
			tools: createActiveToolSet({ tools: [tool("send_email", "send an email about the weather")] }),
			ranker,
		});
		const names = async (search: typeof a) =>
			((await search.execute("x", { query: "weather" })).details as { tools: { name: string }[] }).tools.map(
				(t) => t.name,
			);
		expect(await names(a)).toEqual(["get_weather"]);
		expect(await names(b)).toEqual(["send_email"]);
		expect(await names(a)).toEqual([]); // activated by the first call: active tools are not searched
	});
});
