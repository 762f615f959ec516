/**
 * A second, independent catalogue generator for the benchmark: a small, skewed vocabulary, the
 * shape of a registry where every tool says "get", "list", "create", "user", "file". About 320
 * distinct words, drawn with a Zipf law (exponent 1), so that about 70 words each sit in
 * more than a tenth of the tools and a query of common words gives MaxScore little to skip.
 *
 * Names are `<app>__<verb>_<noun>` (`_<n>` appended on repeats), descriptions 20–60 words, 1–4
 * string parameters named after nouns. Deterministic in the seed (mulberry32).
 */
import { type GeneratedTool, mulberry32, zipf } from "./generate.js";
import { NOUNS, VERBS } from "./words.js";

/** The first words of each list: the common ones a registry keeps repeating. */
const HEAD_VERBS = VERBS.slice(0, 120);
const HEAD_NOUNS = NOUNS.slice(0, 200);

/**
 * A catalogue of `size` tools over a small, skewed vocabulary (see the module comment).
 *
 * @example
 * generateHeadTermCatalogue({ size: 1000, seed: 1 })[0]?.name; // e.g. "app_3__get_user"
 */
export function generateHeadTermCatalogue(options: { size: number; seed: number }): GeneratedTool[] {
	const { size, seed } = options;
	if (!Number.isInteger(size) || size < 0) throw new RangeError(`size must be an integer >= 0, got ${size}`);
	const random = mulberry32(seed ^ 0x2545f491);
	const verbs = zipf(random, HEAD_VERBS);
	const nouns = zipf(random, HEAD_NOUNS);
	const apps = Math.max(1, Math.round(Math.sqrt(size) / 3));
	const seen = new Map<string, number>();
	const tools: GeneratedTool[] = [];
	for (let i = 0; i < size; i++) {
		const app = `app_${1 + Math.floor(random() * apps)}`;
		const base = `${app}__${verbs.sample(random)}_${nouns.sample(random)}`;
		const count = (seen.get(base) ?? 0) + 1;
		seen.set(base, count);
		const words: string[] = [];
		const length = 20 + Math.floor(random() * 41);
		for (let w = 0; w < length; w++) words.push(w % 3 === 0 ? verbs.sample(random) : nouns.sample(random));
		const properties: Record<string, { type: "string"; description: string }> = {};
		const parameterCount = 1 + Math.floor(random() * 4);
		for (let p = 0; p < parameterCount; p++) {
			properties[nouns.sample(random)] = {
				type: "string",
				description: `${verbs.sample(random)} ${nouns.sample(random)} ${nouns.sample(random)}`,
			};
		}
		tools.push({
			name: count === 1 ? base : `${base}_${count}`,
			description: `${words.join(" ")}.`,
			parameters: { type: "object", properties, required: [] },
			server: app,
		});
	}
	return tools;
}
