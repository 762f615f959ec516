/**
 * The pipeline's options: checked once (programmer errors throw `INVALID_OPTIONS` quoting the
 * value), resolved with their defaults, and the limits of one call derived from them.
 */
import { CANDIDATE_LIMIT_FACTOR, DEFAULT_PIPELINE_OPTIONS } from "../defaults.js";
import { quote } from "../errors.js";
import { invalidOptions, isObject } from "../internal/guards.js";
import { assertToolRanker } from "../ranking/registry.js";
import type { ToolRanker } from "../types.js";
import type { ToolSearchJudge, ToolSearchPipelineOptions, ToolSearchRerank } from "./pipeline-types.js";

/**
 * The keys of {@link ToolSearchPipelineOptions}, for adapters that pass them on. Setting one of the
 * first nine turns the pipeline on; the timeouts alone do not.
 */
export const PIPELINE_OPTION_KEYS = Object.freeze([
	"candidateLimit",
	"activationLimit",
	"isAvailable",
	"affinity",
	"rankers",
	"onError",
	"rerank",
	"judge",
	"onTrace",
	"rankerTimeoutMs",
	"rerankTimeoutMs",
	"judgeTimeoutMs",
	"gateTimeoutMs",
] as const satisfies readonly (keyof ToolSearchPipelineOptions)[]);

const SWITCHES = PIPELINE_OPTION_KEYS.slice(0, 9);

/** The pipeline options with their defaults, as one call uses them. */
export interface ResolvedPipeline {
	/** Whether any pipeline option is set: then the call records `details.discovery`. */
	readonly on: boolean;
	readonly candidateLimit: number | undefined;
	readonly activationLimit: number | undefined;
	readonly isAvailable: ToolSearchPipelineOptions["isAvailable"];
	readonly affinity: ToolSearchPipelineOptions["affinity"];
	/** The chain given as `rankers`; `undefined` means `[ranker]` (or the registered one). */
	readonly rankers: readonly ToolRanker[] | undefined;
	readonly onError: "fallback" | "empty" | "fail";
	readonly rerank: ToolSearchRerank | undefined;
	/** The judge, when its mode is not `"off"`. */
	readonly judge: ToolSearchJudge | undefined;
	readonly onTrace: ToolSearchPipelineOptions["onTrace"];
	readonly rankerTimeoutMs: number;
	readonly rerankTimeoutMs: number;
	readonly judgeTimeoutMs: number;
	readonly gateTimeoutMs: number;
}

function positiveInteger(value: unknown, what: string): void {
	if (value !== undefined && !(typeof value === "number" && Number.isSafeInteger(value) && value >= 1)) {
		invalidOptions(`${what} must be a positive integer, got ${quote(value)}`);
	}
}

function optionalFunction(value: unknown, what: string): void {
	if (value !== undefined && typeof value !== "function") {
		invalidOptions(`${what} must be a function, got ${quote(value)}`);
	}
}

function milliseconds(value: unknown, what: string): void {
	if (value !== undefined && !(typeof value === "number" && value > 0)) {
		invalidOptions(`${what} must be a positive number of milliseconds, got ${quote(value)}`);
	}
}

function checkJudge(judge: unknown): void {
	if (judge === undefined) return;
	if (!isObject(judge)) invalidOptions(`judge must be an object { mode, decide }, got ${quote(judge)}`);
	if (!["off", "shadow", "on"].includes(judge.mode as string)) {
		invalidOptions(`judge.mode must be "off", "shadow" or "on", got ${quote(judge.mode)}`);
	}
	if (typeof judge.decide !== "function") {
		invalidOptions(`judge.decide must be a function, got ${quote(judge.decide)}`);
	}
}

function checkRankers(rankers: unknown, ranker: unknown): void {
	if (rankers === undefined) return;
	if (ranker !== undefined) invalidOptions("give ranker or rankers, not both");
	if (!Array.isArray(rankers) || rankers.length === 0) {
		invalidOptions(`rankers must be a non-empty array of rankers, got ${quote(rankers)}`);
	}
	(rankers as unknown[]).forEach((each, at) => {
		assertToolRanker(each, `rankers[${at}]`);
	});
}

/**
 * Checks the pipeline options of `options` (and that `ranker` and `rankers` are not both given).
 *
 * @throws {ToolSearchError} `INVALID_OPTIONS` naming the option and quoting the value.
 */
export function checkPipelineOptions(options: Record<string, unknown>): void {
	const { candidateLimit, activationLimit, onError } = options;
	positiveInteger(candidateLimit, "candidateLimit");
	positiveInteger(activationLimit, "activationLimit");
	optionalFunction(options.isAvailable, "isAvailable");
	optionalFunction(options.affinity, "affinity");
	optionalFunction(options.rerank, "rerank");
	optionalFunction(options.onTrace, "onTrace");
	checkRankers(options.rankers, options.ranker);
	if (onError !== undefined && !["fallback", "empty", "fail"].includes(onError as string)) {
		invalidOptions(`onError must be "fallback", "empty" or "fail", got ${quote(onError)}`);
	}
	checkJudge(options.judge);
	for (const key of ["rankerTimeoutMs", "rerankTimeoutMs", "judgeTimeoutMs", "gateTimeoutMs"] as const) {
		milliseconds(options[key], key);
	}
}

/** The (checked) pipeline options with their defaults. */
export function resolvePipeline(options: ToolSearchPipelineOptions): ResolvedPipeline {
	const defaults = DEFAULT_PIPELINE_OPTIONS;
	const judge = options.judge?.mode === "off" ? undefined : options.judge;
	return {
		on: SWITCHES.some((key) => options[key] !== undefined),
		candidateLimit: options.candidateLimit,
		activationLimit: options.activationLimit,
		isAvailable: options.isAvailable,
		affinity: options.affinity,
		rankers: options.rankers,
		onError: options.onError ?? defaults.onError,
		rerank: options.rerank,
		judge,
		onTrace: options.onTrace,
		rankerTimeoutMs: options.rankerTimeoutMs ?? defaults.rankerTimeoutMs,
		rerankTimeoutMs: options.rerankTimeoutMs ?? defaults.rerankTimeoutMs,
		judgeTimeoutMs: options.judgeTimeoutMs ?? defaults.judgeTimeoutMs,
		gateTimeoutMs: options.gateTimeoutMs ?? defaults.gateTimeoutMs,
	};
}

/**
 * One call's limits: how many tools are ranked and go through the stages (with the pipeline off:
 * `limit`, as always), and how many are activated.
 */
export function callLimits(
	pipeline: ResolvedPipeline,
	limit: number,
): { candidateLimit: number; activationLimit: number } {
	const candidateLimit = pipeline.on
		? Math.max(limit, pipeline.candidateLimit ?? limit * CANDIDATE_LIMIT_FACTOR)
		: limit;
	return { candidateLimit, activationLimit: Math.min(limit, pipeline.activationLimit ?? limit) };
}

/** The pipeline options among `options` (those set), to pass on to `createToolSearchTool`. */
export function pipelineOptionsOf(options: ToolSearchPipelineOptions): ToolSearchPipelineOptions {
	const picked: Record<string, unknown> = {};
	for (const key of PIPELINE_OPTION_KEYS) if (options[key] !== undefined) picked[key] = options[key];
	return picked as ToolSearchPipelineOptions;
}
