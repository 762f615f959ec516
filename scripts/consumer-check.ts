/**
 * Consumer check: does the packed tarball work, as the README shows it, for someone who installs it
 * today with the latest SDKs? After `npm run build`, this script
 *
 *   1. packs the package (`npm pack`) into a temporary directory;
 *   2. creates one consumer project per SDK matrix (below) and installs the tarball plus the SDKs
 *      from the registry, at the newest version within each supported major, and prints the
 *      versions that were resolved (read from each installed package.json);
 *   3. type-checks every TypeScript block of README.md (with check-readme's prelude of `declare
 *      const` stand-ins) and every `examples/*.ts` with the project's `tsc --noEmit` under a strict
 *      tsconfig, with `moduleResolution: NodeNext` (both matrices) and `Bundler` (ai 6).
 *      `tool-search*` imports resolve to the installed tarball's `dist` declarations, not to the
 *      repository's `src` (checked with `--listFiles`);
 *   4. runs every example with tsx, and runs the README host blocks that can run offline against
 *      the real SDK clients with a preloaded `fetch` stub (scripts/consumer-check/stub-fetch.mjs)
 *      that plays a scripted model: tool_search, then the tool it found, then a final answer. Any
 *      other HTTP request fails (and fails the check). The examples run with the stub too, so they
 *      cannot reach the network either. Not run: the MCP block (it starts real servers with
 *      `npx -y`) and pi sessions (pi 1.x needs Node 22; the pi blocks are imported, not run).
 *
 * Prints one line per check, a summary, and exits 1 on any failure.
 *
 * Run: npm run build && npm run check:consumer [-- --keep] [-- --only ai6]
 *   --keep        keep the temporary projects (their path is printed)
 *   --only NAMES  run these matrices (comma-separated: ai6, ai7, ai6-anthropic4)
 * Env: CONSUMER_CHECK_NPM_CACHE=dir  npm cache to install from (default: npm's own, shared with
 *      `npm ci`, so a warm cache makes installs fast; metadata is still revalidated, so "latest" is
 *      the registry's latest).
 */
import { type SpawnOptions, spawn } from "node:child_process";
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from "node:fs";
import { cpus, tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CHECKED, type CodeBlock, extractCodeBlocks, PRELUDE, SKIP_MARKER } from "./check-readme.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STUB = join(REPO, "scripts", "consumer-check", "stub-fetch.mjs");
const FINAL_TEXT = "Done (stub model)."; // what stub-fetch.mjs's model answers last

/**
 * What every consumer project installs, and why each is pinned where it is:
 * - SDKs follow their registry's newest release within each major we support, so a new release
 *   that breaks an example fails here first. `@anthropic-ai/sdk` and `openai` take `latest` (a new
 *   major is what users get on `npm install`; the adapters import nothing from them, only types).
 * - `@modelcontextprotocol/sdk@1`: our peer range is ^1.20.
 * - `@earendil-works/pi-coding-agent@1` (pi 1.x): types only. Its package root needs Node ≥ 22.19
 *   (engines), so nothing here imports it at run time; examples/pi.ts uses `import type`.
 * - `wink-bm25-text-search@3`: our peer range is ^3.1.2.
 * - Tooling, not under test: `typescript@5.9` (the compiler the package's declarations are built
 *   and checked with), `@types/node@20` (the oldest Node in `engines`), `tsx@4`, and
 *   `vitest@4.1.12` (the README's `tool-search/testing` block registers its matcher with vitest;
 *   the version this repository tests with, which runs on Node 20).
 */
const COMMON: Record<string, string> = {
	"@modelcontextprotocol/sdk": "1",
	"@anthropic-ai/sdk": "latest",
	openai: "latest",
	"@earendil-works/pi-coding-agent": "1",
	"wink-bm25-text-search": "3",
	typescript: "5.9",
	tsx: "4",
	"@types/node": "20",
	vitest: "4.1.12",
};

