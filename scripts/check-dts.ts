/**
 * After `npm run build`: no declaration file of the package may carry an `@internal` name or one of
 * the engine's internal types, so nothing internal reaches a user's editor.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const INTERNAL = /@internal|\b(IndexStore|Postings|SlotLists|KeyMap|ScoringContext|beginMarks|isMarked)\b/;

function declarationFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return declarationFiles(path);
		return /\.d\.c?ts$/.test(name) ? [path] : [];
	});
}

const files = declarationFiles("dist");
if (files.length === 0) throw new Error("no .d.ts files in dist: run npm run build first");
const leaks = files.flatMap((file) =>
	readFileSync(file, "utf8")
		.split("\n")
		.flatMap((line, at) => (INTERNAL.test(line) ? [`${file}:${at + 1}: ${line.trim()}`] : [])),
);
if (leaks.length > 0) {
	console.error(`internal names in the published declarations:\n${leaks.join("\n")}`);
	process.exit(1);
}
console.log(`${files.length} declaration files, no internal names`);
