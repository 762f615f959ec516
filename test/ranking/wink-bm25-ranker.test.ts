import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchError } from "../../src/errors.js";
import { rankWithFallback } from "../../src/ranking/rank-with-fallback.js";
import { WinkBm25Ranker, type WinkBm25RankerOptions } from "../../src/ranking/wink-bm25-ranker.js";
import type { ToolSearchDocument } from "../../src/types.js";
import { runRankerConformance } from "./conformance.js";
import { fixtureDocuments, piFixtureDocuments } from "./fixture-documents.js";

runRankerConformance({ name: "WinkBm25Ranker", create: () => new WinkBm25Ranker() });

function names(matches: readonly { name: string }[]): string[] {
	return matches.map((match) => match.name);
}

function doc(name: string, description: string): ToolSearchDocument {
	return createToolSearchDocument({ name, description });
}

/** The `INVALID_OPTIONS` error `run` throws; fails when it throws anything else or nothing. */
function invalidOptions(run: () => unknown): ToolSearchError {
	try {
		run();
	} catch (error) {
		if (ToolSearchError.isInstance(error) && error.code === "INVALID_OPTIONS") return error;
		throw error;
	}
	throw new Error("expected an INVALID_OPTIONS error");
}

describe("tool-search/wink entry point", () => {
	it("exports WinkBm25Ranker only", async () => {
		const entry = await import("tool-search/wink");
		expect(Object.keys(entry)).toEqual(["WinkBm25Ranker"]);
		expect(entry.WinkBm25Ranker).toBe(WinkBm25Ranker);
	});
});

describe("WinkBm25Ranker options", () => {
	it("fills in wink's defaults", () => {
		const ranker = new WinkBm25Ranker();
		expect(ranker.fieldWeights).toEqual({ name: 3, description: 1, params: 1, namespace: 1 });
		expect(ranker.bm25Params).toEqual({ k1: 1.2, b: 0.75, k: 1 });
		expect(Object.isFrozen(ranker.fieldWeights)).toBe(true);
		expect(Object.isFrozen(ranker.bm25Params)).toBe(true);
		expect(new WinkBm25Ranker({}).fieldWeights).toEqual(WinkBm25Ranker.DEFAULT_FIELD_WEIGHTS);
	});

	it("merges the given values over the defaults", () => {
		const ranker = new WinkBm25Ranker({ fieldWeights: { name: 5, params: 0 }, bm25Params: { b: 0, k: 0.5 } });
		expect(ranker.fieldWeights).toEqual({ name: 5, description: 1, params: 0, namespace: 1 });
		expect(ranker.bm25Params).toEqual({ k1: 1.2, b: 0, k: 0.5 });
	});

	it("treats undefined values as absent", () => {
		const options = { fieldWeights: { name: undefined }, bm25Params: { k1: undefined } };
		const ranker = new WinkBm25Ranker(options as unknown as WinkBm25RankerOptions);
		expect(ranker.fieldWeights.name).toBe(3);
		expect(ranker.bm25Params.k1).toBe(1.2);
	});

	it.each([
		[null, "WinkBm25Ranker options must be an object, got null"],
		[[], "WinkBm25Ranker options must be an object, got []"],
		[{ fieldWeights: "name" }, 'WinkBm25Ranker fieldWeights must be an object, got "name"'],
		[
			{ fieldWeights: { title: 2 } },
			'WinkBm25Ranker fieldWeights has an unknown field "title"; the fields are name, description, params, namespace',
		],
		[{ fieldWeights: { name: -1 } }, "WinkBm25Ranker fieldWeights.name must be a finite number >= 0, got -1"],
		[
			{ fieldWeights: { description: Number.NaN } },
			"WinkBm25Ranker fieldWeights.description must be a finite number >= 0, got NaN",
		],
		[
			{ fieldWeights: { params: Number.POSITIVE_INFINITY } },
			"WinkBm25Ranker fieldWeights.params must be a finite number >= 0, got Infinity",
		],
		[
			{ fieldWeights: { namespace: "2" } },
			'WinkBm25Ranker fieldWeights.namespace must be a finite number >= 0, got "2"',
		],
		[
			{ fieldWeights: { name: 0, description: 0, params: 0, namespace: 0 } },
			'WinkBm25Ranker fieldWeights must give at least one field a weight > 0, got {"name":0,"description":0,"params":0,"namespace":0}',
		],
		[{ bm25Params: 1.2 }, "WinkBm25Ranker bm25Params must be an object, got 1.2"],
		[
			{ bm25Params: { delta: 1 } },
			'WinkBm25Ranker bm25Params has an unknown parameter "delta"; the parameters are k1, b, k',
		],
		[{ bm25Params: { k1: -0.5 } }, "WinkBm25Ranker bm25Params.k1 must be a finite number >= 0, got -0.5"],
		[{ bm25Params: { b: 1.5 } }, "WinkBm25Ranker bm25Params.b must be a number in [0, 1], got 1.5"],
		[{ bm25Params: { b: Number.NaN } }, "WinkBm25Ranker bm25Params.b must be a number in [0, 1], got NaN"],
		[
			{ bm25Params: { k: Number.POSITIVE_INFINITY } },
			"WinkBm25Ranker bm25Params.k must be a finite number >= 0, got Infinity",
		],
		[{ bm25Params: { k: null } }, "WinkBm25Ranker bm25Params.k must be a finite number >= 0, got null"],
	])("rejects %j: %s", (options, message) => {
		const error = invalidOptions(() => new WinkBm25Ranker(options as unknown as WinkBm25RankerOptions));
		expect(error.message).toBe(`tool-search: ${message}`);
	});

	it("accepts the edges of every range", () => {
		const options: WinkBm25RankerOptions = {
			fieldWeights: { name: 0.5, description: 0 },
			bm25Params: { k1: 0, b: 1, k: 0 },
		};
		const ranker = new WinkBm25Ranker(options);
		const matches = ranker.rank("read a file", fixtureDocuments(), 5);
		expect(matches.length).toBeGreaterThan(0);
		for (const match of matches) expect(Number.isFinite(match.score)).toBe(true);
	});
});

