/**
 * `--name N` from the command line as a positive integer, or `fallback` when absent or not one.
 * For the small benchmark scripts (`bench/run.ts` parses its own, richer arguments).
 */
export function flag(name: string, fallback: number): number {
	const at = process.argv.indexOf(name);
	const value = at < 0 ? undefined : Number(process.argv[at + 1]);
	return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}
