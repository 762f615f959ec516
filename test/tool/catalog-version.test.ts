import { describe, expect, it } from "vitest";
import { createActiveToolSet, createToolSearchTool } from "../../src/index.js";
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

	it("the in-memory host says its catalogue is fixed", () => {
		expect(createActiveToolSet({ tools: [tool("a", "x")] }).getCatalogVersion()).toBe(0);
	});
});
