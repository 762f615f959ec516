/**
 * Checking a model's `call_tool` arguments against the tool's JSON Schema, with Ajv (draft-07 by
 * default; 2019-09 and 2020-12 when the schema says so). Schemas come from MCP servers and other
 * hosts, so the checks are lenient about the schema (unknown keywords and formats are ignored) and
 * strict about the work: `pattern` and `patternProperties` run on re2js, in linear time, so a
 * server's pattern cannot make a model's argument hang the process. A schema Ajv cannot compile
 * (a lookaround in a pattern, a broken `$ref`, too deep) is not checked here; the tool's own
 * server still checks what it receives.
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { RE2JS } from "re2js";
import { MAX_CALL_TOOL_ERRORS } from "../defaults.js";

/** What a check found: `ok`, the errors (at most {@link MAX_CALL_TOOL_ERRORS}), or no check possible. */
export type ArgumentCheck =
	| { status: "valid" }
	| { status: "invalid"; errors: string[]; more: number }
	| { status: "unchecked"; reason: string };

/** re2js behind Ajv's `RegExpEngine` interface. */
function re2(pattern: string, flags: string): { test(text: string): boolean } {
	const compiled = RE2JS.compile(pattern, flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0);
	return { test: (text) => compiled.matcher(text).find() };
}
re2.code = "re2js";

const OPTIONS: Options = {
	strict: false,
	allErrors: true,
	logger: false,
	validateFormats: false,
	validateSchema: false,
	addUsedSchema: false,
	code: { regExp: re2 },
};

let engines: { draft7: Ajv; draft2019: Ajv2019; draft2020: Ajv2020 } | undefined;

/** The Ajv instance for a schema's `$schema` (created once, on first use). */
function engineFor(schema: Record<string, unknown>): Ajv | Ajv2019 | Ajv2020 {
	engines ??= { draft7: new Ajv(OPTIONS), draft2019: new Ajv2019(OPTIONS), draft2020: new Ajv2020(OPTIONS) };
	const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
	if (dialect.includes("2020-12")) return engines.draft2020;
	if (dialect.includes("2019-09")) return engines.draft2019;
	return engines.draft7;
}

const compiled = new WeakMap<object, ValidateFunction | string>();

function compile(schema: object): ValidateFunction | string {
	let validate = compiled.get(schema);
	if (validate === undefined) {
		try {
			const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
			validate = engineFor(schema as Record<string, unknown>).compile(rest);
		} catch (error) {
			validate = `its schema could not be compiled (${error instanceof Error ? error.message : String(error)})`;
		}
		compiled.set(schema, validate);
	}
	return validate;
}

/** One Ajv error as the model reads it: where (a JSON pointer into the arguments), and what. */
function describe(error: ErrorObject): string {
	const where = error.instancePath === "" ? "arguments" : `arguments${error.instancePath}`;
	const params = error.params as Record<string, unknown>;
	if (error.keyword === "required")
		return `${where}: missing required property "${String(params.missingProperty)}"`;
	if (error.keyword === "additionalProperties") {
		return `${where}: unknown property "${String(params.additionalProperty)}" (not in the schema)`;
	}
	if (error.keyword === "enum" && Array.isArray(params.allowedValues)) {
		const values = JSON.stringify(params.allowedValues);
		return `${where}: must be one of ${values.length > 200 ? `${values.slice(0, 200)}…` : values}`;
	}
	return `${where}: ${error.message ?? `fails ${error.keyword}`}`;
}

/**
 * Checks `args` against `schema` (a tool's `parameters` or `inputSchema`). No schema (or one that
 * is not an object) accepts anything. Never throws.
 *
 * @example
 * ```ts
 * checkArguments({ type: "object", required: ["city"], properties: { city: { type: "string" } } }, {});
 * // { status: "invalid", errors: ['arguments: missing required property "city"'], more: 0 }
 * ```
 */
export function checkArguments(schema: unknown, args: unknown): ArgumentCheck {
	if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return { status: "valid" };
	const validate = compile(schema);
	if (typeof validate === "string") return { status: "unchecked", reason: validate };
	try {
		if (validate(args)) return { status: "valid" };
	} catch (error) {
		return {
			status: "unchecked",
			reason: `its schema could not be applied (${error instanceof Error ? error.message : String(error)})`,
		};
	}
	const all = [...new Set((validate.errors ?? []).map(describe))];
	return {
		status: "invalid",
		errors: all.slice(0, MAX_CALL_TOOL_ERRORS),
		more: Math.max(0, all.length - MAX_CALL_TOOL_ERRORS),
	};
}
