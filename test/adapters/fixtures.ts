/**
 * Fixtures the adapter tests share: `tool_search`'s input schema as the hosts receive it (plain
 * JSON, written out so a change to the schema shows), the texts the model reads after a search and
 * after a bad call, and the object schemas of a small catalogue.
 */

/** `tool_search`'s input schema as JSON, as pi and the AI SDK send it to the model. */
export const TOOL_SEARCH_SCHEMA_JSON = {
	type: "object",
	properties: {
		query: {
			type: "string",
			description:
				'A few keywords: the action and the object in the words a tool would use (not the user\'s whole request), plus the app or service when known, e.g. "create github issue", "weather forecast".',
		},
		queries: {
			type: "array",
			items: { type: "string" },
			maxItems: 5,
			description:
				'Up to 5 phrasings of the same need, searched together, e.g. ["send email", "compose gmail message"]. Use it when unsure which words the tools use; tools that several phrasings find rank first.',
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
