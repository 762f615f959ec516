/**
 * Prepared query terms (variants with their idf, the term's score bound) reused across queries:
 * a planned term cached by `TermPlanCache` is the same object from query to query, and preparing
 * it again gives the same values while the store and the scoring context are unchanged (its
 * document frequencies, live count and largest impacts cannot move without a change of
 * `store.revision`, and the context is one object while its constants hold).
 * @internal
 */
import type { QueryPlan } from "./query-plan.js";
import type { ScoringContext } from "./scoring-context.js";
import { type PreparedTerm, prepareTerm } from "./term-scan.js";

interface Held {
	readonly ctx: ScoringContext;
	readonly revision: number;
	readonly prepared: PreparedTerm;
}

/** Per planned term (held weakly: a term dropped by the plan cache drops its entry). */
const held = new WeakMap<object, Held>();

/** `prepareTerms(ctx, plan)`, each term taken from an earlier query when still valid. */
export function preparedTerms(ctx: ScoringContext, plan: QueryPlan): PreparedTerm[] {
	const { terms } = plan;
	const revision = ctx.store.revision;
	const out: PreparedTerm[] = [];
	for (let i = 0; i < terms.length; i++) {
		const planned = terms[i] as QueryPlan["terms"][number];
		const last = held.get(planned);
		if (last !== undefined && last.ctx === ctx && last.revision === revision) {
			out.push(last.prepared);
			continue;
		}
		const prepared = prepareTerm(ctx, planned);
		held.set(planned, { ctx, revision, prepared });
		out.push(prepared);
	}
	return out;
}
