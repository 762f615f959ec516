import { parseLabelledRequests } from "tool-search/testing";
import { describe, expect, it } from "vitest";
import { checkRequests } from "../../src/testing/labelled-requests.js";
import { thrown } from "../helpers/thrown.js";

describe("parseLabelledRequests", () => {
	it.each([
		{
			description: "JSON Lines, a name or names, blank lines skipped",
			text: '{"query": "read a file", "relevant": "fs__read"}\n\n{"id": "w", "query": "rain", "relevant": ["a", "b"]}\n',
			expected: [
				{ query: "read a file", relevant: ["fs__read"] },
				{ id: "w", query: "rain", relevant: ["a", "b"] },
			],
		},
		{
			description: "a JSON array",
			text: '[{"query": "read a file", "relevant": []}]',
			expected: [{ query: "read a file", relevant: [] }],
		},
		{
			description: "a dataset file: queries with relevant_groups taking precedence",
			text: JSON.stringify({
				tools: [],
				queries: [{ id: "q1", query: "rain", relevant: ["a", "b"], relevant_groups: [["a", "b"]] }],
			}),
			expected: [{ id: "q1", query: "rain", relevant: [["a", "b"]] }],
		},
		{
			description: "one JSON object on its one line (JSON Lines of one request)",
			text: '{"query": "rain", "relevant": "a"}',
			expected: [{ query: "rain", relevant: ["a"] }],
		},
	])("reads $description", ({ text, expected }) => {
		expect(parseLabelledRequests(text)).toEqual(expected);
	});

	it.each([
		{ text: '{"query": "a", "relevant": "x"}\n{"query": "b"', message: "line 2: not JSON" },
		{
			text: '{"query": "a"}',
			message: 'line 1: "relevant" must be a tool name or an array of them, got undefined',
		},
		{ text: '[{"query": 3, "relevant": []}]', message: 'record 1: "query" must be a string, got 3' },
		{
			text: '{"tools": []}',
			message: 'expected an array of labelled requests, an object with "queries", or JSON Lines',
		},
	])("names the record at fault: $message", ({ text, message }) => {
		const error = thrown(() => parseLabelledRequests(text));
		expect(error.code).toBe("INVALID_OPTIONS");
		expect(error.message).toContain(`tool-search: ${message}`);
	});
});

describe("checkRequests", () => {
	it("gives ids by position and gold groups", () => {
		expect(
			checkRequests([
				{ query: "a", relevant: ["x", ["y", "z"]] },
				{ id: "b", query: "b", relevant: [] },
			]),
		).toEqual([
			{ id: "#1", query: "a", groups: [["x"], ["y", "z"]] },
			{ id: "b", query: "b", groups: [] },
		]);
	});

	it.each([
		{ requests: [], message: "labelled requests must be a non-empty array, got []" },
		{
			requests: [{ query: " ", relevant: [] }],
			message: 'labelled request 1: query must be a non-empty string, got " "',
		},
		{
			requests: [{ query: "a", relevant: [[]] }],
			message: "labelled request 1: relevant[0] must be a non-empty array of tool names, got []",
		},
		{
			requests: [
				{ id: "x", query: "a", relevant: [] },
				{ id: "x", query: "b", relevant: [] },
			],
			message: 'labelled request 2: id "x" is taken by an earlier request',
		},
	])("refuses: $message", ({ requests, message }) => {
		expect(thrown(() => checkRequests(requests)).message).toBe(`tool-search: ${message}`);
	});
});
