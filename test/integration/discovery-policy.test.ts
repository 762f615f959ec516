import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	type DiscoveryPolicy,
	estimateToolTokens,
	namespaceFromToolName,
	planDiscovery,
} from "../../src/integration/discovery-policy.js";
import type { ToolInfo } from "../../src/types.js";
import { CATALOG } from "../fixtures/catalog.js";
import { thrown } from "../helpers/thrown.js";

const SEARCH: ToolInfo = Object.freeze({ name: "tool_search", description: "Search tools." });
const SMALL: readonly ToolInfo[] = Object.freeze(
	["read", "bash", "mcp__github__create_issue", "mcp__github__list_issues", "slack__post", "write"].map(
		(name) => Object.freeze({ name, description: `The ${name} tool.` }),
	),
);

/** n built-ins `b0..` then n MCP tools `mcp__s__t0..`, alternating. */
function catalog(n: number): ToolInfo[] {
	return Array.from({ length: n }, (_, i) => ({ name: i % 2 === 0 ? `b${i}` : `mcp__s__t${i}` }));
}

describe("planDiscovery: modes", () => {
	const cases: [string, DiscoveryPolicy | undefined, boolean, string[], string][] = [
		["off", { mode: "off" }, false, [], 'mode "off": search is off, every tool is loaded'],
		[
			"auto under the threshold (default policy)",
			undefined,
			false,
			[],
			'mode "auto": 6 tools (at most 40): search is off, every tool is loaded',
		],
		[
			"auto over the tool threshold: MCP tools deferred",
			{ maxTools: 5 },
			true,
			["mcp__github__create_issue", "mcp__github__list_issues", "slack__post"],
			'mode "auto": 6 tools (more than 5): 3 MCP tools are deferred',
		],
		[
			"auto at the tool threshold: off",
			{ maxTools: 6 },
			false,
			[],
			'mode "auto": 6 tools (at most 6): search is off, every tool is loaded',
		],
		[
			"mcp-only",
			{ mode: "mcp-only" },
			true,
			["mcp__github__create_issue", "mcp__github__list_issues", "slack__post"],
			'mode "mcp-only": 3 MCP tools are deferred',
		],
		[
			"all, with pinned tools",
			{ mode: "all", pinned: ["read", "bash"] },
			true,
			["mcp__github__create_issue", "mcp__github__list_issues", "slack__post", "write"],
			'mode "all": 4 tools are deferred',
		],
		[
			"mcp-only with a pinned namespace and an pinned MCP tool",
			{ mode: "mcp-only", pinnedNamespaces: ["slack"], pinned: ["mcp__github__list_issues"] },
			true,
			["mcp__github__create_issue"],
			'mode "mcp-only": 1 MCP tool is deferred',
		],
		[
			"mcp-only with nothing left to defer",
			{ mode: "mcp-only", pinnedNamespaces: ["github", "slack"] },
			false,
			[],
			'mode "mcp-only": no MCP tool to defer (pinned tools and namespaces stay loaded): search is off, every tool is loaded',
		],
		[
			"auto over the threshold with nothing to defer",
			{ maxTools: 0, isMcp: () => false },
			false,
			[],
			'mode "auto": 6 tools (more than 0) but no MCP tool to defer (pinned tools and namespaces stay loaded): search is off, every tool is loaded',
		],
		[
			"custom isMcp",
			{ mode: "mcp-only", isMcp: (tool) => tool.name.startsWith("mcp__") },
			true,
			["mcp__github__create_issue", "mcp__github__list_issues"],
			'mode "mcp-only": 2 MCP tools are deferred',
		],
		[
			"custom namespaceOf drives isMcp and pins",
			{ mode: "mcp-only", namespaceOf: (tool) => (tool.name === "write" ? "fs" : undefined) },
			true,
			["write"],
			'mode "mcp-only": 1 MCP tool is deferred',
		],
	];
	it.each(cases)("%s", (_, policy, searchEnabled, deferred, reason) => {
		const plan = planDiscovery(SMALL, policy);
		expect(plan.searchEnabled).toBe(searchEnabled);
		expect(plan.deferred).toEqual(deferred);
		expect(plan.loaded).toEqual(SMALL.map((tool) => tool.name).filter((name) => !deferred.includes(name)));
		expect(plan.reason).toBe(reason);
		expect(plan.mode).toBe(policy?.mode ?? "auto");
		for (const tool of SMALL) expect(plan.exclude(tool)).toBe(!deferred.includes(tool.name));
	});

	it("auto searches above 40 tools by default (oh-my-pi's threshold)", () => {
		expect(planDiscovery(catalog(40)).searchEnabled).toBe(false);
		const plan = planDiscovery(catalog(41));
		expect(plan.searchEnabled).toBe(true);
		expect(plan.deferred).toHaveLength(20);
		expect(plan.loaded).toHaveLength(21);
	});

	it("auto searches when the schemas exceed maxSchemaTokens", () => {
		const total = CATALOG.reduce((sum, tool) => sum + estimateToolTokens(tool), 0);
		const over = planDiscovery(CATALOG, { maxSchemaTokens: total - 1 });
		expect(over.searchEnabled).toBe(true);
		expect(over.reason).toBe(
			`mode "auto": ${total} schema tokens (more than ${total - 1}): 31 MCP tools are deferred`,
		);
		const under = planDiscovery(CATALOG, { maxSchemaTokens: total });
		expect(under.searchEnabled).toBe(false);
		expect(under.reason).toBe(
			`mode "auto": 31 tools (at most 40) and ${total} schema tokens (at most ${total}): search is off, every tool is loaded`,
		);
	});

	it("keeps tool_search out of the count, never defers it, and loads it only when search is on", () => {
		const withSearch = [SMALL[0] as ToolInfo, SEARCH, ...SMALL.slice(1)];
		const on = planDiscovery(withSearch, { mode: "all" });
		expect(on.loaded).toEqual(["tool_search"]);
		expect(on.deferred).toHaveLength(6);
		expect(on.exclude(SEARCH)).toBe(true);
		const onWithRead = planDiscovery(withSearch, { mode: "all", pinned: ["read", "write"] });
		expect(onWithRead.loaded).toEqual(["read", "tool_search", "write"]);
		const off = planDiscovery(withSearch, { mode: "off" });
		expect(off.loaded).toEqual(SMALL.map((tool) => tool.name));
		expect(planDiscovery([...catalog(40), SEARCH]).searchEnabled).toBe(false);
	});

	it("reports unknown pinned names without failing, in order and once", () => {
		const plan = planDiscovery(SMALL, {
			mode: "all",
			pinned: ["zap", "read", "zap", "tool_search", "bash"],
		});
		expect(plan.unknownPinned).toEqual(["zap", "tool_search"]);
		expect(plan.loaded).toEqual(["read", "bash"]);
	});

	it("skips malformed entries and duplicate names like tool_search does", () => {
		const tools = [
			null,
			{ name: "" },
			{ name: 3 },
			{ name: "a__x" },
			{ name: "a__x", description: "dup" },
			"b",
		];
		const plan = planDiscovery(tools as unknown as ToolInfo[], { mode: "all" });
		expect(plan.deferred).toEqual(["a__x"]);
		expect(plan.loaded).toEqual([]);
		expect(plan.exclude(null as unknown as ToolInfo)).toBe(true);
		expect(plan.exclude({ name: "new_tool" })).toBe(true);
	});

	it("does not mutate the tools or the policy, and returns fresh arrays", () => {
		const pinned = Object.freeze(["read"]);
		const policy = Object.freeze({ mode: "all" as const, pinned });
		const a = planDiscovery(SMALL, policy);
		const b = planDiscovery(SMALL, policy);
		expect(a.loaded).toEqual(b.loaded);
		expect(a.loaded).not.toBe(b.loaded);
		a.deferred.push("x");
		expect(b.deferred).not.toContain("x");
	});
});

