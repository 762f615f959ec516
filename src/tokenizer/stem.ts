/**
 * Light English singularisation, in the spirit of Harman's S-stemmer: it only ever removes a
 * plural (or third-person) `s` ending and tries hard to land on the dictionary singular, so that a
 * query word and a document word meet whichever number either of them uses.
 *
 * Only lowercase `a`–`z` tokens longer than three characters that end in `s` are touched; every
 * other token (short words, numbers, accented or non-Latin words) comes back unchanged.
 */

/**
 * Words whose `s` ending the rules would get wrong: irregular plurals, tech plurals the rules keep
 * (`apis`, `cpus`), invariant words (`news`, `series`) and singulars that end in `s`. Every value is
 * a fixed point of `stem`. The short acronym plurals (`ids`, `prs`, `vms`, `ips`) are listed on
 * purpose: they are the one exception to "three characters or fewer are never stemmed".
 */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
	// invariant: singulars or mass nouns ending in s that the rules would shorten
	["news", "news"],
	["series", "series"],
	["species", "species"],
	["canvas", "canvas"],
	["atlas", "atlas"],
	["lens", "lens"],
	["kudos", "kudos"],
	["chaos", "chaos"],
	["ethos", "ethos"],
	["cosmos", "cosmos"],
	["macos", "macos"],
	["texas", "texas"],
	["christmas", "christmas"],
	// plurals the rules would get wrong
	["gases", "gas"],
	["canvases", "canvas"],
	["atlases", "atlas"],
	["lenses", "lens"],
	["caches", "cache"],
	["abuses", "abuse"],
	["excuses", "excuse"],
	["misuses", "misuse"],
	["quizzes", "quiz"],
	["indices", "index"],
	["vertices", "vertex"],
	["matrices", "matrix"],
	["appendices", "appendix"],
	["echoes", "echo"],
	["heroes", "hero"],
	["zeroes", "zero"],
	["potatoes", "potato"],
	["tomatoes", "tomato"],
	["goes", "go"],
	// tech plurals of words ending in -i or -u, which the -is / -us guard would keep
	["apis", "api"],
	["uris", "uri"],
	["kpis", "kpi"],
	["guis", "gui"],
	["emojis", "emoji"],
	["wikis", "wiki"],
	["cpus", "cpu"],
	["gpus", "gpu"],
	["tpus", "tpu"],
	["vcpus", "vcpu"],
	["skus", "sku"],
	["menus", "menu"],
	// acronym plurals of three characters
	["ids", "id"],
	["ips", "ip"],
	["prs", "pr"],
	["vms", "vm"],
]);

/** Singulars in -ie, so that `cookies` becomes `cookie` rather than `cooky`. */
const IE_SINGULARS: ReadonlySet<string> = new Set([
	"cookie",
	"movie",
	"zombie",
	"selfie",
	"rookie",
	"hoodie",
	"calorie",
	"genie",
	"pixie",
	"brownie",
	"goalie",
	"newbie",
	"freebie",
	"smoothie",
	"veggie",
	"indie",
	"techie",
	"foodie",
	"sortie",
	"prairie",
]);

/** Letters before `uses` that make the singular end in `use` (cause, house, reuse, fuse, muse). */
const USE_BEFORE = new Set(["a", "e", "o", "f", "m"]);

function isLowerAsciiWord(term: string): boolean {
	for (let i = 0; i < term.length; i++) {
		const code = term.charCodeAt(i);
		if (code < 97 || code > 122) return false;
	}
	return true;
}

/**
 * Reduces an English plural or third-person verb form to its singular, leaving everything else
 * alone. Rules, first match wins (`w` longer than three `a`–`z` characters and ending in `s`):
 * exception table; `-ss` kept; `-ies` → `-y` (`-ie` for four-letter words and known -ie
 * singulars); `-sses` → `-ss`; `-yses` → `-ysis`; `-uses` → `-use` after a, e, o, f, m (and for
 * `uses` itself), else `-us`; `-iases`, `-xes`, `-ches`, `-shes`, `-zzes` lose `es`; words ending in
 * `-us`, `-is`, `-ias` and `-aas` are kept; otherwise the final `s` is dropped.
 *
 * Idempotent: `stem(stem(w)) === stem(w)`.
 *
 * @example
 * stem("repositories"); // "repository"
 * stem("addresses"); // "address"
 * stem("files"); // "file"
 * stem("status"); // "status"
 */
export function stem(term: string): string {
	const n = term.length;
	// Only words ending in "s" (115) are ever changed; most tokens leave here.
	if (term.charCodeAt(n - 1) !== 115) return term;
	if (n < 4) return EXCEPTIONS.get(term) ?? term;
	if (!isLowerAsciiWord(term)) return term;
	const exception = EXCEPTIONS.get(term);
	if (exception !== undefined) return exception;
	if (term.endsWith("ss")) return term;
	if (term.endsWith("ies")) {
		const withoutS = term.slice(0, -1);
		if (n === 4 || IE_SINGULARS.has(withoutS)) return withoutS;
		return `${term.slice(0, -3)}y`;
	}
	if (term.endsWith("sses")) return term.slice(0, -2);
	if (term.endsWith("yses")) return `${term.slice(0, -2)}is`;
	if (term.endsWith("uses")) {
		if (n === 4 || USE_BEFORE.has(term.charAt(n - 5))) return term.slice(0, -1);
		// "cpuses" would give "cpus": look the result up so that stem stays idempotent.
		const singular = term.slice(0, -2);
		return EXCEPTIONS.get(singular) ?? singular;
	}
	if (
		term.endsWith("iases") ||
		term.endsWith("xes") ||
		term.endsWith("ches") ||
		term.endsWith("shes") ||
		term.endsWith("zzes")
	) {
		return term.slice(0, -2);
	}
	if (term.endsWith("us") || term.endsWith("is") || term.endsWith("ias") || term.endsWith("aas")) return term;
	return term.slice(0, -1);
}
