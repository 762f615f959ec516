import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	DEFAULT_SOURCE_LISTING_BUDGET_BYTES,
	renderToolSearchDescription,
	SOURCE_LISTING_HEADER,
	type ToolSearchSource,
	truncateUtf8,
	utf8ByteLength,
} from "../../src/integration/source-listing.js";
import { TOOL_SEARCH_DESCRIPTION } from "../../src/tool/description.js";
import { thrown } from "../helpers/thrown.js";

const HEAD = `\n\n${SOURCE_LISTING_HEADER}`;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function listingOf(description: string, base = TOOL_SEARCH_DESCRIPTION): string {
	expect(description.startsWith(base)).toBe(true);
	return description.slice(base.length);
}

function bytes(text: string): number {
	return Buffer.byteLength(text, "utf8");
}

describe("renderToolSearchDescription: omit", () => {
	it.each([
		["no options", undefined],
		["empty options", {}],
		["sources, default listing", { sources: [{ name: "github", description: "Issues." }] }],
		["explicit omit", { listing: "omit" as const, sources: [{ name: "github" }], budgetBytes: 10 }],
	])("%s: returns TOOL_SEARCH_DESCRIPTION unchanged", (_, options) => {
		expect(renderToolSearchDescription(options)).toBe(TOOL_SEARCH_DESCRIPTION);
	});

	it("returns a custom description unchanged", () => {
		expect(renderToolSearchDescription({ description: "Find tools.", sources: [{ name: "a" }] })).toBe(
			"Find tools.",
		);
	});
});

