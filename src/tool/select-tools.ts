/**
 * `select:a,b`: loading tools by name, without ranking. A name matches a tool exactly, else with
 * case and `-`/`_` folded, else by its local name (after the last `__`) when one tool alone has
 * it; a name that matches nothing gets the nearest names.
 */
import { MAX_SELECT_SUGGESTED_NAMES } from "../defaults.js";
import { toolLocalName } from "../document/create-tool-search-document.js";
import { DEFAULT_MAX_TOOL_SUGGESTIONS, suggest } from "../integration/unloaded-tool-guard.js";
import type { ToolSearchMatch } from "../types.js";

/** A `select:` name that matched no tool, with the nearest names. */
export interface UnknownSelectedName {
	name: string;
	suggestions: string[];
}

/** What a `select:` found. */
export interface SelectOutcome {
	/** Tools to load, in the order named, each once; every score is 1. */
	readonly matches: ToolSearchMatch[];
	/** Named tools that are loaded already. */
	readonly alreadyActive: string[];
	readonly notFound: UnknownSelectedName[];
}

/** Case folded, and each run of `-` and `_` made one `_` (`GitHub-Create-Issue` ~ `github__create_issue`). */
export function foldToolName(name: string): string {
	return name.toLowerCase().replace(/[-_]+/g, "_");
}

/** Names by folded full name and by folded local name, built only when a name needs them. */
interface FoldedNames {
	readonly full: Map<string, string[]>;
	readonly local: Map<string, string[]>;
}

function foldedNames(names: readonly string[]): FoldedNames {
	const full = new Map<string, string[]>();
	const local = new Map<string, string[]>();
	const add = (map: Map<string, string[]>, key: string, name: string): void => {
		const list = map.get(key);
		if (list === undefined) map.set(key, [name]);
		else if (!list.includes(name)) list.push(name);
	};
	for (const name of names) {
		add(full, foldToolName(name), name);
		add(local, foldToolName(toolLocalName(name)), name);
	}
	return { full, local };
}

/** The one name `wanted` means among `names`, or `undefined`. */
function resolve(wanted: string, known: ReadonlySet<string>, folded: () => FoldedNames): string | undefined {
	if (known.has(wanted)) return wanted;
	const key = foldToolName(wanted);
	const byFull = folded().full.get(key);
	if (byFull?.length === 1) return byFull[0];
	const byLocal = folded().local.get(key);
	return byLocal?.length === 1 && byFull === undefined ? byLocal[0] : undefined;
}

/**
 * Resolves the names of a `select:` against the loadable tools (`searchable`, not active) and the
 * active ones. Deterministic; never throws.
 *
 * @example
 * ```ts
 * selectTools(["GitHub-Create-Issue", "read_file", "nope"], ["github__create_issue"], ["read_file"]);
 * // { matches: [{ name: "github__create_issue", score: 1 }], alreadyActive: ["read_file"],
 * //   notFound: [{ name: "nope", suggestions: [] }] }
 * ```
 */
export function selectTools(
	names: readonly string[],
	searchable: readonly string[],
	active: readonly string[],
): SelectOutcome {
	const activeSet = new Set(active);
	const loadable = searchable.filter((name) => !activeSet.has(name));
	const every = [...loadable, ...active];
	const known = new Set(every);
	let built: FoldedNames | undefined;
	const folded = (): FoldedNames => {
		built ??= foldedNames(every);
		return built;
	};
	const matches: ToolSearchMatch[] = [];
	const alreadyActive: string[] = [];
	const notFound: UnknownSelectedName[] = [];
	const taken = new Set<string>();
	for (const wanted of names) {
		const name = resolve(wanted, known, folded);
		if (name === undefined) {
			const suggestions =
				notFound.length < MAX_SELECT_SUGGESTED_NAMES
					? suggest(wanted, every, DEFAULT_MAX_TOOL_SUGGESTIONS)
					: [];
			notFound.push({ name: wanted, suggestions });
			continue;
		}
		if (taken.has(name)) continue;
		taken.add(name);
		if (activeSet.has(name)) alreadyActive.push(name);
		else matches.push({ name, score: 1 });
	}
	return { matches, alreadyActive, notFound };
}
