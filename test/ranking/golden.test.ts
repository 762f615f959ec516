/**
 * Golden rankings of the default ranker over the fixture catalogue (test/fixtures/catalog.ts:
 * 31 MCP-style tools on github, slack, filesystem, calendar and weather). Every expected position
 * carries the reason it is there, so a change that moves one shows which rule it broke.
 */
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { Bm25Ranker } from "../../src/ranking/bm25-ranker.js";
import { CATALOG, catalogNamespaceOf } from "../fixtures/catalog.js";

const documents = CATALOG.map((tool) => createToolSearchDocument(tool, catalogNamespaceOf(tool)));
const top = (query: string, limit = 3) =>
	new Bm25Ranker().rank(query, documents, limit).map((match) => match.name);

describe("golden rankings (default Bm25Ranker, fixture catalogue)", () => {
	it("create an issue", () => {
		expect(top("create an issue")).toEqual([
			// The query's words are exactly the local name create_issue: the exact-name rule puts it first.
			"github__create_issue",
			// Matches both "create" (name) and "issue" (its namespace text "repositories, issues and
			// pull requests"): two terms beat every tool matching one.
			"github__create_pull_request",
			// One term, "create", in name, label and description of a short document.
			"filesystem__create_directory",
		]);
	});

	it("post_message", () => {
		expect(top("post_message")).toEqual([
			// Exact local name.
			"slack__post_message",
			// "message" in the description and parameter text of the other slack tools; among them the
			// shorter documents score higher (length normalisation), then the tie breaks by name.
			"slack__add_reaction",
			"slack__get_channel_history",
		]);
	});

	it("merge a pull request", () => {
		expect(top("merge a pull request")).toEqual([
			// All three terms in the name, and the local name merge_pull_request is the whole query.
			"github__merge_pull_request",
			// All three terms too ("merge" in its description), but only "pull request" in the name.
			"github__create_pull_request",
			// "pull request" in the name; "merge" nowhere: fewer terms.
			"github__list_pull_requests",
		]);
	});

	it("ReadFile (camelCase folds onto read_file)", () => {
		expect(top("ReadFile")).toEqual([
			// readFile → read file = the local name's words: exact.
			"filesystem__read_file",
			// No other tool says "read": the rest match "file" only, and rank by BM25. get_file_contents
			// has "file" in name, local name and label with short fields.
			"github__get_file_contents",
			// "file" in name, label and description too, but a longer description and parameter text.
			"filesystem__write_file",
		]);
	});

	it("schedule a meeting", () => {
		expect(top("schedule a meeting")).toEqual([
			// The only tool whose own description says "meeting" (free slots "for a meeting").
			"calendar__find_free_slots",
			// "meeting" only through the calendar namespace text ("events, meetings and availability"),
			// equal for every calendar tool; create_event and delete_event tie on score and break by name.
			"calendar__create_event",
			"calendar__delete_event",
		]);
	});

	it("list files in a folder", () => {
		expect(top("list files in a folder", 1)).toEqual([
			// "list" in the name and "files" in the description: the only tool matching two terms
			// ("folder" is in no tool).
			"filesystem__list_directory",
		]);
	});

	it("weather forecast", () => {
		expect(top("weather forecast", 1)).toEqual([
			// Both terms, "forecast" in the name; the other weather tools match "weather" only.
			"weather__get_forecast",
		]);
	});

	it("finds nothing for a word no tool has", () => {
		expect(top("rainbow unicorn")).toEqual([]);
	});
});
