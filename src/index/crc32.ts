/**
 * CRC-32 (ISO-HDLC, the zlib / PNG one) of a binary snapshot's bytes: a check against accidental
 * damage (a truncated copy, a flipped bit), not against an edited file — a crafted snapshot can carry
 * any checksum it likes, and what protects a load against one is the structural checks that follow
 * (binary-check.ts). Node's `zlib.crc32` (through `process.getBuiltinModule`, so that no bundler
 * sees a `node:` import) when it is there; elsewhere the same CRC in plain JavaScript, a byte at a
 * time (tested against Node's on random inputs). Measured over a 46 MB snapshot, in one run under
 * load: `zlib.crc32` 14–18 ms against 26–40 ms for Node's SHA-256.
 * @internal
 */

type NodeCrc32 = (data: Uint8Array, value?: number) => number;

let table: Uint32Array | undefined;

/** The byte-at-a-time table of the reflected polynomial 0xEDB88320. */
function crcTable(): Uint32Array {
	if (table === undefined) {
		table = new Uint32Array(256);
		for (let n = 0; n < 256; n++) {
			let c = n;
			for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
			table[n] = c >>> 0;
		}
	}
	return table;
}

/** The CRC-32 of `bytes` continued from `value` (the CRC of the bytes before; 0 to start), in JavaScript. */
export function crc32Portable(bytes: Uint8Array, value = 0): number {
	const t = crcTable();
	let c = ~value;
	for (let i = 0; i < bytes.length; i++) c = (t[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
	return ~c >>> 0;
}

function nodeCrc32(): NodeCrc32 | undefined {
	const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
	try {
		const zlib = host?.getBuiltinModule?.("node:zlib") as { crc32?: NodeCrc32 } | undefined;
		return typeof zlib?.crc32 === "function" ? zlib.crc32 : undefined;
	} catch {
		return undefined;
	}
}

const native = nodeCrc32();

/** The CRC-32 of `bytes` continued from `value` (0 to start): Node's when available. */
export function crc32(bytes: Uint8Array, value = 0): number {
	return native === undefined ? crc32Portable(bytes, value) : native(bytes, value) >>> 0;
}