describe("renderToolSearchDescription: include", () => {
	const cases: [string, ToolSearchSource[], string][] = [
		["no sources: no listing", [], ""],
		[
			"sorted by name, counts pluralised",
			[
				{ name: "slack", description: "Messages and channels.", toolCount: 6 },
				{ name: "github", description: "Issues and pull requests.", toolCount: 1 },
			],
			`${HEAD}\n- github (1 tool): Issues and pull requests.\n- slack (6 tools): Messages and channels.`,
		],
		[
			"deduplicated: first non-empty description wins, counts add up",
			[
				{ name: "github", description: "  ", toolCount: 2 },
				{ name: "github", description: "First." },
				{ name: "github", description: "Second.", toolCount: 3 },
			],
			`${HEAD}\n- github (5 tools): First.`,
		],
		["no count, no description", [{ name: "memory" }], `${HEAD}\n- memory`],
		[
			"whitespace runs collapse to one space",
			[{ name: " my\nserver ", description: "Line one.\n\n  Line\ttwo. " }],
			`${HEAD}\n- my server: Line one. Line two.`,
		],
		["zero tools", [{ name: "empty", toolCount: 0 }], `${HEAD}\n- empty (0 tools)`],
	];
	it.each(cases)("%s", (_, sources, listing) => {
		expect(renderToolSearchDescription({ listing: "include", sources })).toBe(
			`${TOOL_SEARCH_DESCRIPTION}${listing}`,
		);
	});

	it("follows a custom description", () => {
		expect(
			renderToolSearchDescription({ listing: "include", description: "Find.", sources: [{ name: "a" }] }),
		).toBe(`Find.${HEAD}\n- a`);
	});

	it("does not mutate its inputs", () => {
		const sources = Object.freeze([
			Object.freeze({ name: "b", description: "Bee.", toolCount: 1 }),
			Object.freeze({ name: "a", description: "Ay." }),
		]);
		const options = Object.freeze({ listing: "include" as const, sources, budgetBytes: 1000 });
		expect(() => renderToolSearchDescription(options)).not.toThrow();
		expect(sources.map((source) => source.name)).toEqual(["b", "a"]);
	});

	it("shares the budget fairly: short descriptions whole, long ones cut to an equal share", () => {
		const sources = [
			{ name: "a", description: "x".repeat(500) },
			{ name: "b", description: "Short." },
			{ name: "c", description: "y".repeat(500) },
		];
		const budget = utf8ByteLength(`${HEAD}\n- a\n- b: Short.\n- c`) + 2 * (2 + 100 + 3);
		const listing = listingOf(
			renderToolSearchDescription({ listing: "include", sources, budgetBytes: budget }),
		);
		expect(listing).toBe(`${HEAD}\n- a: ${"x".repeat(100)}…\n- b: Short.\n- c: ${"y".repeat(100)}…`);
		expect(bytes(listing)).toBe(budget);
	});

	it("drops a description whose share cannot hold one character", () => {
		const sources = [{ name: "a", description: "Long enough description." }];
		const budget = utf8ByteLength(`${HEAD}\n- a`) + 5;
		expect(listingOf(renderToolSearchDescription({ listing: "include", sources, budgetBytes: budget }))).toBe(
			`${HEAD}\n- a`,
		);
	});

	it("lists the first names that fit and counts the others when the names alone exceed the budget", () => {
		const sources = Array.from({ length: 20 }, (_, i) => ({ name: `server${String(i).padStart(2, "0")}` }));
		const budget = bytes(`${HEAD}\n- server00\n- server01\n- (18 more sources not listed)`);
		const listing = listingOf(
			renderToolSearchDescription({ listing: "include", sources, budgetBytes: budget }),
		);
		expect(listing).toBe(`${HEAD}\n- server00\n- server01\n- (18 more sources not listed)`);
		const one = bytes(`${HEAD}\n- (20 more sources not listed)`);
		expect(listingOf(renderToolSearchDescription({ listing: "include", sources, budgetBytes: one }))).toBe(
			`${HEAD}\n- (20 more sources not listed)`,
		);
	});

	it.each([0, 1, 20])("has no listing when not even the header fits (budget %i)", (budgetBytes) => {
		const description = renderToolSearchDescription({
			listing: "include",
			sources: [{ name: "a" }],
			budgetBytes,
		});
		expect(description).toBe(TOOL_SEARCH_DESCRIPTION);
	});

	it("8 sources × 20,000 🦀: within 512 KiB, every name, no broken code point, deterministic", () => {
		const sources = Array.from({ length: 8 }, (_, i) => ({
			name: `server-${i + 1}`,
			description: "🦀".repeat(20_000),
			toolCount: i + 1,
		}));
		const description = renderToolSearchDescription({ listing: "include", sources });
		const listing = listingOf(description);
		expect(bytes(listing)).toBeLessThanOrEqual(DEFAULT_SOURCE_LISTING_BUDGET_BYTES);
		expect(bytes(listing)).toBeGreaterThan(DEFAULT_SOURCE_LISTING_BUDGET_BYTES - 8 * 8);
		for (const source of sources) expect(listing).toContain(`\n- ${source.name} (`);
		expect(LONE_SURROGATE.test(description)).toBe(false);
		expect(description).not.toContain("\uFFFD");
		expect(Buffer.from(description, "utf8").toString("utf8")).toBe(description);
		const lines = listing.split("\n").slice(3);
		expect(lines).toHaveLength(8);
		for (const line of lines) expect(line.endsWith("🦀…")).toBe(true);
		const crabs = lines.map((line) => line.split("🦀").length - 1);
		expect(Math.max(...crabs) - Math.min(...crabs)).toBeLessThanOrEqual(1);
		expect(renderToolSearchDescription({ listing: "include", sources: [...sources].reverse() })).toBe(
			description,
		);
		expect(renderToolSearchDescription({ listing: "include", sources })).toBe(description);
	});
});

describe("renderToolSearchDescription: validation", () => {
	it.each([
		["options", 42, "options must be an object, got 42"],
		["sources", { sources: "github" }, 'sources must be an array, got "github"'],
		["a source", { sources: [null] }, "every source must have a non-empty string name, got null"],
		[
			"a name",
			{ sources: [{ name: " " }] },
			'every source must have a non-empty string name, got {"name":" "}',
		],
		[
			"a description",
			{ sources: [{ name: "a", description: 3 }] },
			"source description must be a string, got 3",
		],
		[
			"a count",
			{ sources: [{ name: "a", toolCount: -1 }] },
			"toolCount must be a non-negative integer, got -1",
		],
		[
			"a count",
			{ sources: [{ name: "a", toolCount: 1.5 }] },
			"toolCount must be a non-negative integer, got 1.5",
		],
		["listing", { listing: "all" }, 'listing must be "omit" or "include", got "all"'],
		["budgetBytes", { budgetBytes: -1 }, "budgetBytes must be a non-negative integer, got -1"],
		["budgetBytes", { budgetBytes: Number.NaN }, "budgetBytes must be a non-negative integer, got NaN"],
		["description", { description: "" }, 'description must be a non-empty string, got ""'],
	])("rejects a bad %s", (_, options, message) => {
		const error = thrown(() => renderToolSearchDescription(options as never));
		expect(error.code).toBe("INVALID_OPTIONS");
		expect(error.message).toContain(message);
	});
});

