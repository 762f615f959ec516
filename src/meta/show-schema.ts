/**
 * A tool's argument schema as a meta-tools result shows it to the model, who cannot see the tool's
 * declaration: the JSON when it is short enough, else one line per top-level parameter.
 */
import { MAX_SHOWN_SCHEMA_LENGTH } from "../defaults.js";
import type { ToolInfo } from "../types.js";

/** A tool's schema: `parameters`, else `inputSchema`; `undefined` for none. */
export function schemaOf(tool: ToolInfo): unknown {
	try {
		return tool.parameters ?? tool.inputSchema;
	} catch {
		return undefined;
	}
}

function typeOf(property: unknown): string {
	if (typeof property !== "object" || property === null) return "any";
	const type = (property as { type?: unknown }).type;
	if (typeof type === "string") return type;
	if (Array.isArray(type)) return type.filter((item) => typeof item === "string").join(" | ");
	return "any";
}

/** The top-level parameters as `name: type (required)`, within the length budget. */
function compact(schema: Record<string, unknown>): string {
	const properties = schema.properties;
	const required = new Set(Array.isArray(schema.required) ? schema.required : []);
	const parts: string[] = [];
	let length = 0;
	if (typeof properties === "object" && properties !== null) {
		for (const [name, property] of Object.entries(properties)) {
			const part = `${name}: ${typeOf(property)}${required.has(name) ? " (required)" : ""}`;
			if (length + part.length + 2 > MAX_SHOWN_SCHEMA_LENGTH) {
				parts.push("…");
				break;
			}
			parts.push(part);
			length += part.length + 2;
		}
	}
	return `schema too long to show whole; its parameters: ${parts.length === 0 ? "none listed" : parts.join(", ")}`;
}

/**
 * The schema as one line: its JSON when at most {@link MAX_SHOWN_SCHEMA_LENGTH} code units, else its
 * top-level parameters. `{}` for a tool without a schema. Never throws.
 *
 * @example
 * ```ts
 * showSchema({ type: "object", properties: { city: { type: "string" } } });
 * // '{"type":"object","properties":{"city":{"type":"string"}}}'
 * ```
 */
export function showSchema(schema: unknown): string {
	try {
		const json = JSON.stringify(schema ?? {}) ?? "{}";
		if (json.length <= MAX_SHOWN_SCHEMA_LENGTH) return json;
		return typeof schema === "object" && schema !== null
			? compact(schema as Record<string, unknown>)
			: json.slice(0, MAX_SHOWN_SCHEMA_LENGTH);
	} catch {
		return "schema cannot be shown (it is not plain JSON)";
	}
}
