/** `npm run eval -- --explain <query-id>`: our ranking of one query, where the gold went, and why. */
import { type EvalDataset, type EvalQuery, toolsFor } from "./datasets.js";
import { EVAL_DEPTH } from "./evaluate.js";
import { OursRanker } from "./rankers/ours.js";

const MAX_WIDTH = 110;

/** Rounds non-integers to 4 decimals, for display. */
function roundNumbers(_key: string, value: unknown): unknown {
	return typeof value === "number" && !Number.isInteger(value) ? Number(value.toFixed(4)) : value;
}

/** Joins one-line parts greedily into lines of at most {@link MAX_WIDTH} columns. */
function pack(parts: readonly string[], indent: string): string[] {
	const lines: string[] = [];
	let line = "";
	for (const part of parts) {
		const multiLine = part.includes("\n");
		if (line !== "" && (multiLine || indent.length + line.length + 2 + part.length > MAX_WIDTH)) {
			lines.push(`${indent}${line},`);
			line = "";
		}
		if (multiLine) lines.push(`${indent}${part},`);
		else line = line === "" ? part : `${line}, ${part}`;
	}
	if (line !== "") lines.push(`${indent}${line},`);
	const last = lines.length - 1;
	if (last >= 0) lines[last] = (lines[last] as string).slice(0, -1);
	return lines;
}

/**
 * JSON, indented but compact: a value whose one-line form fits in {@link MAX_WIDTH} columns stays
 * on one line; otherwise its entries are packed several to a line, and the entries that do not fit
 * on one line get their own lines. Non-integers are rounded to 4 decimals. The output is valid JSON.
 */
export function compactJson(value: unknown, indent = ""): string {
	const inline = JSON.stringify(value, roundNumbers);
	if (inline === undefined) return "null";
	if (indent.length + inline.length <= MAX_WIDTH || typeof value !== "object" || value === null)
		return inline;
	const inner = `${indent}  `;
	if (Array.isArray(value)) {
		const items = value.map((item) => compactJson(item, inner));
		return `[\n${pack(items, inner).join("\n")}\n${indent}]`;
	}
	const entries = Object.entries(value as Record<string, unknown>)
		.filter(([, item]) => item !== undefined && typeof item !== "function")
		.map(([key, item]) => `${JSON.stringify(key)}: ${compactJson(item, inner)}`);
	return `{\n${pack(entries, inner).join("\n")}\n${indent}}`;
}

/** The query with that id and its dataset, searching the datasets in order. */
export function findQuery(
	datasets: readonly EvalDataset[],
	id: string,
): { dataset: EvalDataset; query: EvalQuery } | undefined {
	for (const dataset of datasets) {
		const query = dataset.queries.find((candidate) => candidate.id === id);
		if (query !== undefined) return { dataset, query };
	}
	return undefined;
}

type Explain = (query: string, name: string) => unknown;

/** The index's `explain` method when it has one (it is being added alongside this harness). */
function explainOf(index: object): Explain | undefined {
	const method = (index as { explain?: unknown }).explain;
	return typeof method === "function" ? (method.bind(index) as Explain) : undefined;
}

function indentLines(text: string, prefix: string): string {
	return text
		.split("\n")
		.map((line) => `${prefix}${line}`)
		.join("\n");
}

/** The explanation text of one query (built on a fresh index of our default ranker). */
export function explainQuery(dataset: EvalDataset, query: EvalQuery): string {
	const ranker = new OursRanker();
	const tools = toolsFor(dataset, query);
	ranker.build(tools);
	const full = ranker.matches(query.query, Number.POSITIVE_INFINITY);
	const rankOf = new Map(full.map((match, at) => [match.name, at + 1]));
	const groupOf = new Map<string, number[]>();
	query.groups.forEach((group, at) => {
		for (const name of group) groupOf.set(name, [...(groupOf.get(name) ?? []), at + 1]);
	});

	const out: string[] = [];
	out.push(`${dataset.id} query ${query.id}${query.subset === undefined ? "" : ` (${query.subset})`}`);
	out.push(`  ${JSON.stringify(query.query)}`);
	if (query.context !== undefined) out.push(`  context (not searched): ${JSON.stringify(query.context)}`);
	out.push(
		`  ${full.length} of ${tools.length} tools match${query.catalogue === undefined ? "" : ` (catalogue ${query.catalogue})`}`,
	);
	out.push("");
	out.push(`our top ${EVAL_DEPTH}:`);
	const top = full.slice(0, EVAL_DEPTH);
	if (top.length === 0) out.push("  (no match)");
	const scoreWidth = Math.max(0, ...top.map((match) => match.score.toFixed(4).length));
	top.forEach((match, at) => {
		const groups = groupOf.get(match.name);
		const gold = groups === undefined ? "" : `   <- gold (group ${groups.join(", ")})`;
		out.push(
			`  ${String(at + 1).padStart(2)}  ${match.score.toFixed(4).padStart(scoreWidth)}  ${match.name}${gold}`,
		);
	});
	out.push("");
	out.push(
		`gold (${query.groups.length} group${query.groups.length === 1 ? "" : "s"}), rank in our full ranking:`,
	);
	query.groups.forEach((group, at) => {
		const members = group.map((name) => {
			const rank = rankOf.get(name);
			return `${name} -> ${rank === undefined ? "not matched" : `#${rank}`}`;
		});
		out.push(`  group ${at + 1}: ${members.join(" | ")}`);
	});
	out.push("");

	const explain = explainOf(ranker.index);
	out.push("why:");
	if (explain === undefined) {
		out.push("  (explain() not available)");
		return out.join("\n");
	}
	const subjects: { label: string; name: string }[] = top
		.slice(0, 3)
		.map((match, at) => ({ label: `#${at + 1}`, name: match.name }));
	for (const name of query.relevant) {
		if (subjects.some((subject) => subject.name === name)) continue;
		const rank = rankOf.get(name);
		subjects.push({ label: `gold ${rank === undefined ? "(not matched)" : `#${rank}`}`, name });
	}
	for (const subject of subjects) {
		const gold = groupOf.has(subject.name) && subject.label.startsWith("#") ? " (gold)" : "";
		out.push(`  ${subject.label} ${subject.name}${gold}:`);
		let text: string;
		try {
			text = compactJson(explain(query.query, subject.name), "");
		} catch (error) {
			text = `(explain() threw: ${(error as Error).message})`;
		}
		out.push(indentLines(text, "    "));
	}
	return out.join("\n");
}
