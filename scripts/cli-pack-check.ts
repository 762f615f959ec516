/**
 * CLI pack check: does the `tool-search` command work, as the README shows it, for someone who
 * installs the tarball? After `npm run build`, this script
 *
 *   1. packs the package (`npm pack`) into a temporary folder;
 *   2. installs the tarball in an empty project, offline (`npm install --offline`: from npm's cache,
 *      which `npm ci` filled), with the MCP SDK and the reference servers the README's
 *      `servers.json` starts, at the versions of this repository's lockfile;
 *   3. writes the README's files of the "Command line" section (its blocks with `title="..."`) and
 *      runs each of its `npx tool-search ...` commands there: each must exit 0 and print what the
 *      README says it prints (the first lines of each `text` block after a command);
 *   4. runs `npx tool-search mcp --config servers.json` under a real MCP SDK client: `tool_search`
 *      is listed, finds a memory tool, the call is forwarded, and the process exits with its
 *      servers when the client leaves;
 *   5. installs the tarball alone in a second project: file commands work without the SDK, and
 *      `mcp` fails with the one line that says how to add it.
 *
 * npm runs with `--offline` throughout (`npm_config_offline`), `npx -y` included, so the check
 * cannot reach the network. Prints one line per check and exits 1 on any failure.
 *
 * Run: npm run build && npm run check:cli [-- --keep]
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { extractCodeBlocks } from "./check-readme.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SECTION = "## Command line";
/** What the project installs beside the tarball, at the lockfile's versions (so npm's cache has them). */
const BESIDE = [
	"@modelcontextprotocol/sdk",
	"@modelcontextprotocol/server-memory",
	"@modelcontextprotocol/server-filesystem",
];
const OFFLINE_ENV = {
	...process.env,
	npm_config_offline: "true",
	npm_config_audit: "false",
	npm_config_fund: "false",
};

let failures = 0;
function check(ok: boolean, line: string, details = ""): void {
	if (!ok) failures++;
	console.log(`${ok ? "ok  " : "FAIL"} ${line}`);
	if (!ok && details.trim() !== "") console.log(details.trim().replace(/^/gm, "       "));
}

interface Run {
	code: number | null;
	stdout: string;
	stderr: string;
}
function run(command: string, args: string[], cwd: string, timeoutMs = 120_000): Promise<Run> {
	return new Promise((done, fail) => {
		const child = spawn(command, args, { cwd, env: OFFLINE_ENV, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk) => {
			stdout += chunk;
		});
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
		child.on("error", fail);
		child.on("close", (code) => {
			clearTimeout(timer);
			done({ code, stdout, stderr });
		});
	});
}

/** The section's files (blocks with `title="name"`), its commands, and the output shown after each. */
function readmeSection(): { files: Map<string, string>; commands: { line: string; shown: string[] }[] } {
	const markdown = readFileSync(join(REPO, "README.md"), "utf8");
	const start = markdown.indexOf(`\n${SECTION}\n`);
	if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
	const end = markdown.indexOf("\n## ", start + SECTION.length + 2);
	const section = markdown.slice(start + 1, end < 0 ? undefined : end + 1);
	const fences = section.split("\n");
	const files = new Map<string, string>();
	const commands: { line: string; shown: string[] }[] = [];
	for (const block of extractCodeBlocks(section)) {
		const title = /title="([^"]+)"/.exec(fences[block.line - 1] ?? "")?.[1];
		if (title !== undefined) files.set(title, `${block.code}\n`);
		else if (block.language === "bash") {
			for (const line of block.code.split("\n")) {
				if (line.startsWith("npx tool-search "))
					commands.push({ line: line.replace(/\s+#.*$/, "").trim(), shown: [] });
			}
		} else if (block.language === "text" && commands.length > 0) {
			// The output shown after a command: its lines without timings, which vary.
			(commands.at(-1) as { shown: string[] }).shown = block.code
				.split("\n")
				.map((line) => line.replace(/ · [\d.]+ ms with indexing$/, ""));
		}
	}
	return { files, commands };
}

/** `npx tool-search a "b c" --d` to the arguments after `tool-search`. */
function words(line: string): string[] {
	return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? (match[2] as string)).slice(2);
}

function lockVersion(name: string): string {
	const lock = JSON.parse(readFileSync(join(REPO, "package-lock.json"), "utf8")) as {
		packages: Record<string, { version?: string }>;
	};
	const version = lock.packages[`node_modules/${name}`]?.version;
	if (version === undefined) throw new Error(`package-lock.json has no ${name}`);
	return version;
}

async function install(dir: string, tarball: string, beside: string[]): Promise<boolean> {
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, "package.json"),
		`${JSON.stringify({ name: "cli-check", private: true, type: "module" }, null, 2)}\n`,
	);
	const specs = [tarball, ...beside.map((name) => `${name}@${lockVersion(name)}`)];
	const started = performance.now();
	const installed = await run("npm", ["install", "--offline", "--no-package-lock", ...specs], dir, 300_000);
	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	check(
		installed.code === 0,
		`npm install --offline (${seconds}s) ${["the tarball", ...beside].join(", ")}`,
		`${installed.stderr}\n(npm's cache must hold them: run npm ci first)`,
	);
	return installed.code === 0;
}

