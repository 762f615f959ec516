/**
 * `tool-search inspect <catalogue>`: what the index sees in a catalogue (tools, namespaces,
 * vocabulary, fields and their weights) and what to fix in it (see `catalog-lint.ts`).
 */
import { TOOL_SEARCH_FIELDS } from "../../defaults.js";
import { createToolSearchDocument } from "../../document/create-tool-search-document.js";
import type { ToolSearchIndexOptions } from "../../index/index-options.js";
import { ToolSearchIndex } from "../../index/tool-search-index.js";
import { tokenize } from "../../tokenizer/tokenize.js";
import type { LoadedCatalog } from "../catalog-file.js";
import { readJsonFile } from "../catalog-file.js";
import { type CatalogLint, lintCatalog } from "../catalog-lint.js";
import { flag, type OptionSpec, type ParsedArgs, stringOption } from "../cli-args.js";
import { type CliIo, EXIT, print, progressOn, type Style, styleFor, usageError } from "../cli-io.js";
import { loadCatalog } from "../load-catalog.js";

/** The options of `inspect`. */
export const INSPECT_OPTIONS: Readonly<Record<string, OptionSpec>> = {
	json: { type: "boolean" },
	"mcp-config": { type: "string" },
	options: { type: "string" },
};

/** How many items of a list the text output shows. */
const SHOWN = 10;

interface FieldStats {
	readonly field: string;
	readonly weight: number;
	/** Tools with text in the field. */
	readonly tools: number;
	/** Mean words per tool that has text in it. */
	readonly meanWords: number;
}

interface Inspection {
	readonly source: string;
	readonly tools: number;
	readonly namespaces: readonly { readonly name: string; readonly tools: number }[];
	readonly vocabulary: number;
	readonly bm25: ToolSearchIndex["options"]["bm25"];
	readonly fields: readonly FieldStats[];
	readonly duplicateNames: readonly string[];
	readonly problems: CatalogLint;
}

function inspectCatalog(catalog: LoadedCatalog, options: ToolSearchIndexOptions | undefined): Inspection {
	const index = new ToolSearchIndex(options);
	const counts = new Map<string, { tools: number; words: number }>();
	const namespaces = new Map<string, number>();
	const documents = catalog.tools.map((tool) => {
		const namespace = catalog.namespaceOf(tool);
		if (namespace !== undefined) namespaces.set(namespace.name, (namespaces.get(namespace.name) ?? 0) + 1);
		const document = createToolSearchDocument(tool, namespace);
		for (const field of TOOL_SEARCH_FIELDS) {
			const words = tokenize(document.fields?.[field] ?? "").length;
			if (words === 0) continue;
			const count = counts.get(field) ?? { tools: 0, words: 0 };
			counts.set(field, { tools: count.tools + 1, words: count.words + words });
		}
		return document;
	});
	index.addAll(documents);
	return {
		source: catalog.source,
		tools: catalog.tools.length,
		namespaces: [...namespaces]
			.map(([name, tools]) => ({ name, tools }))
			.sort((a, b) => b.tools - a.tools || (a.name < b.name ? -1 : 1)),
		vocabulary: index.toJSON().terms.length,
		bm25: index.options.bm25,
		fields: TOOL_SEARCH_FIELDS.map((field) => {
			const count = counts.get(field) ?? { tools: 0, words: 0 };
			return {
				field,
				weight: index.options.fieldWeights[field],
				tools: count.tools,
				meanWords: count.tools === 0 ? 0 : Math.round((count.words / count.tools) * 10) / 10,
			};
		}),
		duplicateNames: catalog.duplicates,
		problems: lintCatalog(catalog.tools),
	};
}

/** `a, b, c … and 4 more`. */
function some(items: readonly string[]): string {
	const more = items.length - SHOWN;
	return `${items.slice(0, SHOWN).join(", ")}${more > 0 ? ` … and ${more} more` : ""}`;
}

function problemLines(inspection: Inspection, style: Style): string[] {
	const { problems, duplicateNames } = inspection;
	const lines: string[] = [];
	const add = (count: number, what: string, list: string) => {
		if (count > 0) lines.push(`  ${style.yellow(`${count} ${what}`)}: ${list}`);
	};
	add(duplicateNames.length, "names given to several tools (the first is used)", some(duplicateNames));
	add(problems.emptyDescriptions.length, "tools without a description", some(problems.emptyDescriptions));
	add(
		problems.nearDuplicates.length,
		"near-duplicate names",
		some(problems.nearDuplicates.map(([a, b]) => `${a} ~ ${b}`)),
	);
	add(
		problems.sharedLocalNames.length,
		"tool names on several servers",
		some(problems.sharedLocalNames.map((group) => `${group.key} (${group.names.length})`)),
	);
	add(
		problems.sameDescriptions.length,
		"descriptions shared word for word",
		some(problems.sameDescriptions.map((group) => group.names.join(" = "))),
	);
	return lines.length === 0 ? [`  ${style.green("none found")}`] : lines;
}

function humanLines(inspection: Inspection, style: Style): string[] {
	const { bm25 } = inspection;
	const namespaces = inspection.namespaces.map((namespace) => `${namespace.name} ${namespace.tools}`);
	const fieldWidth = Math.max(...inspection.fields.map((field) => field.field.length));
	return [
		`${style.bold(inspection.source)}: ${inspection.tools} tools in ${inspection.namespaces.length} namespaces`,
		`${style.dim("namespaces:")} ${namespaces.length === 0 ? "none (names without server__)" : some(namespaces)}`,
		`${style.dim("index:")} ${inspection.vocabulary} words in the vocabulary; BM25 k1 ${bm25.k1}, b ${bm25.b}, delta ${bm25.delta}`,
		style.dim("fields: weight, tools with text in it, mean words"),
		...inspection.fields.map(
			(field) =>
				`  ${field.field.padEnd(fieldWidth)}  ${String(field.weight).padStart(4)}  ${String(field.tools).padStart(7)}  ${field.meanWords.toFixed(1).padStart(6)}`,
		),
		style.dim("to fix:"),
		...problemLines(inspection, style),
	];
}

/** Runs `inspect`; resolves to the exit code. */
export async function inspectCommand(io: CliIo, args: ParsedArgs): Promise<number> {
	const mcpConfig = stringOption(args, "mcp-config");
	const [file, ...extra] = args.positionals;
	if (extra.length > 0 || (mcpConfig !== undefined && file !== undefined)) {
		throw usageError("inspect", "give one catalogue file, or --mcp-config");
	}
	const optionsFile = stringOption(args, "options");
	const options =
		optionsFile === undefined
			? undefined
			: (readJsonFile(io, optionsFile, "ranking options") as ToolSearchIndexOptions);
	const catalog = await loadCatalog(io, { command: "inspect", file, mcpConfig });
	const progress = progressOn(io);
	progress.update(`indexing ${catalog.tools.length} tools…`);
	const inspection = inspectCatalog(catalog, options);
	progress.done();
	if (flag(args, "json")) print(io, JSON.stringify(inspection, null, 2));
	else print(io, ...humanLines(inspection, styleFor(io.stdout, io.env)));
	return EXIT.ok;
}
