import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchIndex } from "../../src/index/tool-search-index.js";

describe("glossary keys", () => {
	it("keeps a key named __proto__ (and other Object.prototype names) as an entry", () => {
		const glossary = JSON.parse('{"__proto__": ["tool_a"], "constructor": ["tool_b"]}');
		const index = new ToolSearchIndex({ glossary });
		index.add(createToolSearchDocument({ name: "tool_a", description: "does a" }));
		index.add(createToolSearchDocument({ name: "tool_b", description: "does b" }));
		expect(Object.keys(index.options.glossary)).toEqual(["__proto__", "constructor"]);
		expect(index.search("__proto__").map((m) => m.name)).toEqual(["tool_a"]);
		expect(index.search("constructor").map((m) => m.name)).toEqual(["tool_b"]);
		const loaded = ToolSearchIndex.fromJSON(JSON.parse(JSON.stringify(index)));
		expect(loaded.search("__proto__").map((m) => m.name)).toEqual(["tool_a"]);
	});
});
