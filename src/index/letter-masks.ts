/**
 * A cheap, exact filter for typo correction: each vocabulary word's set of characters as a 32-bit
 * mask (a–z one bit each, other characters hashed onto the remaining six). One edit changes a
 * word's mask by at most two bits (a substitution drops one character and adds another; an
 * insertion or a deletion one; a swap none), so two words within `k` edits differ in at most `2k`
 * bits: a candidate whose mask differs in more cannot be a correction and needs no edit-distance
 * computation. The masks are made when typo correction first needs them, extended as the
 * vocabulary grows, and made again after a compaction renumbers it (4 bytes per term; nothing at
 * build time).
 * @internal
 */
import type { IndexStore } from "./index-store.js";

interface Masks {
	/** `store.vocabularyVersion` when made: a compaction renumbers the terms. */
	version: number;
	masks: Uint32Array;
	/** Terms `[0, count)` have their mask. */
	count: number;
}

const cache = new WeakMap<IndexStore, Masks>();

/** The mask of `word`'s characters (see the file comment). */
export function letterMask(word: string): number {
	let mask = 0;
	for (let i = 0; i < word.length; i++) {
		const code = word.charCodeAt(i);
		const bit = code >= 97 && code <= 122 ? code - 97 : 26 + (code % 6);
		mask |= 1 << bit;
	}
	return mask >>> 0;
}

/** How many bits differ between two masks. */
export function maskDistance(a: number, b: number): number {
	let x = (a ^ b) >>> 0;
	x -= (x >>> 1) & 0x55555555;
	x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
	x = (x + (x >>> 4)) & 0x0f0f0f0f;
	return Math.imul(x, 0x01010101) >>> 24;
}

/** Every term's mask, by term id (made or extended now when needed). */
export function letterMasks(store: IndexStore): Uint32Array {
	const { terms } = store;
	let held = cache.get(store);
	if (held === undefined || held.version !== store.vocabularyVersion) {
		held = { version: store.vocabularyVersion, masks: new Uint32Array(Math.max(64, terms.length)), count: 0 };
		cache.set(store, held);
	}
	if (held.count < terms.length) {
		if (held.masks.length < terms.length) {
			const grown = new Uint32Array(Math.max(terms.length, 2 * held.masks.length));
			grown.set(held.masks.subarray(0, held.count));
			held.masks = grown;
		}
		for (let id = held.count; id < terms.length; id++) held.masks[id] = letterMask(terms[id] as string);
		held.count = terms.length;
	}
	return held.masks;
}
