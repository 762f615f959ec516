/** The whole-call and cold-start figures of `bench/tool-search-call.ts`, and how they are printed. */
import { formatMs } from "./report.js";

/** The figures of one run, as `--json` writes them. */
export interface CallFigures {
	size: number;
	firstCallMs: number;
	versioned: { p50Ms: number; p95Ms: number; calls: number };
	unversioned: { p50Ms: number; p95Ms: number; calls: number };
	save: { ms: number; bytes: number };
	coldStart: { loadMs: number; firstCallMs: number; totalMs: number };
	coldStartUnversioned: { loadMs: number; firstCallMs: number; totalMs: number };
}

/** The report lines, with the issue-17 targets for the whole call and the cold start. */
export function callLines(figures: CallFigures): string[] {
	const ms = formatMs;
	const { versioned: v, unversioned: u, coldStart: cold, coldStartUnversioned: coldU } = figures;
	return [
		`first call, from nothing (documents + index):      ${ms(figures.firstCallMs)} ms`,
		`later calls, host with getCatalogVersion:          p50 ${ms(v.p50Ms)} ms · p95 ${ms(v.p95Ms)} ms (${v.calls} calls)`,
		`later calls, host without (every tool compared):   p50 ${ms(u.p50Ms)} ms · p95 ${ms(u.p95Ms)} ms`,
		`save the ranker (saveRanker, binary):              ${ms(figures.save.ms)} ms · ${(figures.save.bytes / 1e6).toFixed(1)} MB`,
		`cold start at the saved version (fresh process):   load ${ms(cold.loadMs)} ms + first call ${ms(cold.firstCallMs)} ms = ${ms(cold.totalMs)} ms`,
		`cold start, host without a version:                load ${ms(coldU.loadMs)} ms + first call ${ms(coldU.firstCallMs)} ms = ${ms(coldU.totalMs)} ms`,
		`targets: whole call p50 ≤ 2 ms (${ms(v.p50Ms)}) ${v.p50Ms <= 2 ? "met" : "MISSED"} · cold start ≤ 300 ms (${ms(cold.totalMs)}) ${cold.totalMs <= 300 ? "met" : "MISSED"}`,
	];
}
