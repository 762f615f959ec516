/** Small statistics helpers of the benchmark. */

/** The `q`-quantile of `values` (0 ≤ q ≤ 1), linearly interpolated between order statistics; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const at = (sorted.length - 1) * q;
	const low = Math.floor(at);
	const high = Math.ceil(at);
	const lowValue = sorted[low] as number;
	return lowValue + ((sorted[high] as number) - lowValue) * (at - low);
}

export function median(values: readonly number[]): number {
	return quantile(values, 0.5);
}

export function mean(values: readonly number[]): number {
	if (values.length === 0) return Number.NaN;
	let sum = 0;
	for (const value of values) sum += value;
	return sum / values.length;
}

/** Median, mean, 95th percentile and count of a sample. */
export interface Summary {
	count: number;
	median: number;
	mean: number;
	p95: number;
	max: number;
}

export function summarise(values: readonly number[]): Summary {
	return {
		count: values.length,
		median: median(values),
		mean: mean(values),
		p95: quantile(values, 0.95),
		max: values.length === 0 ? Number.NaN : Math.max(...values),
	};
}
