import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import { nameKeys } from "../../src/index/name-keys.js";
import { nameRules, nameRulesByStrings } from "../../src/index/name-rules.js";
import { planQuery } from "../../src/index/query-plan.js";
import { indexStore, ToolSearchIndex } from "../../src/index/tool-search-index.js";

const WORDS = ["get", "list", "issue", "send", "mail", "weather", "file", "x"];
/** Query words: the names' words and one in no name (a run through it matches no key). */
const QUERY_WORDS = [...WORDS, "other"];
const part = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join("_"));
const name = fc.oneof(
	part,
	fc.tuple(part, part).map(([server, local]) => `${server}__${local}`),
);
type Step = { kind: "add" | "remove"; name: string } | "save";
const step: fc.Arbitrary<Step> = fc.oneof(
	{ weight: 5, arbitrary: fc.record({ kind: fc.constantFrom("add", "remove"), name }) },
	{ weight: 1, arbitrary: fc.constant("save" as const) },
);

/** The name rules by brute force: every live tool's keys against the whole query and its runs. */
function reference(names: Iterable<string>, tokens: readonly string[]) {
	const exact = new Set<string>();
	const named = new Set<string>();
	const whole = tokens.join(" ");
	for (const tool of names) {
		const { nameKey, localKey } = nameKeys(tool);
		const keys = [nameKey, localKey].filter((key) => key !== "");
		if (tokens.length > 0 && keys.includes(whole)) exact.add(tool);
		for (let i = 0; i < tokens.length; i++) {
			for (let j = i + 1; j <= Math.min(tokens.length, i + 8); j++) {
				if (keys.includes(tokens.slice(i, j).join(" "))) named.add(tool);
			}
		}
	}
	return { exact: [...exact].sort(), named: [...named].sort() };
}

describe("name rules (property)", () => {
	it("find exactly the tools a brute-force scan of their keys finds, through adds, removes and merges", () => {
		fc.assert(
			fc.property(
				fc.array(step, { minLength: 1, maxLength: 30 }),
				fc.array(fc.array(fc.constantFrom(...QUERY_WORDS), { maxLength: 9 }), {
					minLength: 1,
					maxLength: 4,
				}),
				(steps, queries) => {
					const index = new ToolSearchIndex();
					const store = indexStore(index);
					const live = new Set<string>();
					for (const s of steps) {
						if (s === "save")
							index.toJSON(); // merges: slots renumbered
						else if (s.kind === "remove") {
							index.remove(s.name);
							live.delete(s.name);
						} else if (!live.has(s.name)) {
							index.add(createToolSearchDocument({ name: s.name, description: "a tool" }));
							live.add(s.name);
						}
						for (const words of queries) {
							const plan = planQuery(store, words.join(" "));
							const got = nameRules(store, index.options, plan);
							const slotNames = (slots: ReadonlySet<number>) =>
								[...slots].map((slot) => store.names[slot] as string).sort();
							expect({ exact: slotNames(got.exact), named: slotNames(got.named) }).toEqual(
								reference(live, plan.tokens),
							);
							// The word-number lookups equal the lookups by the keys' strings (a loaded table's path).
							const byStrings = nameRulesByStrings(store, index.options, plan);
							expect({ exact: slotNames(byStrings.exact), named: slotNames(byStrings.named) }).toEqual({
								exact: slotNames(got.exact),
								named: slotNames(got.named),
							});
						}
					}
				},
			),
			{ numRuns: 200 },
		);
	}, 60_000); // seconds on a loaded 2-core machine

	it("still finds a key after another key with the same first word is removed", () => {
		const index = new ToolSearchIndex();
		const store = indexStore(index);
		for (const tool of ["get_list", "get_mail", "get"]) {
			index.add(createToolSearchDocument({ name: tool, description: "a tool" }));
		}
		index.remove("get_list");
		index.remove("get");
		const found = nameRules(store, index.options, planQuery(store, "please get mail"));
		expect([...found.named].map((slot) => store.names[slot])).toEqual(["get_mail"]);
		index.toJSON(); // merge: slots renumbered
		const again = nameRules(store, index.options, planQuery(store, "get mail"));
		expect([...again.exact].map((slot) => store.names[slot])).toEqual(["get_mail"]);
	});
});
