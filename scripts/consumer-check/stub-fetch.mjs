/**
 * Preload for the consumer check (`node --import tsx --import ./stub-fetch.mjs block.ts`): replaces
 * `globalThis.fetch` with a scripted model, so the README's host examples run offline against the
 * real SDK clients. Nothing leaves the machine: `node:http`/`node:https` requests and `fetch` to
 * any other address throw, and are logged as `unstubbed` so the check fails even if the code under
 * test swallows the error.
 *
 * The scripted model plays three turns, decided from the request alone (no counters):
 *   1. no tool result yet             -> call `tool_search` with STUB_QUERY
 *   2. a result of `tool_search`      -> call the first tool that search reported (tool_reference
 *                                        blocks, `activated_tools`, or a `tool_search_output`)
 *   3. a result of any other tool     -> a final text answer
 * Endpoints: Anthropic Messages (`POST https://api.anthropic.com/v1/messages`, used by
 * `@anthropic-ai/sdk` and `@ai-sdk/anthropic`) and OpenAI Responses and Chat Completions
 * (`POST https://api.openai.com/v1/responses`, `/v1/chat/completions`). Each request is appended
 * as one JSON line to STUB_LOG: `{ url, api, step, called?, found?, resultIsError? }`.
 */
import { appendFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { syncBuiltinESMExports } from "node:module";

const LOG = process.env.STUB_LOG;
const QUERY = process.env.STUB_QUERY ?? "open an issue";
const FINAL_TEXT = "Done (stub model).";

const log = (entry) => {
	if (LOG !== undefined) appendFileSync(LOG, `${JSON.stringify(entry)}\n`);
};
const refuse = (what) => {
	log({ url: what, api: "unstubbed", step: "unstubbed" });
	const error = new Error(`consumer-check stub: network request not allowed: ${what}`);
	process.stderr.write(`${error.message}\n`);
	return error;
};

for (const module of [http, https]) {
	for (const name of ["request", "get"]) {
		module[name] = (...args) => {
			const first = args[0];
			const where = typeof first === "string" || first instanceof URL ? String(first) : first?.host;
			throw refuse(`node:${module === http ? "http" : "https"} ${where}`);
		};
	}
}
syncBuiltinESMExports(); // so `import { request } from "node:https"` sees the refusal too

let ids = 0;
const id = (prefix) => `${prefix}_stub_${++ids}`;

/** A value for every property of a JSON Schema object, so the call passes the SDK's validation. */
function inputFor(schema) {
	const input = {};
	for (const [key, property] of Object.entries(schema?.properties ?? {})) {
		const type = Array.isArray(property?.type) ? property.type[0] : property?.type;
		input[key] =
			type === "number" || type === "integer"
				? 1
				: type === "boolean"
					? true
					: type === "array"
						? []
						: "Paris";
	}
	return input;
}

const textOf = (content) =>
	typeof content === "string"
		? content
		: Array.isArray(content)
			? content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("\n")
			: "";

/** The tool names a tool_search result reports: tool_reference blocks, or the JSON header line. */
function foundIn(content) {
	const names = [];
	if (Array.isArray(content)) {
		for (const part of content) if (part?.type === "tool_reference") names.push(part.tool_name);
	}
	const header = /"activated_tools":(\[[^\]]*\])/.exec(textOf(content));
	if (header !== null) names.push(...JSON.parse(header[1]));
	return [...new Set(names)];
}

function anthropic(body) {
	const messages = body.messages ?? [];
	const last = messages.at(-1);
	const results = Array.isArray(last?.content) ? last.content.filter((b) => b?.type === "tool_result") : [];
	const uses = new Map();
	for (const message of messages) {
		if (message.role !== "assistant" || !Array.isArray(message.content)) continue;
		for (const block of message.content) if (block?.type === "tool_use") uses.set(block.id, block.name);
	}
	const reply = (content, stop) => ({
		id: id("msg"),
		type: "message",
		role: "assistant",
		model: body.model,
		content,
		stop_reason: stop,
		stop_sequence: null,
		usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
	});
	const declared = (name) => (body.tools ?? []).find((tool) => tool.name === name);
	if (results.length === 0) {
		const entry = { step: "search", declaredSearch: declared("tool_search") !== undefined };
		const use = { type: "tool_use", id: id("toolu"), name: "tool_search", input: { query: QUERY } };
		return [entry, reply([use], "tool_use")];
	}
	const searched = results.find((result) => uses.get(result.tool_use_id) === "tool_search");
	if (searched !== undefined) {
		const found = foundIn(searched.content);
		const name = found[0];
		if (name === undefined) return [{ step: "call", found, error: "tool_search found nothing" }, undefined];
		const tool = declared(name);
		const use = { type: "tool_use", id: id("toolu"), name, input: inputFor(tool?.input_schema) };
		return [{ step: "call", found, called: name, declared: tool !== undefined }, reply([use], "tool_use")];
	}
	const result = results[0];
	const entry = {
		step: "final",
		resultOf: uses.get(result.tool_use_id),
		resultIsError: result.is_error === true,
		result: textOf(result.content).slice(0, 200),
	};
	return [entry, reply([{ type: "text", text: FINAL_TEXT }], "end_turn")];
}

