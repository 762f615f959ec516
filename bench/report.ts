/** Formats the benchmark's results as plain-text tables. */
import type { WorkerResult } from "./worker.js";

/** A subject's result, or why it has none. */
export type SubjectOutcome = WorkerResult | { subject: string; error: string };

export function isResult(outcome: SubjectOutcome): outcome is WorkerResult {
	return !("error" in outcome);
}

/** Milliseconds with about three significant digits. */
export function formatMs(ms: number): string {
	if (!Number.isFinite(ms)) return "n/a";
	if (ms >= 100) return ms.toFixed(0);
	if (ms >= 10) return ms.toFixed(1);
	if (ms >= 1) return ms.toFixed(2);
	return ms.toFixed(3);
}

export function formatMb(bytes: number | undefined): string {
	if (bytes === undefined || !Number.isFinite(bytes)) return "n/a";
	return (bytes / 1024 / 1024).toFixed(1);
}

function formatFactor(factor: number): string {
	return factor >= 10 ? factor.toFixed(0) : factor.toFixed(1);
}

/**
 * "ours is N× faster" for `peer / ours` ≥ 1, else "N× slower" (`better`/`worse` name the
 * directions: faster/slower, smaller/larger).
 */
export function formatRatio(ours: number, peer: number, better: string, worse: string): string {
	if (!(ours > 0) || !(peer > 0) || !Number.isFinite(ours) || !Number.isFinite(peer)) return "n/a";
	const ratio = peer / ours;
	return ratio >= 1 ? `${formatFactor(ratio)}× ${better}` : `${formatFactor(1 / ratio)}× ${worse}`;
}

function pad(text: string, width: number, left = false): string {
	return left ? text.padEnd(width) : text.padStart(width);
}

/** Renders rows as columns: the first column left-aligned, the others right-aligned. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
	const widths = header.map((title, column) =>
		Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
	);
	const line = (cells: readonly string[]): string =>
		cells
			.map((cell, column) => pad(cell, widths[column] as number, column === 0))
			.join("  ")
			.trimEnd();
	const rule = widths.map((width) => "-".repeat(width)).join("  ");
	return [line(header), rule, ...rows.map(line)].join("\n");
}

function heapBytes(result: WorkerResult): number | undefined {
	return result.heap === null ? undefined : result.heap.bytes;
}

/** The table of one catalogue: one row per subject, ratios of ours to each peer. */
export function catalogueTable(outcomes: readonly SubjectOutcome[]): string {
	const ours = outcomes.find((outcome) => outcome.subject === "ours");
	const base = ours !== undefined && isResult(ours) ? ours : undefined;
	const header = [
		"subject",
		"build ms",
		"p50 ms",
		"p95 ms",
		"heap MB",
		"queries",
		"build",
		"p50",
		"p95",
		"heap",
	];
	const rows = outcomes.map((outcome): string[] => {
		if (!isResult(outcome)) return [outcome.subject, `failed: ${outcome.error}`];
		const queries = `${outcome.query.count}${outcome.query.capped ? "*" : ""}`;
		const row = [
			outcome.subject,
			formatMs(outcome.buildMedianMs),
			formatMs(outcome.query.p50Ms),
			formatMs(outcome.query.p95Ms),
			formatMb(heapBytes(outcome)),
			queries,
		];
		if (base === undefined || outcome === base) return row;
		const oursHeap = heapBytes(base) ?? Number.NaN;
		const peerHeap = heapBytes(outcome) ?? Number.NaN;
		row.push(
			formatRatio(base.buildMedianMs, outcome.buildMedianMs, "faster", "slower"),
			formatRatio(base.query.p50Ms, outcome.query.p50Ms, "faster", "slower"),
			formatRatio(base.query.p95Ms, outcome.query.p95Ms, "faster", "slower"),
			formatRatio(oursHeap, peerHeap, "smaller", "larger"),
		);
		return row;
	});
	return renderTable(header, rows);
}

function formatUs(us: number): string {
	if (!Number.isFinite(us)) return "n/a";
	return us >= 100 ? us.toFixed(0) : us >= 10 ? us.toFixed(1) : us.toFixed(2);
}

