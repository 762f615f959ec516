import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { TOOL_SEARCH_FIELDS } from "../../src/defaults.js";
import {
	createToolSearchDocument,
	SUMMARY_MAX_LENGTH,
	toolLocalName,
} from "../../src/document/create-tool-search-document.js";
import { resolveToolSearchFields } from "../../src/document/resolve-fields.js";
import { ToolSearchError } from "../../src/errors.js";
import type { ToolInfo, ToolNamespace, ToolSearchDocument, ToolSearchFields } from "../../src/types.js";
import { deepFreeze } from "../helpers/deep-freeze.js";
import { thrown } from "../helpers/thrown.js";

/** An MCP `Tool` as the GitHub server lists it: `title` and `inputSchema`. */
const githubCreateIssue: ToolInfo = {
	name: "mcp__github__create_issue",
	title: "Create issue",
	description: "Create a new issue in a GitHub repository.\n\nRequires push access for labels.",
	inputSchema: {
		type: "object",
		properties: {
			owner: { type: "string", description: "Repository owner" },
			repo: { type: "string", description: "Repository name" },
			title: { type: "string", description: "Issue title" },
			labels: { type: "array", items: { type: "string" }, description: "Labels to apply" },
			assignee: { $ref: "#/$defs/User" },
		},
		required: ["owner", "repo", "title"],
		$defs: {
			User: { type: "object", properties: { login: { type: "string", description: "GitHub login" } } },
		},
	},
};

const githubNamespace: ToolNamespace = {
	name: "github",
	description: "GitHub's official MCP server",
	instructions: "Use owner/repo pairs.",
};

/** A pi tool: `label` and TypeBox `parameters`. */
const readFile: ToolInfo = {
	name: "read_file",
	label: "Read file",
	description: "Read the contents of a file from the local filesystem.",
	parameters: Type.Object({
		path: Type.String({ description: "Path to the file" }),
		encoding: Type.Optional(Type.Union([Type.Literal("utf8"), Type.Literal("base64")])),
	}),
};

