/** The subjects of the benchmark, by name. */
import { FlexSearchSubject } from "./flexsearch.js";
import { MiniSearchSubject } from "./minisearch.js";
import { OursSubject } from "./ours.js";
import type { BenchSubject } from "./types.js";
import { WinkSubject } from "./wink.js";

export type { BenchSubject } from "./types.js";

/** Every subject, ours first. */
export const SUBJECT_NAMES = ["ours", "wink", "minisearch", "flexsearch"] as const;
export type SubjectName = (typeof SUBJECT_NAMES)[number];

export function isSubjectName(name: string): name is SubjectName {
	return (SUBJECT_NAMES as readonly string[]).includes(name);
}

/** A fresh, empty subject. */
export function createSubject(name: SubjectName): BenchSubject {
	switch (name) {
		case "ours":
			return new OursSubject();
		case "wink":
			return new WinkSubject();
		case "minisearch":
			return new MiniSearchSubject();
		case "flexsearch":
			return new FlexSearchSubject();
	}
}