describe("planDiscovery: validation", () => {
	it.each([
		["tools", () => planDiscovery("x" as never), 'tools must be an array, got "x"'],
		["policy", () => planDiscovery([], 1 as never), "policy must be an object, got 1"],
		[
			"mode",
			() => planDiscovery([], { mode: "some" as never }),
			'mode must be one of "off", "auto", "mcp-only", "all", got "some"',
		],
		[
			"maxTools",
			() => planDiscovery([], { maxTools: -1 }),
			"maxTools must be an integer ≥ 0 or Infinity, got -1",
		],
		[
			"maxTools",
			() => planDiscovery([], { maxTools: 2.5 }),
			"maxTools must be an integer ≥ 0 or Infinity, got 2.5",
		],
		[
			"maxSchemaTokens",
			() => planDiscovery([], { maxSchemaTokens: -5 }),
			"maxSchemaTokens must be a number ≥ 0 or Infinity, got -5",
		],
		[
			"maxSchemaTokens",
			() => planDiscovery([], { maxSchemaTokens: Number.NaN }),
			"maxSchemaTokens must be a number ≥ 0 or Infinity, got NaN",
		],
		[
			"pinned",
			() => planDiscovery([], { pinned: "read" as never }),
			'pinned must be an array of strings, got "read"',
		],
		[
			"pinned",
			() => planDiscovery([], { pinned: [1] as never }),
			"pinned must be an array of strings, got 1 in it",
		],
		[
			"pinnedNamespaces",
			() => planDiscovery([], { pinnedNamespaces: {} as never }),
			"pinnedNamespaces must be an array of strings, got {}",
		],
		[
			"namespaceOf",
			() => planDiscovery([], { namespaceOf: "gh" as never }),
			'namespaceOf must be a function, got "gh"',
		],
		["isMcp", () => planDiscovery([], { isMcp: true as never }), "isMcp must be a function, got true"],
	])("rejects a bad %s with INVALID_OPTIONS", (_, action, message) => {
		const error = thrown(action);
		expect(error.code).toBe("INVALID_OPTIONS");
		expect(error.message).toBe(`tool-search: ${message}`);
	});

	it("accepts Infinity thresholds", () => {
		const plan = planDiscovery(catalog(100), {
			maxTools: Number.POSITIVE_INFINITY,
			maxSchemaTokens: Number.POSITIVE_INFINITY,
		});
		expect(plan.searchEnabled).toBe(false);
	});

	it("rejects a namespaceOf that returns a non-string with INVALID_TOOL", () => {
		const error = thrown(() => planDiscovery(SMALL, { mode: "all", namespaceOf: () => 3 as never }));
		expect(error.code).toBe("INVALID_TOOL");
		expect(error.message).toContain('got 3 for "read"');
	});
});

