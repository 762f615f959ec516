/**
 * Fixtures the adapter tests share: `tool_search`'s input schema as the hosts receive it (plain
 * JSON, written out so a change to the schema shows), the texts the model reads after a search and
 * after a bad call, and the object schemas of a small catalogue.
 */

/** `tool_search`'s input schema as JSON, as pi and the AI SDK send it to the model. */
export const TOOL_SEARCH_SCHEMA_JSON = {
	type: "object",
	required: ["query"],
	properties: {
		query: {
			type: "string",
			description:
				'What the tool you need should do, in a few keywords: the action and the thing it acts on, e.g. "create github issue" or "read file".',
		},
		limit: {
			type: "integer",
			minimum: 1,
			description: "Maximum number of tools to find and load. Defaults to 8.",
		},
	},
};

/** The correct-call hint that ends `tool_search`'s error texts. */
export const HINT = 'Call tool_search with {"query": "<what the tool should do>", "limit": 8}.';

/** The line that ends a search result that loaded tools. */
export const AVAILABLE = "These tools are now available; call them directly from your next call.";

/** The schema of `read_file`: one required `path`. */
export const READ = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
/** The schema of `github__create_issue`: one required `title`. */
export const CREATE = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };
/** The schema of `github__list_issues`: an optional `repo`. */
export const LIST = { type: "object", properties: { repo: { type: "string" } } };