describe("createToolSearchDocument", () => {
	it("builds every field of an MCP tool in a namespace", () => {
		expect(createToolSearchDocument(githubCreateIssue, githubNamespace)).toEqual({
			name: "mcp__github__create_issue",
			text: [
				"Create a new issue in a GitHub repository.\n\nRequires push access for labels.",
				"owner repo title labels assignee login",
				"Repository owner\nRepository name\nIssue title\nLabels to apply\nGitHub login",
			].join("\n"),
			summary: "Create issue: Create a new issue in a GitHub repository.",
			namespaceText: "github\nGitHub's official MCP server\nUse owner/repo pairs.",
			fields: {
				name: "mcp__github__create_issue",
				localName: "create_issue",
				label: "Create issue",
				namespace: "github",
				namespaceText: "GitHub's official MCP server\nUse owner/repo pairs.",
				summary: "Create a new issue in a GitHub repository.",
				description: "Create a new issue in a GitHub repository.\n\nRequires push access for labels.",
				parameterNames: "owner repo title labels assignee login",
				parameterText: "Repository owner\nRepository name\nIssue title\nLabels to apply\nGitHub login",
			},
		});
	});

	it("builds a pi tool without a namespace, leaving namespaceText out", () => {
		const document = createToolSearchDocument(readFile);
		expect(document).toEqual({
			name: "read_file",
			text: "Read the contents of a file from the local filesystem.\npath encoding\nPath to the file\nutf8\nbase64",
			summary: "Read file: Read the contents of a file from the local filesystem.",
			fields: {
				name: "read_file",
				localName: "read_file",
				label: "Read file",
				namespace: "",
				namespaceText: "",
				summary: "Read the contents of a file from the local filesystem.",
				description: "Read the contents of a file from the local filesystem.",
				parameterNames: "path encoding",
				parameterText: "Path to the file\nutf8\nbase64",
			},
		});
		expect(Object.hasOwn(document, "namespaceText")).toBe(false);
	});

	it.each([
		["mcp__github__create_issue", "create_issue"],
		["mcp__slack__post_message", "post_message"],
		["read_file", "read_file"],
		["github.create_issue", "github.create_issue"],
		["server__ns.tool", "ns.tool"],
		["a___b", "b"],
		["__init", "init"],
		["mcp__github__", "mcp__github__"],
		["__", "__"],
	])("localName of %s is %s", (name, localName) => {
		expect(toolLocalName(name)).toBe(localName);
		expect(createToolSearchDocument({ name }).fields?.localName).toBe(localName);
	});

	it.each<[string, Partial<ToolInfo>, string, string]>([
		["title wins over label", { title: "Post message", label: "Post" }, "Post message", "Post message"],
		["label without title", { label: "Post" }, "Post", "Post"],
		["blank title falls back to label", { title: "  ", label: "Post" }, "Post", "Post"],
		["label is trimmed", { label: "  Post  " }, "Post", "Post"],
		["neither", {}, "", "post_message"],
		["neither is a string", { title: 1, label: {} } as unknown as Partial<ToolInfo>, "", "post_message"],
	])("label: %s", (_case, extra, label, heading) => {
		const document = createToolSearchDocument({ name: "post_message", ...extra });
		expect(document.fields?.label).toBe(label);
		expect(document.summary).toBe(heading);
	});

	it.each<[string, unknown, string, string]>([
		["missing", undefined, "", "post_message"],
		["null", null, "", "post_message"],
		["a number", 42, "", "post_message"],
		["an object", { text: "Post a message" }, "", "post_message"],
		["empty", "", "", "post_message"],
		["blank lines only", " \n\t\n", " \n\t\n", "post_message"],
		["one line", "Post a message.", "Post a message.", "post_message: Post a message."],
		[
			"first non-blank line, trimmed",
			"\n\n  Post it.  \r\nMore.",
			"\n\n  Post it.  \r\nMore.",
			"post_message: Post it.",
		],
	])("description: %s", (_case, description, field, summary) => {
		const document = createToolSearchDocument({ name: "post_message", description });
		expect(document.fields?.description).toBe(field);
		expect(document.summary).toBe(summary);
		expect(document.text).toBe(field.trim());
	});

	const max = SUMMARY_MAX_LENGTH;
	it.each<[string, string, string]>([
		["ASCII", "a".repeat(500), "a".repeat(max)],
		["surrogate pair at the cut", `${"a".repeat(max - 1)}😀tail`, "a".repeat(max - 1)],
		["surrogate pair before the cut", `${"a".repeat(max - 2)}😀tail`, `${"a".repeat(max - 2)}😀`],
		["exactly the limit", "b".repeat(max), "b".repeat(max)],
	])("summary cuts a long first line: %s", (_case, description, line) => {
		expect(createToolSearchDocument({ name: "t", description }).summary).toBe(`t: ${line}`);
	});

	it.each<[string, Partial<ToolInfo>, string, string]>([
		["no schema", {}, "", ""],
		["empty schema", { parameters: {} }, "", ""],
		["object schema without properties", { inputSchema: { type: "object" } }, "", ""],
		["garbage schema", { parameters: "object" }, "", ""],
		[
			"parameters wins over inputSchema",
			{ parameters: { properties: { channel: {} } }, inputSchema: { properties: { text: {} } } },
			"channel",
			"",
		],
		[
			"non-object parameters falls back to inputSchema",
			{ parameters: null, inputSchema: { properties: { text: { description: "Message text" } } } },
			"text",
			"Message text",
		],
		[
			"nested objects, arrays, anyOf and enums",
			{
				inputSchema: {
					type: "object",
					properties: {
						channel: { type: "string", description: "Channel ID" },
						blocks: {
							type: "array",
							items: {
								anyOf: [
									{
										type: "object",
										properties: { type: { const: "section" }, text: { description: "Block text" } },
									},
									{ type: "object", properties: { type: { const: "divider" } } },
								],
							},
						},
						parse: { enum: ["full", "none"] },
					},
				},
			},
			"channel blocks type text parse",
			"Channel ID\nsection\nBlock text\ndivider\nfull\nnone",
		],
	])("parameters: %s", (_case, extra, parameterNames, parameterText) => {
		const document = createToolSearchDocument({ name: "mcp__slack__post_message", ...extra });
		expect(document.fields?.parameterNames).toBe(parameterNames);
		expect(document.fields?.parameterText).toBe(parameterText);
	});

	it.each<[string, ToolNamespace, string, string]>([
		["name only", { name: "slack" }, "", "slack"],
		["description only", { name: "slack", description: "Workspace" }, "Workspace", "slack\nWorkspace"],
		["instructions only", { name: "slack", instructions: "Use IDs" }, "Use IDs", "slack\nUse IDs"],
		[
			"blank and non-string parts are dropped",
			{ name: "slack", description: "  ", instructions: 7 as unknown as string },
			"",
			"slack",
		],
		["empty name", { name: "", description: "Slack workspace" }, "Slack workspace", "Slack workspace"],
	])("namespace: %s", (_case, namespace, fieldText, namespaceText) => {
		const document = createToolSearchDocument({ name: "mcp__slack__post_message" }, namespace);
		expect(document.fields?.namespace).toBe(namespace.name);
		expect(document.fields?.namespaceText).toBe(fieldText);
		expect(document.namespaceText).toBe(namespaceText);
	});

	it("freezes the document and its fields, and never mutates its inputs", () => {
		const tool = deepFreeze(structuredClone({ ...githubCreateIssue }));
		const namespace = deepFreeze(structuredClone(githubNamespace));
		const toolSnapshot = structuredClone(tool);
		const namespaceSnapshot = structuredClone(namespace);
		const document = createToolSearchDocument(tool, namespace);
		expect(Object.isFrozen(document)).toBe(true);
		expect(Object.isFrozen(document.fields)).toBe(true);
		expect(tool).toEqual(toolSnapshot);
		expect(namespace).toEqual(namespaceSnapshot);
	});

	it("tolerates a cyclic schema made of JS references", () => {
		const node: Record<string, unknown> = { type: "object", description: "A directory entry" };
		node.properties = { name: { type: "string" }, children: { type: "array", items: node } };
		const document = createToolSearchDocument({ name: "list_directory", parameters: deepFreeze(node) });
		expect(document.fields?.parameterNames).toBe("name children");
		expect(document.fields?.parameterText).toBe("A directory entry");
	});

	it.each<[string, unknown, string]>([
		["null", null, "tool must be an object with a non-empty string name, got null"],
		["undefined", undefined, "tool must be an object with a non-empty string name, got undefined"],
		["a string", "read_file", 'tool must be an object with a non-empty string name, got "read_file"'],
		["a number", 42, "tool must be an object with a non-empty string name, got 42"],
		["no name", { description: "x" }, "tool name must be a non-empty string, got undefined"],
		["an empty name", { name: "" }, 'tool name must be a non-empty string, got ""'],
		["a numeric name", { name: 42 }, "tool name must be a non-empty string, got 42"],
		["a null name", { name: null }, "tool name must be a non-empty string, got null"],
		["an object name", { name: { id: 1 } }, 'tool name must be a non-empty string, got {"id":1}'],
	])("rejects a tool that is %s", (_case, tool, message) => {
		const call = () => createToolSearchDocument(tool as ToolInfo);
		expect(call).toThrow(ToolSearchError);
		expect(call).toThrow(`tool-search: ${message}`);
		expect(catchError(call)).toMatchObject({ code: "INVALID_TOOL", message: `tool-search: ${message}` });
	});

	it.each<[string, unknown, string]>([
		["null", null, "namespace must be an object with a string name, got null"],
		["a string", "github", 'namespace must be an object with a string name, got "github"'],
		["nameless", { description: "GitHub" }, "namespace name must be a string, got undefined"],
		["a numeric name", { name: 1 }, "namespace name must be a string, got 1"],
	])("rejects a namespace that is %s", (_case, namespace, message) => {
		const error = catchError(() => createToolSearchDocument(readFile, namespace as ToolNamespace));
		expect(ToolSearchError.isInstance(error)).toBe(true);
		expect(error).toMatchObject({ code: "INVALID_TOOL", message: `tool-search: ${message}` });
	});
});

