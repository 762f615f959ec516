/**
 * `call_tool`: the second tool of the meta-tools mode. It checks a model's call (a loaded tool,
 * arguments that fit its schema) and runs the host's executor; every refusal is a result the model
 * can act on, never a throw.
 */
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from "../defaults.js";
import { ToolSearchError } from "../errors.js";
import { hostList } from "../host/host-answer.js";
import type { ToolHost } from "../host/types.js";
import { checkToolCall } from "../integration/unloaded-tool-guard.js";
import { isObjectLike } from "../internal/guards.js";
import type { ToolInfo } from "../types.js";
import { schemaOf, showSchema } from "./show-schema.js";
import { checkArguments } from "./validate-arguments.js";

/**
 * What a `call_tool` call came to, for code and UIs (`details` of its result).
 *
 * @example
 * ```ts
 * const details: CallToolDetails = { name: "weather__forecast", status: "ok", output: "Rain" };
 * ```
 */
export interface CallToolDetails {
	/** The tool asked for, when the call named one. */
	name?: string;
	/**
	 * `ok`: the tool ran; `failed`: the executor threw; `invalid_arguments`: they do not fit the
	 * schema (`errors`); `not_loaded`: the tool exists but is not loaded; `unknown_tool`: no tool has
	 * that name (`suggestions`); `bad_call`: `call_tool`'s own arguments are malformed.
	 */
	status: "ok" | "failed" | "invalid_arguments" | "not_loaded" | "unknown_tool" | "bad_call";
	/** What is wrong with the arguments, at most 8. */
	errors?: string[];
	/** The nearest tool names, for `unknown_tool`. */
	suggestions?: string[];
	/** What the executor returned (`ok`, and `failed` when it returned an `isError: true` result). */
	output?: unknown;
	/** False when the tool's schema could not be compiled and the arguments went unchecked. */
	validated?: boolean;
}

/**
 * A `call_tool` result: one text part for the model, `details` for code.
 *
 * @example
 * ```ts
 * const result: CallToolResult = await meta.callTool.execute("call-2", { name: "weather__forecast", arguments: { city: "Oslo" } });
 * if (result.isError) console.warn(result.details.status);
 * ```
 */
export interface CallToolResult {
	content: [{ type: "text"; text: string }];
	details: CallToolDetails;
	isError?: true;
}

/** A call that passed the checks: the tool and its arguments. */
export interface AcceptedCall {
	readonly name: string;
	readonly arguments: Record<string, unknown>;
	readonly tool: ToolInfo;
	readonly validated: boolean;
}

function failure(text: string, details: CallToolDetails): CallToolResult {
	return { content: [{ type: "text", text: `Error: ${text}` }], details, isError: true };
}

const EXAMPLE = `{"name": "<tool name>", "arguments": {...}}`;

/** The model's `arguments`: an object, JSON text of one, or absent (`{}`); else `undefined`. */
function argumentsOf(raw: unknown): Record<string, unknown> | undefined {
	if (raw === undefined || raw === null) return {};
	let value = raw;
	if (typeof raw === "string") {
		try {
			value = JSON.parse(raw);
		} catch {
			return undefined;
		}
	}
	return typeof value === "object" && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: undefined;
}

/** The host's tools by name, rebuilt only when `getAllTools()` returns another array. */
export function createToolLookup(host: ToolHost): (name: string) => ToolInfo | undefined {
	let last: readonly unknown[] | undefined;
	let byName = new Map<string, ToolInfo>();
	return (name) => {
		const tools = hostList(host.getAllTools(), "getAllTools");
		if (tools !== last) {
			last = tools;
			byName = new Map();
			for (const item of tools) {
				try {
					if (isObjectLike(item) && typeof item.name === "string" && !byName.has(item.name)) {
						byName.set(item.name, item as unknown as ToolInfo);
					}
				} catch {
					// a tool whose name getter throws is no tool
				}
			}
		}
		return byName.get(name);
	};
}

function readCall(params: unknown): { name: string; raw: unknown } | CallToolResult {
	try {
		if (!isObjectLike(params) || Array.isArray(params)) {
			return failure(`${CALL_TOOL_NAME} takes ${EXAMPLE}`, { status: "bad_call" });
		}
		const { name, arguments: raw } = params;
		if (typeof name !== "string" || name.trim() === "") {
			return failure(`${CALL_TOOL_NAME} needs the tool's "name": ${EXAMPLE}`, { status: "bad_call" });
		}
		return { name: name.trim(), raw };
	} catch {
		return failure(`${CALL_TOOL_NAME} takes ${EXAMPLE}`, { status: "bad_call" });
	}
}

