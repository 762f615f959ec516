import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { collectApi, REPORT_PATH, renderReport } from "../scripts/api-report.js";

const api = collectApi();

describe("the public surface", () => {
	it("matches the checked-in API report (run `npm run api:report` after a deliberate change)", () => {
		expect(renderReport(api)).toBe(readFileSync(REPORT_PATH, "utf8"));
	});

	it("keeps the main entry at 40 names or fewer", () => {
		expect(api["tool-search"]?.length).toBeLessThanOrEqual(40);
	});

	it("documents every export with an example", () => {
		const missing = Object.entries(api).flatMap(([entry, names]) =>
			names.filter((item) => !item.example).map((item) => `${entry}: ${item.name}`),
		);
		expect(missing).toEqual([]);
	});

	it("exports each name from one entry only", () => {
		const seen = new Map<string, string>();
		const twice: string[] = [];
		for (const [entry, names] of Object.entries(api)) {
			for (const { name } of names) {
				const first = seen.get(name);
				if (first !== undefined) twice.push(`${name}: ${first} and ${entry}`);
				else seen.set(name, entry);
			}
		}
		expect(twice).toEqual([]);
	});
});
