/**
 * Property 2, hostile catalogues: a host whose `getAllTools()` returns odd values (non-arrays,
 * non-objects, duplicates, throwing getters, huge, deep and cyclic schemas, non-string
 * descriptions). `execute` never throws nor hangs, and a well-formed tool among them stays
 * findable. `createToolSearchDocument` on any input throws only `ToolSearchError` `INVALID_TOOL`.
 */
import fc from "fast-check";
import { createToolSearchDocument, createToolSearchTool, type ToolInfo, ToolSearchError } from "tool-search";
import {
	anything,
	cyclicSchema,
	deepSchema,
	fixedCatalogue,
	hostileString,
	hugeString,
	plainTool,
	throwingGetters,
	throwingProxy,
	toolName,
	wideSchema,
} from "./gen.js";
import { check, deepFreeze, type FuzzProperty, show, unfreezable, withTimeout } from "./harness.js";
import { checkResultShape } from "./tool-arguments.js";

const CALL_TIMEOUT_MS = 10_000;

/** The well-formed tool every hostile catalogue also holds; its word is in no other tool. */
const CANARY: ToolInfo = Object.freeze({
	name: "canary__zebra_lookup",
	description: "Look up zebracanary records.",
	inputSchema: Object.freeze({
		type: "object",
		properties: Object.freeze({ id: Object.freeze({ type: "string" }) }),
	}),
});

const PADDING = deepFreeze(fixedCatalogue(20, 5));

/** A schema as a server might send it, from harmless to hostile (data only). */
const schemaData: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 4, arbitrary: fc.constant({ type: "object", properties: { q: { type: "string" } } }) },
	{ weight: 2, arbitrary: anything },
	{ weight: 1, arbitrary: fc.integer({ min: 1, max: 200 }).map((depth) => deepSchema(depth)) },
	{
		weight: 1,
		arbitrary: fc
			.tuple(
				fc.integer({ min: 500, max: 5_000 }),
				fc.constantFrom("properties", "items", "anyOf") as fc.Arbitrary<"properties" | "items" | "anyOf">,
			)
			.map(([depth, via]) => deepSchema(depth, via)),
	},
	{ weight: 1, arbitrary: fc.constant(null).map(() => cyclicSchema()) },
	{ weight: 1, arbitrary: fc.integer({ min: 100, max: 3_000 }).map((width) => wideSchema(width)) },
);

/** One entry of a hostile catalogue, data only (no getters, no proxies). */
const toolData = (schema: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
	fc
		.record(
			{
				name: fc.oneof(toolName, hostileString(40), anything),
				description: fc.oneof(hostileString(200), anything, hugeString),
				title: fc.oneof(hostileString(40), anything),
				label: anything,
				parameters: schema,
				inputSchema: schema,
			},
			{ requiredKeys: ["name"] },
		)
		.map((tool) => tool as unknown);

const entryData: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 6, arbitrary: plainTool(toolName) },
	{ weight: 2, arbitrary: anything },
	{ weight: 3, arbitrary: toolData(schemaData) },
);

/** A schema, or a proxy whose every trap throws. */
const schema: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 8, arbitrary: schemaData },
	{ weight: 1, arbitrary: fc.constant(null).map(() => throwingProxy("schema")) },
);

/** One entry of a hostile catalogue. */
const entry: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 6, arbitrary: plainTool(toolName) },
	{ weight: 1, arbitrary: plainTool(fc.constant(CANARY.name)) }, // a duplicate of the canary, after it
	{ weight: 2, arbitrary: anything },
	{ weight: 3, arbitrary: toolData(schema) },
	{
		weight: 1,
		arbitrary: fc
			.tuple(
				plainTool(toolName),
				fc.subarray(["name", "description", "title", "label", "parameters", "inputSchema"], { minLength: 1 }),
			)
			.map(([tool, keys]) => throwingGetters(tool as unknown as Record<string, unknown>, keys)),
	},
	{ weight: 1, arbitrary: fc.constant(null).map(() => throwingProxy("tool")) },
);

/** What `getAllTools()` returns: mostly arrays of entries (with the canary), sometimes not an array. */
const catalogue = fc.oneof(
	{
		weight: 8,
		arbitrary: fc.tuple(fc.array(entry, { maxLength: 12 }), fc.nat()).map(([entries, at]) => {
			const list: unknown[] = [...entries];
			// The canary goes before any duplicate of its name: the first tool of a name wins.
			const firstDuplicate = list.findIndex(
				(item) =>
					typeof item === "object" && item !== null && !isProxy(item) && safeName(item) === CANARY.name,
			);
			const bound = firstDuplicate < 0 ? list.length : firstDuplicate;
			list.splice(at % (bound + 1), 0, CANARY);
			return { kind: "array" as const, value: list };
		}),
	},
	{ weight: 1, arbitrary: anything.map((value) => ({ kind: "odd" as const, value })) },
	{
		weight: 1,
		arbitrary: fc
			.array(plainTool(toolName), { maxLength: 5 })
			.map((tools) => ({ kind: "promise" as const, value: tools })),
	},
);

function isProxy(value: object): boolean {
	return unfreezable.has(value);
}
function safeName(value: object): unknown {
	try {
		return (value as { name?: unknown }).name;
	} catch {
		return undefined;
	}
}

