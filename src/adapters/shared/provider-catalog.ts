/**
 * The catalogue side shared by the provider adapters (`tool-search/anthropic`, `tool-search/openai`):
 * the options they both take, their checks, the catalogue normalised to object schemas (read from
 * `input_schema`, `parameters` or `inputSchema`), the discovery plan, the active set, `tool_search`
 * and the guard's refusal. Internal: not a public entry.
 */
import { TOOL_SEARCH_TOOL_NAME } from "../../defaults.js";
import { quote } from "../../errors.js";
import type { ActiveSetBudgetOptions } from "../../host/active-set-budget.js";
import { createActiveToolSet, type InMemoryToolHost } from "../../host/create-active-tool-set.js";
import { type DiscoveryPlan, type DiscoveryPolicy, planDiscovery } from "../../integration/index.js";
import { pipelineOptionsOf } from "../../pipeline/pipeline-options.js";
import type { ToolSearchPipelineOptions } from "../../pipeline/pipeline-types.js";
import { createToolSearchTool, type ToolSearchToolDefinition } from "../../tool/create-tool-search-tool.js";
import type { ToolInfo, ToolNamespace, ToolRanker } from "../../types.js";
import { fail, isObject } from "./checks.js";
import { policyWith } from "./policy-with.js";

/** A JSON Schema of `type: "object"`. */
export interface ObjectSchema {
	type: "object";
	[key: string]: unknown;
}

/**
 * The options both provider adapters take besides `tools` (their option types extend this): the
 * catalogue's, and the discovery pipeline's (`tool-search/pipeline`), passed on to `tool_search`.
 */
export interface ProviderToolSearchOptions extends ActiveSetBudgetOptions, ToolSearchPipelineOptions {
	/** Names of tools never deferred (added to `policy.pinned`). @defaultValue `[]` */
	pinned?: readonly string[] | undefined;
	/** Which tools to defer. @defaultValue `{ mode: "all" }`: every tool but the pinned ones */
	policy?: DiscoveryPolicy | undefined;
	/** A tool's namespace (MCP server), searched with the tool. @defaultValue none */
	namespaceOf?: ((tool: ToolInfo) => ToolNamespace | undefined) | undefined;
	/** The ranker. @defaultValue the ranker in force at each call */
	ranker?: ToolRanker | undefined;
	/** Tools a search finds when the model gives no `limit`. @defaultValue 8 */
	defaultLimit?: number | undefined;
	/** The `tool_search` description, e.g. from `renderToolSearchDescription`. @defaultValue `TOOL_SEARCH_DESCRIPTION` */
	description?: string | undefined;
	/** Let a call to a tool that no search loaded run (and load it) instead of failing. @defaultValue `false` */
	autoActivate?: boolean | undefined;
}

/** A catalogue tool once checked: its name, the tool as given, its object schema and its description. */
export interface ProviderCatalogEntry<T> {
	readonly name: string;
	readonly tool: T;
	readonly schema: ObjectSchema;
	/** `{ description }` when the tool has a string description, else `{}`. */
	readonly description: { description?: string };
}

/** How an adapter reads and keeps its tools, for {@link createProviderCatalog}. */
export interface ProviderCatalogSetup<T> {
	/** Names of boolean options to check after `autoActivate`. @defaultValue `[]` */
	flags?: readonly string[] | undefined;
	/** The tool's schema as given, in the adapter's order of fields; `undefined` or `null` for none. */
	schemaOf(tool: T): unknown;
	/** Keeps a checked tool in the adapter's wire form; called for each tool, in order. */
	add(entry: ProviderCatalogEntry<T>): void;
}

/** The catalogue prepared: the plan, the active set, `tool_search` and the guard. */
export interface ProviderCatalog {
	readonly plan: DiscoveryPlan;
	/** Whether `tool_search` is offered (`plan.searchEnabled`). */
	readonly enabled: boolean;
	readonly host: InMemoryToolHost;
	readonly search: ToolSearchToolDefinition;
	/** Loaded tools: `tool_search` (when enabled), the pinned ones, then those searches found. */
	active(): string[];
	/**
	 * The guard (with the `isAvailable` gate): `undefined` for a loaded, available tool (or
	 * `tool_search`), else the message for the model. A refusal is reported to the traces.
	 */
	refusal(
		name: string,
		call?: { ctx?: unknown; toolCallId?: string | undefined },
	): Promise<string | undefined>;
}

