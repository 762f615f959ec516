import { describe, expect, it } from "vitest";
import { DEFAULT_INDEX_OPTIONS } from "../../src/defaults.js";
import { RESOLVED_OPTION_KEYS, resolveIndexOptions } from "../../src/index/index-options.js";

/** Every object reachable from `value` (arrays included). */
function objectsIn(value: unknown): object[] {
	if (typeof value !== "object" || value === null) return [];
	return [value, ...Object.values(value).flatMap(objectsIn)];
}

describe("resolveIndexOptions", () => {
	it("takes every default from DEFAULT_INDEX_OPTIONS", () => {
		expect(resolveIndexOptions(undefined)).toEqual(DEFAULT_INDEX_OPTIONS);
		expect(resolveIndexOptions({})).toEqual(DEFAULT_INDEX_OPTIONS);
	});

	it("returns the input's keys, in order, so resolved options resolve to themselves", () => {
		const resolved = resolveIndexOptions({
			bm25: { k1: 1.2 },
			synonyms: { weight: 0.3, groups: [["ticket", "issue"]] },
			glossary: { pr: ["pull request"] },
			fuzzy: { enabled: true },
		});
		expect(Object.keys(resolved)).toEqual([...RESOLVED_OPTION_KEYS]);
		expect(resolved.synonyms).toEqual({ builtIn: true, weight: 0.3, groups: [["ticket", "issue"]] });
		expect(resolved.fuzzy).toEqual({ enabled: true, weight: 0.5 });
		expect(resolveIndexOptions(resolved)).toEqual(resolved);
		expect(JSON.stringify(resolveIndexOptions(resolved))).toBe(JSON.stringify(resolved));
	});

	it("freezes the resolved options and the defaults all the way down", () => {
		const resolved = resolveIndexOptions({ synonyms: { groups: [["a", "b"]] }, glossary: { x: ["y"] } });
		for (const object of [...objectsIn(resolved), ...objectsIn(DEFAULT_INDEX_OPTIONS)])
			expect(Object.isFrozen(object)).toBe(true);
	});

	it("defaults to the built-in synonyms at 0.3, the concept map at 0.25, prefixes at 0.4, filler at 0.3, an empty glossary and typo tolerance off", () => {
		expect(DEFAULT_INDEX_OPTIONS.synonyms).toEqual({ builtIn: true, weight: 0.3, groups: [] });
		expect(DEFAULT_INDEX_OPTIONS.concepts).toEqual({ builtIn: true, weight: 0.25, domains: {} });
		expect(DEFAULT_INDEX_OPTIONS.prefix).toEqual({ enabled: true, weight: 0.4 });
		expect(DEFAULT_INDEX_OPTIONS.rules.fillerWeight).toBe(0.3);
		expect(DEFAULT_INDEX_OPTIONS.glossary).toEqual({});
		expect(DEFAULT_INDEX_OPTIONS.fuzzy).toEqual({ enabled: false, weight: 0.5 });
	});
});