describe("resolveToolSearchFields", () => {
	it("returns the fields of a document built here, as they are", () => {
		const document = createToolSearchDocument(githubCreateIssue, githubNamespace);
		expect(resolveToolSearchFields(document)).toBe(document.fields);
	});

	it.each<[string, ToolSearchDocument, Record<string, string>]>([
		[
			"a pi document with a namespace",
			{
				name: "mcp__slack__post_message",
				text: "Post a message to a channel\nchannel text",
				summary: "mcp__slack__post_message: Post a message to a channel",
				namespaceText: "slack\nSlack workspace",
			},
			{
				localName: "post_message",
				namespaceText: "slack\nSlack workspace",
				summary: "Post a message to a channel",
				description: "Post a message to a channel\nchannel text",
			},
		],
		[
			"a pi document without a namespace",
			{ name: "read_file", text: "Read a file" },
			{ summary: "Read a file", description: "Read a file" },
		],
		["missing text", { name: "read_file" } as ToolSearchDocument, {}],
		[
			"non-string text and namespaceText",
			{ name: "read_file", text: 5, namespaceText: null } as unknown as ToolSearchDocument,
			{},
		],
		[
			"incomplete hand-built fields are completed",
			{
				name: "read_file",
				text: "Read a file",
				fields: { label: "Read", parameterNames: 3 },
			} as unknown as ToolSearchDocument,
			{ label: "Read", summary: "Read a file", description: "Read a file" },
		],
	])("derives fields from %s", (_case, document, expected) => {
		const fields = resolveToolSearchFields(document);
		const name = typeof document.name === "string" ? document.name : "";
		expect(fields).toEqual({
			name,
			localName: name,
			label: "",
			namespace: "",
			namespaceText: "",
			summary: "",
			description: "",
			parameterNames: "",
			parameterText: "",
			...expected,
		});
		expect(Object.isFrozen(fields)).toBe(true);
	});

	it.each(TOOL_SEARCH_FIELDS)("completes fields whose %s is not a string, and only those", (field) => {
		const complete = createToolSearchDocument(githubCreateIssue, githubNamespace).fields as ToolSearchFields;
		const copy = { ...complete };
		expect(resolveToolSearchFields({ name: "x", text: "", fields: copy })).toBe(copy);
		const broken = { ...complete, [field]: 7 } as unknown as ToolSearchFields;
		const resolved = resolveToolSearchFields({ name: "x", text: "", fields: broken });
		expect(resolved).not.toBe(broken);
		expect(typeof resolved[field]).toBe("string");
	});

	it("does not mutate a frozen pi document", () => {
		const document = deepFreeze({ name: "mcp__fs__read_file", text: "Read a file", namespaceText: "fs" });
		expect(resolveToolSearchFields(document).localName).toBe("read_file");
		expect(document).toEqual({ name: "mcp__fs__read_file", text: "Read a file", namespaceText: "fs" });
	});
});

function catchError(call: () => unknown): unknown {
	try {
		call();
	} catch (error) {
		return error;
	}
	throw new Error("expected a throw");
}

describe("createToolSearchDocument: a tool that throws while read", () => {
	it("throws INVALID_TOOL with the error as cause, for a throwing getter deep in the schema", () => {
		const boom = new Error("hostile getter");
		const tool = {
			name: "x__y",
			inputSchema: {
				type: "object",
				properties: {
					get a(): never {
						throw boom;
					},
				},
			},
		};
		const error = thrown(() => createToolSearchDocument(tool));
		expect([error.code, error.message]).toEqual([
			"INVALID_TOOL",
			"tool-search: tool could not be read: hostile getter",
		]);
		expect(error.cause).toBe(boom);
	});
});