function openaiResponses(body) {
	const items = typeof body.input === "string" ? [] : (body.input ?? []);
	const last = items.findLast(
		(item) => item?.type === "tool_search_output" || item?.type === "function_call_output",
	);
	const usage = {
		input_tokens: 10,
		input_tokens_details: { cached_tokens: 0 },
		output_tokens: 5,
		output_tokens_details: { reasoning_tokens: 0 },
		total_tokens: 15,
	};
	const reply = (output) => ({
		id: id("resp"),
		object: "response",
		created_at: Math.floor(Date.now() / 1000),
		status: "completed",
		model: body.model,
		output,
		parallel_tool_calls: true,
		tool_choice: "auto",
		tools: body.tools ?? [],
		usage,
	});
	if (last === undefined) {
		const entry = {
			step: "search",
			declaredSearch: (body.tools ?? []).some((t) => t.type === "tool_search"),
		};
		const call = {
			type: "tool_search_call",
			id: id("tsc"),
			call_id: id("call"),
			execution: "client",
			status: "completed",
			arguments: { query: QUERY },
		};
		return [entry, reply([call])];
	}
	if (last.type === "tool_search_output") {
		const functions = (last.tools ?? []).flatMap((tool) => (tool.type === "namespace" ? tool.tools : [tool]));
		const found = functions.map((tool) => tool.name);
		const tool = functions[0];
		if (tool === undefined) return [{ step: "call", found, error: "tool_search found nothing" }, undefined];
		const call = {
			type: "function_call",
			id: id("fc"),
			call_id: id("call"),
			name: tool.name,
			arguments: JSON.stringify(inputFor(tool.parameters)),
			status: "completed",
		};
		return [{ step: "call", found, called: tool.name, declared: true }, reply([call])];
	}
	const output = typeof last.output === "string" ? last.output : JSON.stringify(last.output);
	const entry = {
		step: "final",
		resultIsError: /not loaded|tool_search first/i.test(output),
		result: output,
	};
	const message = {
		type: "message",
		id: id("msg"),
		role: "assistant",
		status: "completed",
		content: [{ type: "output_text", text: FINAL_TEXT, annotations: [] }],
	};
	return [entry, reply([message])];
}

function openaiChat(body) {
	const messages = body.messages ?? [];
	const calls = new Map();
	for (const message of messages) {
		for (const call of message.tool_calls ?? []) calls.set(call.id, call.function?.name);
	}
	const last = messages.at(-1);
	const reply = (message, finish) => ({
		id: id("chatcmpl"),
		object: "chat.completion",
		created: Math.floor(Date.now() / 1000),
		model: body.model,
		choices: [{ index: 0, message: { role: "assistant", content: null, ...message }, finish_reason: finish }],
		usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
	});
	const toolCall = (name, args) => ({
		tool_calls: [{ id: id("call"), type: "function", function: { name, arguments: JSON.stringify(args) } }],
	});
	if (last?.role !== "tool") {
		return [{ step: "search" }, reply(toolCall("tool_search", { query: QUERY }), "tool_calls")];
	}
	if (calls.get(last.tool_call_id) === "tool_search") {
		const found = foundIn(last.content);
		const name = found[0];
		if (name === undefined) return [{ step: "call", found, error: "tool_search found nothing" }, undefined];
		const tool = (body.tools ?? []).find((entry) => entry.function?.name === name);
		const args = inputFor(tool?.function?.parameters);
		return [
			{ step: "call", found, called: name, declared: tool !== undefined },
			reply(toolCall(name, args), "tool_calls"),
		];
	}
	const result = textOf(last.content);
	const entry = { step: "final", resultIsError: /not loaded|tool_search first/i.test(result), result };
	return [entry, reply({ content: FINAL_TEXT }, "stop")];
}

const ROUTES = [
	["POST", "https://api.anthropic.com/v1/messages", "anthropic", anthropic],
	["POST", "https://api.openai.com/v1/responses", "openai-responses", openaiResponses],
	["POST", "https://api.openai.com/v1/chat/completions", "openai-chat", openaiChat],
];

globalThis.fetch = async (input, init = {}) => {
	const request = new Request(input, init);
	const url = request.url.split("?")[0];
	const route = ROUTES.find(([method, address]) => method === request.method && address === url);
	if (route === undefined) throw refuse(`fetch ${request.method} ${request.url}`);
	const [, , api, answer] = route;
	const body = JSON.parse(await request.text());
	if (body.stream === true)
		throw refuse(`fetch ${request.method} ${request.url} with stream: true (not scripted)`);
	const [entry, reply] = answer(body);
	log({ url, api, ...entry });
	if (reply === undefined) {
		return new Response(JSON.stringify({ error: { message: `stub: ${entry.error}` } }), {
			status: 400,
			headers: { "content-type": "application/json" },
		});
	}
	return new Response(JSON.stringify(reply), {
		status: 200,
		headers: { "content-type": "application/json", "request-id": id("req"), "x-request-id": id("req") },
	});
};
