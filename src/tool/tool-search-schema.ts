/**
 * The arguments schema of `tool_search`, as plain JSON Schema built with TypeBox.
 */
import { type Static, Type } from "typebox";
import { DEFAULT_TOOL_SEARCH_LIMIT, MAX_TOOL_SEARCH_QUERIES } from "../defaults.js";

/**
 * Arguments of `tool_search`: a keyword `query`, or several phrasings in `queries` (or both), and
 * an optional `limit`. Neither `query` nor `queries` is required by the schema, so a call with
 * `queries` alone is valid JSON Schema-wise; `execute` answers a call with neither with an error
 * result. Every property carries a description written for the model. The schema is plain JSON
 * Schema (TypeBox keeps its own markers non-enumerable), so it can be sent to any provider as is.
 *
 * @example
 * ```ts
 * import { Value } from "typebox/value";
 * Value.Check(toolSearchSchema, { query: "create github issue", limit: 3 }); // true
 * Value.Check(toolSearchSchema, { queries: ["send email", "compose gmail message"] }); // true
 * JSON.stringify(toolSearchSchema); // {"type":"object","properties":{"query":{...},"queries":{...},"limit":{...}}}
 * ```
 */
export const toolSearchSchema = Type.Object({
	query: Type.Optional(
		Type.String({
			description:
				'A few keywords: the action and the object in the words a tool would use (not the user\'s whole request), plus the app or service when known, e.g. "create github issue", "weather forecast".',
		}),
	),
	queries: Type.Optional(
		Type.Array(Type.String(), {
			maxItems: MAX_TOOL_SEARCH_QUERIES,
			description: `Up to ${MAX_TOOL_SEARCH_QUERIES} phrasings of the same need, searched together, e.g. ["send email", "compose gmail message"]. Use it when unsure which words the tools use; tools that several phrasings find rank first.`,
		}),
	),
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
 * const several: ToolSearchInput = { queries: ["post slack message", "send chat message"] };
 * ```
 */
export type ToolSearchInput = Static<typeof toolSearchSchema>;