describe("utf8ByteLength and truncateUtf8", () => {
	it.each([
		["", 0],
		["abc", 3],
		["é", 2],
		["€", 3],
		["🦀", 4],
		["\uD800", 3],
		["a\uDC00b", 5],
	])("utf8ByteLength(%j) is %i, as Buffer counts it", (text, expected) => {
		expect(utf8ByteLength(text)).toBe(expected);
		expect(utf8ByteLength(text)).toBe(bytes(text));
	});

	it.each([
		["🦀🦀🦀", 9, "🦀🦀"],
		["🦀🦀🦀", 3, ""],
		["aé€🦀", 6, "aé€"],
		["abc", 0, ""],
		["abc", -1, ""],
		["abc", 10, "abc"],
	])("truncateUtf8(%j, %i) is %j", (text, max, expected) => {
		expect(truncateUtf8(text, max)).toBe(expected);
	});

	it("keeps the longest prefix that fits and never splits a code point (property)", () => {
		fc.assert(
			fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.nat(200), (text, max) => {
				const cut = truncateUtf8(text, max);
				expect(text.startsWith(cut)).toBe(true);
				expect(bytes(cut)).toBeLessThanOrEqual(max);
				expect(LONE_SURROGATE.test(cut)).toBe(false);
				if (cut.length < text.length) {
					const next = String.fromCodePoint(text.codePointAt(cut.length) as number);
					expect(bytes(cut + next)).toBeGreaterThan(max);
				}
			}),
		);
	});
});

describe("renderToolSearchDescription: properties", () => {
	const name = fc.string({ unit: "binary", minLength: 1, maxLength: 12 }).filter((text) => !/\s/.test(text));
	const source = fc.record(
		{
			name,
			description: fc.string({ unit: "binary", maxLength: 300 }),
			toolCount: fc.nat(1000),
		},
		{ requiredKeys: ["name"] },
	);

	it("never exceeds the budget, never splits a code point, lists every name when the names fit", () => {
		fc.assert(
			fc.property(fc.array(source, { maxLength: 12 }), fc.nat(3000), (sources, budgetBytes) => {
				const listing = listingOf(renderToolSearchDescription({ listing: "include", sources, budgetBytes }));
				expect(bytes(listing)).toBeLessThanOrEqual(budgetBytes);
				expect(LONE_SURROGATE.test(listing)).toBe(false);
				expect(listing).not.toContain("\uFFFD");
				const namesOnly = renderToolSearchDescription({
					listing: "include",
					sources: sources.map(({ name, toolCount }) => ({ name, toolCount })),
					budgetBytes: Number.MAX_SAFE_INTEGER,
				});
				const fits = bytes(listingOf(namesOnly)) <= budgetBytes;
				if (fits) for (const s of sources) expect(listing).toContain(`\n- ${s.name}`);
			}),
		);
	});

	it("does not depend on the order of sources with distinct names", () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(source, { selector: (s) => s.name, maxLength: 10 }),
				fc.nat(2000),
				fc.infiniteStream(fc.nat()),
				(sources, budgetBytes, seeds) => {
					const shuffled = [...sources];
					for (let i = shuffled.length - 1; i > 0; i--) {
						const j = (seeds.next().value as number) % (i + 1);
						[shuffled[i], shuffled[j]] = [
							shuffled[j] as (typeof shuffled)[number],
							shuffled[i] as (typeof shuffled)[number],
						];
					}
					expect(renderToolSearchDescription({ listing: "include", sources: shuffled, budgetBytes })).toBe(
						renderToolSearchDescription({ listing: "include", sources, budgetBytes }),
					);
				},
			),
		);
	});
});
