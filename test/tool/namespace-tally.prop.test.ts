import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarizeNamespaces } from "../../src/tool/namespace-listing.js";
import { SearchableCatalog } from "../../src/tool/searchable-catalog.js";
import type { ToolInfo, ToolNamespace } from "../../src/types.js";

const namespace = fc.option(
	fc.record({
		name: fc.constantFrom("github", " github ", "slack", "fs", "", "  "),
		description: fc.option(fc.constantFrom("", "  ", "GitHub issues", "\n\nSecond line first", "Slack"), {
			nil: undefined,
		}),
	}),
	{ nil: undefined },
);

describe("a view's namespace summary", () => {
	it("equals summarizing its tools but the hidden ones, whatever is hidden (property)", () => {
		fc.assert(
			fc.property(
				fc.array(namespace, { maxLength: 30 }),
				fc.array(fc.nat(35), { maxLength: 12 }),
				(namespaces, hiddenAt) => {
					const tools: ToolInfo[] = namespaces.map((_, i) => ({ name: `t${i}`, description: "x" }));
					const byTool = new Map(tools.map((tool, i) => [tool, namespaces[i]]));
					const view = new SearchableCatalog({
						namespaceOf: (tool) => byTool.get(tool) as ToolNamespace | undefined,
					}).collect(tools);
					const hidden = new Set(hiddenAt.map((i) => `t${i}`));
					const expected = summarizeNamespaces(view.tools.filter((tool) => !hidden.has(tool.name)));
					expect(view.namespaceSummary(hidden)).toEqual(expected);
					// Tallied once: a second call with other hidden tools still agrees.
					expect(view.namespaceSummary(new Set())).toEqual(summarizeNamespaces(view.tools));
				},
			),
		);
	});

	it("is empty without namespaceOf", () => {
		const view = new SearchableCatalog({}).collect([{ name: "github__create_issue" }]);
		expect(view.namespaceSummary(new Set())).toEqual([]);
	});
});
