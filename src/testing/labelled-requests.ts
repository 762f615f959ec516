/**
 * Labelled requests: a request and the tools that serve it, as `evaluateToolSearch` takes them and
 * as files hold them (JSON or JSON Lines, in the format of the bundled datasets).
 */
import { quote } from "../errors.js";
import { invalidOptions, isObject } from "../internal/guards.js";

/**
 * A request and the tools that serve it.
 *
 * @example
 * ```ts
 * const requests: LabelledRequest[] = [
 *   { query: "open a ticket for the login bug", relevant: ["jira__create_issue"] },
 *   // either tool will do: one group of alternatives
 *   { id: "weather", query: "will it rain in Oslo", relevant: [["weather__get_forecast", "openmeteo__forecast"]] },
 *   { query: "order a pizza", relevant: [] }, // no tool fits: scored for abstention
 * ];
 * ```
 */
export interface LabelledRequest {
	/** A name for reports. @defaultValue `#` and its 1-based position */
	id?: string | undefined;
	/** The request, in the words a search would get. */
	query: string;
	/**
	 * The tools that serve it, each a tool name or a group of alternatives (finding any one of them
	 * finds the group). `[]`: no tool fits; such requests are scored for abstention only.
	 */
	relevant: readonly (string | readonly string[])[];
}

/** A labelled request checked, with its gold groups. */
export interface CheckedRequest {
	readonly id: string;
	readonly query: string;
	readonly groups: readonly (readonly string[])[];
}

function names(value: unknown, where: string): string[] {
	if (
		!Array.isArray(value) ||
		value.length === 0 ||
		!value.every((name) => typeof name === "string" && name !== "")
	) {
		invalidOptions(`${where} must be a non-empty array of tool names, got ${quote(value)}`);
	}
	return [...new Set(value as string[])];
}

/**
 * Checks labelled requests and gives each its id and gold groups.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for no requests, a request without a non-empty
 * string `query`, a malformed `relevant`, or two requests with one id.
 *
 * @example
 * ```ts
 * checkRequests([{ query: "read a file", relevant: ["fs__read_file"] }]);
 * // [{ id: "#1", query: "read a file", groups: [["fs__read_file"]] }]
 * ```
 */
export function checkRequests(requests: unknown): CheckedRequest[] {
	if (!Array.isArray(requests) || requests.length === 0) {
		invalidOptions(`labelled requests must be a non-empty array, got ${quote(requests)}`);
	}
	const ids = new Set<string>();
	return requests.map((request: unknown, at) => {
		const where = `labelled request ${at + 1}`;
		if (!isObject(request)) invalidOptions(`${where} must be an object, got ${quote(request)}`);
		const { id = `#${at + 1}`, query, relevant } = request as Record<string, unknown>;
		if (typeof id !== "string" || id === "")
			invalidOptions(`${where}: id must be a non-empty string, got ${quote(id)}`);
		if (ids.has(id)) invalidOptions(`${where}: id ${quote(id)} is taken by an earlier request`);
		ids.add(id);
		if (typeof query !== "string" || query.trim() === "") {
			invalidOptions(`${where}: query must be a non-empty string, got ${quote(query)}`);
		}
		if (!Array.isArray(relevant)) {
			invalidOptions(
				`${where}: relevant must be an array of tool names or groups of them, got ${quote(relevant)}`,
			);
		}
		const groups = relevant.map((entry: unknown, index) =>
			typeof entry === "string"
				? names([entry], `${where}: relevant[${index}]`)
				: names(entry, `${where}: relevant[${index}]`),
		);
		return { id, query, groups };
	});
}

/** One record of a file: the bundled datasets' keys (`relevant`, `relevant_groups`) to a request. */
function fromRecord(record: unknown, where: string): LabelledRequest {
	if (!isObject(record) || Array.isArray(record))
		invalidOptions(`${where}: must be an object, got ${quote(record)}`);
	const { id, query, relevant, relevant_groups: groups } = record;
	if (typeof query !== "string") invalidOptions(`${where}: "query" must be a string, got ${quote(query)}`);
	if (id !== undefined && typeof id !== "string")
		invalidOptions(`${where}: "id" must be a string, got ${quote(id)}`);
	let gold: readonly (string | readonly string[])[];
	if (Array.isArray(groups) && groups.length > 0) gold = groups as string[][];
	else if (typeof relevant === "string") gold = [relevant];
	else if (Array.isArray(relevant)) gold = relevant as string[];
	else invalidOptions(`${where}: "relevant" must be a tool name or an array of them, got ${quote(relevant)}`);
	return { ...(id === undefined ? {} : { id }), query, relevant: gold };
}

/**
 * Reads labelled requests from the text of a file: a JSON array of records, a JSON object with
 * `queries` (or `requests`), or JSON Lines (one record a line; blank lines skipped). A record has
 * `query`, `relevant` (a tool name or an array of them; `[]` for "no tool fits"), and optionally
 * `relevant_groups` (groups of alternatives, which take precedence) and `id`: the format of the
 * bundled datasets, so a dataset file is its own labelled requests.
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` for text that is none of these, naming the line (or
 * record) at fault.
 *
 * @example
 * ```ts
 * const requests = parseLabelledRequests(readFileSync("test/requests.jsonl", "utf8"));
 * const { metrics } = await evaluateToolSearch(tools, requests);
 * ```
 */
export function parseLabelledRequests(text: string): LabelledRequest[] {
	if (typeof text !== "string") invalidOptions(`text must be a string, got ${quote(text)}`);
	let whole: unknown;
	try {
		whole = JSON.parse(text);
	} catch {
		whole = undefined;
	}
	if (whole !== undefined && !(isObject(whole) && !Array.isArray(whole) && typeof whole.query === "string")) {
		const records = Array.isArray(whole)
			? whole
			: isObject(whole)
				? (whole.queries ?? whole.requests)
				: undefined;
		if (!Array.isArray(records)) {
			invalidOptions(`expected an array of labelled requests, an object with "queries", or JSON Lines`);
		}
		return records.map((record, at) => fromRecord(record, `record ${at + 1}`));
	}
	const requests: LabelledRequest[] = [];
	text.split("\n").forEach((line, at) => {
		if (line.trim() === "") return;
		let record: unknown;
		try {
			record = JSON.parse(line);
		} catch (error) {
			invalidOptions(`line ${at + 1}: not JSON (${(error as Error).message})`);
		}
		requests.push(fromRecord(record, `line ${at + 1}`));
	});
	return requests;
}
