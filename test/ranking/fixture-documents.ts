/**
 * A small, realistic tool catalogue for the ranker conformance suite: 16 MCP-style tools across five
 * namespaces (slack, github, filesystem, weather, calendar).
 */
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import type { ToolInfo, ToolNamespace, ToolSearchDocument } from "../../src/types.js";

interface FixtureNamespace {
	namespace: ToolNamespace;
	tools: ToolInfo[];
}

function object(properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
	return { type: "object", properties, required };
}

const CATALOGUE: FixtureNamespace[] = [
	{
		namespace: { name: "slack", description: "Slack workspace: channels, messages and reactions." },
		tools: [
			{
				name: "slack__post_message",
				title: "Post message",
				description: "Post a new message to a Slack channel as the bot user.",
				inputSchema: object(
					{
						channel: { type: "string", description: "Channel ID or name, e.g. #general" },
						text: { type: "string", description: "Message text, Slack markdown allowed" },
						thread_ts: {
							type: "string",
							description: "Timestamp of the parent message to reply in a thread",
						},
					},
					["channel", "text"],
				),
			},
			{
				name: "slack__send_direct_message",
				title: "Send direct message",
				description: "Send a private direct message to a single Slack user.",
				inputSchema: object(
					{
						user_id: { type: "string", description: "ID of the user to message" },
						text: { type: "string", description: "Message text" },
					},
					["user_id", "text"],
				),
			},
			{
				name: "slack__list_channels",
				title: "List channels",
				description: "List the public channels of the workspace with their topic and member count.",
				inputSchema: object({
					limit: { type: "integer", description: "Maximum number of channels to return" },
					cursor: { type: "string", description: "Pagination cursor from a previous call" },
				}),
			},
			{
				name: "slack__add_reaction",
				title: "Add reaction",
				description: "Add an emoji reaction to an existing message.",
				inputSchema: object(
					{
						channel: { type: "string", description: "Channel containing the message" },
						timestamp: { type: "string", description: "Timestamp of the message to react to" },
						reaction: { type: "string", description: "Emoji name without colons, e.g. thumbsup" },
					},
					["channel", "timestamp", "reaction"],
				),
			},
		],
	},
	{
		namespace: { name: "github", description: "GitHub repositories, issues and pull requests." },
		tools: [
			{
				name: "github__create_issue",
				title: "Create issue",
				description: "Open a new issue in a GitHub repository.",
				inputSchema: object(
					{
						owner: { type: "string", description: "Repository owner" },
						repo: { type: "string", description: "Repository name" },
						title: { type: "string", description: "Issue title" },
						body: { type: "string", description: "Issue body in Markdown" },
						labels: { type: "array", items: { type: "string" }, description: "Labels to apply" },
					},
					["owner", "repo", "title"],
				),
			},
			{
				name: "github__list_pull_requests",
				title: "List pull requests",
				description: "List pull requests of a repository, filtered by state.",
				inputSchema: object(
					{
						owner: { type: "string", description: "Repository owner" },
						repo: { type: "string", description: "Repository name" },
						state: { type: "string", enum: ["open", "closed", "all"], description: "Pull request state" },
					},
					["owner", "repo"],
				),
			},
			{
				name: "github__merge_pull_request",
				title: "Merge pull request",
				description: "Merge an open pull request into its base branch.",
				inputSchema: object(
					{
						owner: { type: "string", description: "Repository owner" },
						repo: { type: "string", description: "Repository name" },
						pull_number: { type: "integer", description: "Number of the pull request" },
						merge_method: { type: "string", enum: ["merge", "squash", "rebase"] },
					},
					["owner", "repo", "pull_number"],
				),
			},
			{
				name: "github__search_code",
				title: "Search code",
				description: "Search source code across GitHub repositories.",
				inputSchema: object(
					{ query: { type: "string", description: "Search query in GitHub code search syntax" } },
					["query"],
				),
			},
		],
	},
	{
		namespace: {
			name: "filesystem",
			description: "Local file system access, restricted to allowed directories.",
		},
		tools: [
			{
				name: "filesystem__read_file",
				title: "Read file",
				description: "Read the complete contents of a file from disk as UTF-8 text.",
				inputSchema: object({ path: { type: "string", description: "Path of the file to read" } }, ["path"]),
			},
			{
				name: "filesystem__write_file",
				title: "Write file",
				description: "Create a new file or overwrite an existing one with the given content.",
				inputSchema: object(
					{
						path: { type: "string", description: "Path of the file to write" },
						content: { type: "string", description: "Text to write" },
					},
					["path", "content"],
				),
			},
			{
				name: "filesystem__list_directory",
				title: "List directory",
				description: "List the files and subdirectories of a directory.",
				inputSchema: object({ path: { type: "string", description: "Directory path" } }, ["path"]),
			},
		],
	},
	{
		namespace: { name: "weather", description: "Weather data from a public meteorological service." },
		tools: [
			{
				name: "weather__get_forecast",
				title: "Get forecast",
				description: "Get the weather forecast for a location for the next seven days.",
				inputSchema: object(
					{
						location: { type: "string", description: "City name or latitude,longitude" },
						days: { type: "integer", description: "Number of days to forecast, 1 to 7" },
					},
					["location"],
				),
			},
			{
				name: "weather__get_current_conditions",
				title: "Get current conditions",
				description: "Get the current temperature, wind and humidity at a location.",
				inputSchema: object(
					{
						location: { type: "string", description: "City name or latitude,longitude" },
						units: { type: "string", enum: ["metric", "imperial"] },
					},
					["location"],
				),
			},
		],
	},
	{
		namespace: { name: "calendar", description: "Google Calendar events and schedules." },
		tools: [
			{
				name: "calendar__create_event",
				title: "Create event",
				description: "Create a calendar event with a title, start and end time, and attendees.",
				inputSchema: object(
					{
						summary: { type: "string", description: "Event title" },
						start: { type: "string", description: "Start time, ISO 8601" },
						end: { type: "string", description: "End time, ISO 8601" },
						attendees: { type: "array", items: { type: "string" }, description: "Email addresses" },
					},
					["summary", "start", "end"],
				),
			},
			{
				name: "calendar__list_events",
				title: "List events",
				description: "List upcoming calendar events between two dates.",
				inputSchema: object({
					time_min: { type: "string", description: "Earliest start time, ISO 8601" },
					time_max: { type: "string", description: "Latest start time, ISO 8601" },
				}),
			},
			{
				name: "calendar__find_free_time",
				title: "Find free time",
				description: "Find free time slots shared by several people for a meeting.",
				inputSchema: object(
					{
						attendees: { type: "array", items: { type: "string" }, description: "Email addresses" },
						duration_minutes: { type: "integer", description: "Length of the meeting in minutes" },
					},
					["attendees", "duration_minutes"],
				),
			},
		],
	},
];

/** The fixture tools as `ToolInfo`s with their namespace, in catalogue order. */
export const FIXTURE_TOOLS: readonly { tool: ToolInfo; namespace: ToolNamespace }[] = CATALOGUE.flatMap(
	({ namespace, tools }) => tools.map((tool) => ({ tool, namespace })),
);

/** A fresh array of the fixture documents, built with `createToolSearchDocument` (frozen documents). */
export function fixtureDocuments(): ToolSearchDocument[] {
	return FIXTURE_TOOLS.map(({ tool, namespace }) => createToolSearchDocument(tool, namespace));
}

/** The fixture documents in pi's shape: `{ name, text, summary, namespaceText }`, no `fields`. */
export function piFixtureDocuments(): ToolSearchDocument[] {
	return fixtureDocuments().map(({ name, text, summary, namespaceText }) => ({
		name,
		text,
		...(summary === undefined ? {} : { summary }),
		...(namespaceText === undefined ? {} : { namespaceText }),
	}));
}
