/**
 * The arguments schema of `tool_search`, as plain JSON Schema built with TypeBox.
 */
import { type Static, Type } from "typebox";
import { DEFAULT_TOOL_SEARCH_LIMIT } from "../defaults.js";

/**
 * Arguments of `tool_search`: a keyword `query` and an optional `limit`. Every property carries a
 * description written for the model. The schema is plain JSON Schema (TypeBox keeps its own
 * markers non-enumerable), so it can be sent to any provider as is.
 *
 * @example
 * ```ts
 * import { Value } from "typebox/value";
 * Value.Check(toolSearchSchema, { query: "create github issue", limit: 3 }); // true
 * JSON.stringify(toolSearchSchema); // {"type":"object","properties":{"query":{...},"limit":{...}},"required":["query"]}
 * ```
 */
export const toolSearchSchema = Type.Object({
	query: Type.String({
		description:
			'What the tool you need should do, in a few keywords: the action and the thing it acts on, e.g. "create github issue" or "read file".',
	}),
	limit: Type.Optional(
		Type.Integer({
			minimum: 1,
			description: `Maximum number of tools to find and load. Defaults to ${DEFAULT_TOOL_SEARCH_LIMIT}.`,
		}),
	),
});

/**
 * The arguments `tool_search` accepts, as the schema types them.
 *
 * @example
 * ```ts
 * const input: ToolSearchInput = { query: "post slack message", limit: 3 };
 * ```
 */
export type ToolSearchInput = Static<typeof toolSearchSchema>;