/** Ours' extra line: operations per tool, build split, save / load. */
export function oursLine(result: WorkerResult): string {
	const extra = result.ours;
	if (extra === undefined) return "";
	const parts: string[] = [];
	const { ops, saveLoad, breakdown } = extra;
	if (ops !== null) {
		parts.push(
			`add ${formatUs(ops.add.median)} µs (mean ${formatUs(ops.add.mean)})`,
			`remove ${formatUs(ops.remove.median)} µs (mean ${formatUs(ops.remove.mean)})`,
			`update ${formatUs(ops.update.median)} µs (mean ${formatUs(ops.update.mean)})`,
		);
	}
	if (saveLoad.available) {
		const same = saveLoad.sameResults === false ? ", DIFFERENT results after load" : "";
		parts.push(
			`save ${formatMs(saveLoad.saveMs ?? Number.NaN)} ms`,
			`load ${formatMs(saveLoad.loadMs ?? Number.NaN)} ms (${formatMb(saveLoad.chars)} MB JSON${same})`,
		);
	} else {
		parts.push("save n/a", `load n/a${saveLoad.note?.startsWith("failed") ? ` (${saveLoad.note})` : ""}`);
	}
	const count = ops === null ? "" : ` over ${ops.add.count} ops each`;
	const build = `build = documents ${formatMs(breakdown.documentsMs)} ms + index ${formatMs(breakdown.indexMs)} ms`;
	return `ours per tool (median${count}): ${parts.join(" · ")}\nours ${build}`;
}

/** Footnotes: capped query counts. */
export function footnotes(outcomes: readonly SubjectOutcome[]): string[] {
	const notes: string[] = [];
	for (const outcome of outcomes) {
		if (!isResult(outcome) || !outcome.query.capped) continue;
		notes.push(
			`* ${outcome.subject}: ${outcome.query.requested} queries would take ~${outcome.query.estimatedSeconds.toFixed(0)} s; capped at ${outcome.query.count}`,
		);
	}
	return notes;
}

/** A target and whether ours met it. */
export interface TargetCheck {
	label: string;
	met: boolean;
}

/**
 * The speed targets (issue 17) that apply to a catalogue of `tools` tools: at 100k, query p50 ≤ 1 ms
 * and p95 ≤ 5 ms, ≥ 10× faster than wink and ≥ 5× faster than flexsearch (p50), build ≤ 2.5 s,
 * heap ≤ 100 MB; on the bundled real catalogue (`small`, 527 tools), p50 no slower than wink's.
 * The whole-call and cold-start targets are printed with `bench/tool-search-call.ts`'s figures.
 */
export function targetChecks(
	outcomes: readonly SubjectOutcome[],
	tools: number,
	small = false,
): TargetCheck[] {
	const ours = outcomes.find((outcome) => outcome.subject === "ours");
	if (ours === undefined || !isResult(ours)) return [];
	if (small) {
		const wink = outcomes.find((outcome) => outcome.subject === "wink");
		if (wink === undefined || !isResult(wink)) return [];
		return [
			{
				label: `p50 ≤ wink's (${formatMs(ours.query.p50Ms)} vs ${formatMs(wink.query.p50Ms)} ms)`,
				met: ours.query.p50Ms <= wink.query.p50Ms,
			},
		];
	}
	if (tools < 100_000) return [];
	const checks: TargetCheck[] = [];
	for (const [peer, factor] of [
		["wink", 10],
		["flexsearch", 5],
	] as const) {
		const other = outcomes.find((outcome) => outcome.subject === peer);
		if (other === undefined || !isResult(other)) continue;
		const ratio = other.query.p50Ms / ours.query.p50Ms;
		checks.push({
			label: `p50 ≥ ${factor}× faster than ${peer} (${ratio.toFixed(1)}×)`,
			met: ratio >= factor,
		});
	}
	checks.push({ label: `p50 ≤ 1 ms (${formatMs(ours.query.p50Ms)})`, met: ours.query.p50Ms <= 1 });
	checks.push({ label: `p95 ≤ 5 ms (${formatMs(ours.query.p95Ms)})`, met: ours.query.p95Ms <= 5 });
	checks.push({
		label: `build ≤ 2.5 s (${formatMs(ours.buildMedianMs)} ms)`,
		met: ours.buildMedianMs <= 2500,
	});
	if (ours.heap !== null) {
		const mb = ours.heap.bytes / 1024 / 1024;
		checks.push({ label: `heap ≤ 100 MB (${mb.toFixed(1)})`, met: mb <= 100 });
	}
	return checks;
}