/** The schema of `tools[at]` as an object schema; no schema means no arguments. */
function objectSchemaOf(schema: unknown, at: number): ObjectSchema {
	if (schema === undefined || schema === null) return { type: "object", properties: {} };
	if (!isObject(schema) || (schema.type !== undefined && schema.type !== "object")) {
		fail("INVALID_TOOL", `tools[${at}] must have an object JSON Schema, got ${quote(schema)}`);
	}
	return schema.type === "object" ? (schema as ObjectSchema) : { ...schema, type: "object" };
}

/** Checks the options both adapters take, then `setup.flags`, then `namespaceOf`. */
function checkOptions(options: unknown, flags: readonly string[]): void {
	if (!isObject(options)) fail("INVALID_OPTIONS", `options must be an object, got ${quote(options)}`);
	const { tools, pinned, policy, namespaceOf } = options;
	if (!Array.isArray(tools)) fail("INVALID_OPTIONS", `tools must be an array of tools, got ${quote(tools)}`);
	if (pinned !== undefined && !Array.isArray(pinned)) {
		fail("INVALID_OPTIONS", `pinned must be an array of tool names, got ${quote(pinned)}`);
	}
	if (policy !== undefined && !isObject(policy)) {
		fail("INVALID_OPTIONS", `policy must be an object, got ${quote(policy)}`);
	}
	for (const key of ["autoActivate", ...flags]) {
		const value = options[key];
		if (value !== undefined && typeof value !== "boolean") {
			fail("INVALID_OPTIONS", `${key} must be a boolean, got ${quote(value)}`);
		}
	}
	if (namespaceOf !== undefined && typeof namespaceOf !== "function") {
		fail("INVALID_OPTIONS", `namespaceOf must be a function, got ${quote(namespaceOf)}`);
	}
}

/**
 * Checks the options and the catalogue, hands each tool to `setup.add`, then plans discovery
 * (default mode `"all"`, `pinned` added to the policy's) and builds the active set and `tool_search`.
 */
export function createProviderCatalog<T extends ToolInfo>(
	options: ProviderToolSearchOptions & { tools: readonly T[] },
	setup: ProviderCatalogSetup<T>,
): ProviderCatalog {
	checkOptions(options, setup.flags ?? []);
	const { tools, pinned, policy, namespaceOf, autoActivate } = options;
	const infos: ToolInfo[] = [];
	(tools as readonly unknown[]).forEach((item, at) => {
		const name = isObject(item) ? item.name : undefined;
		if (typeof name !== "string" || name === "") {
			fail("INVALID_TOOL", `tools[${at}] must have a non-empty string name, got ${quote(name)}`);
		}
		if (name === TOOL_SEARCH_TOOL_NAME)
			fail("INVALID_TOOL", `tools[${at}] is named ${quote(name)}, a reserved name`);
		const tool = item as T;
		const schema = objectSchemaOf(setup.schemaOf(tool), at);
		infos.push({ ...tool, parameters: schema });
		const description = typeof tool.description === "string" ? { description: tool.description } : {};
		setup.add({ name, tool, schema, description });
	});

	const fromPolicy = policy?.pinned;
	const plan = planDiscovery(
		infos,
		policyWith(policy, {
			mode: policy?.mode ?? "all",
			pinned: Array.isArray(fromPolicy) ? [...fromPolicy, ...(pinned ?? [])] : (fromPolicy ?? pinned),
			namespaceOf: policy?.namespaceOf ?? (namespaceOf && ((tool: ToolInfo) => namespaceOf(tool)?.name)),
		}),
	);
	const enabled = plan.searchEnabled;
	const host = createActiveToolSet({ tools: infos, pinned: plan.loaded });
	const { ranker, defaultLimit, description, maxActiveTools, maxActiveSchemaTokens } = options;
	const search = createToolSearchTool({
		...pipelineOptionsOf(options),
		tools: host,
		exclude: plan.exclude,
		namespaceOf,
		ranker,
		defaultLimit,
		description,
		maxActiveTools,
		maxActiveSchemaTokens,
	});
	return {
		plan,
		enabled,
		host,
		search,
		active: () => (enabled ? [TOOL_SEARCH_TOOL_NAME, ...host.getActiveTools()] : host.getActiveTools()),
		async refusal(name, call = {}) {
			if (enabled && name === TOOL_SEARCH_TOOL_NAME) return undefined;
			const check = await search.checkToolCall(name, { ...call, autoActivate: autoActivate ?? false });
			if ("message" in check) return check.message;
			search.markUsed(name); // a call the guard lets through is a use, for the active-set budget
			return undefined;
		},
	};
}
