/**
 * What the benchmark runs against every search library: build an index over a catalogue, answer
 * queries with tool names. Peers index the same text as ours, extracted by `createToolSearchDocument`
 * (so schema walking costs the same everywhere) and tokenized by our `tokenize`.
 */
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import type { ToolInfo, ToolNamespace, ToolSearchDocument } from "../../src/types.js";
import type { BenchTool } from "../generate.js";

/** One search library under test. */
export interface BenchSubject {
	/** Short name printed in the tables: `ours`, `wink`, `minisearch`, `flexsearch`. */
	readonly name: string;
	/** Indexes `tools`, replacing anything built before. Timed as the build. */
	build(tools: readonly BenchTool[]): void;
	/** Names of at most `limit` tools, best first. */
	search(query: string, limit: number): string[];
}

/** The three fields the peers index. */
export interface PeerDocument {
	/** Position in the catalogue; peers return it and the subject maps it back to the name. */
	id: number;
	/** The tool's name (and its title, when it has one). */
	name: string;
	description: string;
	/** Parameter names, then parameter titles, descriptions and enum values. */
	params: string;
}

/** The tool as our document builder takes it. */
export function toolInfo(tool: BenchTool): ToolInfo {
	return { name: tool.name, description: tool.description, parameters: tool.parameters };
}

/**
 * Builds the search document of every tool, each in its server's namespace (one namespace object
 * per server, as a host holding MCP servers would pass).
 */
export function toolDocuments(tools: readonly BenchTool[]): ToolSearchDocument[] {
	const namespaces = new Map<string, ToolNamespace>();
	const documents: ToolSearchDocument[] = new Array(tools.length);
	for (let i = 0; i < tools.length; i++) {
		const tool = tools[i] as BenchTool;
		let namespace: ToolNamespace | undefined;
		if (tool.server !== null) {
			namespace = namespaces.get(tool.server);
			if (namespace === undefined) {
				namespace = { name: tool.server };
				namespaces.set(tool.server, namespace);
			}
		}
		documents[i] = createToolSearchDocument(toolInfo(tool), namespace);
	}
	return documents;
}

/** The peers' view of each tool: name, description and parameter text, from our document fields. */
export function peerDocuments(tools: readonly BenchTool[]): PeerDocument[] {
	const out: PeerDocument[] = new Array(tools.length);
	for (let i = 0; i < tools.length; i++) {
		const fields = createToolSearchDocument(toolInfo(tools[i] as BenchTool)).fields;
		if (fields === undefined) throw new Error("createToolSearchDocument returned no fields");
		out[i] = {
			id: i,
			name: fields.label === "" ? fields.name : `${fields.name}\n${fields.label}`,
			description: fields.description,
			params: `${fields.parameterNames}\n${fields.parameterText}`,
		};
	}
	return out;
}
