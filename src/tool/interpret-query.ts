/**
 * A call's parsed phrasings made runnable against one view of the catalogue: `server:` scopes
 * resolved to namespaces (an unknown one is the model's error, with the nearest names), `+`/`-`
 * words turned into a filter, `regex:` compiled and `select:` resolved. A plain phrasing runs
 * exactly as before the syntax existed: its text, no filter.
 */
import { MAX_NAMESPACES_NAMED } from "../defaults.js";
import { namespaceFromToolName } from "../integration/discovery-policy.js";
import { suggest } from "../integration/unloaded-tool-guard.js";
import type { RankOutcome } from "../ranking/rank-with-fallback.js";
import type { ToolSearchDocument } from "../types.js";
import { isPlain, type ParsedPhrasing } from "./query-syntax.js";
import { compilePattern, regexScan } from "./regex-search.js";
import type { SearchableTool, SearchableTools } from "./searchable-catalog.js";
import { foldToolName, selectTools, type UnknownSelectedName } from "./select-tools.js";
import type { ToolSearchSourceStatus } from "./source-status.js";
import { termFilter } from "./term-filter.js";

/** What the syntax adds to a result, filled in as the phrasings run. */
export interface QueryNotes {
	/** `select:` names that matched no tool. */
	notFound?: UnknownSelectedName[];
	/** `select:` names of tools loaded already. */
	alreadyActive?: string[];
	/** A `regex:` scan stopped at its work budget. */
	regexIncomplete?: boolean;
}

/**
 * How one phrasing runs: through the ranker (its text, and the tools it may return), or answered
 * without one (`select:`, `regex:`) at a given depth.
 */
export type PhrasingRun =
	| { kind: "rank"; text: string; keep: ((name: string) => boolean) | undefined }
	| { kind: "answer"; answer: (depth: number) => RankOutcome };

/** The runs of a call's phrasings, in order, or the model's error. */
export type Interpretation =
	| { ok: true; runs: PhrasingRun[]; notes: QueryNotes }
	| { ok: false; error: string };

/** What a call sees: the searchable tools, the active names, the sources not (yet) searchable. */
export interface QueryView {
	readonly searchable: SearchableTools;
	readonly active: ReadonlySet<string>;
	readonly sources: readonly ToolSearchSourceStatus[];
}

/** A tool's namespace name for `server:`: its `namespaceOf` namespace, else the one in its name. */
function namespaceName(tool: SearchableTool): string | undefined {
	const given = tool.namespace?.name;
	if (typeof given === "string" && given.trim() !== "") return given.trim();
	return namespaceFromToolName(tool.name);
}

function unknownScope(scope: string, names: readonly string[]): string {
	const near = suggest(scope, names, 3);
	const didYouMean = near.length > 0 ? `; did you mean: ${near.join(", ")}?` : ".";
	const sorted = [...names].sort();
	const shown = sorted.slice(0, MAX_NAMESPACES_NAMED).join(", ");
	const all = sorted.length > MAX_NAMESPACES_NAMED ? `, … (${sorted.length} in all)` : "";
	const listing = sorted.length === 0 ? " No tool has a namespace." : ` The namespaces are: ${shown}${all}.`;
	return `server: no namespace is named ${JSON.stringify(scope)}${didYouMean}${listing}`;
}

/** The filter for `server:` scopes, `undefined` for none, or the error for an unknown name. */
function scopeFilter(
	scopes: readonly string[],
	view: QueryView,
): ((name: string) => boolean) | undefined | string {
	if (scopes.length === 0) return undefined;
	const known = new Map<string, string>();
	for (const tool of view.searchable.tools) {
		const name = namespaceName(tool);
		if (name !== undefined && !known.has(foldToolName(name))) known.set(foldToolName(name), name);
	}
	const pending = new Set(view.sources.map((source) => foldToolName(source.name)));
	const wanted = new Set<string>();
	for (const scope of scopes) {
		const key = foldToolName(scope);
		// A server that is still connecting (or failed) is no mistake: the result says why it is empty.
		if (!known.has(key) && !pending.has(key)) return unknownScope(scope, [...known.values()]);
		wanted.add(key);
	}
	return (name) => {
		const tool = view.searchable.get(name);
		const namespace = tool === undefined ? undefined : namespaceName(tool);
		return namespace !== undefined && wanted.has(foldToolName(namespace));
	};
}

function both(
	a: ((name: string) => boolean) | undefined,
	b: ((name: string) => boolean) | undefined,
): ((name: string) => boolean) | undefined {
	if (a === undefined) return b;
	if (b === undefined) return a;
	return (name) => a(name) && b(name);
}

/** The loadable documents (not active, kept by `keep`), in catalogue order. */
function loadable(view: QueryView, keep: ((name: string) => boolean) | undefined): ToolSearchDocument[] {
	return view.searchable.tools.flatMap((tool) =>
		view.active.has(tool.name) || (keep !== undefined && !keep(tool.name)) ? [] : [tool.document],
	);
}

function runOf(phrasing: ParsedPhrasing, view: QueryView, notes: QueryNotes): PhrasingRun | string {
	if (phrasing.kind === "select") {
		const names = view.searchable.tools.map((tool) => tool.name);
		const outcome = selectTools(phrasing.names, names, [...view.active]);
		if (outcome.notFound.length > 0) notes.notFound = outcome.notFound;
		if (outcome.alreadyActive.length > 0) notes.alreadyActive = outcome.alreadyActive;
		return { kind: "answer", answer: () => ({ matches: outcome.matches, rankedBy: "select" }) };
	}
	const scope = scopeFilter(phrasing.scopes, view);
	if (typeof scope === "string") return scope;
	if (phrasing.kind === "regex") {
		const pattern = compilePattern(phrasing.pattern);
		if (typeof pattern === "string") return pattern;
		return {
			kind: "answer",
			answer: (depth) => {
				const scan = regexScan(pattern, loadable(view, scope), depth);
				if (!scan.complete) notes.regexIncomplete = true;
				return { matches: scan.matches, rankedBy: "regex" };
			},
		};
	}
	if (isPlain(phrasing)) return { kind: "rank", text: phrasing.text, keep: undefined };
	const terms = termFilter(phrasing.required, phrasing.excluded);
	if (typeof terms === "string") return terms;
	const hasTerms = phrasing.required.length + phrasing.excluded.length > 0;
	const byTerms = hasTerms
		? (name: string) => {
				const tool = view.searchable.get(name);
				return tool !== undefined && terms(tool.document);
			}
		: undefined;
	return { kind: "rank", text: phrasing.text, keep: both(scope, byTerms) };
}

/**
 * The runs of a call's phrasings against `view`, or the first phrasing's error. Never throws.
 *
 * @example
 * ```ts
 * const interpreted = interpretQuery(parsed.phrasings, { searchable, active, sources: [] });
 * if (!interpreted.ok) return formatToolSearchError(interpreted.error, { defaultLimit });
 * ```
 */
export function interpretQuery(phrasings: readonly ParsedPhrasing[], view: QueryView): Interpretation {
	const notes: QueryNotes = {};
	const runs: PhrasingRun[] = [];
	for (const phrasing of phrasings) {
		const run = runOf(phrasing, view, notes);
		if (typeof run === "string") return { ok: false, error: run };
		runs.push(run);
	}
	return { ok: true, runs, notes };
}
