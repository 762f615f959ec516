import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { ToolSearchIndex } from "../../src/ranking.js";

const doc = (server: number, tool: number) =>
	createToolSearchDocument(
		{
			name: `s${server}__tool${tool}`,
			description: `Reads weather ${tool % 2 === 0 ? "forecast" : "radar"} data.`,
		},
		{ name: `s${server}` },
	);

describe("namespace boost scratch", () => {
	it("ranks like a rebuilt index while namespaces keep being added between searches", () => {
		const grown = new ToolSearchIndex();
		const all = [];
		// 60 namespaces: past the scratch arrays' first size, so they grow between queries.
		for (let server = 0; server < 60; server++) {
			for (let tool = 0; tool < 3; tool++) {
				const document = doc(server, tool + server);
				all.push(document);
				grown.add(document);
			}
			const rebuilt = new ToolSearchIndex();
			rebuilt.addAll(all);
			for (const query of ["weather forecast", "radar", `s${server} weather`]) {
				expect(grown.search(query, { limit: 20 })).toEqual(rebuilt.search(query, { limit: 20 }));
			}
		}
	});

	it("gives a tool the best score of its namespace siblings in the pool, whatever the pool order", () => {
		const index = new ToolSearchIndex({ rules: { namespaceBoost: 0.5 } });
		const off = new ToolSearchIndex({ rules: { namespaceBoost: 0 } });
		const documents = [doc(1, 0), doc(1, 1), doc(2, 2)];
		index.addAll(documents);
		off.addAll(documents);
		const on = new Map(index.search("forecast radar", { limit: 5 }).map((m) => [m.name, m.score]));
		const base = new Map(off.search("forecast radar", { limit: 5 }).map((m) => [m.name, m.score]));
		// s1__tool0 (forecast) and s1__tool1 (radar) are siblings: each gets half the other's score.
		const a = base.get("s1__tool0") as number;
		const b = base.get("s1__tool1") as number;
		expect(on.get("s1__tool0")).toBeCloseTo(a + 0.5 * b, 9);
		expect(on.get("s1__tool1")).toBeCloseTo(b + 0.5 * a, 9);
		// s2__tool2 has no sibling in the pool.
		expect(on.get("s2__tool2")).toBeCloseTo(base.get("s2__tool2") as number, 12);
	});
});