describe("WinkBm25Ranker.rank arguments", () => {
	it.each([
		[-1, "-1"],
		[1.5, "1.5"],
		[Number.NaN, "NaN"],
		[Number.NEGATIVE_INFINITY, "-Infinity"],
		["3", '"3"'],
	])("rejects limit %s", (limit, quoted) => {
		const error = invalidOptions(() =>
			new WinkBm25Ranker().rank("file", fixtureDocuments(), limit as number),
		);
		expect(error.message).toBe(`tool-search: limit must be a non-negative integer, got ${quoted}`);
	});

	it("accepts limit Infinity", () => {
		const matches = new WinkBm25Ranker().rank("file", fixtureDocuments(), Number.POSITIVE_INFINITY);
		expect(names(matches)).toContain("filesystem__read_file");
		expect(names(matches)).toEqual(names(new WinkBm25Ranker().rank("file", fixtureDocuments(), 100)));
	});

	it("rejects a documents value that is not an array, and a query that is not a string", () => {
		expect(invalidOptions(() => new WinkBm25Ranker().rank("file", {} as never, 5)).message).toBe(
			"tool-search: documents must be an array, got {}",
		);
		expect(invalidOptions(() => new WinkBm25Ranker().rank(42 as never, fixtureDocuments(), 5)).message).toBe(
			"tool-search: query must be a string, got 42",
		);
	});

	it("throws ABORTED synchronously, before any work", () => {
		const ranker = new WinkBm25Ranker();
		const controller = new AbortController();
		const reason = new Error("stop");
		controller.abort(reason);
		let caught: unknown;
		try {
			ranker.rank("file", fixtureDocuments(), 5, { signal: controller.signal });
		} catch (error) {
			caught = error;
		}
		expect(ToolSearchError.isInstance(caught) && caught.code).toBe("ABORTED");
		expect((caught as ToolSearchError).cause).toBe(reason);
		expect(ranker.buildCount).toBe(0);
	});

	it("ranks normally with a signal that has not fired", () => {
		const signal = new AbortController().signal;
		const matches = new WinkBm25Ranker().rank("read a file", fixtureDocuments(), 3, { signal });
		expect(names(matches)).toContain("filesystem__read_file");
	});

	it("skips documents without a usable name, and uses the first of duplicate names", () => {
		const documents = [
			doc("convert_currency", "Convert an amount between currencies"),
			{ name: "", text: "convert currency" },
			{ name: 7, text: "convert currency" } as unknown as ToolSearchDocument,
			doc("convert_currency", "Totally unrelated text about penguins"),
			doc("convert_units", "Convert between metric and imperial units"),
		];
		const ranker = new WinkBm25Ranker();
		expect(names(ranker.rank("convert currency", documents, 10))).toEqual([
			"convert_currency",
			"convert_units",
		]);
		expect(ranker.rank("penguins", documents, 10)).toEqual([]);
	});
});