/**
 * Checks a model's `call_tool` arguments against the host: the tool must be active (loaded by
 * `tool_search`, or pinned) and its arguments must fit its schema. Returns the accepted call, or
 * the error result to give the model. Never throws for the model's input.
 *
 * @example
 * ```ts
 * const checked = checkCall({ name: "weather__forecast", arguments: {} }, host, lookup);
 * if ("content" in checked) return checked; // refused: the model reads why
 * ```
 */
export function checkCall(
	params: unknown,
	host: ToolHost,
	lookup: (name: string) => ToolInfo | undefined,
): AcceptedCall | CallToolResult {
	const read = readCall(params);
	if ("content" in read) return read;
	const { name, raw } = read;
	if (name === TOOL_SEARCH_TOOL_NAME || name === CALL_TOOL_NAME) {
		return failure(`call ${name} directly, not through ${CALL_TOOL_NAME}`, { name, status: "bad_call" });
	}
	const args = argumentsOf(raw);
	if (args === undefined) {
		return failure(`"arguments" must be an object: ${EXAMPLE}`, { name, status: "bad_call" });
	}
	const guard = checkToolCall(name, host);
	if (guard.status === "unknown") {
		return failure(guard.message, { name, status: "unknown_tool", suggestions: guard.suggestions });
	}
	if (guard.status === "inactive") {
		const select = JSON.stringify({ query: `select:${name}` });
		return failure(
			`Tool ${JSON.stringify(name)} is not loaded. Call ${TOOL_SEARCH_TOOL_NAME} with ${select} to load it and see its arguments, then call it again.`,
			{ name, status: "not_loaded" },
		);
	}
	const tool = lookup(name) ?? { name };
	const schema = schemaOf(tool);
	const check = checkArguments(schema, args);
	if (check.status === "invalid") {
		const more = check.more > 0 ? [`(and ${check.more} more)`] : [];
		const lines = [
			`the arguments for ${JSON.stringify(name)} do not match its schema:`,
			...check.errors.map((error) => `- ${error}`),
			...more,
			`Its arguments: ${showSchema(schema)}`,
			"Fix them and call it again.",
		];
		return failure(lines.join("\n"), { name, status: "invalid_arguments", errors: check.errors });
	}
	return { name, arguments: args, tool, validated: check.status === "valid" };
}

/** What an executor returned, as text: a string as it is, text parts joined, anything else as JSON. */
export function outputText(output: unknown): string {
	if (typeof output === "string") return output;
	try {
		const content = isObjectLike(output) ? output.content : undefined;
		if (Array.isArray(content)) {
			const texts = content.flatMap((part: unknown) =>
				isObjectLike(part) && part.type === "text" && typeof part.text === "string" ? [part.text] : [],
			);
			if (texts.length === content.length && texts.length > 0) return texts.join("\n");
		}
		return JSON.stringify(output) ?? String(output);
	} catch {
		return String(output);
	}
}

/**
 * Runs an accepted call with the host's executor. An executor that throws gives an error result
 * with its message; an abort rejects with `ToolSearchError` `ABORTED`.
 */
export async function runCall(
	call: AcceptedCall,
	run: () => unknown,
	signal: AbortSignal | undefined,
): Promise<CallToolResult> {
	const unchecked = call.validated ? {} : { validated: false };
	try {
		const output = await run();
		// An MCP-style result that says it failed stays an error for the model.
		const failed = isObjectLike(output) && output.isError === true;
		return {
			content: [{ type: "text", text: outputText(output) }],
			details: { name: call.name, status: failed ? "failed" : "ok", output, ...unchecked },
			...(failed ? { isError: true as const } : {}),
		};
	} catch (error) {
		if (signal?.aborted === true || (ToolSearchError.isInstance(error) && error.code === "ABORTED")) {
			throw new ToolSearchError("ABORTED", "call_tool was aborted", { cause: signal?.reason ?? error });
		}
		const message = error instanceof Error ? error.message : String(error);
		return failure(`${JSON.stringify(call.name)} failed: ${message}`, {
			name: call.name,
			status: "failed",
			...unchecked,
		});
	}
}
