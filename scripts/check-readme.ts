/**
 * Type-checks every ```ts / ```typescript block of README.md, so the README cannot drift from the
 * public API. Each block becomes its own ES module (top-level await allowed) in a temporary
 * directory, next to a shared prelude of `declare const` stand-ins for the reader's own values
 * (`allMyTools`, `model`, ...). The blocks are compiled with the repository's compiler options and
 * path mapping (`tool-search` → `src/index.ts`, `tool-search/*` → the entry files), and SDK
 * packages resolve from the repository's node_modules.
 *
 * Other blocks must say what they are: ```bash, ```text, ```json or ```mermaid (not checked). A
 * TypeScript block may opt out with `// readme-check: skip — <why>` on its first line.
 *
 * Run: npm run check:readme [-- path/to/README.md]. Exits 1 on any error.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

/** Languages of blocks that are type-checked. */
export const CHECKED = new Set(["ts", "typescript"]);
/** Languages of blocks that are left alone. */
const UNCHECKED = new Set(["bash", "text", "json", "mermaid"]);
export const SKIP_MARKER = /^\s*\/\/\s*readme-check:\s*skip\b/;

/**
 * The reader's own values the examples use. Each is a global of the prelude, typed with the public
 * API or the SDKs' types, so a block can use it without declaring it.
 */
export const PRELUDE = `// Stand-ins for the reader's own values in the README's examples.
declare const allMyTools: import("tool-search").ToolInfo[];
declare const host: import("tool-search").InMemoryToolHost;
declare function runMyTool(name: string, input: unknown): Promise<string>;
declare const myEmbedder: { nearest(query: string, texts: readonly string[], limit: number, signal?: AbortSignal): Promise<{ index: number; score: number }[]> };
declare const model: import("ai").LanguageModel;
declare const client: import("@anthropic-ai/sdk").default;
`;

/** One fenced block: its language, its first line number in the file (the fence's), its code. */
export interface CodeBlock {
	language: string;
	line: number;
	code: string;
}

/** A block that failed, with the compiler's messages (line numbers are the README's). */
export interface BlockFailure {
	block: CodeBlock;
	errors: string[];
}

/** Every fenced block of a Markdown text, in order. An unterminated fence is an error. */
export function extractCodeBlocks(markdown: string): CodeBlock[] {
	const lines = markdown.split("\n");
	const blocks: CodeBlock[] = [];
	for (let at = 0; at < lines.length; at++) {
		const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[at] ?? "");
		if (open === null) continue;
		const fence = open[2] as string;
		const start = at;
		const body: string[] = [];
		for (at++; at < lines.length && !(lines[at] ?? "").trim().startsWith(fence); at++) {
			body.push(lines[at] ?? "");
		}
		if (at >= lines.length) throw new Error(`line ${start + 1}: code block is never closed`);
		blocks.push({ language: (open[3] ?? "").toLowerCase(), line: start + 1, code: body.join("\n") });
	}
	return blocks;
}

function repoOptions(repoRoot: string): ts.CompilerOptions {
	const configPath = join(repoRoot, "tsconfig.json");
	const read = ts.readConfigFile(configPath, ts.sys.readFile);
	if (read.error !== undefined)
		throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, "\n"));
	const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, repoRoot, undefined, configPath);
	return {
		...parsed.options,
		noEmit: true,
		// Snippets show one step each: a value they set up and do not use again is not a mistake.
		noUnusedLocals: false,
		noUnusedParameters: false,
	};
}

/**
 * Type-checks the TypeScript blocks of `markdown`. Returns the failing blocks, plus a failure for
 * every block whose language is neither checked nor on the list of unchecked ones.
 */
export function checkReadme(
	markdown: string,
	repoRoot: string,
): { failures: BlockFailure[]; checked: number; skipped: CodeBlock[] } {
	const blocks = extractCodeBlocks(markdown);
	const failures: BlockFailure[] = [];
	const skipped: CodeBlock[] = [];
	const toCheck: CodeBlock[] = [];
	for (const block of blocks) {
		if (CHECKED.has(block.language)) {
			if (SKIP_MARKER.test(block.code.split("\n")[0] ?? "")) skipped.push(block);
			else toCheck.push(block);
		} else if (!UNCHECKED.has(block.language)) {
			const allowed = [...CHECKED, ...UNCHECKED].join(", ");
			failures.push({
				block,
				errors: [`code block language "${block.language}" is not one of ${allowed}`],
			});
		}
	}
	if (toCheck.length === 0) return { failures, checked: 0, skipped };

	const dir = mkdtempSync(join(tmpdir(), "readme-check-"));
	try {
		// The blocks import SDKs the way a reader's project does: from a node_modules beside them.
		symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
		const prelude = join(dir, "prelude.d.ts");
		writeFileSync(prelude, PRELUDE);
		const files = new Map<string, CodeBlock>();
		for (const block of toCheck) {
			const file = join(dir, `readme-line-${block.line}.ts`);
			// The trailing export makes every block a module (its own scope, top-level await).
			writeFileSync(file, `${block.code}\nexport {};\n`);
			files.set(file, block);
		}
		const program = ts.createProgram([prelude, ...files.keys()], repoOptions(repoRoot));
		const format = (diagnostic: ts.Diagnostic, block?: CodeBlock): string => {
			const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n    ");
			if (diagnostic.file === undefined || diagnostic.start === undefined)
				return `TS${diagnostic.code}: ${message}`;
			const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
			const where =
				block === undefined ? `${diagnostic.file.fileName}:${line + 1}` : `line ${block.line + 1 + line}`;
			const source = diagnostic.file.text.split("\n")[line]?.trim() ?? "";
			return `${where}: TS${diagnostic.code}: ${message}\n    > ${source}`;
		};
		const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
		const preludeFile = program.getSourceFile(prelude);
		if (preludeFile !== undefined) global.push(...program.getSemanticDiagnostics(preludeFile));
		if (global.length > 0) {
			failures.push({
				block: { language: "ts", line: 0, code: PRELUDE },
				errors: global.map((diagnostic) => format(diagnostic)),
			});
		}
		for (const [file, block] of files) {
			const source = program.getSourceFile(file);
			if (source === undefined) throw new Error(`${file} was not compiled`);
			const diagnostics = [
				...program.getSyntacticDiagnostics(source),
				...program.getSemanticDiagnostics(source),
			];
			if (diagnostics.length > 0) {
				failures.push({ block, errors: diagnostics.map((diagnostic) => format(diagnostic, block)) });
			}
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	return { failures, checked: toCheck.length, skipped };
}

function main(): void {
	const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
	const readme = resolve(process.argv[2] ?? join(repoRoot, "README.md"));
	const { failures, checked, skipped } = checkReadme(readFileSync(readme, "utf8"), repoRoot);
	for (const { block, errors } of failures) {
		const what =
			block.line === 0 ? "the prelude" : `the ${block.language || "untagged"} block at line ${block.line}`;
		console.error(`\n${readme}: ${what}:\n${block.code.replace(/^/gm, "  | ")}\n`);
		for (const error of errors) console.error(`  ${error}`);
	}
	const skips = skipped.map((block) => `line ${block.line}`).join(", ");
	const summary = `${checked} TypeScript blocks checked${skipped.length > 0 ? `, ${skipped.length} skipped (${skips})` : ""}`;
	if (failures.length > 0) {
		console.error(`\n${failures.length} failing block(s); ${summary}`);
		process.exit(1);
	}
	console.log(`README OK: ${summary}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