describe("WinkBm25Ranker small catalogues (wink needs 3 documents)", () => {
	it("ranks a one-tool catalogue", () => {
		const ranker = new WinkBm25Ranker();
		const documents = [doc("read_file", "Read a file from disk")];
		expect(names(ranker.rank("read a file", documents, 5))).toEqual(["read_file"]);
		expect(ranker.rank("zzqx", documents, 5)).toEqual([]);
		expect(ranker.rank("", documents, 5)).toEqual([]);
	});

	it("ranks a two-tool catalogue", () => {
		const ranker = new WinkBm25Ranker();
		const documents = [doc("write_file", "Write a file to disk"), doc("read_file", "Read a file from disk")];
		const matches = ranker.rank("read a file", documents, 5);
		expect(names(matches)).toEqual(["read_file", "write_file"]);
		expect(matches[0]?.score).toBeGreaterThan(matches[1]?.score ?? Number.POSITIVE_INFINITY);
		expect(names(ranker.rank("write", documents, 5))).toEqual(["write_file"]);
	});

	it("indexes a tool without any token, and never returns it", () => {
		const ranker = new WinkBm25Ranker();
		const documents = [{ name: "___", text: "" }];
		for (const query of ["___", "", "file", "p0", "0"]) expect(ranker.rank(query, documents, 5)).toEqual([]);
		expect(names(ranker.rank("x", [...documents, { name: "x", text: "" }], 5))).toEqual(["x"]);
	});

	it("never returns the padding, even for tools named like wink ids", () => {
		for (const tools of [["p1"], ["p2", "0"], ["1", "2"], ["p0", "p1", "p2"]]) {
			const documents = tools.map((name) => ({ name, text: `tool ${name} lookup` }));
			const ranker = new WinkBm25Ranker();
			for (const query of ["lookup", "tool", "p0 p1 p2 0 1 2", ""]) {
				const matches = ranker.rank(query, documents, Number.POSITIVE_INFINITY);
				for (const match of matches) expect(tools).toContain(match.name);
				expect(new Set(names(matches)).size).toBe(matches.length);
			}
			expect(names(ranker.rank("lookup", documents, 10)).sort()).toEqual([...tools].sort());
		}
	});

	it("gives a catalogue of three or more tools no padding", () => {
		const documents = [doc("a_tool", "alpha"), doc("b_tool", "beta"), doc("c_tool", "gamma")];
		const matches = new WinkBm25Ranker().rank("alpha", documents, 10);
		expect(names(matches)).toEqual(["a_tool"]);
	});
});

describe("WinkBm25Ranker scoring", () => {
	it("weighs the name field (weight 3 by default) above the description", () => {
		const documents = [
			doc("lookup_record", "Search the records for one entry"),
			doc("search_record", "Lookup of one entry in the records"),
			doc("delete_record", "Delete a record"),
		];
		expect(names(new WinkBm25Ranker().rank("search", documents, 2))).toEqual([
			"search_record",
			"lookup_record",
		]);
		const descriptionFirst = new WinkBm25Ranker({ fieldWeights: { name: 1, description: 5 } });
		expect(names(descriptionFirst.rank("search", documents, 2))).toEqual(["lookup_record", "search_record"]);
	});

	it("leaves out a field of weight 0", () => {
		const documents = fixtureDocuments();
		expect(names(new WinkBm25Ranker().rank("slack", documents, 10))).toContain("slack__list_channels");
		// "workspace" appears only in the slack namespace description (and one tool's description).
		const withoutNamespace = new WinkBm25Ranker({ fieldWeights: { namespace: 0 } });
		expect(names(withoutNamespace.rank("workspace", documents, 10))).toEqual(["slack__list_channels"]);
		expect(names(new WinkBm25Ranker().rank("workspace", documents, 10))).toHaveLength(4);
	});

	it("reads parameters and the namespace", () => {
		const documents = fixtureDocuments();
		expect(names(new WinkBm25Ranker().rank("thread_ts", documents, 1))).toEqual(["slack__post_message"]);
		expect(names(new WinkBm25Ranker().rank("meteorological", documents, 10)).sort()).toEqual([
			"weather__get_current_conditions",
			"weather__get_forecast",
		]);
	});

	it("breaks score ties by name, ascending", () => {
		const documents = [
			doc("zeta_tool", "Convert an amount between two currencies"),
			doc("beta_tool", "Convert an amount between two currencies"),
			doc("alpha_tool", "Convert an amount between two currencies"),
			doc("other_thing", "Unrelated"),
		];
		const matches = new WinkBm25Ranker().rank("convert currencies", documents, 10);
		expect(names(matches)).toEqual(["alpha_tool", "beta_tool", "zeta_tool"]);
		expect(new Set(matches.map((match) => match.score)).size).toBe(1);
		// Ties straddling the limit are ordered before cutting.
		expect(names(new WinkBm25Ranker().rank("convert currencies", documents, 1))).toEqual(["alpha_tool"]);
		expect(names(new WinkBm25Ranker().rank("convert currencies", documents, 2))).toEqual([
			"alpha_tool",
			"beta_tool",
		]);
	});

	it("gives a higher score to more matched query words", () => {
		const matches = new WinkBm25Ranker().rank("read file disk", fixtureDocuments(), 100);
		expect(matches[0]?.name).toBe("filesystem__read_file");
		const read = matches.find((match) => match.name === "filesystem__read_file")?.score ?? 0;
		const write = matches.find((match) => match.name === "filesystem__write_file")?.score ?? 0;
		expect(read).toBeGreaterThan(write);
	});

	it("is used as is by rankWithFallback (its answers pass the checks)", async () => {
		const outcome = await rankWithFallback(new WinkBm25Ranker(), "read a file", piFixtureDocuments(), 3);
		expect(outcome.rankedBy).toBe("wink");
		expect(names(outcome.matches)).toContain("filesystem__read_file");
	});
});

