/**
 * An explanation (`Bm25Ranker.explain`) as two short lines: what each query word matched, in
 * which fields, and what each ranking rule added.
 */
import type { ToolSearchExplanation } from "../index/explain.js";
import type { Style } from "./cli-io.js";

const score = (value: number) => value.toFixed(3);

/** `terms: weather 5.132 (name×1 description×2) · forecast no match`, then `rules: ...` when any. */
export function explainLines(why: ToolSearchExplanation, style: Style, indent: string): string[] {
	const terms = why.terms.map((term) => {
		if (term.score === 0) return `${term.term} ${style.dim("no match")}`;
		const as =
			term.matchedAs === undefined
				? ""
				: `→${term.matchedAs}${term.via === undefined ? "" : ` (${term.via})`}`;
		const fields = term.fields.filter((field) => field.tf > 0).map((field) => `${field.field}×${field.tf}`);
		return `${term.term}${as} ${score(term.score)} ${style.dim(`(${fields.join(" ")})`)}`;
	});
	const lines = [`${indent}${style.dim("terms:")} ${terms.length === 0 ? "none" : terms.join(" · ")}`];
	if (why.rules.length > 0) {
		const rules = why.rules.map(
			(rule) =>
				`${rule.rule} ${rule.effect >= 0 ? "+" : ""}${score(rule.effect)} ${style.dim(`(${rule.detail})`)}`,
		);
		lines.push(`${indent}${style.dim("rules:")} ${rules.join(" · ")}`);
	}
	return lines;
}
