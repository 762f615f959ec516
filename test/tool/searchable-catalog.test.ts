import { describe, expect, it } from "vitest";
import { SearchableCatalog } from "../../src/tool/searchable-catalog.js";
import type { ToolInfo, ToolNamespace } from "../../src/types.js";

const tool = (name: string, description = `${name} tool`): ToolInfo => ({ name, description });

describe("SearchableCatalog", () => {
	it("returns the very same result (documents array included) for the same tool objects in a fresh array", () => {
		const tools = [tool("a"), tool("b"), tool("c")];
		const catalog = new SearchableCatalog({});
		const first = catalog.collect(tools);
		const second = catalog.collect([...tools]);
		expect(second).toBe(first);
		expect(second.documents).toBe(first.documents);
	});

	it("keeps the same view (documents array included) when the host returns fresh objects with the same fields, as pi does", () => {
		const tools = [tool("a"), tool("b"), tool("c")];
		const catalog = new SearchableCatalog({});
		const first = catalog.collect(tools);
		const second = catalog.collect(tools.map((t) => ({ ...t })));
		expect(second).toBe(first);
		expect(second.documents).toBe(first.documents);
		const changed = catalog.collect([tools[0], { ...tools[1], description: "new" }, tools[2]]);
		expect(changed.documents[0]).toBe(first.documents[0]);
		expect(changed.documents[1]).not.toBe(first.documents[1]);
	});

	it.each([
		{
			description: "a tool mutated in place",
			change: (tools: ToolInfo[]) => {
				(tools[1] as { description: unknown }).description = "changed";
			},
			check: (_names: string[], docs: string[]) => expect(docs[1]).toContain("changed"),
		},
		{
			description: "a tool replaced by a new object",
			change: (tools: ToolInfo[]) => {
				tools[1] = tool("b", "brand new");
			},
			check: (_names: string[], docs: string[]) => expect(docs[1]).toContain("brand new"),
		},
		{
			description: "a tool removed",
			change: (tools: ToolInfo[]) => {
				tools.splice(0, 1);
			},
			check: (names: string[]) => expect(names).toEqual(["b", "c"]),
		},
		{
			description: "a tool added",
			change: (tools: ToolInfo[]) => {
				tools.push(tool("d"));
			},
			check: (names: string[]) => expect(names).toEqual(["a", "b", "c", "d"]),
		},
	])("notices $description", ({ change, check }) => {
		const tools = [tool("a"), tool("b"), tool("c")];
		const catalog = new SearchableCatalog({});
		const first = catalog.collect(tools);
		change(tools);
		const next = catalog.collect([...tools]);
		expect(next).not.toBe(first);
		check(
			next.tools.map((t) => t.tool.name),
			next.documents.map((d) => d.fields?.description ?? ""),
		);
	});

	it("asks exclude and namespaceOf again on every call", () => {
		const tools = [tool("a"), tool("b")];
		let excluded = "a";
		let namespace: ToolNamespace = { name: "one" };
		const catalog = new SearchableCatalog({
			exclude: (t) => t.name === excluded,
			namespaceOf: () => namespace,
		});
		expect(catalog.collect(tools).tools.map((t) => t.tool.name)).toEqual(["b"]);
		excluded = "b";
		expect(catalog.collect(tools).tools.map((t) => t.tool.name)).toEqual(["a"]);
		namespace = { name: "two" };
		expect(catalog.collect(tools).tools[0]?.namespace).toEqual({
			name: "two",
			description: undefined,
			instructions: undefined,
		});
	});

	it("skips malformed tools and tool_search, keeps the first of two tools with one name, and stays stable", () => {
		const first = tool("x", "first");
		const items = [null, 3, { name: "" }, tool("tool_search"), first, tool("x", "second"), tool("y")];
		const catalog = new SearchableCatalog({});
		const result = catalog.collect(items);
		expect(result.tools.map((t) => t.tool)).toEqual([first, items[6]]);
		expect(result.get("x")?.tool).toBe(first);
		expect(catalog.collect([...items])).toBe(result);
	});

	it("with a version: reuses the last view without reading the host while the version stays", () => {
		const tools = [tool("a"), tool("b")];
		const catalog = new SearchableCatalog({ exclude: () => false });
		let reads = 0;
		const read = () => {
			reads++;
			return [...tools];
		};
		const first = catalog.collectAt(1, read);
		tools[0] = tool("a", "changed"); // the host forgot to bump its version: not seen
		expect(catalog.collectAt(1, read)).toBe(first);
		expect(reads).toBe(1);
		const next = catalog.collectAt("2", read);
		expect(reads).toBe(2);
		expect(next.get("a")?.document.fields?.description).toContain("changed");
		// No version, or a plain collect in between: every call reads (and checks) the tools again.
		catalog.collectAt(undefined, read);
		catalog.collectAt(undefined, read);
		expect(reads).toBe(4);
		catalog.collectAt("2", read);
		expect(reads).toBe(5);
		catalog.collect([...tools]);
		catalog.collectAt("2", read);
		expect(reads).toBe(6);
	});

	it("the fast path notices a change of each field it compares, and an excluded or renamed namespace", () => {
		for (const field of ["description", "parameters", "inputSchema", "title", "label"] as const) {
			const tools: ToolInfo[] = [tool("a"), tool("b"), tool("c")];
			const catalog = new SearchableCatalog({});
			const first = catalog.collect(tools);
			(tools[1] as unknown as Record<string, unknown>)[field] =
				field === "description" ? "other" : { changed: field };
			const next = catalog.collect([...tools]);
			expect(next, field).not.toBe(first);
			expect(next.get("b")?.info[field], field).toBe(tools[1]?.[field]);
			expect(catalog.collect([...tools]), field).toBe(next);
		}
	});

	it("builds a tool's document only when it is first read, once", () => {
		let walks = 0;
		const parameters = {
			type: "object",
			get properties() {
				walks++;
				return { city: { type: "string", description: "the city" } };
			},
		};
		const view = new SearchableCatalog({}).collect([
			{ name: "forecast", description: "weather", parameters },
		]);
		expect(walks).toBe(0);
		expect(view.documents[0]?.fields?.parameterNames).toBe("city");
		expect(view.get("forecast")?.document).toBe(view.documents[0]);
		expect(walks).toBe(1);
	});

	it("a schema that throws deep inside is left out of the document; the tool stays searchable", () => {
		const parameters = new Proxy(
			{},
			{
				ownKeys() {
					throw new Error("hostile schema");
				},
				get() {
					throw new Error("hostile schema");
				},
			},
		);
		const view = new SearchableCatalog({}).collect([
			{ name: "forecast", description: "weather forecast", parameters },
		]);
		expect(view.documents[0]?.fields?.description).toBe("weather forecast");
		expect(view.documents[0]?.fields?.parameterNames).toBe("");
	});

	it("throws INVALID_TOOL at collect for a namespace without a string name, as before", () => {
		const catalog = new SearchableCatalog({ namespaceOf: () => ({ name: 3 }) as unknown as ToolNamespace });
		expect(() => catalog.collect([tool("a")])).toThrow(expect.objectContaining({ code: "INVALID_TOOL" }));
	});

	it("hands rankers a frozen documents array", () => {
		const view = new SearchableCatalog({}).collect([tool("a")]);
		expect(Object.isFrozen(view.documents)).toBe(true);
	});

	it("builds a document once per tool while it does not change", () => {
		const tools = [tool("a"), tool("b")];
		const catalog = new SearchableCatalog({});
		const before = catalog.collect(tools).get("a")?.document;
		tools.push(tool("c"));
		expect(catalog.collect([...tools]).get("a")?.document).toBe(before);
	});

	it("makes no per-tool object until a tool is read, and reads each tool's fields once", () => {
		let reads = 0;
		const counted = (name: string): ToolInfo => ({
			name,
			get description() {
				reads++;
				return `${name} tool`;
			},
		});
		const tools = [counted("a"), counted("b"), counted("c")];
		const view = new SearchableCatalog({}).collect(tools);
		expect(reads).toBe(3);
		expect(view.size).toBe(3);
		const b = view.get("b");
		expect(b).toBe(view.get("b"));
		expect(b?.name).toBe("b");
		expect(Object.isFrozen(b?.info)).toBe(true);
		expect(b?.info).toEqual({
			name: "b",
			description: "b tool",
			parameters: undefined,
			inputSchema: undefined,
			title: undefined,
			label: undefined,
		});
		expect(view.tools[1]).toBe(b);
		expect(reads).toBe(3);
	});

	it("keeps the same view for fresh objects with the same fields when the last call read no tool", () => {
		const tools = [tool("a"), tool("b"), tool("c")];
		const catalog = new SearchableCatalog({});
		const first = catalog.collect(tools);
		// A ranker trusted at a saved version reads no documents: no entry was made.
		expect(catalog.collect(tools.map((t) => ({ ...t })))).toBe(first);
		expect(catalog.collect([tools[1], tools[0], tools[2]].map((t) => ({ ...t })))).not.toBe(first);
	});

	it("reuses a built document after the tools around it change, and after the tool was excluded for a call", () => {
		const tools = [tool("a"), tool("b"), tool("c")];
		let excluded = "";
		const catalog = new SearchableCatalog({ exclude: (t) => t.name === excluded });
		const built = catalog.collect(tools).get("b")?.document;
		const moved = catalog.collect([tool("z"), ...tools.slice(1)]);
		expect(moved.get("b")?.document).toBe(built);
		excluded = "b";
		expect(catalog.collect([...tools]).get("b")).toBeUndefined();
		excluded = "";
		expect(catalog.collect([...tools]).get("b")?.document).toBe(built);
		// Changed while excluded: a new document.
		excluded = "b";
		catalog.collect([...tools]);
		excluded = "";
		const changed = catalog.collect([tools[0], tool("b", "other"), tools[2]]);
		expect(changed.get("b")?.document).not.toBe(built);
		expect(changed.get("b")?.document.fields?.description).toBe("other");
	});

	it("size counts the searchable tools only", () => {
		const view = new SearchableCatalog({ exclude: (t) => t.name === "b" }).collect([
			tool("a"),
			tool("b"),
			tool("tool_search"),
			tool("a", "again"),
			{ name: 3 },
			tool("c"),
		]);
		expect(view.size).toBe(2);
		expect(view.tools.map((t) => t.name)).toEqual(["a", "c"]);
		expect(view.get("b")).toBeUndefined();
		expect(view.get("tool_search")).toBeUndefined();
	});

	it.each([
		{
			description: "a searchable tool renamed to another's name",
			items: () => [tool("x", "first"), tool("y", "second")],
			rename: { at: 0, to: "y" },
			expected: { names: ["y"], holder: 0 },
		},
		{
			description: "a malformed tool given the name of a later tool",
			items: () => [{ name: "" } as ToolInfo, tool("y", "second")],
			rename: { at: 0, to: "y" },
			expected: { names: ["y"], holder: 0 },
		},
		{
			description: "an excluded tool given the name of a later tool",
			items: () => [tool("e", "excluded"), tool("y", "second")],
			rename: { at: 0, to: "y" },
			expected: { names: [], holder: undefined },
		},
	])(
		"notices $description in place (the first tool of a name wins, as a new catalogue says)",
		({ items, rename, expected }) => {
			const tools = items();
			const excluded = tools[0];
			const catalog = new SearchableCatalog({
				exclude: (t) => t === excluded && t.description === "excluded",
			});
			catalog.collect([...tools]);
			(tools[rename.at] as { name: string }).name = rename.to;
			const view = catalog.collect([...tools]);
			expect(view.tools.map((t) => t.name)).toEqual(expected.names);
			expect(view.get("y")?.tool).toBe(expected.holder === undefined ? undefined : tools[expected.holder]);
			expect(view.get("x")).toBeUndefined();
		},
	);

	it("collects the tools the host's array held when given: a getter that appends to it is not followed (it could append forever)", () => {
		const items: ToolInfo[] = [];
		const hostile = (i: number): ToolInfo => ({
			name: `t${i}`,
			get description() {
				if (items.length < 1000) items.push(hostile(items.length)); // capped here, not by the library
				return "grows the catalogue it is read from";
			},
		});
		items.push(hostile(0), hostile(1));
		const catalog = new SearchableCatalog({});
		expect(catalog.collect(items).tools.map((t) => t.name)).toEqual(["t0", "t1"]);
		// The next call sees the tools added meanwhile (and adds more as it reads them).
		expect(catalog.collect(items).size).toBe(4);
	});

	it("reads each tool's fields once per collect after a change too, and keeps what it read", () => {
		let reads = 0;
		const flapping = (name: string): ToolInfo => ({
			name,
			get description() {
				reads++;
				return reads > 3 && reads % 2 === 0 ? `${name} new` : `${name} tool`;
			},
		});
		const tools = [flapping("a"), flapping("b"), flapping("c")];
		const catalog = new SearchableCatalog({});
		catalog.collect(tools).documents; // every document built
		expect(reads).toBe(3);
		const view = catalog.collect([...tools, tool("d")]);
		expect(reads).toBe(6);
		// Reads 4 and 6 said "new": the view holds what was read, as a new catalogue's would.
		expect(view.tools.map((t) => t.info.description)).toEqual(["a new", "b tool", "c new", "d tool"]);
		expect(view.get("a")?.document.fields?.description).toBe("a new");
	});

	it("keeps what it read of a tool back from an exclusion, a getter answering otherwise on a second read", () => {
		let reads = 0;
		const a: ToolInfo = {
			name: "a",
			get description() {
				reads++;
				return reads === 3 ? "a new" : "a tool";
			},
		};
		let excluded = false;
		const catalog = new SearchableCatalog({ exclude: (t) => excluded && t.name === "a" });
		catalog.collect([a, tool("b")]).documents; // read 1: "a tool", its document built
		excluded = true;
		catalog.collect([a, tool("b")]); // read 2 (the fast path's comparison); a excluded, kept aside
		excluded = false;
		const view = catalog.collect([a, tool("b")]); // read 3: "a new"
		expect(view.get("a")?.info.description).toBe("a new");
		expect(view.get("a")?.document.fields?.description).toBe("a new");
	});
});