/**
 * The AI SDK matrix. `ai` 6 only accepts provider v2/v3 models, so it pairs with
 * `@ai-sdk/anthropic@3`; `@ai-sdk/anthropic@4` (v4 models) needs `ai` 7 (see README, Vercel AI SDK).
 * Both projects get every other SDK too, so every block and example is checked in both. Module
 * resolution: NodeNext in both (what a Node project has); Bundler once (the declarations it reads
 * are the same `import` ones, so a second matrix would add time, not coverage).
 *
 * `ai6-anthropic4` is the pairing the README warns against; it is not run by default. Run it with
 * `--only ai6-anthropic4` to see this check fail the way users did (TS2322 and
 * `Unsupported model version v4`).
 */
const MATRICES: { name: string; sdks: Record<string, string>; resolutions: string[]; optIn?: true }[] = [
	{
		name: "ai6",
		sdks: { ai: "6", "@ai-sdk/anthropic": "3", ...COMMON },
		resolutions: ["NodeNext", "Bundler"],
	},
	{ name: "ai7", sdks: { ai: "7", "@ai-sdk/anthropic": "4", ...COMMON }, resolutions: ["NodeNext"] },
	{
		name: "ai6-anthropic4",
		sdks: { ai: "6", "@ai-sdk/anthropic": "4", ...COMMON },
		resolutions: ["NodeNext"],
		optIn: true,
	},
];

/** Versions printed besides the ones installed by name: what came in transitively. */
const ALSO_REPORTED = ["zod", "typebox", "@ai-sdk/provider"];

/** Compiler options of the consumer projects: the repository's strictness, no path mapping. */
const STRICT = {
	target: "ES2022",
	lib: ["ES2022"],
	types: ["node"],
	strict: true,
	noUncheckedIndexedAccess: true,
	exactOptionalPropertyTypes: true,
	noImplicitOverride: true,
	noImplicitReturns: true,
	noFallthroughCasesInSwitch: true,
	useUnknownInCatchVariables: true,
	verbatimModuleSyntax: true,
	isolatedModules: true,
	resolveJsonModule: true,
	// Required: pi 1.x's declarations import `.ts` files and JSON without attributes (TS1543).
	skipLibCheck: true,
	noEmit: true,
};
const RESOLUTIONS: Record<string, Record<string, string>> = {
	NodeNext: { module: "NodeNext", moduleResolution: "NodeNext" },
	Bundler: { module: "ESNext", moduleResolution: "Bundler" },
};

/**
 * How each README host block is exercised, by the `tool-search/*` entry it imports. `query` is what
 * the stub model asks tool_search for; it must find one of the block's tools. A block importing
 * none of these entries is type-checked only (it uses the reader's own values from the prelude).
 */
const HOSTS: Record<string, { run: "stub"; query: string } | { run: "load" } | { run: "none"; why: string }> =
	{
		"tool-search/ai-sdk": { run: "stub", query: "weather forecast" },
		"tool-search/anthropic": { run: "stub", query: "open an issue" },
		"tool-search/openai": { run: "stub", query: "open an issue" },
		// A pi extension runs inside a pi session, and pi 1.x needs Node 22: check that the module
		// loads on Node 20 (no pi import at run time) and default-exports the extension factory.
		"tool-search/pi": { run: "load" },
		"tool-search/mcp": {
			run: "none",
			why: "starts real MCP servers with `npx -y` (network, child processes); examples/mcp.ts runs the proxy in memory",
		},
	};

// ---------------------------------------------------------------------------------------------

interface Result {
	ok: boolean;
	skipped?: boolean;
	line: string;
	details?: string;
}
const results: Result[] = [];
function report(result: Result): void {
	results.push(result);
	const tag = result.skipped === true ? "--  " : result.ok ? "ok  " : "FAIL";
	console.log(`${tag} ${result.line}`);
	if (result.details !== undefined && result.details.trim() !== "") {
		console.log(result.details.replace(/\s+$/, "").replace(/^/gm, "       "));
	}
}

interface Run {
	code: number | null;
	stdout: string;
	stderr: string;
	timedOut: boolean;
}
function run(
	command: string,
	args: string[],
	options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<Run> {
	return new Promise((done, fail) => {
		const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		let timedOut = false;
		child.stdout?.on("data", (chunk) => {
			stdout += chunk;
		});
		child.stderr?.on("data", (chunk) => {
			stderr += chunk;
		});
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill("SIGKILL");
		}, options.timeoutMs ?? 120_000);
		child.on("error", fail);
		child.on("close", (code) => {
			clearTimeout(timer);
			done({ code, stdout, stderr, timedOut });
		});
	});
}