describe("namespaceFromToolName and estimateToolTokens", () => {
	it.each([
		["mcp__github__create_issue", "github"],
		["github__create_issue", "github"],
		["mcp__a__b__c", "a__b"],
		["mcp__tool", "mcp"],
		["read_file", undefined],
		["__x", undefined],
		["a.b", undefined],
	])("namespaceFromToolName(%j) is %j", (name, namespace) => {
		expect(namespaceFromToolName(name)).toBe(namespace);
	});

	it("estimates ceil(JSON bytes / 4) of name, description and schema", () => {
		const tool = { name: "read_file", description: "Read a file.", parameters: { type: "object" } };
		const json = JSON.stringify({ name: tool.name, description: tool.description, schema: tool.parameters });
		expect(estimateToolTokens(tool)).toBe(Math.ceil(Buffer.byteLength(json) / 4));
		expect(estimateToolTokens({ name: "read_file", description: "Read a file." })).toBe(13);
		expect(estimateToolTokens({ name: "x", inputSchema: { type: "object" } })).toBe(
			Math.ceil(Buffer.byteLength('{"name":"x","schema":{"type":"object"}}') / 4),
		);
		expect(estimateToolTokens({ name: "🦀", description: 7 })).toBe(
			Math.ceil(Buffer.byteLength('{"name":"🦀"}') / 4),
		);
		const cyclic: Record<string, unknown> = { type: "object" };
		cyclic.self = cyclic;
		expect(estimateToolTokens({ name: "x", parameters: cyclic })).toBe(
			Math.ceil(Buffer.byteLength('{"name":"x"}') / 4),
		);
	});
});

describe("planDiscovery: properties", () => {
	const name = fc.constantFrom(
		"read",
		"bash",
		"write",
		"mcp__gh__a",
		"mcp__gh__b",
		"slack__c",
		"fs__d",
		"tool_search",
	);
	const policy = fc.record(
		{
			mode: fc.constantFrom("off", "auto", "mcp-only", "all") as fc.Arbitrary<DiscoveryPolicy["mode"]>,
			maxTools: fc.nat(10),
			pinned: fc.array(fc.constantFrom("read", "mcp__gh__a", "nope"), { maxLength: 3 }),
			pinnedNamespaces: fc.array(fc.constantFrom("gh", "slack", "zz"), { maxLength: 2 }),
		},
		{ requiredKeys: [] },
	);

	it("partitions the catalogue in catalogue order and never defers pinned or pinned tools", () => {
		fc.assert(
			fc.property(fc.array(name, { maxLength: 12 }), policy, (names, p) => {
				const tools = names.map((n) => ({ name: n }));
				const plan = planDiscovery(tools, p as DiscoveryPolicy);
				const unique = [...new Set(names)];
				const expectedLoaded = unique.filter(
					(n) => !plan.deferred.includes(n) && (n !== "tool_search" || plan.searchEnabled),
				);
				expect(plan.loaded).toEqual(expectedLoaded);
				expect(plan.deferred).toEqual(unique.filter((n) => plan.deferred.includes(n)));
				expect(plan.searchEnabled).toBe(plan.deferred.length > 0);
				for (const n of plan.deferred) {
					expect(n).not.toBe("tool_search");
					expect(p.pinned ?? []).not.toContain(n);
					expect(p.pinnedNamespaces ?? []).not.toContain(namespaceFromToolName(n));
				}
				if (p.mode === "off") expect(plan.deferred).toEqual([]);
				for (const tool of tools) expect(plan.exclude(tool)).toBe(!plan.deferred.includes(tool.name));
				expect(planDiscovery(tools, p as DiscoveryPolicy).reason).toBe(plan.reason);
			}),
		);
	});
});
