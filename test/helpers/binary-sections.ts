/**
 * Reads a binary snapshot's section table (src/index/binary-layout.ts: a 64-byte header, then per
 * section its offset and byte length as little-endian float64), so that tests can edit one
 * section's elements.
 *
 * @example
 * ```ts
 * const [counts] = sectionsOf(bytes);
 * new DataView(bytes.buffer, bytes.byteOffset).getInt32(counts.at, true); // the term count
 * ```
 */
export function sectionsOf(bytes: Uint8Array): { at: number; length: number }[] {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const n = view.getUint32(20, true);
	const sections: { at: number; length: number }[] = [];
	for (let i = 0; i < n; i++)
		sections.push({ at: view.getFloat64(64 + 16 * i, true), length: view.getFloat64(64 + 16 * i + 8, true) });
	return sections;
}

type Kind = Int32ArrayConstructor | Uint16ArrayConstructor | Uint8ArrayConstructor | Uint32ArrayConstructor;

/**
 * A copy of `bytes` with section `index`'s elements (of type `Kind`) edited in place by `edit`.
 *
 * @example
 * ```ts
 * const edited = withSection(bytes, 7, Int32Array, (docs) => { docs[0] = 1e6; });
 * ```
 */
export function withSection(
	bytes: Uint8Array,
	index: number,
	Kind: Kind,
	edit: (elements: Int32Array | Uint16Array | Uint8Array | Uint32Array) => void,
): Uint8Array {
	const copy = bytes.slice();
	const section = sectionsOf(copy)[index];
	if (section === undefined) throw new Error(`no section ${index}`);
	edit(new Kind(copy.buffer, section.at, section.length / Kind.BYTES_PER_ELEMENT));
	return copy;
}