describe("WinkBm25Ranker index cache", () => {
	it("builds lazily, and not for empty catalogues, limit 0 or aborted calls", () => {
		const ranker = new WinkBm25Ranker();
		expect(ranker.buildCount).toBe(0);
		ranker.rank("file", [], 5);
		ranker.rank("file", fixtureDocuments(), 0);
		expect(ranker.buildCount).toBe(0);
		ranker.rank("file", fixtureDocuments(), 5);
		expect(ranker.buildCount).toBe(1);
	});

	it("reuses the index for the same array and for a new array of the same tools, in any order", () => {
		const ranker = new WinkBm25Ranker();
		const documents = fixtureDocuments();
		const first = ranker.rank("read a file", documents, 5);
		expect(ranker.rank("read a file", documents, 5)).toEqual(first);
		expect(ranker.rank("read a file", fixtureDocuments(), 5)).toEqual(first);
		expect(ranker.rank("read a file", [...documents].reverse(), 5)).toEqual(first);
		expect(ranker.rank("read a file", [...documents, documents[0] as ToolSearchDocument], 5)).toEqual(first);
		expect(ranker.buildCount).toBe(1);
	});

	it("rebuilds when a tool is added, removed or changed", () => {
		const ranker = new WinkBm25Ranker();
		const documents = fixtureDocuments();
		ranker.rank("file", documents, 5);
		expect(ranker.buildCount).toBe(1);

		ranker.rank("file", documents.slice(1), 5);
		expect(ranker.buildCount).toBe(2);

		ranker.rank("file", [...documents, doc("zip_file", "Compress a file")], 5);
		expect(ranker.buildCount).toBe(3);

		const changed = documents.map((document) =>
			document.name === "filesystem__read_file"
				? doc(document.name, "Read a file, now with penguins")
				: document,
		);
		expect(names(ranker.rank("penguins", changed, 5))).toEqual(["filesystem__read_file"]);
		expect(ranker.buildCount).toBe(4);

		// Same names but other contents: pi documents lack the fields ours carry.
		ranker.rank("file", piFixtureDocuments(), 5);
		expect(ranker.buildCount).toBe(5);
		ranker.rank("file", piFixtureDocuments(), 5);
		expect(ranker.buildCount).toBe(5);
	});

	it("notices a document mutated in place", () => {
		const ranker = new WinkBm25Ranker();
		const documents = piFixtureDocuments();
		expect(ranker.rank("penguins", documents, 5)).toEqual([]);
		const target = documents.find(
			(document) => document.name === "weather__get_forecast",
		) as ToolSearchDocument;
		target.text = `${target.text}\nAlso counts penguins.`;
		expect(names(ranker.rank("penguins", documents, 5))).toEqual(["weather__get_forecast"]);
		expect(ranker.buildCount).toBe(2);
	});

	it("keeps rankers independent", () => {
		const a = new WinkBm25Ranker();
		const b = new WinkBm25Ranker();
		a.rank("file", fixtureDocuments(), 5);
		expect(a.buildCount).toBe(1);
		expect(b.buildCount).toBe(0);
		expect(b.rank("file", fixtureDocuments().slice(0, 2), 5)).toEqual([]);
		expect(names(a.rank("read file", fixtureDocuments(), 1))).toEqual(["filesystem__read_file"]);
	});
});
