/**
 * Slow inputs: properties that time their calls note the slowest here. They are reported at the
 * end of a run, not counted as failures (timing depends on the machine).
 */
const notes: { ms: number; text: string }[] = [];

/** Notes a call that took `ms` when it is past `thresholdMs`. */
export function noteSlow(property: string, ms: number, thresholdMs: number, what: () => string): void {
	if (ms < thresholdMs) return;
	notes.push({ ms, text: `${property}: ${ms.toFixed(0)} ms for ${what()}` });
}

/** The slow inputs seen, slowest first. */
export function slowInputs(): string[] {
	return [...notes].sort((a, b) => b.ms - a.ms).map((note) => note.text);
}
