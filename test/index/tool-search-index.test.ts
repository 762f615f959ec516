import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchError } from "../../src/errors.js";
import { bm25fFieldTf, bm25Idf, bm25PlusTermScore } from "../../src/index/scoring.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";
import type { ToolInfo } from "../../src/types.js";
import { CLASSIC } from "../helpers/classic-options.js";

const doc = (tool: ToolInfo) => createToolSearchDocument(tool);

/** Three tools whose only text is a one-word name and a short description. */
function colours(): ToolSearchIndex {
	const index = new ToolSearchIndex(CLASSIC);
	index.add(doc({ name: "alpha", description: "red red blue" }));
	index.add(doc({ name: "beta", description: "red" }));
	index.add(doc({ name: "gamma", description: "green" }));
	return index;
}

describe("ToolSearchIndex search scores", () => {
	it("scores BM25F+ exactly as computed by hand", () => {
		// N = 3, df(red) = 2: idf = ln(1 + 1.5 / 2.5) = ln 1.6. Average description length 5/3.
		// alpha: tf 2 in description (weight 2, length 3): 4 / (0.25 + 0.75 * 3 / (5/3)) = 2.5
		// beta:  tf 1 in description (weight 2, length 1): 2 / (0.25 + 0.75 * 1 / (5/3)) = 2 / 0.7
		// Both match one of one query terms: same coverage tier (1), lifted by one tier step.
		const results = colours().search("red", { limit: 10 });
		expect(results.map((r) => r.name)).toEqual(["beta", "alpha"]);
		const idf = Math.log(1.6);
		const step = 2 * (1.2 + 1 + 1) * idf + 1; // (1 + localNameBonus) * (k1 + 1 + delta) * Σ idf + 1
		const [beta, alpha] = results;
		// A tool's tf is kept as a float32 (7 significant digits): 2.5 is exact, 2 / 0.7 is not.
		expect(beta?.score).toBeCloseTo(1.1981782661 + step, 7);
		expect(alpha?.score).toBeCloseTo(1.1686576727 + step, 9);
		const betaTf = Math.fround(bm25fFieldTf(1, 2, 1, 5 / 3, 0.75));
		const betaScore = bm25PlusTermScore(betaTf, bm25Idf(3, 2), { k1: 1.2, b: 0.75, delta: 1 });
		expect(beta?.score).toBeCloseTo(betaScore + step, 12);
		// The same numbers from the exported pure functions.
		const fromParts = bm25PlusTermScore(bm25fFieldTf(2, 2, 3, 5 / 3, 0.75), bm25Idf(3, 2), {
			k1: 1.2,
			b: 0.75,
			delta: 1,
		});
		expect(alpha?.score).toBeCloseTo(fromParts + step, 12);
	});

	it("ranks a tool matching more distinct query terms above one matching fewer", () => {
		const index = new ToolSearchIndex(CLASSIC);
		index.add(doc({ name: "screen", description: "screenshot screenshot screenshot of the screen" }));
		index.add(doc({ name: "capture", description: "screenshot of one window" }));
		const [first] = index.search("screenshot window");
		expect(first?.name).toBe("capture");
	});

	it("ranks an exact name or local name first, folding case, dashes, underscores and spaces", () => {
		const index = new ToolSearchIndex();
		index.add(doc({ name: "github__create_issue", description: "Create an issue" }));
		index.add(
			doc({ name: "jira__create_issue_link", description: "Create issue links, create issue, issue" }),
		);
		for (const query of [
			"create_issue",
			"Create-Issue",
			"create issue",
			"github__create_issue",
			"CreateIssue",
		]) {
			expect(index.search(query)[0]?.name, query).toBe("github__create_issue");
		}
	});

	it("gives a tool whose whole local name is in the query a bonus of one more match of each matched term", () => {
		const build = (localNameBonus: number) => {
			const index = new ToolSearchIndex({
				...CLASSIC,
				rules: { coverage: false, localNameBonus, namespaceBoost: 0 },
			});
			index.add(doc({ name: "peekaboo__app", description: "Launch, quit or focus an application" }));
			index.add(doc({ name: "peekaboo__see", description: "Capture what an app window shows" }));
			index.add(doc({ name: "other__tool", description: "Unrelated" }));
			return new Map(index.search("peekaboo app window", { limit: 5 }).map((m) => [m.name, m.score]));
		};
		const on = build(1);
		const off = build(0);
		// peekaboo__app matches "peekaboo" and "app" (each df 2 of 3: idf ln 1.6), not "window".
		// (The query is not exactly its name "peekaboo app", so the exact rule stays out of it.)
		const bonus = 2 * Math.log(1.6) * (1 + 1);
		expect((on.get("peekaboo__app") as number) - (off.get("peekaboo__app") as number)).toBeCloseTo(bonus, 9);
		expect(on.get("peekaboo__see")).toBeCloseTo(off.get("peekaboo__see") as number, 12);
	});

	it("breaks ties by name, whatever the insertion order", () => {
		const a = new ToolSearchIndex();
		const b = new ToolSearchIndex();
		const tools = ["zeta", "eta", "theta"].map((name) => doc({ name, description: "same words here" }));
		a.addAll(tools);
		b.addAll([...tools].reverse());
		expect(a.search("same words").map((r) => r.name)).toEqual(["eta", "theta", "zeta"]);
		expect(b.search("same words")).toEqual(a.search("same words"));
	});

	it("honours limit and exclude, calling exclude only for tools that would make the cut", () => {
		const index = colours();
		expect(index.search("red blue green", { limit: 1 })).toHaveLength(1);
		const seen: string[] = [];
		const results = index.search("red", {
			limit: 1,
			exclude: (name) => {
				seen.push(name);
				return name === "beta";
			},
		});
		expect(results.map((r) => r.name)).toEqual(["alpha"]);
		expect(seen.sort()).toEqual(["alpha", "beta"]);
		expect(index.search("red", { limit: Number.POSITIVE_INFINITY })).toHaveLength(2);
	});

	it("does not count a term found only in zero-weight fields as a match", () => {
		const index = new ToolSearchIndex({ fieldWeights: { parameterNames: 0 } });
		index.add(doc({ name: "alpha", description: "red", parameters: { properties: { colour: {} } } }));
		index.add(doc({ name: "beta", description: "colour chart" }));
		expect(index.search("colour", { limit: 5 }).map((m) => m.name)).toEqual(["beta"]);
	});

	it("records a field longer than 65,535 tokens as 65,535 long, and still ranks it", () => {
		const index = new ToolSearchIndex(CLASSIC);
		index.add(doc({ name: "huge", description: `${"word ".repeat(70_000)}needle` }));
		index.add(doc({ name: "small", description: "needle in a haystack" }));
		const description = index
			.explain("needle", "huge")
			?.terms[0]?.fields.find((f) => f.field === "description");
		expect(description?.length).toBe(65_535);
		expect(index.search("needle").map((m) => m.name)).toEqual(["small", "huge"]);
	});

	it.each([
		{ description: "no known term", query: "purple" },
		{ description: "only stop words", query: "the of and" },
		{ description: "punctuation", query: "?!" },
		{ description: "empty", query: "" },
	])("returns [] for a query with $description", ({ query }) => {
		expect(colours().search(query)).toEqual([]);
	});
});