async function readmeCommands(dir: string): Promise<void> {
	const { files, commands } = readmeSection();
	for (const [name, content] of files) writeFileSync(join(dir, name), content);
	check(
		files.size >= 3 && commands.length >= 4,
		`README "${SECTION}": ${files.size} files, ${commands.length} commands`,
	);
	for (const { line, shown } of commands) {
		const args = words(line);
		if (args[0] === "mcp") continue; // a server: run under a client below
		const result = await run("npx", ["tool-search", ...args], dir);
		const lines = result.stdout.split("\n").map((text) => text.replace(/ · [\d.]+ ms with indexing$/, ""));
		const missing = shown.filter((text) => !lines.includes(text));
		check(
			result.code === 0 && result.stdout.trim() !== "" && missing.length === 0,
			line,
			`exit ${result.code}\n${result.stderr}${missing.length > 0 ? `\nnot printed as the README shows:\n${missing.join("\n")}\nprinted:\n${result.stdout}` : ""}`,
		);
	}
}

async function mcpUnderClient(dir: string): Promise<void> {
	const { commands } = readmeSection();
	const line = commands.find((command) => words(command.line)[0] === "mcp")?.line;
	if (line === undefined) return check(false, "README shows npx tool-search mcp --config ...");
	const transport = new StdioClientTransport({
		command: "npx",
		args: ["tool-search", ...words(line)],
		cwd: dir,
		env: OFFLINE_ENV as Record<string, string>,
		stderr: "pipe",
	});
	let stderr = "";
	transport.stderr?.on("data", (chunk) => {
		stderr += chunk;
	});
	const client = new Client({ name: "cli-pack-check", version: "1.0.0" });
	try {
		await client.connect(transport);
		const listed = (await client.listTools()).tools.map((tool) => tool.name);
		check(
			listed[0] === "tool_search" && listed.includes("filesystem__read_file"),
			`${line}: lists ${listed.join(", ")}`,
			stderr,
		);
		const found = (await client.callTool({
			name: "tool_search",
			arguments: { query: "create entities in a knowledge graph", limit: 1 },
		})) as CallToolResult;
		const activated = (found.structuredContent as { activated_tools?: string[] }).activated_tools ?? [];
		check(activated[0] === "memory__create_entities", `  tool_search found ${activated.join(", ")}`, stderr);
		const entities = [{ name: "check", entityType: "test", observations: ["from the pack check"] }];
		const called = (await client.callTool({
			name: "memory__create_entities",
			arguments: { entities },
		})) as CallToolResult;
		check(
			called.isError !== true,
			"  memory__create_entities forwarded to server-memory",
			JSON.stringify(called),
		);
	} catch (error) {
		check(false, `${line}: ${(error as Error).message}`, stderr);
	}
	const pid = transport.pid;
	await client.close().catch(() => undefined);
	const gone = pid === null || (await exits(pid, 10_000));
	check(gone && /stopped \(stdin/.test(stderr), "  exits with its servers when the client leaves", stderr);
}

async function exits(pid: number, ms: number): Promise<boolean> {
	const until = Date.now() + ms;
	while (Date.now() < until) {
		try {
			process.kill(pid, 0);
		} catch {
			return true;
		}
		await new Promise((done) => setTimeout(done, 50));
	}
	return false;
}

async function withoutSdk(dir: string, tarball: string): Promise<void> {
	if (!(await install(dir, tarball, []))) return;
	for (const [name, content] of readmeSection().files) writeFileSync(join(dir, name), content);
	const search = await run(
		"npx",
		["tool-search", "search", "tools.json", "weather forecast", "-n", "1"],
		dir,
	);
	check(
		search.code === 0 && search.stdout.includes("weather__get_forecast"),
		"without the MCP SDK: search works",
		search.stderr,
	);
	const mcp = await run("npx", ["tool-search", "mcp", "--config", "servers.json"], dir);
	check(
		mcp.code === 1 &&
			/^tool-search: this needs the MCP SDK: npm install @modelcontextprotocol\/sdk/.test(mcp.stderr) &&
			mcp.stderr.split("\n").length === 2,
		"without the MCP SDK: mcp fails in one line saying how to add it",
		`exit ${mcp.code}\n${mcp.stderr}`,
	);
}

async function main(): Promise<number> {
	if (!existsSync(join(REPO, "dist", "cli", "main.js")))
		throw new Error("dist/cli/main.js is missing: run npm run build first");
	const root = mkdtempSync(join(tmpdir(), "tool-search-cli-check-"));
	const started = performance.now();
	try {
		const packed = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", root], REPO);
		const tarball = join(root, (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename ?? "");
		check(packed.code === 0 && existsSync(tarball), `npm pack: ${tarball}`, packed.stderr);
		const project = join(root, "project");
		if (await install(project, tarball, BESIDE)) {
			await readmeCommands(project);
			await mcpUnderClient(project);
		}
		await withoutSdk(join(root, "no-sdk"), tarball);
	} finally {
		if (process.argv.includes("--keep")) console.log(`kept: ${root}`);
		else rmSync(root, { recursive: true, force: true });
	}
	console.log(
		`\n${failures === 0 ? "CLI pack check passed" : `${failures} checks failed`} (${((performance.now() - started) / 1000).toFixed(1)}s)`,
	);
	return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
