/**
 * The "request finds tool" assertions, as a plain function and as a vitest matcher: this file
 * registers `toFindTool` the way a user's test setup would.
 */
import { createCatalogSearch, expectToFind, type ToolSearchMatchers, toFindTool } from "tool-search/testing";
import { describe, expect, it } from "vitest";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";

declare module "vitest" {
	// biome-ignore lint/suspicious/noExplicitAny: vitest's own declaration has this default.
	interface Matchers<T = any> extends ToolSearchMatchers<T> {}
}
expect.extend({ toFindTool });

const search = createCatalogSearch(CATALOG, { namespaceOf: catalogNamespaceOf });
/** A search of a fixed ranking, as any function of the shape may be. */
const fixed = (ranking: string[]) => () => ranking;

describe("expectToFind", () => {
	it.each([
		{ query: "create an issue", tool: "github__create_issue", within: 1, rank: 1 },
		{ query: "post a message to a channel", tool: "slack__post_message", within: 1, rank: 1 },
		{ query: "merge a pull request", tool: "github__list_pull_requests", within: 3, rank: 3 },
		{ query: "save a document to disk", tool: "filesystem__write_file", within: undefined, rank: 1 },
	])("resolves to the rank: $query finds $tool", async ({ query, tool, within, rank }) => {
		expect(await expectToFind(search, query, tool, { within })).toBe(rank);
	});

	it.each([
		{
			description: "ranked past within",
			search: fixed(["a", "b", "c", "d"]),
			within: 2,
			message: 'expected "q" to find c within the first 2, but it ranked #3; found: a, b',
		},
		{
			description: "not found at all",
			search: fixed(["a", "b"]),
			within: 8,
			message:
				'expected "q" to find c within the first 8, but it was not found (not in the first 100); found: a, b',
		},
		{
			description: "nothing found",
			search: fixed([]),
			within: 8,
			message:
				'expected "q" to find c within the first 8, but it was not found (not in the first 100); nothing was found',
		},
		{
			description: "a name the catalogue does not have",
			search: Object.assign(fixed(["c"]), { has: () => false }),
			within: 8,
			message: 'expected "q" to find c within the first 8, but the catalog has no tool named "c"',
		},
	])("rejects with an AssertionError when $description", async ({ search: fake, within, message }) => {
		await expect(expectToFind(fake, "q", "c", { within })).rejects.toMatchObject({
			name: "AssertionError",
			message,
		});
	});

	it("says where the tool went for a real catalogue", async () => {
		await expect(
			expectToFind(search, "merge a pull request", "github__list_pull_requests", { within: 2 }),
		).rejects.toThrow(
			'expected "merge a pull request" to find github__list_pull_requests within the first 2, but it ranked #3; found: github__merge_pull_request, github__create_pull_request',
		);
	});

	it.each([
		{ within: 0, message: "tool-search: within must be an integer from 1 to 100, got 0" },
		{ within: 2.5, message: "tool-search: within must be an integer from 1 to 100, got 2.5" },
	])("refuses within $within", async ({ within, message }) => {
		await expect(expectToFind(search, "q", "a", { within })).rejects.toMatchObject({
			code: "INVALID_OPTIONS",
			message,
		});
	});
});

describe("toFindTool (vitest matcher)", () => {
	it("passes and fails as expectToFind does, and supports .not", async () => {
		await expect(search).toFindTool("weather forecast", "weather__get_forecast", { within: 1 });
		await expect(search).not.toFindTool("weather forecast", "slack__post_message");
		await expect(
			expect(search).toFindTool("weather forecast", "slack__post_message", { within: 1 }),
		).rejects.toThrow(
			/expected "weather forecast" to find slack__post_message within the first 1, but it (ranked #\d+|was not found)/,
		);
		await expect(expect(search).not.toFindTool("weather forecast", "weather__get_forecast")).rejects.toThrow(
			'expected "weather forecast" not to find weather__get_forecast within the first 8, but it ranked #1',
		);
	});
});
