/**
 * The container of a binary snapshot: typed arrays laid out in one buffer behind a fixed header.
 *
 * ```
 * offset  size  field (little-endian)
 *      0     8  magic (which snapshot: index or ranker)
 *      8     4  layout version (this container and the sections' meaning)
 *     12     4  content version (the saved form's own version, e.g. INDEX_FORMAT_VERSION)
 *     16     4  flags
 *     20     4  section count n
 *     24     8  total byte length (float64)
 *     32     4  CRC-32 of every byte but these 32 (a nested snapshot: only its header)
 *     36    28  zero (reserved)
 *     64  16 n  section table: offset, byte length (float64 each)
 *      …        sections, each at a multiple of 8
 * ```
 *
 * The header is read through a `DataView`; the sections' elements are little-endian and read as
 * typed-array views of the input without copying when the input is aligned (a section whose
 * absolute offset is not a multiple of its element size is copied). Saving and loading need a
 * little-endian platform (every platform Node ships for but s390x).
 *
 * The CRC-32 catches accidental damage only (crc32.ts); against an edited file, resealed, the
 * structural checks of each snapshot's content hold (binary-check.ts). Layout version 1 held a
 * SHA-256 there, which cost 26–40 ms more per load at 100k tools; its snapshots are refused as
 * another version.
 * @internal
 */
import { ToolSearchError } from "../errors.js";
import { invalidIndexData } from "../internal/guards.js";
import { crc32 } from "./crc32.js";

/** The typed arrays a section can hold. */
export type Section = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;
type SectionKind =
	| Int32ArrayConstructor
	| Uint32ArrayConstructor
	| Uint16ArrayConstructor
	| Uint8ArrayConstructor
	| Float64ArrayConstructor;

/** What a snapshot's container holds, for writing and for checking on load. */
export interface LayoutSpec {
	/** 8 bytes that open the snapshot. */
	readonly magic: Uint8Array;
	/** What the snapshot is, for messages ("binary index"). */
	readonly what: string;
	readonly layoutVersion: number;
	readonly contentVersion: number;
	/** Each section's element type, in order. */
	readonly kinds: readonly SectionKind[];
	/**
	 * A section that holds a whole snapshot of its own, which checks its own checksum: only its
	 * header (with that checksum) counts in this one's, so no byte is hashed twice.
	 */
	readonly nested?: number;
}

const HEADER = 64;
const ENTRY = 16;
const CHECKSUM_AT = 32;
const CHECKSUM_LENGTH = 32;
const ALIGN = 8;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function requireLittleEndian(): void {
	if (!LITTLE_ENDIAN)
		throw new ToolSearchError("INVALID_OPTIONS", "a binary snapshot needs a little-endian platform");
}

const align = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/** The CRC of the bytes the checksum covers: all but the checksum, and of a nested snapshot its header only. */
function digestOf(bytes: Uint8Array, nested: { at: number; length: number } | undefined): number {
	let crc = crc32(bytes.subarray(0, CHECKSUM_AT));
	if (nested === undefined) return crc32(bytes.subarray(CHECKSUM_AT + CHECKSUM_LENGTH), crc);
	crc = crc32(
		bytes.subarray(CHECKSUM_AT + CHECKSUM_LENGTH, nested.at + Math.min(HEADER, nested.length)),
		crc,
	);
	return crc32(bytes.subarray(nested.at + nested.length), crc);
}

/** Whether the checksum field holds `crc` followed by zeros. */
function holdsChecksum(view: DataView, crc: number): boolean {
	if (view.getUint32(CHECKSUM_AT, true) !== crc) return false;
	for (let at = CHECKSUM_AT + 4; at < CHECKSUM_AT + CHECKSUM_LENGTH; at++)
		if (view.getUint8(at) !== 0) return false;
	return true;
}

/** Lays `sections` out in one buffer (spec's kinds, in order) behind the header, with the checksum. */
export function writeLayout(spec: LayoutSpec, flags: number, sections: readonly Section[]): Uint8Array {
	requireLittleEndian();
	const n = sections.length;
	const offsets: number[] = [];
	let end = align(HEADER + ENTRY * n);
	for (const section of sections) {
		offsets.push(end);
		end = align(end + section.byteLength);
	}
	const bytes = new Uint8Array(end);
	const view = new DataView(bytes.buffer);
	bytes.set(spec.magic, 0);
	view.setUint32(8, spec.layoutVersion, true);
	view.setUint32(12, spec.contentVersion, true);
	view.setUint32(16, flags, true);
	view.setUint32(20, n, true);
	view.setFloat64(24, end, true);
	for (const [i, section] of sections.entries()) {
		const at = offsets[i] as number;
		view.setFloat64(HEADER + ENTRY * i, at, true);
		view.setFloat64(HEADER + ENTRY * i + 8, section.byteLength, true);
		bytes.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), at);
	}
	return sealLayout(spec, bytes);
}

