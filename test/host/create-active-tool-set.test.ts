import { describe, expect, it, vi } from "vitest";
import { createActiveToolSet } from "../../src/host/create-active-tool-set.js";
import type { ToolInfo } from "../../src/types.js";
import { thrown } from "../helpers/thrown.js";

const tools: readonly ToolInfo[] = Object.freeze([
	{ name: "tool_search", description: "Search tools." },
	{ name: "read_file", description: "Read a file." },
	{ name: "write_file", description: "Write a file." },
	{ name: "post_message", description: "Post a message." },
]);

describe("createActiveToolSet", () => {
	it("returns a copy of the tools", () => {
		const host = createActiveToolSet({ tools });
		const all = host.getAllTools();
		expect(all).toEqual(tools);
		expect(all).not.toBe(tools);
		all.pop();
		expect(host.getAllTools()).toHaveLength(4);
	});

	it("starts with pinned names first, then active ones, deduplicated", () => {
		const host = createActiveToolSet({
			tools,
			pinned: ["tool_search"],
			active: ["write_file", "tool_search", "write_file", "read_file"],
		});
		expect(host.getActiveTools()).toEqual(["tool_search", "write_file", "read_file"]);
		expect(host.ignored).toEqual([]);
	});

	it("replaces the active set but keeps pinned names", () => {
		const host = createActiveToolSet({ tools, pinned: ["tool_search"], active: ["read_file"] });
		host.setActiveTools(["post_message", "write_file"]);
		expect(host.getActiveTools()).toEqual(["tool_search", "post_message", "write_file"]);
		host.setActiveTools([]);
		expect(host.getActiveTools()).toEqual(["tool_search"]);
	});

	it("ignores unknown names, reports them via ignored and onUnknownTools, and dedupes", () => {
		const onUnknownTools = vi.fn();
		const host = createActiveToolSet({ tools, onUnknownTools });
		host.setActiveTools(["read_file", "nope", "read_file", "nope", "gone"]);
		expect(host.getActiveTools()).toEqual(["read_file"]);
		expect(host.ignored).toEqual(["nope", "gone"]);
		expect(onUnknownTools).toHaveBeenCalledOnce();
		expect(onUnknownTools).toHaveBeenCalledWith(["nope", "gone"]);
		host.setActiveTools(["write_file"]);
		expect(host.ignored).toEqual([]);
		expect(onUnknownTools).toHaveBeenCalledOnce();
	});

	it("drops unknown pinned and active names at creation and reports them once, like setActiveTools", () => {
		const onUnknownTools = vi.fn();
		const host = createActiveToolSet({
			tools,
			pinned: ["read", "read_file", "bash"],
			active: ["ghost", "write_file", "read"],
			onUnknownTools,
		});
		expect(host.getActiveTools()).toEqual(["read_file", "write_file"]);
		expect(host.ignored).toEqual(["read", "bash", "ghost"]);
		expect(onUnknownTools).toHaveBeenCalledTimes(1);
		expect(onUnknownTools).toHaveBeenCalledWith(["read", "bash", "ghost"]);
		host.setActiveTools(["post_message"]);
		expect(host.ignored).toEqual([]);
		expect(host.getActiveTools()).toEqual(["read_file", "post_message"]);
	});

	it("never mutates its inputs and hands out copies", () => {
		const names = Object.freeze(["read_file", "nope"]);
		const active = Object.freeze(["write_file"]);
		const pinned = Object.freeze(["tool_search"]);
		const host = createActiveToolSet({ tools, active, pinned });
		host.setActiveTools(names as string[]);
		const current = host.getActiveTools();
		current.push("post_message");
		expect(host.getActiveTools()).toEqual(["tool_search", "read_file"]);
		expect(Object.isFrozen(host.ignored)).toBe(true);
	});

	it.each([
		{
			description: "options not an object",
			options: null,
			code: "INVALID_OPTIONS",
			message: "tool-search: options must be an object, got null",
		},
		{
			description: "tools not an array",
			options: { tools: "x" },
			code: "INVALID_OPTIONS",
			message: 'tool-search: tools must be an array of tools, got "x"',
		},
		{
			description: "a tool without a name",
			options: { tools: [{ name: "a" }, { description: "no name" }] },
			code: "INVALID_TOOL",
			message: "tool-search: tools[1] must have a non-empty string name, got undefined",
		},
		{
			description: "a tool that is not an object",
			options: { tools: [42] },
			code: "INVALID_TOOL",
			message: "tool-search: tools[0] must have a non-empty string name, got undefined",
		},
		{
			description: "duplicate tool names",
			options: { tools: [{ name: "a" }, { name: "b" }, { name: "a" }] },
			code: "DUPLICATE_TOOL",
			message: 'tool-search: duplicate tool name "a" in tools',
		},
		{
			description: "active not an array",
			options: { tools, active: "read_file" },
			code: "INVALID_OPTIONS",
			message: 'tool-search: active must be an array of tool names, got "read_file"',
		},
		{
			description: "a non-string pinned name",
			options: { tools, pinned: [1] },
			code: "INVALID_OPTIONS",
			message: "tool-search: pinned must be an array of tool names, got 1 in it",
		},
		{
			description: "onUnknownTools not a function",
			options: { tools, onUnknownTools: "log" },
			code: "INVALID_OPTIONS",
			message: 'tool-search: onUnknownTools must be a function, got "log"',
		},
	])("throws $code for $description", ({ options, code, message }) => {
		const error = thrown(() => createActiveToolSet(options as never));
		expect(error.code).toBe(code);
		expect(error.message).toBe(message);
	});

	it("throws INVALID_OPTIONS when setActiveTools is not given an array of names", () => {
		const host = createActiveToolSet({ tools });
		const error = thrown(() => host.setActiveTools("read_file" as never));
		expect(error.code).toBe("INVALID_OPTIONS");
		expect(error.message).toBe(
			'tool-search: setActiveTools names must be an array of tool names, got "read_file"',
		);
	});
});