function errorName(error: unknown): string {
	return error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}` : show(error, 300);
}

function cataloguesProperties(): FuzzProperty[] {
	const execute: FuzzProperty = {
		name: "catalogues/execute",
		summary:
			"getAllTools() returns odd values: execute never throws/hangs; the well-formed canary tool stays findable",
		runs: 60_000,
		property() {
			return fc.asyncProperty(
				catalogue,
				fc.oneof(fc.constant([]), anything, fc.array(fc.oneof(toolName, anything), { maxLength: 4 })),
				async (given, activeValue) => {
					// Well-formed tools first (not in the counterexample), so the canary's word is rare.
					const value =
						given.kind === "promise"
							? Promise.resolve(given.value)
							: given.kind === "array"
								? [...PADDING, ...given.value]
								: given.value;
					let active: unknown = activeValue;
					const host = {
						getAllTools: () => value as ToolInfo[],
						getActiveTools: () => active as string[],
						setActiveTools: (names: string[]) => {
							active = names;
						},
					};
					const tool = createToolSearchTool({ tools: host });
					let result: Awaited<ReturnType<typeof tool.execute>>;
					try {
						result = await withTimeout(
							tool.execute("call", { query: "zebracanary lookup", limit: 3 }),
							CALL_TIMEOUT_MS,
							"execute",
						);
					} catch (error) {
						// README "Limits": a host answering with a Promise is a programmer's error.
						if (
							given.kind === "promise" &&
							ToolSearchError.isInstance(error) &&
							error.code === "INVALID_OPTIONS"
						) {
							return;
						}
						throw new Error(`execute threw ${errorName(error)}`);
					}
					checkResultShape(result);
					if (given.kind === "promise") {
						// A Promise is not a catalogue: say so, or await it; never search nothing in silence.
						check(
							result.isError === true || result.details.total_tools > 0,
							"getAllTools() returned a Promise: execute searched an empty catalogue without saying so",
						);
					}
					if (given.kind !== "promise")
						check(
							result.isError !== true,
							() => `error result for good arguments: ${result.content[0].text.slice(0, 200)}`,
						);
					if (given.kind === "array" && !(Array.isArray(activeValue) && activeValue.includes(CANARY.name))) {
						check(
							result.isError !== true && result.details.tools.some((found) => found.name === CANARY.name),
							() => `the canary tool was not found: ${result.content[0].text.slice(0, 300)}`,
						);
					}
				},
			);
		},
	};

	const isDocumentError = (error: unknown): boolean =>
		ToolSearchError.isInstance(error) &&
		error.code === "INVALID_TOOL" &&
		error.message.startsWith("tool-search: ") &&
		error.message.length < 1_000;

	const documentData: FuzzProperty = {
		name: "catalogues/document-data",
		summary:
			"createToolSearchDocument(any data, any namespace): a frozen document, or ToolSearchError INVALID_TOOL",
		runs: 150_000,
		property() {
			const namespace = fc.oneof(
				{ weight: 4, arbitrary: fc.constant(undefined) },
				{
					weight: 2,
					arbitrary: fc.record(
						{
							name: hostileString(30),
							description: fc.oneof(hostileString(100), anything),
							instructions: anything,
						},
						{ requiredKeys: [] },
					),
				},
				{ weight: 1, arbitrary: anything },
			);
			const tool = fc.oneof({ weight: 3, arbitrary: entryData }, { weight: 1, arbitrary: anything });
			return fc.property(tool, namespace, (value, ns) => {
				deepFreeze(value);
				try {
					const document = createToolSearchDocument(value as ToolInfo, ns as never);
					check(typeof document.name === "string" && document.name !== "", "document without a name");
					check(typeof document.text === "string", "document.text is not a string");
					check(Object.isFrozen(document), "document is not frozen");
				} catch (error) {
					check(isDocumentError(error), () => `threw ${errorName(error)}`);
				}
			});
		},
	};

	const documentGetters: FuzzProperty = {
		name: "catalogues/document-getters",
		summary:
			"createToolSearchDocument(tool with throwing getters / proxy): throws only ToolSearchError INVALID_TOOL",
		runs: 30_000,
		property() {
			const hostile = fc.oneof(
				fc
					.tuple(
						plainTool(toolName),
						fc.subarray(["name", "description", "title", "label", "parameters", "inputSchema"], {
							minLength: 1,
						}),
					)
					.map(([tool, keys]) => throwingGetters(tool as unknown as Record<string, unknown>, keys)),
				fc.constant(null).map(() => throwingProxy("tool")),
				plainTool(toolName).map((tool) => ({ ...tool, inputSchema: throwingProxy("schema") })),
				plainTool(toolName).map((tool) => ({
					...tool,
					inputSchema: { type: "object", properties: throwingGetters({ a: { type: "string" } }, ["a"]) },
				})),
			);
			return fc.property(hostile, (value) => {
				try {
					createToolSearchDocument(value as ToolInfo);
				} catch (error) {
					check(isDocumentError(error), () => `threw ${errorName(error)}`);
				}
			});
		},
	};
	return [execute, documentData, documentGetters];
}

export const properties: FuzzProperty[] = cataloguesProperties();