describe("ToolSearchIndex add, remove, update", () => {
	it("keeps size and has current", () => {
		const index = colours();
		expect(index.size).toBe(3);
		expect(index.has("beta")).toBe(true);
		expect(index.remove("beta")).toBe(true);
		expect(index.remove("beta")).toBe(false);
		expect(index.has("beta")).toBe(false);
		expect(index.size).toBe(2);
		expect(index.names().sort()).toEqual(["alpha", "gamma"]);
	});

	it("updates document frequencies on removal: idf is as if the tool had never been added", () => {
		const index = colours();
		index.remove("beta");
		const fresh = new ToolSearchIndex(CLASSIC);
		fresh.add(doc({ name: "alpha", description: "red red blue" }));
		fresh.add(doc({ name: "gamma", description: "green" }));
		expect(index.search("red blue")).toEqual(fresh.search("red blue"));
	});

	it("update replaces a tool's text", () => {
		const index = colours();
		index.update(doc({ name: "gamma", description: "red" }));
		expect(index.search("green")).toEqual([]);
		expect(index.search("red", { limit: 10 }).map((r) => r.name)).toContain("gamma");
	});

	it("throws DUPLICATE_TOOL and INVALID_TOOL with quoted values", () => {
		const index = colours();
		expect(() => index.add(doc({ name: "alpha" }))).toThrowError(
			'tool-search: tool "alpha" is already indexed; use update() to replace it',
		);
		try {
			index.add({ name: "", text: "" });
		} catch (error) {
			expect(ToolSearchError.isInstance(error) && error.code).toBe("INVALID_TOOL");
			expect((error as Error).message).toBe('tool-search: document name must be a non-empty string, got ""');
		}
	});

	it.each([
		{ options: { limit: 0 }, message: "tool-search: limit must be a positive integer, got 0" },
		{ options: { limit: 1.5 }, message: "tool-search: limit must be a positive integer, got 1.5" },
		{
			options: { exclude: "x" },
			message: 'tool-search: exclude must be a function or a set of names, got "x"',
		},
	])("search rejects bad options: $message", ({ options, message }) => {
		expect(() => colours().search("red", options as never)).toThrowError(message);
	});

	it.each([
		{
			options: { bm25: { k1: -1 } },
			message: "tool-search: bm25.k1 must be a number in [0, 1000000], got -1",
		},
		{
			// Past 1e6 a score can overflow to Infinity and every tool ties.
			options: { bm25: { k1: 1e308 } },
			message: "tool-search: bm25.k1 must be a number in [0, 1000000], got 1e+308",
		},
		{ options: { bm25: { b: 2 } }, message: "tool-search: bm25.b must be a number in [0, 1], got 2" },
		{
			options: { bm25: { delta: Number.NaN } },
			message: "tool-search: bm25.delta must be a number in [0, 1000000], got NaN",
		},
		{
			options: { fieldWeights: { name: "6" } },
			message: 'tool-search: fieldWeights.name must be 0 or a number in [1e-6, 1e6], got "6"',
		},
		{
			// A tool's weighted tf is a float32: 1e39 would overflow it, 1e-46 round it to 0.
			options: { fieldWeights: { description: 1e39 } },
			message: "tool-search: fieldWeights.description must be 0 or a number in [1e-6, 1e6], got 1e+39",
		},
		{
			options: { fieldWeights: { summary: 1e-46 } },
			message: "tool-search: fieldWeights.summary must be 0 or a number in [1e-6, 1e6], got 1e-46",
		},
		{
			options: { fieldWeights: { name: -1 } },
			message: "tool-search: fieldWeights.name must be 0 or a number in [1e-6, 1e6], got -1",
		},
		{
			options: { fieldWeights: { nmae: 1 } },
			message:
				'tool-search: unknown option "fieldWeights.nmae"; expected one of name, localName, label, namespace, namespaceText, summary, description, parameterNames, parameterText',
		},
		{
			options: { rules: { coverage: "yes" } },
			message: 'tool-search: rules.coverage must be a boolean, got "yes"',
		},
		{
			options: { rules: { proximity: -0.5 } },
			message: "tool-search: rules.proximity must be a number in [0, 1000000], got -0.5",
		},
		{
			options: { rules: { proximity: 1e308 } },
			message: "tool-search: rules.proximity must be a number in [0, 1000000], got 1e+308",
		},
		{
			options: { rules: { localNameBonus: 2e6 } },
			message: "tool-search: rules.localNameBonus must be a number in [0, 1000000], got 2000000",
		},
		{ options: { bm25: 3 }, message: "tool-search: bm25 must be an object, got 3" },
	])("the constructor validates every option: $message", ({ options, message }) => {
		expect(() => new ToolSearchIndex(options as never)).toThrowError(message);
		try {
			new ToolSearchIndex(options as never);
		} catch (error) {
			expect(ToolSearchError.isInstance(error) && error.code).toBe("INVALID_OPTIONS");
		}
	});

	it("does not mutate the options or the documents", () => {
		const options = Object.freeze({ bm25: Object.freeze({ k1: 1.5 }) });
		const document = doc({ name: "alpha", description: "red" });
		const index = new ToolSearchIndex(options);
		index.add(document);
		expect(index.search("red")[0]?.name).toBe("alpha");
		expect(Object.isFrozen(document)).toBe(true);
		expect(index.options.bm25).toEqual({ k1: 1.5, b: 0.75, delta: 0.5 });
	});

	it.each([
		{ compact: "toJSON", extra: [] as string[] },
		{ compact: "addAll", extra: ["d"] },
	])(
		"indexes every term of a tool added after a compaction ($compact) reused a slot number",
		({ compact, extra }) => {
			// The slot numbers of dead tools are reused after a compaction; a tool inserted into a reused
			// slot once inherited an earlier insert's "terms seen" marks and lost the terms they shared.
			const tool = (name: string) => doc({ name, description: name === "a" ? "alpha" : "beta gamma" });
			const index = new ToolSearchIndex(CLASSIC);
			index.add(tool("a"));
			index.add(tool("b"));
			index.remove("a");
			if (compact === "toJSON") index.toJSON();
			else index.addAll(extra.map(tool)); // merging the bulk buffer compacts the dead slot too
			index.add(tool("c"));
			const fresh = new ToolSearchIndex(CLASSIC);
			fresh.addAll(["b", ...extra, "c"].map(tool));
			expect(index.search("beta").map((m) => m.name)).toEqual(["b", "c", ...extra].sort());
			expect(index.search("beta gamma")).toEqual(fresh.search("beta gamma"));
		},
	);

	it("survives many adds and removes (merges and compaction) with the same results as a fresh index", () => {
		const index = new ToolSearchIndex();
		const words = ["send", "mail", "file", "read", "write", "issue", "create", "list", "weather", "event"];
		const make = (i: number) =>
			doc({
				name: `tool_${i}`,
				description: `${words[i % 10]} ${words[(i * 7) % 10]} ${words[(i * 3) % 10]}`,
			});
		for (let i = 0; i < 6000; i++) index.add(make(i));
		for (let i = 0; i < 6000; i += 2) index.remove(`tool_${i}`);
		for (let i = 0; i < 200; i += 4) index.update(make(i + 1));
		const fresh = new ToolSearchIndex();
		for (let i = 1; i < 6000; i += 2) fresh.add(make(i));
		expect(index.size).toBe(fresh.size);
		for (const query of ["send mail", "read file", "create issue list", "weather event"]) {
			expect(index.search(query, { limit: 20 })).toEqual(fresh.search(query, { limit: 20 }));
		}
		expect(indexStore(index).merges).toBeGreaterThan(0);
	});
});

describe("ToolSearchIndex public surface", () => {
	it("exposes no store or marks: internal types stay off the class", () => {
		const index = new ToolSearchIndex();
		const members = [
			...Object.getOwnPropertyNames(ToolSearchIndex.prototype),
			...Object.getOwnPropertyNames(index),
		];
		for (const internal of ["store", "beginMarks", "mark", "isMarked"]) {
			expect(members).not.toContain(internal);
			expect(internal in index).toBe(false);
		}
		// The engine still reaches the store through its internal accessor.
		index.add(doc({ name: "alpha", description: "red" }));
		expect(indexStore(index).live).toBe(1);
	});
});
