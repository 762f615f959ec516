/**
 * `tool_search` against faulty hosts, tools and rankers, and runaway inputs (issue 12).
 */
import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../src/tool/create-tool-search-tool.js";
import type { ToolInfo } from "../../src/types.js";
import { createFakeHost } from "../helpers/fake-host.js";

const GITHUB: ToolInfo = {
	name: "github__create_issue",
	description: "Create an issue in a GitHub repository.",
};
const MAIL: ToolInfo = { name: "mail__send", description: "Send an email message." };

describe("tool_search: a tool excluded after it was searched", () => {
	it("is neither counted nor hides the other tools from the search", async () => {
		let excluded = "";
		const host = createFakeHost({ tools: [GITHUB, MAIL] });
		const tool = createToolSearchTool({ tools: host, exclude: (t) => t.name === excluded });
		const first = await tool.execute("1", { query: "create github issue" });
		expect(first.details).toMatchObject({ activated_tools: ["github__create_issue"], total_tools: 2 });
		excluded = "github__create_issue";
		const second = await tool.execute("2", { query: "send email" });
		expect(second.details).toMatchObject({ activated_tools: ["mail__send"], total_tools: 1 });
	});
});