/** Runs `jobs` with at most `limit` at a time, in order of start. */
async function pool<T>(limit: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
	const out: T[] = new Array(jobs.length);
	let next = 0;
	const worker = async () => {
		while (next < jobs.length) {
			const at = next++;
			out[at] = await (jobs[at] as () => Promise<T>)();
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
	return out;
}

const tail = (text: string, lines = 25) => text.trim().split("\n").slice(-lines).join("\n");
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;

// ---------------------------------------------------------------------------------------------

interface ReadmeBlock extends CodeBlock {
	section: string;
	entry: string | undefined;
	file: string; // relative to the project: readme/readme-line-N.ts
}

/** The README's TypeScript blocks (as check-readme selects them), with their section heading. */
function readmeBlocks(markdown: string): { blocks: ReadmeBlock[]; skipped: CodeBlock[] } {
	const lines = markdown.split("\n");
	const blocks: ReadmeBlock[] = [];
	const skipped: CodeBlock[] = [];
	for (const block of extractCodeBlocks(markdown)) {
		if (!CHECKED.has(block.language)) continue;
		if (SKIP_MARKER.test(block.code.split("\n")[0] ?? "")) {
			skipped.push(block);
			continue;
		}
		let section = "";
		for (let at = block.line - 1; at >= 0 && section === ""; at--) {
			const heading = /^#{1,6}\s+(.*)$/.exec(lines[at] ?? "");
			if (heading !== null) section = heading[1] as string;
		}
		const entry = Object.keys(HOSTS).find((name) => new RegExp(`from "${name}"`).test(block.code));
		blocks.push({ ...block, section, entry, file: `readme/readme-line-${block.line}.ts` });
	}
	return { blocks, skipped };
}

/** The data files the examples read with relative URLs (`../data/x.json`). */
function dataFilesOf(source: string): string[] {
	return [...source.matchAll(/["'`]\.\.\/(data\/[\w./-]+)["'`]/g)].map((match) => match[1] as string);
}

async function pack(into: string): Promise<string> {
	if (!existsSync(join(REPO, "dist", "index.js"))) {
		throw new Error("dist/ is missing: run `npm run build` first");
	}
	const packed = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", into], {
		cwd: REPO,
	});
	if (packed.code !== 0) throw new Error(`npm pack failed:\n${tail(packed.stderr)}`);
	const [info] = JSON.parse(packed.stdout) as { filename: string }[];
	if (info === undefined) throw new Error(`npm pack printed no file:\n${packed.stdout}`);
	return join(into, info.filename);
}

/** Creates and installs one consumer project. Returns its directory, or undefined if install failed. */
async function install(root: string, name: string, tarball: string, sdks: Record<string, string>) {
	const dir = join(root, name);
	mkdirSync(dir, { recursive: true });
	const dependencies = Object.fromEntries([
		["tool-search", `file:${relative(dir, tarball)}`],
		...Object.entries(sdks),
	]);
	writeFileSync(
		join(dir, "package.json"),
		`${JSON.stringify({ name: `consumer-${name}`, private: true, type: "module", dependencies }, null, 2)}\n`,
	);
	const args = ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"];
	const cache = process.env.CONSUMER_CHECK_NPM_CACHE;
	if (cache !== undefined && cache !== "") args.push("--cache", cache);
	const started = performance.now();
	const installed = await run("npm", args, { cwd: dir, timeoutMs: 300_000 });
	const specs = Object.entries(sdks)
		.map(([pkg, range]) => `${pkg}@${range}`)
		.join(" ");
	if (installed.code !== 0) {
		report({
			ok: false,
			line: `[${name}] npm install ${specs}`,
			details: tail(installed.stderr || installed.stdout),
		});
		return undefined;
	}
	report({ ok: true, line: `[${name}] npm install (${seconds(started)}) ${specs}` });
	const version = (pkg: string) => {
		const file = join(dir, "node_modules", pkg, "package.json");
		return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version : "-";
	};
	const versions = ["tool-search", ...Object.keys(sdks), ...ALSO_REPORTED].map(
		(pkg) => `${pkg} ${version(pkg)}`,
	);
	const nested = join("tool-search", "node_modules", "typebox");
	if (existsSync(join(dir, "node_modules", nested)))
		versions.push(`tool-search's own typebox ${version(nested)}`);
	console.log(`     [${name}] resolved: ${versions.join(", ")}; node ${process.version}`);
	return dir;
}

/** Writes the sources to check into a project: README blocks, prelude, examples, their data, tsconfigs. */
function populate(dir: string, blocks: ReadmeBlock[], examples: string[]): void {
	mkdirSync(join(dir, "readme"), { recursive: true });
	mkdirSync(join(dir, "examples"), { recursive: true });
	writeFileSync(join(dir, "readme", "prelude.d.ts"), PRELUDE);
	for (const block of blocks) {
		// The trailing export makes every block a module (its own scope, top-level await).
		writeFileSync(join(dir, block.file), `${block.code}\nexport {};\n`);
	}
	for (const example of examples) {
		const source = readFileSync(join(REPO, "examples", example), "utf8");
		writeFileSync(join(dir, "examples", example), source);
		for (const data of dataFilesOf(source)) {
			mkdirSync(dirname(join(dir, data)), { recursive: true });
			cpSync(join(REPO, data), join(dir, data));
		}
	}
	for (const [resolution, options] of Object.entries(RESOLUTIONS)) {
		// One program for blocks and examples (a program costs ~20 s of CPU, mostly the SDKs' types).
		// The examples thus also see the prelude's globals; `npm run typecheck` compiles them without.
		const config = { compilerOptions: { ...STRICT, ...options }, include: ["readme", "examples"] };
		writeFileSync(join(dir, `tsconfig.${resolution}.json`), `${JSON.stringify(config, null, 2)}\n`);
	}
}

/** `tsc --noEmit -p` one config; one result line per file that should compile. */
async function typecheck(
	matrix: string,
	dir: string,
	resolution: string,
	files: { file: string; label: string; readmeLine?: number }[],
): Promise<void> {
	const tsc = join(dir, "node_modules", "typescript", "bin", "tsc");
	const started = performance.now();
	const args = [tsc, "-p", `tsconfig.${resolution}.json`, "--pretty", "false", "--listFiles"];
	const out = await run(process.execPath, args, { cwd: dir });
	const byFile = new Map<string, string[]>();
	const listed: string[] = [];
	let current: string[] | undefined;
	for (const line of out.stdout.split("\n")) {
		if (/^\/\S+$/.test(line)) {
			listed.push(line); // --listFiles: every file in the program, absolute
			continue;
		}
		const diagnostic = /^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+: .*)$/.exec(line);
		if (diagnostic !== null) {
			const [, file = "", row = "0", , , message = ""] = diagnostic;
			const known = files.find((entry) => entry.file === file);
			const where =
				known?.readmeLine !== undefined ? `README.md:${known.readmeLine + Number(row)}` : `${file}:${row}`;
			current = byFile.get(known === undefined ? "" : file) ?? [];
			byFile.set(known === undefined ? "" : file, current);
			current.push(`${where}: ${message}`);
		} else if (line.trim() !== "" && current !== undefined) {
			current.push(`  ${line.trim()}`);
		} else if (line.trim() !== "") {
			byFile.set("", [...(byFile.get("") ?? []), line]);
		}
	}
	if (out.code !== 0 && byFile.size === 0)
		byFile.set("", [tail(out.stdout || out.stderr) || `exit ${out.code}`]);
	const other = byFile.get("");
	if (other !== undefined) {
		report({
			ok: false,
			line: `[${matrix}] tsc ${resolution}: errors outside the checked files`,
			details: other.join("\n"),
		});
	}
	// The blocks and examples must have been checked against the tarball's declarations.
	const ours = listed.filter(
		(file) =>
			file.includes("/node_modules/tool-search/") &&
			!file.includes("/node_modules/tool-search/node_modules/"),
	);
	const notDist = [...ours.filter((file) => !file.includes("/node_modules/tool-search/dist/"))];
	notDist.push(...listed.filter((file) => file.startsWith(`${REPO}/`)));
	report({
		ok: ours.length > 0 && notDist.length === 0,
		line: `[${matrix}] tsc ${resolution.padEnd(8)} tool-search types come from the tarball's dist/ (${ours.length} files)`,
		...(notDist.length === 0 ? {} : { details: `also compiled:\n${notDist.slice(0, 10).join("\n")}` }),
	});
	for (const { file, label } of files) {
		const errors = byFile.get(file);
		report({
			ok: errors === undefined,
			line: `[${matrix}] tsc ${resolution.padEnd(8)} ${label}`,
			...(errors === undefined ? {} : { details: errors.join("\n") }),
		});
	}
	console.log(`     [${matrix}] tsc ${resolution}: ${files.length} files in ${seconds(started)}`);
}

interface StubEntry {
	api: string;
	url: string;
	step: string;
	called?: string;
	declared?: boolean;
	declaredSearch?: boolean;
	found?: string[];
	resultOf?: string;
	resultIsError?: boolean;
	result?: string;
	error?: string;
}

/** Runs one file with tsx and the fetch stub; returns the problems found (empty: it passed). */
async function runFile(
	dir: string,
	file: string,
	scripted: { query: string } | undefined,
): Promise<string[]> {
	const log = join(dir, `stub-log-${basename(file)}.jsonl`);
	rmSync(log, { force: true });
	const env: NodeJS.ProcessEnv = {
		...process.env,
		STUB_LOG: log,
		STUB_QUERY: scripted?.query ?? "",
		// The SDK clients need a key to build a request; the stub never checks it.
		ANTHROPIC_API_KEY: "sk-ant-consumer-check",
		OPENAI_API_KEY: "sk-consumer-check",
		NO_COLOR: "1",
	};
	for (const variable of ["ANTHROPIC_BASE_URL", "OPENAI_BASE_URL", "ANTHROPIC_AUTH_TOKEN", "OPENAI_ORG_ID"]) {
		delete env[variable];
	}
	const out = await run(process.execPath, ["--import", "tsx", "--import", STUB, file], {
		cwd: dir,
		env,
		timeoutMs: 120_000,
	});
	const entries: StubEntry[] = existsSync(log)
		? readFileSync(log, "utf8")
				.split("\n")
				.filter((line) => line !== "")
				.map((line) => JSON.parse(line) as StubEntry)
		: [];
	const problems: string[] = [];
	for (const entry of entries.filter((e) => e.api === "unstubbed")) {
		problems.push(`made a request the stub does not answer: ${entry.url}`);
	}
	if (out.timedOut) problems.push("timed out after 120 s");
	else if (out.code !== 0) problems.push(`exit code ${out.code}:\n${tail(out.stderr || out.stdout)}`);
	if (scripted !== undefined) {
		const steps = entries.map((entry) => entry.step).join(" → ");
		if (steps !== "search → call → final") {
			problems.push(
				`the scripted model expected 3 requests (search → call → final), got: ${steps || "none"}`,
			);
		}
		for (const entry of entries) {
			if (entry.error !== undefined)
				problems.push(`${entry.step}: ${entry.error} (query ${JSON.stringify(scripted.query)})`);
			if (entry.step === "search" && entry.declaredSearch === false)
				problems.push("the first request does not declare tool_search");
			if (entry.step === "call" && entry.declared === false)
				problems.push(`the request after the search does not declare ${entry.called}`);
			if (entry.step === "final" && entry.resultIsError === true)
				problems.push(`the call to the found tool was refused: ${entry.result}`);
		}
		if (!out.stdout.includes(FINAL_TEXT)) {
			problems.push(`the final answer was not printed; stdout:\n${tail(out.stdout, 10)}`);
		}
	}
	return problems;
}

function runChecks(
	matrix: string,
	dir: string,
	blocks: ReadmeBlock[],
	examples: string[],
): (() => Promise<void>)[] {
	const jobs: (() => Promise<void>)[] = [];
	for (const example of examples) {
		jobs.push(async () => {
			const started = performance.now();
			const problems = await runFile(dir, `examples/${example}`, undefined);
			report({
				ok: problems.length === 0,
				line: `[${matrix}] run      examples/${example} (${seconds(started)})`,
				details: problems.join("\n"),
			});
		});
	}
	for (const block of blocks) {
		const label = `README.md:${block.line} (${block.section})`;
		const host = block.entry === undefined ? undefined : HOSTS[block.entry];
		if (host === undefined) continue; // not a host block: type-checked only, as its own line says
		if (host.run === "none") {
			report({
				ok: true,
				skipped: true,
				line: `[${matrix}] not run  ${label}: type-checked only; ${host.why}`,
			});
			continue;
		}
		if (host.run === "load") {
			jobs.push(async () => {
				const loader = join(dir, `load-${block.line}.ts`);
				writeFileSync(
					loader,
					`const loaded = await import("./${block.file}");\n` +
						`if (typeof loaded.default !== "function") throw new Error("default export is " + typeof loaded.default + ", not an extension factory");\n`,
				);
				const problems = await runFile(dir, basename(loader), undefined);
				report({
					ok: problems.length === 0,
					line: `[${matrix}] load     ${label}: imports on Node ${process.versions.node.split(".")[0]}, default-exports a factory (a pi session is not run)`,
					details: problems.join("\n"),
				});
			});
			continue;
		}
		jobs.push(async () => {
			const started = performance.now();
			const problems = await runFile(dir, block.file, { query: host.query });
			report({
				ok: problems.length === 0,
				line: `[${matrix}] run      ${label} against the stub (tool_search → tool → answer) (${seconds(started)})`,
				details: problems.join("\n"),
			});
		});
	}
	return jobs;
}

async function main(): Promise<void> {
	const started = performance.now();
	const argv = process.argv.slice(2);
	const keep = argv.includes("--keep");
	const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : undefined;
	const matrices = MATRICES.filter((matrix) =>
		only === undefined ? matrix.optIn !== true : only.split(",").includes(matrix.name),
	);
	if (matrices.length === 0)
		throw new Error(`--only ${only}: no such matrix (${MATRICES.map((m) => m.name)})`);

	const root = mkdtempSync(join(tmpdir(), "tool-search-consumer-"));
	try {
		const tarball = await pack(root);
		console.log(`     packed ${basename(tarball)} into ${root}`);
		const { blocks, skipped } = readmeBlocks(readFileSync(join(REPO, "README.md"), "utf8"));
		for (const block of skipped) {
			report({ ok: true, skipped: true, line: `README.md:${block.line}: marked readme-check: skip` });
		}
		const examples = readdirSync(join(REPO, "examples")).filter((file) => file.endsWith(".ts"));
		examples.sort();

		// Installs are network-bound: run them side by side.
		const dirs = await Promise.all(
			matrices.map((matrix) => install(root, matrix.name, tarball, matrix.sdks)),
		);
		// Then one queue, as many at a time as there are cores: the compiler runs first (longest).
		const compile: (() => Promise<void>)[] = [];
		const runs: (() => Promise<void>)[] = [];
		for (const [at, matrix] of matrices.entries()) {
			const dir = dirs[at];
			if (dir === undefined) continue;
			populate(dir, blocks, examples);
			const files = [
				...blocks.map((block) => ({
					file: block.file,
					label: `README.md:${block.line} (${block.section})`,
					readmeLine: block.line,
				})),
				...examples.map((example) => ({ file: `examples/${example}`, label: `examples/${example}` })),
			];
			for (const resolution of matrix.resolutions) {
				compile.push(() => typecheck(matrix.name, dir, resolution, files));
			}
			runs.push(...runChecks(matrix.name, dir, blocks, examples));
		}
		await pool(Math.max(1, cpus().length), [...compile, ...runs]);
	} finally {
		if (keep) console.log(`     kept ${root}`);
		else rmSync(root, { recursive: true, force: true });
	}

	const failed = results.filter((result) => !result.ok);
	const notRun = results.filter((result) => result.skipped === true);
	const passed = results.length - failed.length - notRun.length;
	console.log(
		`\nconsumer check: ${passed} ok, ${failed.length} failed, ${notRun.length} not run ` +
			`(${matrices.map((m) => m.name).join(", ")}; ${seconds(started)})`,
	);
	if (failed.length > 0) process.exit(1);
}

main().catch((error: unknown) => {
	console.error(`FAIL consumer check: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
});
