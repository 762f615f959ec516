/**
 * Loads and validates the bundled tool-retrieval datasets (see data/README.md for the format).
 */
import { readFileSync } from "node:fs";

/** A tool of a dataset catalogue. */
export interface EvalTool {
	readonly name: string;
	readonly description: string;
	/** The tool's JSON Schema, as published. */
	readonly parameters: unknown;
	/** The namespace (MCP server key), or `null` when the tool has none. */
	readonly server: string | null;
	readonly serverTitle?: string;
	readonly serverDescription?: string;
}

/** A query and its gold tools. */
export interface EvalQuery {
	readonly id: string;
	readonly query: string;
	/** Every gold tool name (the union of `groups`). */
	readonly relevant: readonly string[];
	/**
	 * Gold groups: each is a list of acceptable alternatives, and a ranker finds the group when it
	 * returns any member. `relevant_groups` when the file has it, else one group per `relevant` name.
	 */
	readonly groups: readonly (readonly string[])[];
	readonly subset?: string;
	readonly context?: string;
	/** The catalogue the query is ranked against, for a dataset with {@link EvalDataset.catalogues}. */
	readonly catalogue?: string;
}

/** A loaded dataset. */
export interface EvalDataset {
	/** Short id, the file name without `.json` (`livemcpbench`, `bfcl`). */
	readonly id: string;
	readonly name: string;
	/** The catalogue; empty for a dataset with {@link EvalDataset.catalogues}. */
	readonly tools: readonly EvalTool[];
	readonly queries: readonly EvalQuery[];
	/**
	 * For a dataset of queries over other datasets' catalogues (`natural`): the catalogues by id. Each
	 * query is ranked against `catalogues[query.catalogue]`, and a query may have no gold (no tool fits).
	 */
	readonly catalogues?: Readonly<Record<string, readonly EvalTool[]>>;
}

/** The dataset ids `npm run eval` knows, with their files relative to the repository root. */
export const DATASET_FILES = {
	livemcpbench: "data/livemcpbench.json",
	bfcl: "data/bfcl.json",
	natural: "data/natural-requests.json",
} as const;

/** The datasets whose catalogues `natural` queries name. */
export const NATURAL_CATALOGUES = ["livemcpbench", "bfcl"] as const;

export type DatasetId = keyof typeof DATASET_FILES;

export const DATASET_IDS = Object.keys(DATASET_FILES) as DatasetId[];

/** Thrown when a dataset file does not have the documented shape; the message names the bad spot. */
export class DatasetError extends Error {
	override readonly name = "DatasetError";
}

