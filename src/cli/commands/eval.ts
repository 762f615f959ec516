/**
 * `tool-search eval <catalogue> <labelled-requests>`: the metrics of `npm run eval` on your own
 * labelled requests (JSON or JSON Lines), the misses listed, and with `--explain` why each missed.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_MISS_WITHIN, MAX_TESTING_RANK_DEPTH } from "../../defaults.js";
import { ToolSearchError } from "../../errors.js";
import type { Bm25Ranker } from "../../ranking/bm25-ranker.js";
import {
	type EvaluatedRequest,
	evaluateToolSearch,
	type ToolSearchEvaluation,
} from "../../testing/evaluate-tool-search.js";
import { type LabelledRequest, parseLabelledRequests } from "../../testing/labelled-requests.js";
import { flag, integerOption, type OptionSpec, type ParsedArgs, stringOption } from "../cli-args.js";
import {
	CliError,
	type CliIo,
	EXIT,
	print,
	progressOn,
	type Style,
	styleFor,
	usageError,
} from "../cli-io.js";
import { explainLines } from "../explain-lines.js";
import { loadCatalog } from "../load-catalog.js";
import { rankerFor } from "../ranker-options.js";

/** The options of `eval`. */
export const EVAL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
	within: { type: "string" },
	explain: { type: "boolean" },
	json: { type: "boolean" },
	"mcp-config": { type: "string" },
	options: { type: "string" },
};

/** A library error about the user's file, as one line naming the file. */
function aboutFile(file: string, error: unknown): never {
	if (ToolSearchError.isInstance(error))
		throw new CliError(`${file}: ${error.message.replace(/^tool-search: /, "")}`);
	throw error;
}

function readRequests(io: CliIo, file: string): LabelledRequest[] {
	let text: string;
	try {
		text = readFileSync(resolve(io.cwd, file), "utf8");
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new CliError(
			`cannot read labelled requests ${file}: ${code === "ENOENT" ? "no such file" : String(error)}`,
		);
	}
	try {
		return parseLabelledRequests(text);
	} catch (error) {
		return aboutFile(file, error);
	}
}

const f3 = (value: number) => value.toFixed(3);

function summaryLines(evaluation: ToolSearchEvaluation, style: Style): string[] {
	const { metrics: m, abstention: a } = evaluation;
	const lines = [
		`  ${[
			`R@1 ${f3(m.r1)}`,
			`R@5 ${f3(m.r5)}`,
			`R@10 ${f3(m.r10)}`,
			`C@5 ${f3(m.c5)}`,
			`nDCG@10 ${f3(m.ndcg10)}`,
			`MRR ${f3(m.mrr)}`,
		].join("   ")}`,
	];
	if (a.goldNone > 0) {
		lines.push(
			`  ${style.dim("abstention:")} ${a.correct} of the ${a.goldNone} requests no tool fits found nothing (precision ${f3(a.precision)}, recall ${f3(a.recall)})`,
		);
	}
	const refused = evaluation.results.filter((result) => result.refused !== undefined);
	for (const result of refused)
		lines.push(style.yellow(`  refused by tool_search: ${result.id} (${result.refused})`));
	return lines;
}

function missLines(
	miss: EvaluatedRequest,
	within: number,
	ranker: Bm25Ranker | undefined,
	style: Style,
): string[] {
	const query = miss.query.length > 100 ? `${miss.query.slice(0, 99)}…` : miss.query;
	const gold = miss.relevant.map((group, at) => {
		const rank = miss.groupRanks[at];
		const names = group.length === 1 ? (group[0] as string) : `(${group.join(" | ")})`;
		const where =
			rank === null || rank === undefined ? `not in the first ${MAX_TESTING_RANK_DEPTH}` : `#${rank}`;
		return rank !== null && rank !== undefined && rank <= within
			? style.dim(`${names} ${where}`)
			: `${names} ${style.red(where)}`;
	});
	const lines = [
		`  ${style.bold(miss.id)} ${JSON.stringify(query)}`,
		`     gold: ${gold.join(" · ")}`,
		`     found: ${miss.ranking.slice(0, within).join(", ") || "nothing"}`,
	];
	if (ranker !== undefined) {
		for (const name of miss.relevant.flat()) {
			lines.push(
				`     ${style.cyan(name)}:`,
				...explainLines(ranker.explain(miss.query, name), style, "       "),
			);
		}
	}
	return lines;
}

/** Runs `eval`; resolves to the exit code. */
export async function evalCommand(io: CliIo, args: ParsedArgs): Promise<number> {
	const mcpConfig = stringOption(args, "mcp-config");
	const [file, labelledFile, ...extra] =
		mcpConfig === undefined ? args.positionals : [undefined, ...args.positionals];
	if (labelledFile === undefined)
		throw usageError("eval", "missing the labelled requests (a JSON or JSON Lines file)");
	if (extra.length > 0) {
		const message =
			mcpConfig === undefined
				? `unexpected argument ${JSON.stringify(extra[0])}`
				: "give a catalogue file or --mcp-config, not both";
		throw usageError("eval", message);
	}
	const within = integerOption(args, "within", DEFAULT_MISS_WITHIN, { min: 1, max: MAX_TESTING_RANK_DEPTH });
	const requests = readRequests(io, labelledFile);
	const ranker = rankerFor(io, stringOption(args, "options"));
	const catalog = await loadCatalog(io, { command: "eval", file, mcpConfig });
	const progress = progressOn(io);
	const evaluation = await evaluateToolSearch(catalog.tools, requests, {
		ranker,
		namespaceOf: catalog.namespaceOf,
		within,
		onProgress: (done, total) => progress.update(`ranked ${done} of ${total} requests…`),
	}).catch((error: unknown) => aboutFile(labelledFile, error));
	progress.done();
	const explain = flag(args, "explain");
	if (flag(args, "json")) {
		const explanations = explain
			? evaluation.misses.map((miss) => ({
					id: miss.id,
					tools: miss.relevant.flat().map((name) => ranker.explain(miss.query, name)),
				}))
			: undefined;
		const head = {
			catalog: { source: catalog.source, tools: catalog.tools.length },
			labelled: labelledFile,
			within,
		};
		print(
			io,
			JSON.stringify(
				{ ...head, ...evaluation, ...(explanations === undefined ? {} : { explanations }) },
				null,
				2,
			),
		);
		return EXIT.ok;
	}
	const style = styleFor(io.stdout, io.env);
	print(
		io,
		`${style.bold(`${evaluation.requests} requests`)} (${evaluation.withGold} with gold) over ${catalog.tools.length} tools of ${catalog.source}`,
		...summaryLines(evaluation, style),
	);
	const { misses } = evaluation;
	print(
		io,
		misses.length === 0
			? style.green(`no misses: every gold tool is within the first ${within}`)
			: style.bold(`${misses.length} misses (a gold tool outside the first ${within}):`),
	);
	for (const miss of misses) print(io, ...missLines(miss, within, explain ? ranker : undefined, style));
	return EXIT.ok;
}
