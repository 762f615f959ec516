/**
 * Classic settings for hand-computed scores: BM25+ k1 1.2, delta 1; the description alone weighs 2
 * (its first sentence, the summary field, is not counted twice); strict coverage; local-name bonus 1;
 * no namespace boost, no synonyms.
 */
export const CLASSIC = {
	bm25: { k1: 1.2, b: 0.75, delta: 1 },
	fieldWeights: { summary: 0, description: 2 },
	rules: { coverage: true, localNameBonus: 1, namespaceBoost: 0 },
	synonyms: { builtIn: false },
} as const;
