import { createActiveToolSet, createToolSearchTool, type ToolInfo } from "tool-search";
import { createCatalogSearch } from "tool-search/testing";
import { describe, expect, it } from "vitest";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";
import { thrown } from "../helpers/thrown.js";

const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name);

describe("createCatalogSearch", () => {
	it("finds what a tool_search call over the same catalogue activates, in its order", async () => {
		const search = createCatalogSearch(CATALOG, { namespaceOf: catalogNamespaceOf });
		for (const query of ["create an issue", "post a message", "weather forecast for Oslo"]) {
			const tool = createToolSearchTool({
				tools: createActiveToolSet({ tools: CATALOG }),
				namespaceOf: catalogNamespaceOf,
			});
			const result = await tool.execute("call", { query, limit: 4 });
			if (result.isError) throw new Error(result.details.error);
			expect(await search(query, 4)).toEqual(
				result.details.tools.map(({ name, score }) => ({ name, score })),
			);
		}
	});

	it("keeps calls independent: a tool found once is found again", async () => {
		const search = createCatalogSearch(CATALOG);
		const first = names(await search("create an issue", 3));
		expect(names(await search("create an issue", 3))).toEqual(first);
		// Concurrent calls run one at a time and see the same catalogue.
		const again = await Promise.all([search("create an issue", 3), search("create an issue", 3)]);
		expect(again.map(names)).toEqual([first, first]);
	});

	it("never finds what the policy loads (as in the host), and still finds the rest", async () => {
		const search = createCatalogSearch(CATALOG, {
			policy: { mode: "all", pinned: ["github__create_issue"] },
		});
		const found = names(await search("create an issue", 5));
		expect(found).not.toContain("github__create_issue");
		expect(found).toContain("github__list_issues");
		expect(names(await search("create an issue", 5))).toEqual(found);
	});

	it("follows a live catalogue (getAllTools) and tells the names it has", async () => {
		const tools: ToolInfo[] = [{ name: "read_file", description: "Read a file from disk." }];
		const search = createCatalogSearch({ getAllTools: () => tools });
		expect(names(await search("send an email"))).toEqual([]);
		tools.push({ name: "send_email", description: "Send an email to a recipient." });
		expect(names(await search("send an email"))).toEqual(["send_email"]);
		expect([search.has("send_email"), search.has("send_mail")]).toEqual([true, false]);
	});

	it.each([
		{
			description: "limit 0",
			call: { query: "issue", limit: 0 },
			message: "limit must be an integer from 1 to 100, got 0",
		},
		{
			description: "limit 101",
			call: { query: "issue", limit: 101 },
			message: "limit must be an integer from 1 to 100, got 101",
		},
		{
			description: "an empty query",
			call: { query: " ", limit: 3 },
			message: 'query " ": query must not be empty',
		},
	])("rejects $description with INVALID_OPTIONS", async ({ call, message }) => {
		const search = createCatalogSearch(CATALOG);
		await expect(search(call.query, call.limit)).rejects.toMatchObject({
			code: "INVALID_OPTIONS",
			message: `tool-search: ${message}`,
		});
	});

	it("refuses a catalogue that is neither an array nor a ToolCatalog", () => {
		expect(thrown(() => createCatalogSearch({} as never)).message).toBe(
			"tool-search: catalog must be an array of tools or have getAllTools(), got {}",
		);
	});
});
