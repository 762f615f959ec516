/**
 * The tools of the final cut's property tests (final-cut.prop.test.ts, final-cut-maxscore.prop.test.ts):
 * a summary line, the rest of the description, and an optional namespace, named
 * `<namespace or x>__t<index>`.
 */
import { createToolSearchDocument } from "../../src/document/create-tool-search-document.js";
import type { ToolSearchDocument } from "../../src/types.js";

export type CutTool = { summary: string; rest: string; namespace: string | undefined };

/** The name of the `i`-th tool. */
export const cutToolName = (t: CutTool, i: number): string => `${t.namespace ?? "x"}__t${i}`;

/** The search documents of the tools, in order. */
export function cutToolDocuments(tools: readonly CutTool[]): ToolSearchDocument[] {
	return tools.map((t, i) =>
		createToolSearchDocument(
			{ name: cutToolName(t, i), description: t.rest === "" ? t.summary : `${t.summary}. ${t.rest}` },
			t.namespace === undefined ? undefined : { name: t.namespace },
		),
	);
}
