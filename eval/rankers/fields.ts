/**
 * The three text fields every peer ranker indexes, so that they all see the same text: the tool
 * name, its description, and its parameters (property names, then titles, descriptions and
 * enum/const values, collected recursively by the library's `schemaText`).
 */
import { schemaText } from "../../src/document/schema-text.js";
import type { EvalTool } from "../datasets.js";

export interface PeerFields {
	readonly name: string;
	readonly description: string;
	readonly params: string;
}

export const PEER_FIELD_NAMES = ["name", "description", "params"] as const;

export function peerFields(tool: EvalTool): PeerFields {
	const { names, texts } = schemaText(tool.parameters);
	return {
		name: tool.name,
		description: tool.description,
		params: [names.join(" "), ...texts].join("\n"),
	};
}