/**
 * Writes the checksum of `bytes` into them and returns them (writeLayout's last step; tests use it
 * to reseal a snapshot they edited, to check what the structural checks catch). A nested section
 * is found through the section table when the table is readable.
 * @internal
 */
export function sealLayout(spec: LayoutSpec, bytes: Uint8Array): Uint8Array {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const entry = HEADER + ENTRY * (spec.nested ?? 0);
	const nested =
		spec.nested === undefined || entry + ENTRY > bytes.length
			? undefined
			: { at: view.getFloat64(entry, true), length: view.getFloat64(entry + 8, true) };
	bytes.fill(0, CHECKSUM_AT, CHECKSUM_AT + CHECKSUM_LENGTH);
	view.setUint32(CHECKSUM_AT, digestOf(bytes, nested), true);
	return bytes;
}

/** The snapshot's flags and sections, after checking header, bounds and checksum. */
export function readLayout(spec: LayoutSpec, input: unknown): { flags: number; sections: Section[] } {
	requireLittleEndian();
	if (!(input instanceof Uint8Array))
		throw invalidIndexData(`a ${spec.what} must be a Uint8Array, got ${describe(input)}`);
	const bytes = input;
	const magic = spec.magic;
	if (bytes.length < HEADER || magic.some((byte, i) => bytes[i] !== byte))
		throw invalidIndexData(`not a ${spec.what} (no tool-search ${spec.what} header)`);
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const layout = view.getUint32(8, true);
	const content = view.getUint32(12, true);
	if (layout !== spec.layoutVersion || content !== spec.contentVersion) {
		throw invalidIndexData(
			`${spec.what} has version ${layout}.${content}; this version of tool-search reads ${spec.layoutVersion}.${spec.contentVersion}: rebuild it and save it again`,
		);
	}
	const total = view.getFloat64(24, true);
	if (total !== bytes.length)
		throw invalidIndexData(
			`${spec.what} has ${bytes.length} bytes, its header says ${total}: it is truncated or damaged`,
		);
	const n = view.getUint32(20, true);
	const kinds = spec.kinds;
	if (n !== kinds.length || HEADER + ENTRY * n > total)
		throw invalidIndexData(`${spec.what} has ${n} sections, expected ${kinds.length}: it is damaged`);
	const places: { at: number; length: number }[] = [];
	let next = HEADER + ENTRY * n;
	for (let i = 0; i < n; i++) {
		const at = view.getFloat64(HEADER + ENTRY * i, true);
		const length = view.getFloat64(HEADER + ENTRY * i + 8, true);
		const size = (kinds[i] as SectionKind).BYTES_PER_ELEMENT;
		if (
			!Number.isInteger(at) ||
			!Number.isInteger(length) ||
			at < next ||
			at % ALIGN !== 0 ||
			length < 0 ||
			length % size !== 0 ||
			at + length > total
		)
			throw invalidIndexData(`${spec.what} section ${i} is out of place: it is damaged`);
		places.push({ at, length });
		next = at + length;
	}
	const nested = spec.nested === undefined ? undefined : places[spec.nested];
	if (!holdsChecksum(view, digestOf(bytes, nested)))
		throw invalidIndexData(`${spec.what} does not match its checksum: it was damaged or edited`);
	const flags = view.getUint32(16, true);
	const sections = places.map(({ at, length }, i) => sectionView(bytes, at, length, kinds[i] as SectionKind));
	return { flags, sections };
}

/** A view of `bytes[at, at + length)` as `Kind`, copied only when its address is not aligned for it. */
function sectionView(bytes: Uint8Array, at: number, length: number, Kind: SectionKind): Section {
	const size = Kind.BYTES_PER_ELEMENT;
	const start = bytes.byteOffset + at;
	if (start % size === 0) return new Kind(bytes.buffer as ArrayBuffer, start, length / size);
	return new Kind(bytes.slice(at, at + length).buffer);
}

function describe(value: unknown): string {
	if (value === null) return "null";
	if (typeof value !== "object") return typeof value;
	return (value as object).constructor?.name ?? "an object";
}
