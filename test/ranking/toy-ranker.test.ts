import { describe, expect, it } from "vitest";
import { createToyRanker } from "../helpers/toy-ranker.js";
import { runRankerConformance } from "./conformance.js";
import { fixtureDocuments, piFixtureDocuments } from "./fixture-documents.js";

// The toy ranker ignores `options.signal`: the suite's skip list at work.
runRankerConformance({ name: "toy ranker", create: createToyRanker, skip: ["abort"] });

describe("toy ranker", () => {
	it("is asynchronous", async () => {
		const pending = createToyRanker().rank("read a file", fixtureDocuments(), 3);
		expect(pending).toBeInstanceOf(Promise);
		expect((await pending).map((match) => match.name)).toContain("filesystem__read_file");
	});

	it("scores the number of distinct query words found in the name and text", async () => {
		const documents = [
			{ name: "read_file", text: "Read a file from disk" },
			{ name: "write_file", text: "Write a file to disk" },
			{ name: "list_directory", text: "List a directory" },
		];
		expect(await createToyRanker().rank("read file file", documents, 10)).toEqual([
			{ name: "read_file", score: 2 },
			{ name: "write_file", score: 1 },
		]);
	});

	it("reads pi documents and ours alike, since it only uses name and text", async () => {
		const ranker = createToyRanker();
		const ours = await ranker.rank("merge a pull request", fixtureDocuments(), 5);
		expect(await ranker.rank("merge a pull request", piFixtureDocuments(), 5)).toEqual(ours);
	});
});