type Json = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Json {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(where: string, message: string): never {
	throw new DatasetError(`${where}: ${message}`);
}

function requireString(record: Json, key: string, where: string, allowEmpty = true): string {
	const value = record[key];
	if (typeof value !== "string" || (!allowEmpty && value.trim() === "")) {
		fail(where, `"${key}" must be a ${allowEmpty ? "" : "non-empty "}string, got ${JSON.stringify(value)}`);
	}
	return value;
}

function optionalString(record: Json, key: string, where: string): string | undefined {
	const value = record[key];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") fail(where, `"${key}" must be a string when present`);
	return value;
}

function stringList(value: unknown, where: string): string[] {
	if (!Array.isArray(value) || value.length === 0) fail(where, "must be a non-empty array of strings");
	const list: string[] = [];
	for (const item of value) {
		if (typeof item !== "string" || item === "")
			fail(where, `holds ${JSON.stringify(item)}, not a tool name`);
		list.push(item);
	}
	return list;
}

function parseTool(raw: unknown, where: string): EvalTool {
	if (!isRecord(raw)) fail(where, "must be an object");
	const name = requireString(raw, "name", where, false);
	const description = requireString(raw, "description", where);
	if (!isRecord(raw.parameters)) fail(where, `"parameters" must be an object (a JSON Schema)`);
	const server = raw.server;
	if (server !== null && (typeof server !== "string" || server === "")) {
		fail(where, `"server" must be a non-empty string or null`);
	}
	const serverTitle = optionalString(raw, "server_title", where);
	const serverDescription = optionalString(raw, "server_description", where);
	return {
		name,
		description,
		parameters: raw.parameters,
		server,
		...(serverTitle === undefined ? {} : { serverTitle }),
		...(serverDescription === undefined ? {} : { serverDescription }),
	};
}

function parseQuery(
	raw: unknown,
	where: string,
	toolNames: ReadonlySet<string>,
	allowNoGold = false,
): EvalQuery {
	if (!isRecord(raw)) fail(where, "must be an object");
	const id = requireString(raw, "id", where, false);
	const query = requireString(raw, "query", where, false);
	const noGold = allowNoGold && Array.isArray(raw.relevant) && raw.relevant.length === 0;
	if (noGold) {
		const groups = raw.relevant_groups;
		if (groups !== undefined && !(Array.isArray(groups) && groups.length === 0)) {
			fail(where, `"relevant_groups" must be empty (or absent) when "relevant" is empty`);
		}
	}
	const relevant = noGold ? [] : [...new Set(stringList(raw.relevant, `${where}.relevant`))];
	let groups: string[][];
	if (noGold) {
		groups = [];
	} else if (raw.relevant_groups === undefined) {
		groups = relevant.map((name) => [name]);
	} else {
		if (!Array.isArray(raw.relevant_groups) || raw.relevant_groups.length === 0) {
			fail(where, `"relevant_groups" must be a non-empty array of groups`);
		}
		groups = raw.relevant_groups.map((group, at) => [
			...new Set(stringList(group, `${where}.relevant_groups[${at}]`)),
		]);
		const union = new Set(groups.flat());
		if (union.size !== relevant.length || relevant.some((name) => !union.has(name))) {
			fail(where, `"relevant" must be the union of "relevant_groups"`);
		}
	}
	for (const name of relevant) {
		if (!toolNames.has(name)) fail(where, `gold tool ${JSON.stringify(name)} is not in the catalogue`);
	}
	const subset = optionalString(raw, "subset", where);
	const context = optionalString(raw, "context", where);
	return {
		id,
		query,
		relevant,
		groups,
		...(subset === undefined ? {} : { subset }),
		...(context === undefined ? {} : { context }),
	};
}

/**
 * Validates parsed JSON as a dataset. Throws {@link DatasetError} on a missing or mistyped field, a
 * duplicate tool name or query id, or a gold name that is not in the catalogue.
 */
export function parseDataset(id: string, json: unknown): EvalDataset {
	if (!isRecord(json)) fail(id, "the file must hold a JSON object");
	const name = typeof json.name === "string" ? json.name : id;
	if (!Array.isArray(json.tools) || json.tools.length === 0) fail(id, `"tools" must be a non-empty array`);
	if (!Array.isArray(json.queries) || json.queries.length === 0)
		fail(id, `"queries" must be a non-empty array`);
	const tools: EvalTool[] = [];
	const toolNames = new Set<string>();
	json.tools.forEach((raw, at) => {
		const tool = parseTool(raw, `${id}.tools[${at}]`);
		if (toolNames.has(tool.name))
			fail(`${id}.tools[${at}]`, `duplicate tool name ${JSON.stringify(tool.name)}`);
		toolNames.add(tool.name);
		tools.push(tool);
	});
	const queries: EvalQuery[] = [];
	const queryIds = new Set<string>();
	json.queries.forEach((raw, at) => {
		const query = parseQuery(raw, `${id}.queries[${at}]`, toolNames);
		if (queryIds.has(query.id))
			fail(`${id}.queries[${at}]`, `duplicate query id ${JSON.stringify(query.id)}`);
		queryIds.add(query.id);
		queries.push(query);
	});
	return { id, name, tools, queries };
}

/**
 * Validates parsed JSON as a dataset of queries over other catalogues (the `natural` format: no
 * `tools`; each query has a `catalogue` naming one of `catalogues`, and may have no gold:
 * `relevant: []`). Throws {@link DatasetError} on a missing or mistyped field, an unknown catalogue,
 * a duplicate query id, or a gold name that is not in the query's catalogue.
 */
export function parseCatalogueQueries(
	id: string,
	json: unknown,
	catalogues: Readonly<Record<string, readonly EvalTool[]>>,
): EvalDataset {
	if (!isRecord(json)) fail(id, "the file must hold a JSON object");
	const name = typeof json.name === "string" ? json.name : id;
	if (json.tools !== undefined) fail(id, `"tools" must be absent: queries name their catalogue`);
	if (!Array.isArray(json.queries) || json.queries.length === 0)
		fail(id, `"queries" must be a non-empty array`);
	const toolNames = new Map<string, ReadonlySet<string>>();
	for (const [catalogue, tools] of Object.entries(catalogues)) {
		toolNames.set(catalogue, new Set(tools.map((tool) => tool.name)));
	}
	const queries: EvalQuery[] = [];
	const queryIds = new Set<string>();
	json.queries.forEach((raw, at) => {
		const where = `${id}.queries[${at}]`;
		if (!isRecord(raw)) fail(where, "must be an object");
		const catalogue = requireString(raw, "catalogue", where, false);
		const names = toolNames.get(catalogue);
		if (names === undefined) {
			fail(
				where,
				`unknown catalogue ${JSON.stringify(catalogue)}; expected one of ${[...toolNames.keys()].join(", ")}`,
			);
		}
		const query = { ...parseQuery(raw, where, names, true), catalogue };
		if (queryIds.has(query.id)) fail(where, `duplicate query id ${JSON.stringify(query.id)}`);
		queryIds.add(query.id);
		queries.push(query);
	});
	return { id, name, tools: [], queries, catalogues };
}

/** The tools `query` is ranked against: its catalogue's, or the dataset's own. */
export function toolsFor(dataset: EvalDataset, query: EvalQuery): readonly EvalTool[] {
	if (dataset.catalogues === undefined) return dataset.tools;
	const tools = query.catalogue === undefined ? undefined : dataset.catalogues[query.catalogue];
	if (tools === undefined) throw new DatasetError(`${dataset.id}: query ${query.id} has no catalogue`);
	return tools;
}

/**
 * The dataset's queries split by the catalogue they are ranked against, in order of first
 * appearance; `at` are positions in `dataset.queries`. One part for an ordinary dataset.
 */
export function catalogueParts(
	dataset: EvalDataset,
): { readonly catalogue: string; readonly tools: readonly EvalTool[]; readonly at: readonly number[] }[] {
	const parts = new Map<string, { catalogue: string; tools: readonly EvalTool[]; at: number[] }>();
	dataset.queries.forEach((query, at) => {
		const catalogue = dataset.catalogues === undefined ? dataset.id : (query.catalogue ?? "");
		let part = parts.get(catalogue);
		if (part === undefined) {
			part = { catalogue, tools: toolsFor(dataset, query), at: [] };
			parts.set(catalogue, part);
		}
		part.at.push(at);
	});
	return [...parts.values()];
}

function readJson(id: DatasetId, root: URL): unknown {
	const file = new URL(DATASET_FILES[id], root);
	try {
		return JSON.parse(readFileSync(file, "utf8"));
	} catch (error) {
		throw new DatasetError(`${id}: cannot read ${DATASET_FILES[id]}: ${(error as Error).message}`);
	}
}

/**
 * Reads and validates one of the bundled datasets; `root` is the repository root. `natural` also
 * loads the catalogues its queries name.
 */
export function loadDataset(id: DatasetId, root: URL): EvalDataset {
	if (id === "natural") {
		const catalogues: Record<string, readonly EvalTool[]> = {};
		for (const catalogue of NATURAL_CATALOGUES) catalogues[catalogue] = loadDataset(catalogue, root).tools;
		return parseCatalogueQueries(id, readJson(id, root), catalogues);
	}
	return parseDataset(id, readJson(id, root));
}
