/**
 * SHA-256 of a saved index's contents, so that a damaged snapshot is rejected on load instead of
 * ranking differently. Node's `crypto` (through `process.getBuiltinModule`, so that no bundler sees
 * a `node:` import) when it is there; elsewhere (browsers, older runtimes) the same digest computed
 * here in plain JavaScript (FIPS 180-4; tested against Node's on random inputs). WebCrypto is not
 * used: its digest is asynchronous, and loading is not.
 * @internal
 */

/** An incremental digest: feed bytes, then take the hex digest once. */
export interface Digest {
	update(bytes: Uint8Array): void;
	hex(): string;
}

interface NodeHash {
	update(data: Uint8Array): NodeHash;
	digest(encoding: "hex"): string;
}

function nodeCrypto(): { createHash(algorithm: "sha256"): NodeHash } | undefined {
	const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
	try {
		return host?.getBuiltinModule?.("node:crypto") as
			| { createHash(algorithm: "sha256"): NodeHash }
			| undefined;
	} catch {
		return undefined;
	}
}

/** A SHA-256 digest: Node's when available, unless `portable` asks for the JavaScript one. */
export function sha256(portable = false): Digest {
	const crypto = portable ? undefined : nodeCrypto();
	if (crypto !== undefined) {
		const hash = crypto.createHash("sha256");
		return {
			update: (bytes) => {
				hash.update(bytes);
			},
			hex: () => hash.digest("hex"),
		};
	}
	return new Sha256();
}

const K = new Uint32Array([
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
	0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
	0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
	0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
]);

/** SHA-256 in JavaScript (FIPS 180-4), 64-byte blocks. */
class Sha256 implements Digest {
	readonly #state = new Uint32Array([
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	]);
	readonly #block = new Uint8Array(64);
	readonly #w = new Uint32Array(64);
	#filled = 0;
	#length = 0;

	update(bytes: Uint8Array): void {
		this.#length += bytes.length;
		let i = 0;
		if (this.#filled > 0) {
			const take = Math.min(64 - this.#filled, bytes.length);
			this.#block.set(bytes.subarray(0, take), this.#filled);
			this.#filled += take;
			i = take;
			if (this.#filled < 64) return;
			this.#compress(this.#block, 0);
			this.#filled = 0;
		}
		for (; i + 64 <= bytes.length; i += 64) this.#compress(bytes, i);
		this.#block.set(bytes.subarray(i), 0);
		this.#filled = bytes.length - i;
	}

	hex(): string {
		const bits = this.#length * 8;
		const tail = new Uint8Array((this.#filled < 56 ? 64 : 128) - this.#filled);
		tail[0] = 0x80;
		const view = new DataView(tail.buffer);
		view.setUint32(tail.length - 8, Math.floor(bits / 0x1_0000_0000));
		view.setUint32(tail.length - 4, bits >>> 0);
		this.update(tail);
		let out = "";
		for (const word of this.#state) out += word.toString(16).padStart(8, "0");
		return out;
	}

	#compress(bytes: Uint8Array, at: number): void {
		const w = this.#w;
		for (let t = 0; t < 16; t++) {
			const p = at + 4 * t;
			w[t] =
				((bytes[p] as number) << 24) |
				((bytes[p + 1] as number) << 16) |
				((bytes[p + 2] as number) << 8) |
				(bytes[p + 3] as number);
		}
		for (let t = 16; t < 64; t++) {
			const a = w[t - 15] as number;
			const b = w[t - 2] as number;
			const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
			const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
			w[t] = ((w[t - 16] as number) + s0 + (w[t - 7] as number) + s1) | 0;
		}
		const s = this.#state;
		let a = s[0] as number;
		let b = s[1] as number;
		let c = s[2] as number;
		let d = s[3] as number;
		let e = s[4] as number;
		let f = s[5] as number;
		let g = s[6] as number;
		let h = s[7] as number;
		for (let t = 0; t < 64; t++) {
			const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
			const ch = (e & f) ^ (~e & g);
			const t1 = (h + S1 + ch + (K[t] as number) + (w[t] as number)) | 0;
			const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
			const maj = (a & b) ^ (a & c) ^ (b & c);
			const t2 = (S0 + maj) | 0;
			h = g;
			g = f;
			f = e;
			e = (d + t1) | 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) | 0;
		}
		s[0] = ((s[0] as number) + a) | 0;
		s[1] = ((s[1] as number) + b) | 0;
		s[2] = ((s[2] as number) + c) | 0;
		s[3] = ((s[3] as number) + d) | 0;
		s[4] = ((s[4] as number) + e) | 0;
		s[5] = ((s[5] as number) + f) | 0;
		s[6] = ((s[6] as number) + g) | 0;
		s[7] = ((s[7] as number) + h) | 0;
	}
}
