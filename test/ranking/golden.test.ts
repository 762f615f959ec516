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
			// "create" in name, local name and label; "issue" only through the github namespace text
			// ("repositories, issues and pull requests"); plus the namespace boost from create_issue.
			"github__create_pull_request",
			// "issue" in the name; "create" only as the synonym "add" (weight 0.2); namespace boost too.
			"github__add_issue_comment",
		]);
	});

	it("post_message", () => {
		expect(top("post_message")).toEqual([
			// Exact local name.
			"slack__post_message",
			// The other slack tools say "message" in description and parameters ("post" only as its
			// synonym "message"), and share the namespace boost; shorter documents score higher.
			"slack__add_reaction",
			"slack__get_channel_history",
		]);
	});

	it("merge a pull request", () => {
		expect(top("merge a pull request")).toEqual([
			// All three terms in the name, and the query is exactly its local name.
			"github__merge_pull_request",
			// All three terms too ("merge" in its description), "pull request" in the name.
			"github__create_pull_request",
			// "pull request" in the name; "merge" nowhere.
			"github__list_pull_requests",
		]);
	});

	it("ReadFile (camelCase folds onto read_file)", () => {
		expect(top("ReadFile")).toEqual([
			// readFile → read file = the local name's words: exact.
			"filesystem__read_file",
			// No other tool says "read": the rest match "file" only. get_file_contents has it in name,
			// local name and label, with short fields.
			"github__get_file_contents",
			// "file" in name and label too, with longer description and parameter text; the namespace
			// boost from read_file lifts it over other file tools.
			"filesystem__write_file",
		]);
	});

	it("schedule a meeting", () => {
		expect(top("schedule a meeting")).toEqual([
			// The only tool whose own description says "meeting" (free slots "for a meeting").
			"calendar__find_free_slots",
			// "meeting" only through the calendar namespace text ("events, meetings and availability"),
			// equal for every calendar tool, and "schedule" as the concept word "event"; create_event
			// also has "schedule" as its synonym "create" (to schedule is to create), so it comes next.
			"calendar__create_event",
			// Ties with the other event tools on "meeting" and "event"; the shortest document wins.
			"calendar__delete_event",
		]);
	});

	it("list files in a folder", () => {
		expect(top("list files in a folder")).toEqual([
			// "list" in the name, "files" in the description, "folder" as its synonym "directory".
			"filesystem__list_directory",
			// "file" in the name and the description, and "folder" through the concept map ("file"),
			// at a quarter of a match; the filesystem namespace boost keeps file tools above
			// calendar__list_events, which matches "list" alone. Shorter documents first.
			"filesystem__read_file",
			"filesystem__write_file",
		]);
	});

	it("save a document to disk (synonyms: save → write, document → file)", () => {
		expect(top("save a document to disk", 1)).toEqual(["filesystem__write_file"]);
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
