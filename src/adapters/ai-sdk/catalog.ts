/**
 * The AI SDK tool set as `tool_search` reads it: a {@link ToolInfo} per tool (with its JSON Schema,
 * filled in later when the SDK resolves it asynchronously), and the namespaces of the deferred tools
 * for the description's source listing.
 */
import { asSchema, type Tool } from "ai";
import {
	type DiscoveryPlan,
	type DiscoveryPolicy,
	namespaceFromToolName,
	type ToolSearchSource,
} from "../../integration/index.js";
import type { ToolSearchToolOptions } from "../../tool/create-tool-search-tool.js";
import type { ToolInfo } from "../../types.js";
import { isObject } from "../shared/checks.js";

/** A tool as `tool_search` reads it; a schema the SDK resolves asynchronously is filled in when ready. */
export function toolInfo(name: string, tool: Tool, infos: ToolInfo[], at: number): ToolInfo {
	const info: ToolInfo = {
		name,
		description: tool.description,
		...(tool.title ? { title: tool.title } : {}),
	};
	let schema: unknown;
	try {
		schema = asSchema(tool.inputSchema).jsonSchema;
	} catch {
		return info;
	}
	if (!isObject(schema) || typeof schema.then !== "function") return { ...info, parameters: schema };
	Promise.resolve(schema).then(
		(parameters) => {
			infos[at] = { ...info, parameters };
		},
		() => {},
	);
	return info;
}

/** The namespaces of the deferred tools, one entry per tool, for the description's source listing. */
export function sourcesOf(
	infos: readonly ToolInfo[],
	plan: DiscoveryPlan,
	namespaceOf: ToolSearchToolOptions["namespaceOf"],
	policyNamespaceOf: DiscoveryPolicy["namespaceOf"],
): ToolSearchSource[] {
	const deferred = new Set(plan.deferred);
	return infos.flatMap((info): ToolSearchSource[] => {
		if (!deferred.has(info.name)) return [];
		const namespace = namespaceOf?.(info);
		const name = namespace?.name ?? policyNamespaceOf?.(info) ?? namespaceFromToolName(info.name);
		return name === undefined ? [] : [{ name, description: namespace?.description, toolCount: 1 }];
	});
}
