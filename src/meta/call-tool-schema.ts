/**
 * The arguments schema and description of `call_tool`, the second tool of the meta-tools mode.
 */
import { type Static, Type } from "typebox";
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from "../defaults.js";

/**
 * `call_tool`'s description. Static, like `tool_search`'s: it names no tool.
 *
 * @example
 * ```ts
 * const declared = [{ name: "call_tool", description: CALL_TOOL_DESCRIPTION, parameters: callToolSchema }];
 * ```
 */
export const CALL_TOOL_DESCRIPTION = [
	`Run a tool that ${TOOL_SEARCH_TOOL_NAME} loaded: {"name": "<tool name>", "arguments": {...}}, with the arguments its schema (shown by ${TOOL_SEARCH_TOOL_NAME}) asks for.`,
	`A tool that is not loaded is refused: load it first with ${TOOL_SEARCH_TOOL_NAME} ("select:<name>" when you know its name).`,
].join("\n");

/**
 * Arguments of `call_tool`: the tool's name and its arguments. Plain JSON Schema.
 *
 * @example
 * ```ts
 * Value.Check(callToolSchema, { name: "github__create_issue", arguments: { title: "Bug" } }); // true
 * ```
 */
export const callToolSchema = Type.Object({
	name: Type.String({
		description: `The name of a tool ${TOOL_SEARCH_TOOL_NAME} loaded, exactly as it listed it.`,
	}),
	arguments: Type.Optional(
		Type.Object(
			{},
			{
				additionalProperties: true,
				description: "The tool's arguments, as its schema asks for them. Defaults to {}.",
			},
		),
	),
});

/**
 * The arguments `call_tool` accepts, as its schema types them.
 *
 * @example
 * ```ts
 * const input: CallToolInput = { name: "weather__forecast", arguments: { city: "Oslo" } };
 * ```
 */
export type CallToolInput = Omit<Static<typeof callToolSchema>, "arguments"> & {
	arguments?: Record<string, unknown> | undefined;
};

export { CALL_TOOL_NAME };
