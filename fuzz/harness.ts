/**
 * The fuzz suite's runner: named fast-check properties run programmatically (`fc.check`), each with
 * its own seed derived from the run's seed and its name, so `--only` reproduces what a full run saw.
 */
import fc from "fast-check";

/** One named property of the suite. */
export interface FuzzProperty {
	/** `concept/check`, e.g. `tool-arguments/never-throws`. */
	readonly name: string;
	/** What it checks, one line. */
	readonly summary: string;
	/** Inputs at full scale (the default run). */
	readonly runs: number;
	/** The property; built anew for each run of the suite. */
	property(): fc.IRawProperty<unknown, boolean>;
	/** Stops generating and shrinking after this long (a failure found by then is still reported). */
	readonly timeLimitMs?: number;
	/** Called once after the property ran, pass or fail (closes servers, ...). */
	teardown?(): Promise<void> | void;
}

/** What one property's run gave. */
export interface PropertyReport {
	name: string;
	seed: number;
	planned: number;
	inputs: number;
	shrinks: number;
	failures: number;
	interrupted: boolean;
	ms: number;
	failure?: {
		path: string;
		counterexample: string;
		error: string;
		replay: string;
	};
}

/** Derives a property's seed from the run's seed and its name (FNV-1a, 32 bits). */
export function propertySeed(seed: number, name: string): number {
	let hash = 0x811c9dc5 ^ (seed | 0);
	for (let i = 0; i < name.length; i++) {
		hash ^= name.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash | 0;
}

/** `value`'s text, cut to `max` characters with a note of how much was left out. */
export function truncate(text: string, max: number): string {
	if (text.length <= max) return text;
	return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** Stringifies a counterexample safely (proxies and getters may throw) and shortly. */
export function show(value: unknown, max = 1500): string {
	try {
		return truncate(fc.stringify(value), max);
	} catch (error) {
		return `<unprintable: ${error instanceof Error ? error.message : String(error)}>`;
	}
}

/** Failures the process saw outside any call the property awaited (unhandled rejections, ...). */
export const stray: string[] = [];

/** A property run whose failure mentions `error` (kept short). */
function errorText(error: unknown): string {
	if (error instanceof Error) return truncate(error.stack ?? `${error.name}: ${error.message}`, 1200);
	return show(error, 600);
}

export interface RunOptions {
	/** The run's seed. */
	seed: number;
	/** Inputs for this property. */
	numRuns: number;
	/** Replays this path of a failure (with the same seed). */
	path?: string | undefined;
	/** Stops generating new inputs (and shrinking) after this long. */
	timeLimitMs: number;
}

/** Runs one property and reports it. Never throws. */
export async function runProperty(property: FuzzProperty, options: RunOptions): Promise<PropertyReport> {
	const seed = propertySeed(options.seed, property.name);
	const started = performance.now();
	const strayBefore = stray.length;
	let details: fc.RunDetails<unknown>;
	try {
		details = await fc.check(property.property() as fc.IRawProperty<unknown>, {
			numRuns: options.numRuns,
			seed,
			...(options.path === undefined ? {} : { path: options.path }),
			interruptAfterTimeLimit: Math.min(
				options.timeLimitMs,
				property.timeLimitMs ?? Number.POSITIVE_INFINITY,
			),
			markInterruptAsFailure: false,
			// Hostile inputs can be huge: fast-check's own report is not used.
			includeErrorInReport: false,
		});
	} catch (error) {
		return {
			name: property.name,
			seed,
			planned: options.numRuns,
			inputs: 0,
			shrinks: 0,
			failures: 1,
			interrupted: false,
			ms: performance.now() - started,
			failure: { path: "", counterexample: "", error: `the runner threw: ${errorText(error)}`, replay: "" },
		};
	} finally {
		try {
			await property.teardown?.();
		} catch (error) {
			stray.push(`${property.name}: teardown threw ${errorText(error)}`);
		}
	}
	const ms = performance.now() - started;
	const report: PropertyReport = {
		name: property.name,
		seed,
		planned: options.numRuns,
		inputs: details.numRuns,
		shrinks: details.numShrinks,
		failures: details.failed ? 1 : 0,
		interrupted: details.interrupted,
		ms,
	};
	const replay = `npm run fuzz -- --seed ${options.seed} --only ${property.name}`;
	if (details.failed) {
		report.failure = {
			path: details.counterexamplePath ?? "",
			counterexample: show(details.counterexample),
			error: errorText(details.errorInstance),
			replay: `${replay} --runs ${options.numRuns} --path ${details.counterexamplePath ?? ""}`,
		};
	}
	const strays = stray.slice(strayBefore);
	if (strays.length > 0 && report.failure === undefined) {
		report.failures = 1;
		report.failure = {
			path: "",
			counterexample: "",
			error: `outside the awaited calls: ${truncate(strays.join("\n"), 1500)}`,
			replay,
		};
	}
	return report;
}

// ---------------------------------------------------------------------------------------------
// Helpers for the properties
// ---------------------------------------------------------------------------------------------

/** Thrown by {@link withTimeout} when a call did not settle in time: the property fails (a hang). */
export class HangError extends Error {
	override name = "HangError";
}

/** `promise`, or a {@link HangError} after `ms`. The timer never keeps the process alive. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new HangError(`${what} did not settle within ${ms} ms`)), ms);
		timer.unref?.();
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A property's check: throws a readable error when `condition` is false. */
export function check(condition: boolean, message: string | (() => string)): asserts condition {
	if (!condition) throw new Error(typeof message === "string" ? message : message());
}

/**
 * Freezes `value` and what is reachable through its own properties (data properties only: getters
 * are not called, proxies are left alone), cycles included. Returns it.
 */
export function deepFreeze<T>(value: T): T {
	const stack: unknown[] = [value];
	const seen = new Set<object>();
	while (stack.length > 0) {
		const item = stack.pop();
		if ((typeof item !== "object" && typeof item !== "function") || item === null) continue;
		if (seen.has(item) || unfreezable.has(item)) continue;
		seen.add(item);
		if (ArrayBuffer.isView(item) && !(item instanceof DataView) && (item as Uint8Array).length > 0) {
			continue; // typed arrays with elements cannot be frozen
		}
		for (const key of Reflect.ownKeys(item)) {
			const descriptor = Object.getOwnPropertyDescriptor(item, key);
			if (descriptor !== undefined && "value" in descriptor) stack.push(descriptor.value);
		}
		if (!(item instanceof Map) && !(item instanceof Set)) Object.freeze(item);
	}
	return value;
}

/** Objects {@link deepFreeze} leaves alone: hostile proxies whose traps throw. */
export const unfreezable = new WeakSet<object>();

/** Keys found on `Object.prototype` (a property checks none appear: no prototype pollution). */
export function prototypeKeys(): string[] {
	return Reflect.ownKeys(Object.prototype).map(String).sort();
}

/** Sleeps `ms` (0: a macrotask turn). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
