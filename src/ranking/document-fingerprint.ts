/**
 * A fingerprint of what the index reads from a search document, so that a saved index can be
 * trusted for a document it was not built from.
 * @internal
 */
import { TOOL_SEARCH_FIELDS } from "../defaults.js";
import { resolveToolSearchFields } from "../document/resolve-fields.js";
import type { ToolSearchDocument } from "../types.js";

/** Two 32-bit hash lanes and the total length, updated text by text. */
type Lanes = [number, number, number];

function mix(lanes: Lanes, text: string): void {
	let [a, b] = lanes;
	const length = text.length;
	// Two UTF-16 units per step (the odd one last): half the multiplications of one per step.
	let i = 0;
	for (; i + 1 < length; i += 2) {
		const pair = text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16);
		a = Math.imul(a ^ pair, 0x01000193);
		b = Math.imul(b ^ pair, 0x5bd1e995);
		b ^= b >>> 15;
	}
	if (i < length) {
		const last = text.charCodeAt(i);
		a = Math.imul(a ^ last, 0x01000193);
		b = Math.imul(b ^ last, 0x5bd1e995);
		b ^= b >>> 15;
	}
	// A separator (and the length) after each text, so that ("ab", "c") and ("a", "bc") differ.
	a = Math.imul(a ^ (length + 0x1_0000), 0x01000193);
	b = Math.imul(b ^ (length + 0x1_0000), 0x5bd1e995);
	lanes[0] = a;
	lanes[1] = b;
	lanes[2] += length + 1;
}

/**
 * The fingerprint of a document's name and of every field the index reads from it (as
 * `resolveToolSearchFields` gives them): two 32-bit FNV/Murmur-style lanes (unsigned) and the
 * total length. Equal documents always give equal fingerprints; a changed one gives another
 * except with a chance of about 2⁻⁶⁴ (change detection, not security).
 */
export function fingerprintLanes(document: ToolSearchDocument): FingerprintLanes {
	const fields = resolveToolSearchFields(document);
	const lanes: Lanes = [0x811c9dc5 | 0, 0x9747b28c | 0, 0];
	mix(lanes, typeof document.name === "string" ? document.name : "");
	for (const field of TOOL_SEARCH_FIELDS) mix(lanes, fields[field]);
	return [lanes[0] >>> 0, lanes[1] >>> 0, lanes[2]];
}

/** A fingerprint's lanes: two unsigned 32-bit hashes and the total length. */
export type FingerprintLanes = readonly [number, number, number];

/** {@link fingerprintLanes} as the text a JSON snapshot saves (base 36, dot-separated). */
export function formatFingerprint(lanes: FingerprintLanes): string {
	return `${lanes[0].toString(36)}.${lanes[1].toString(36)}.${lanes[2].toString(36)}`;
}

/**
 * The lanes of a fingerprint's text, or `[0, 0, 0]` (which no document has: its length counts
 * one per text) when it is not one.
 */
export function parseFingerprint(text: string): FingerprintLanes {
	const parts = text.split(".");
	const lanes = parts.map((part) => (/^[0-9a-z]{1,11}$/.test(part) ? Number.parseInt(part, 36) : Number.NaN));
	const [a = Number.NaN, b = Number.NaN, length = Number.NaN] = lanes;
	if (lanes.length !== 3 || !(a <= 0xffffffff && b <= 0xffffffff && Number.isSafeInteger(length)))
		return [0, 0, 0];
	return [a, b, length];
}

/** The fingerprint of a document, as text: `formatFingerprint(fingerprintLanes(document))`. */
export function documentFingerprint(document: ToolSearchDocument): string {
	return formatFingerprint(fingerprintLanes(document));
}
